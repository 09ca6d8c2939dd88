#!/bin/sh
# Builds the engine from scratch: JDK 17 (javac), standard library only.
set -e
cd "$(dirname "$0")"
rm -rf out
mkdir -p out
javac -encoding UTF-8 --release 17 -d out src/*.java
echo "built into $(pwd)/out"
