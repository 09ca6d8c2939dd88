#!/bin/sh
# Builds the engine, runs the conformance suite clean (must pass every case), then once per
# bug id listed in BUGS-*.md (ENGINE_BUG=<id>), and prints: bug id, caught (yes/no), failing
# cases (count and the first three ids); then the catch rate per batch.
# ADJUDICATOR: the adjudicator command (default: adjudicator).
set -e
cd "$(dirname "$0")"
CASES="$(cd ../../.. && pwd)/conformance"
ADJUDICATOR="${ADJUDICATOR:-adjudicator}"
GAME="dark-nebula/2011"
ENGINE="$(pwd)/run.sh"
./build.sh >/dev/null
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

summarise() {
    python3 - "$1" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("ERROR 0 -")
    sys.exit(0)
bad = [r["id"] for r in d.get("results", []) if r.get("status") in ("failed", "errored")]
s = d.get("summary", {})
print(("FAIL" if bad else "PASS"), len(bad), ",".join(bad[:3]) or "-", s.get("passed", 0))
EOF
}

unset ENGINE_BUG
$ADJUDICATOR conformance run --cases "$CASES" --engine "$ENGINE" --game "$GAME" --json >"$TMP/clean.json" 2>/dev/null || true
set -- $(summarise "$TMP/clean.json")
if [ "$1" != "PASS" ]; then
    echo "clean run does not pass every case ($2 failing: $3)" >&2
    exit 1
fi
echo "clean run: $4 passed, 0 failed"
echo

printf '%-36s %-7s %s\n' "bug id" "caught" "failing cases"
for f in BUGS-*.md; do
    [ -e "$f" ] || continue
    batch="${f#BUGS-}"; batch="${batch%.md}"
    total=0; caught=0
    # bug ids: lines of the form "## `<id>`" or "## <id>"
    for id in $(sed -n 's/^##[[:space:]]*`\{0,1\}\([a-z0-9][a-z0-9-]*\)`\{0,1\}[[:space:]]*$/\1/p' "$f"); do
        total=$((total + 1))
        ENGINE_BUG="$id" $ADJUDICATOR conformance run --cases "$CASES" --engine "$ENGINE" --game "$GAME" --json \
            >"$TMP/$id.json" 2>/dev/null || true
        set -- $(summarise "$TMP/$id.json")
        if [ "$1" = "FAIL" ]; then
            caught=$((caught + 1))
            printf '%-36s %-7s %s (%s)\n' "$id" "yes" "$2" "$3"
        else
            printf '%-36s %-7s %s\n' "$id" "no" "0"
        fi
    done
    echo "batch $batch: caught $caught of $total"
    echo
done
