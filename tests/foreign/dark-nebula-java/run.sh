#!/bin/sh
# Starts the engine: JSON Lines on stdin/stdout (docs/protocol.md).
DIR="$(cd "$(dirname "$0")" && pwd)"
exec java -Xss16m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp "$DIR/out" Main
