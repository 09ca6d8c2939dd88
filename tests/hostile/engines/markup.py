"""Rich markup in its name and answers: ``[/]`` closes a tag that was never opened."""

import json
import sys

from _hello import hello

for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "hello":
        hello(request, name="[/]markup[bold]", version="[/]")
        continue
    print(json.dumps({"id": request["id"], "legal_moves": ["[/]", "[red]I+"]}), flush=True)
