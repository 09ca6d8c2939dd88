#!/bin/sh
# Starts the engine: JSON lines on stdin/stdout.
DIR="$(cd "$(dirname "$0")" && pwd)"
exec "$DIR/target/release/orbit-dominion-engine" "$@"
