"""Beside the flow: the engine protocol, JSON Lines on standard input and output.

The server loop (``serve``), requests read into models (``requests``), the one ``evaluate`` loop
shared by every game (``evaluate``) and the engine author's reference generated from the rules
(``reference``).
"""
