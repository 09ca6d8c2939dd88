#!/bin/sh
# Builds the engine from scratch: g++ 12, C++17, standard library only.
# Each source file is compiled in parallel, then linked.
set -e
cd "$(dirname "$0")"
rm -rf build
mkdir -p build
pids=""
for f in src/*.cpp; do
  o="build/$(basename "$f" .cpp).o"
  g++ -std=c++17 -O2 -Wall -Wextra -c "$f" -o "$o" &
  pids="$pids $!"
done
for p in $pids; do wait "$p"; done
g++ -o build/astro-stra-engine build/*.o
