"""Closes its stdout at the first request and keeps running without answering. It writes
its process id to the file named on the command line."""

import os
import sys
import time

from _hello import requests

for _request in requests():
    with open(sys.argv[1], "a") as pid_file:
        pid_file.write(f"{os.getpid()}\n")
    sys.stdout.close()
    os.close(1)
    time.sleep(3600)
