"""Never answers a request and never exits by itself: it writes its process id to the file
named on the command line, then waits. What ends it is the runner, however the runner ends."""

import os
import sys
import time

from _hello import requests

for _request in requests():
    with open(sys.argv[1], "a") as pid_file:
        pid_file.write(f"{os.getpid()}\n")
    time.sleep(3600)
