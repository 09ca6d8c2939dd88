"""An engine for testing the runner: it wraps the minimal example engine but declares the
perft feature it does not have, crashes on one action, answers garbage on another and
echoes a wrong id on a third — each a way a foreign engine can misbehave."""

import json
import subprocess
import sys
from pathlib import Path

MINIMAL = Path(__file__).resolve().parents[2] / "examples" / "minimal_engine.py"
inner = subprocess.Popen(
    [sys.executable, str(MINIMAL)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
)

for line in sys.stdin:
    request = json.loads(line)
    moves = request.get("moves", [])
    if "I11-I10" in moves:
        print("unreliable engine: giving up on I11-I10", file=sys.stderr, flush=True)
        sys.exit(3)
    if "O0-O1" in moves:
        print("this is not JSON", flush=True)
        continue
    if "M1-M2" in moves:
        print(json.dumps({"id": "wrong", "legal_moves": []}), flush=True)
        continue
    if request.get("cmd") == "perft":
        print(json.dumps({"id": request.get("id"), "nodes": 0}), flush=True)
        continue
    inner.stdin.write(line)
    inner.stdin.flush()
    answer = json.loads(inner.stdout.readline())
    if request.get("cmd") == "hello":
        answer["features"] = ["perft"]
    print(json.dumps(answer), flush=True)
