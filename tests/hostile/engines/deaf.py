"""Stops reading after ``hello``: a request larger than the pipe's buffer cannot be written
whole."""

import json
import sys
import time

from _hello import hello

hello(json.loads(sys.stdin.readline()))
time.sleep(3600)
