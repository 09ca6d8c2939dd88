"""What every hostile engine here answers to ``hello``: one game, the perft feature, and a
name and version given on its command line (the hostile ones carry markup or escapes)."""

import json
import sys


def hello(request: dict, name: str = "hostile", version: str = "1") -> None:
    """Answer ``hello`` on stdout, naming the engine ``name``."""
    game = "orbit-dominion/4.2"
    answer = {
        "id": request["id"],
        "protocol": 1,
        "engine": {"name": name, "version": version},
        "games": [game],
        "features": {game: ["perft"]},
    }
    print(json.dumps(answer), flush=True)


def requests():
    """The requests read from stdin, ``hello`` answered on the way."""
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "hello":
            hello(request)
            continue
        yield request
