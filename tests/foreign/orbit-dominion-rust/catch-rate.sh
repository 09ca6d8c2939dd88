#!/bin/sh
# Mutation catch rate: builds the engine, runs the conformance suite on the clean
# engine (every case must pass), then once per seeded bug listed in BUGS-*.md
# (headings "## <bug-id>"), and prints bug id, caught (yes/no), failing cases,
# then the catch rate per batch.
# Usage: ADJUDICATOR=/path/to/adjudicator ./catch-rate.sh   (default: adjudicator)
set -e
cd "$(dirname "$0")"
CASES="$(cd ../../.. && pwd)/conformance"
DIR="$(pwd)"
ADJ="${ADJUDICATOR:-adjudicator}"
GAME="orbit-dominion/4.2"
ENGINE="$DIR/run.sh"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

./build.sh >/dev/null 2>&1 || { echo "build failed" >&2; exit 2; }

summarize() { # file -> "passed failed errored first-ids"
    python3 - "$1" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("?", "?", "?", "unreadable:%s" % e); sys.exit(0)
s = d.get("summary", {})
bad = [r["id"] for r in d.get("results", []) if r.get("status") in ("failed", "errored")]
print(s.get("passed", 0), s.get("failed", 0), s.get("errored", 0), ",".join(bad[:3]) or "-")
PY
}

unset ENGINE_BUG
"$ADJ" conformance run --cases "$CASES" --engine "$ENGINE" --game "$GAME" --json >"$TMP/clean.json" 2>/dev/null || true
set -- $(summarize "$TMP/clean.json")
if [ "$2" != "0" ] || [ "$3" != "0" ] || [ "$1" = "0" ] || [ "$1" = "?" ]; then
    echo "clean engine does not pass the suite: passed=$1 failed=$2 errored=$3 ($4)" >&2
    exit 1
fi
echo "clean engine: $1 passed, 0 failed"
echo

printf '%-36s %-7s %-8s %s\n' "bug id" "caught" "failing" "first failing cases"
for f in BUGS-*.md; do
    [ -f "$f" ] || continue
    batch="${f#BUGS-}"; batch="${batch%.md}"
    total=0; caught=0
    for id in $(sed -n 's/^## *`\{0,1\}\([A-Za-z0-9][A-Za-z0-9_-]*\)`\{0,1\} *$/\1/p' "$f"); do
        ENGINE_BUG="$id" "$ADJ" conformance run --cases "$CASES" --engine "$ENGINE" --game "$GAME" --json >"$TMP/$id.json" 2>/dev/null || true
        set -- $(summarize "$TMP/$id.json")
        n=$(( ${2:-0} + ${3:-0} ))
        total=$((total + 1))
        if [ "$n" -gt 0 ]; then c=yes; caught=$((caught + 1)); else c=no; fi
        printf '%-36s %-7s %-8s %s\n' "$id" "$c" "$n" "$4"
    done
    [ "$total" -gt 0 ] && echo "batch $batch: caught $caught / $total ($(( 100 * caught / total ))%)"
    echo
done
