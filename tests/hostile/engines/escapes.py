"""Terminal escape sequences in its name, answers and stderr: set the window title, clear
the screen, reverse the text (a bidirectional override), a C1 control; then it crashes."""

import json
import sys

from _hello import hello

NASTY = "\x1b]0;pwned\x07\x1b[2J\u202e\x9b2J"
asked = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "hello":
        hello(request, name=NASTY, version=NASTY)
        continue
    asked += 1
    if asked > 1:
        print(f"{NASTY} crashing", file=sys.stderr, flush=True)
        sys.exit(3)
    answer = {"id": request["id"], "legal_moves": [NASTY]}
    print(json.dumps(answer, ensure_ascii=False), flush=True)
