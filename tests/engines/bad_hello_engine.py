"""An engine whose answer to ``hello`` cannot start a run, in the way named by its argument:
``error`` (an error object), ``protocol`` (another protocol version), ``no-games`` (no game
declared), ``silent`` (exits without answering, after a word on stderr)."""

import json
import sys

MODE = sys.argv[1]
GOOD = {"protocol": 1, "engine": {"name": "bad-hello", "version": "0"}}

for line in sys.stdin:
    request = json.loads(line)
    answer: dict = {"id": request.get("id")}
    if MODE == "error":
        answer["error"] = {"code": "unknown_command", "message": "what is hello?"}
    elif MODE == "protocol":
        answer |= {**GOOD, "protocol": 2, "games": ["orbit-dominion/4.2"], "features": []}
    elif MODE == "no-games":
        answer |= {**GOOD, "games": [], "features": []}
    else:
        print("bad-hello: cannot load my tables", file=sys.stderr, flush=True)
        sys.exit(1)
    print(json.dumps(answer), flush=True)
