"""Never answers, and has a child (holding its pipes) that would outlive it. The child
writes its process id to the file named on the command line."""

import subprocess
import sys
import time

from _hello import requests

CHILD = "import os, sys, time; open(sys.argv[1], 'a').write(f'{os.getpid()}\\n'); time.sleep(3600)"
for _request in requests():
    subprocess.Popen([sys.executable, "-c", CHILD, sys.argv[1]])
    time.sleep(3600)
