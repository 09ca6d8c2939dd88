#!/bin/sh
# Builds the engine, runs the conformance suite clean (must pass every case), then once per
# bug id listed in BUGS-*.md (lines "### <id>"), and prints: bug id, caught (yes/no), the
# number of failing cases and the first three failing ids; then the catch rate per batch.
# The adjudicator command comes from $ADJUDICATOR (default `adjudicator`).
set -e
cd "$(dirname "$0")"
CASES="$(cd ../../.. && pwd)/conformance"
ADJ="${ADJUDICATOR:-adjudicator}"
GAME="astro-stra/0.9.0"
ENGINE="$(pwd)/run.sh"
./build.sh
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

summarise() {  # $1 json file -> "failed_count id1,id2,id3"
  python3 - "$1" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print("-1 (no-json)"); sys.exit()
bad = [r["id"] for r in d.get("results", []) if r.get("status") in ("failed", "errored")]
n = len(bad)
if n == 0 and (d.get("summary", {}).get("passed", 0) == 0 or d.get("stopped")):
    n = -1  # nothing ran: count as a failure of the run itself
print(n, ",".join(bad[:3]) if bad else "-")
PY
}

unset ENGINE_BUG
set +e
$ADJ conformance run --cases "$CASES" --engine "$ENGINE" --game "$GAME" --json > "$TMP/clean.json"
set -e
set -- $(summarise "$TMP/clean.json")
if [ "$1" != "0" ]; then
  echo "clean engine fails $1 case(s): $2" >&2
  exit 1
fi
echo "clean run: all cases pass"
echo

printf '%-40s %-7s %-8s %s\n' "bug id" "caught" "#failing" "first failing cases"
for f in BUGS-*.md; do
  [ -e "$f" ] || continue
  batch="$(basename "$f" .md | sed 's/^BUGS-//')"
  total=0; caught=0
  for id in $(sed -n 's/^### *\([A-Za-z0-9_-]*\).*/\1/p' "$f"); do
    set +e
    ENGINE_BUG="$id" $ADJ conformance run --cases "$CASES" --engine "$ENGINE" --game "$GAME" --json > "$TMP/$id.json"
    set -e
    set -- $(summarise "$TMP/$id.json")
    n="$1"; ids="$2"
    total=$((total + 1))
    if [ "$n" != "0" ]; then c=yes; caught=$((caught + 1)); else c=no; fi
    printf '%-40s %-7s %-8s %s\n' "$id" "$c" "$n" "$ids"
  done
  echo "batch $batch: caught $caught of $total"
  echo
  echo "$batch $caught $total" >> "$TMP/rates"
done
if [ -f "$TMP/rates" ]; then
  echo "catch rate per batch:"
  while read -r b c t; do
    pct=$(python3 -c "print(f'{100*$c/$t:.0f}%' if $t else 'n/a')")
    echo "  $b: $c/$t ($pct)"
  done < "$TMP/rates"
fi
