"""Exits without answering, leaving a child that holds its stdout and stderr open. The
child writes its process id to the file named on the command line."""

import subprocess
import sys

from _hello import requests

CHILD = "import os, sys, time; open(sys.argv[1], 'a').write(f'{os.getpid()}\\n'); time.sleep(3600)"
for _request in requests():
    subprocess.Popen([sys.executable, "-c", CHILD, sys.argv[1]])
    sys.exit(0)
