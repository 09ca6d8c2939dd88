#!/bin/sh
# The conformance suite against engines written independently of this package, from its
# docs, the rulebooks and the case files alone: each engine is built from scratch, must pass
# its game's whole suite as written, and then runs the suite once per rule bug it can switch
# on (ENGINE_BUG=<id>, listed in its BUGS-*.md); a bug is caught when at least one case
# fails. Prints each engine's table and catch rate per batch of bugs.
#
#   sh tests/foreign/catch-rate.sh                  # all three (about 5 minutes on 2 cores)
#   sh tests/foreign/catch-rate.sh dark-nebula-java # one of them
#
# Needs cargo (Rust), javac (JDK 17) and g++ (C++17); the adjudicator command is taken from
# $ADJUDICATOR (default: adjudicator on the PATH). The suite run is the checkout's own
# cases (conformance/), so that a case added here is measured before it is released.
set -e
here="$(cd "$(dirname "$0")" && pwd)"
export ADJUDICATOR="${ADJUDICATOR:-adjudicator}"
status=0
for engine in ${*:-orbit-dominion-rust dark-nebula-java astro-stra-cpp}; do
    echo "== $engine"
    sh "$here/$engine/catch-rate.sh" || status=1
    echo
done
exit $status
