"""Answers of the wrong JSON type: a list and mixed types among legal moves (unhashable,
unsortable), ``true`` for a count of 1."""

import json

from _hello import requests

for request in requests():
    if request["cmd"] == "perft":
        answer = {"nodes": True}
    else:
        answer = {"legal_moves": ["I+", ["I-"], 3, {"a": 1}, None, True, 2.5]}
    print(json.dumps({"id": request["id"], **answer}), flush=True)
