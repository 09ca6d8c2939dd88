"""戦星術枢斗羅 (Astro-Stra) 0.9.0 — work in progress.

The board, positions and the move table 「コマを移動できるマス」 (:mod:`.board`), the dice of
a turn (:mod:`.dice`), step 4's target table T⚀–T⚅ (:mod:`.targets`) and step 5's action
table A⚀–A⚅ (:mod:`.actions`), each under the switchable interpretations of
:mod:`.readings`. The game is not registered with the core yet.
"""
