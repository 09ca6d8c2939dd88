"""Starts a child that leaves the engine's process group and session (``setsid``), then
either exits without answering while the child holds its stdout and stderr open
(``exit``) or never answers while the child, its pipes closed, would outlive it
(``hang``). The child writes its process id to the file named on the command line."""

import subprocess
import sys
import time

from _hello import requests

CHILD = (
    "import os, sys, time; os.setsid(); mode = sys.argv[2]\n"
    "if mode == 'hang':\n"
    "    null = os.open(os.devnull, os.O_RDWR)\n"
    "    for fd in (0, 1, 2): os.dup2(null, fd)\n"
    "open(sys.argv[1], 'a').write(f'{os.getpid()}\\n'); time.sleep(3600)"
)
pid_file, mode = sys.argv[1], sys.argv[2]
for _request in requests():
    subprocess.Popen([sys.executable, "-c", CHILD, pid_file, mode])
    if mode == "exit":
        sys.exit(0)
    time.sleep(3600)
