#!/bin/sh
# Starts the engine (JSON Lines on stdin/stdout).
exec "$(dirname "$0")/build/astro-stra-engine" "$@"
