#!/bin/sh
# Builds the engine from scratch (std only, no crates).
set -e
cd "$(dirname "$0")"
cargo build --release --offline
