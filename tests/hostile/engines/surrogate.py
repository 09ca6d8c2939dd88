"""A ``\\ud800`` escape in its answer: a lone surrogate, which no UTF-8 text can hold."""

import json

from _hello import requests

for request in requests():
    print(json.dumps({"id": request["id"], "legal_moves": ["I+\ud800"]}), flush=True)
