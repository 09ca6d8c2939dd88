"""The engine the ``engine-answer`` fuzz target drives: it answers ``hello`` with the
declaration given as its argument (this project's engine's, so that every case runs), and
each other request with the line the request carries in ``fuzz_answer``, ``"$id"`` in it
replaced by the request's id. So the fuzzer chooses every byte the runner reads, while the
runner drives a real subprocess; it imports nothing but the standard library, to restart
fast after each errored case."""

import json
import sys

hello = json.loads(sys.argv[1])
out = sys.stdout.buffer
for raw in sys.stdin.buffer:
    request = json.loads(raw.decode("utf-8", "surrogatepass"))
    if request.get("cmd") == "hello":
        answer = json.dumps({**hello, "id": request["id"]})
    else:
        answer = request["fuzz_answer"].replace('"$id"', str(request["id"]))
    out.write(answer.encode("utf-8", "surrogatepass") + b"\n")
    out.flush()
