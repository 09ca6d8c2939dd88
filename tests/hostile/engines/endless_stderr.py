"""A stderr line that never ends, instead of an answer."""

import os

from _hello import requests

for _request in requests():
    chunk = b"x" * (1 << 20)
    while True:
        os.write(2, chunk)
