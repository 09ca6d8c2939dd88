#!/usr/bin/env bash
# Mutation testing of one game's rules against that game's CONFORMANCE CASES only.
#
# Mutates the game's rules modules with mutmut 3.8.1 and, for each mutant, runs only the
# game's conformance cases on the built-in engine (pytest -x -q tests/test_conformance.py
# -k "built_in and PREFIX."). Works in a scratch clone of the committed tree, so the
# repository itself is never touched.
#
#   bash run_mutation.sh [GAME] [REPO] [WORKDIR]
#     GAME     orbit-dominion (default), dark-nebula or astro-stra
#     REPO     repository to clone (default: the one this script lives in)
#     WORKDIR  scratch directory, wiped first (default: /tmp/GAME-mutation)
#   EQUIVALENT=file   optional: survivors judged equivalent, one name a line ('#' comments
#                     allowed); they leave the score's denominator
#   UNREACHABLE=file  optional: survivors no conformance case can kill (code off the
#                     protocol path, error fields the case format does not compare); they
#                     give a second score, over what a case can reach
#   SAMPLE=N          optional: run a random sample of N mutants (drawn with SEED, default
#                     1, so that two runs draw the same ones) instead of all of them
#   JOBS=2            parallel workers
#
# mutmut forks every mutant from a process that has already imported the package, so code
# that runs only at import time (the action table, the move tables) is never mutated in its
# runs and such mutants come out "no tests" or falsely "survived". Every mutant mutmut did
# not kill is therefore run again in a fresh interpreter (MUTANT_UNDER_TEST set before the
# import); that second verdict is the one reported. Every Orbit Dominion mutant: about 20
# minutes on 2 cores; a sample of 150 Dark Nebula or Astro-Stra mutants: about 5.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
GAME="${1:-orbit-dominion}"
REPO="${2:-$(git -C "$HERE" rev-parse --show-toplevel)}"
WORK="${3:-/tmp/$GAME-mutation}"
JOBS="${JOBS:-2}"
SAMPLE="${SAMPLE:-}"
SEED="${SEED:-1}"
EQUIVALENT="${EQUIVALENT:-}"
UNREACHABLE="${UNREACHABLE:-}"
if [ -n "$EQUIVALENT" ]; then EQUIVALENT="$(realpath "$EQUIVALENT")"; fi
if [ -n "$UNREACHABLE" ]; then UNREACHABLE="$(realpath "$UNREACHABLE")"; fi

case "$GAME" in
    orbit-dominion) PREFIX=od; PACKAGE=orbit_dominion
        MODULES="board rules state position actions perft" ;;
    dark-nebula) PREFIX=dn; PACKAGE=dark_nebula
        MODULES="board state movement combat production search replay" ;;
    astro-stra) PREFIX=as; PACKAGE=astro_stra
        MODULES="board dice setup targets actions skills turn replay" ;;
    *) echo "unknown game '$GAME': orbit-dominion, dark-nebula or astro-stra" >&2; exit 2 ;;
esac
SELECT="built_in and $PREFIX."

echo "== clone $REPO -> $WORK"
rm -rf "$WORK"
git clone -q "$REPO" "$WORK"
cd "$WORK"

echo "== venv and install"
python3 -m venv .venv
# shellcheck disable=SC1091
. .venv/bin/activate
pip install -q --upgrade pip
pip install -q -e '.[test]' 'mutmut==3.8.1'

if ! grep -q '^\[tool.mutmut\]' pyproject.toml; then
    {
        echo
        echo '[tool.mutmut]'
        echo 'source_paths = ["adjudicator"]'
        echo 'only_mutate = ['
        for module in $MODULES; do echo "    \"adjudicator/$PACKAGE/$module.py\","; done
        echo ']'
        echo 'also_copy = ["conformance", "schemas", "examples", "records", "docs"]'
        echo 'pytest_add_cli_args = ["-x"]'
        echo "pytest_add_cli_args_test_selection = [\"tests/test_conformance.py\", \"-k\", \"$SELECT\"]"
    } >> pyproject.toml
fi

echo "== sanity: the suite passes unmutated"
pytest -x -q -p no:cacheprovider tests/test_conformance.py -k "$SELECT" | tail -1

echo "== mutmut run (its own forced-fail check makes sure mutants/ is what gets imported)"
if [ -n "$SAMPLE" ]; then
    # a run naming no mutant that exists writes every mutant and the test statistics,
    # and runs none: the sample is drawn from its list
    mutmut run --max-children "$JOBS" 'no-such-mutant' > mutmut-list.log 2>&1 || true
    mutmut results --all true | sed 's/^ *//; s/: .*//' > all-names.txt
    python3 - "$SAMPLE" "$SEED" all-names.txt > sample-names.txt <<'PY'
import random
import sys

names = sorted(line.strip() for line in open(sys.argv[3]) if line.strip())
random.seed(int(sys.argv[2]))
print("\n".join(sorted(random.sample(names, min(int(sys.argv[1]), len(names))))))
PY
    [ -s sample-names.txt ] || { echo "no mutants to draw from: see mutmut-list.log"; exit 1; }
    echo "   sample: $(wc -l < sample-names.txt) of $(wc -l < all-names.txt) mutants (seed $SEED)"
    xargs mutmut run --max-children "$JOBS" < sample-names.txt > mutmut-run.log 2>&1 \
        || { tail -c 3000 mutmut-run.log; exit 1; }
    mutmut results --all true | sed 's/^ *//' \
        | awk -F': ' 'NR == FNR { drawn[$0]; next } $1 in drawn' sample-names.txt - \
        > mutmut-results.txt
else
    mutmut run --max-children "$JOBS" > mutmut-run.log 2>&1 || { tail -c 3000 mutmut-run.log; exit 1; }
    mutmut results --all true | sed 's/^ *//' > mutmut-results.txt
fi

echo "== sanity: a fresh interpreter imports the mutated copy"
if (cd mutants && MUTANT_UNDER_TEST=fail python -m pytest -x -q -p no:cacheprovider \
        tests/test_conformance.py -k "$SELECT" > /dev/null 2>&1); then
    echo "the forced-fail mutant was not killed: setup broken"
    exit 1
fi

echo "== re-run every mutant mutmut did not kill, each in a fresh interpreter"
cat > rerun_one.sh <<SH
#!/usr/bin/env bash
name="\$1"
cd mutants || exit 2
MUTANT_UNDER_TEST="\$name" timeout 120 python -m pytest -x -q -p no:cacheprovider \\
    tests/test_conformance.py -k "$SELECT" > /dev/null 2>&1
case \$? in
    0) echo "\$name: survived" ;;
    124) echo "\$name: timeout" ;;
    *) echo "\$name: killed" ;;
esac
SH
chmod +x rerun_one.sh
grep -v ': killed$' mutmut-results.txt | sed 's/: .*//' > rerun-names.txt || true
xargs -P "$JOBS" -n 1 ./rerun_one.sh < rerun-names.txt | sort > rerun-results.txt
# final verdicts: mutmut's kills, then the fresh-interpreter verdict for everything else
{ grep ': killed$' mutmut-results.txt || true; cat rerun-results.txt; } | sort > final-results.txt

echo "== diffs of the survivors -> $WORK/survivors.diff"
: > survivors.diff
grep ': survived$' final-results.txt | sed 's/: .*//' | while read -r name; do
    { echo "=== $name"; mutmut show "$name"; } >> survivors.diff 2>&1
done

echo "== report -> $WORK/report.txt"
python3 - "$EQUIVALENT" "$UNREACHABLE" <<'PY' | tee report.txt
import sys
from collections import Counter

verdicts = dict(line.rstrip("\n").rsplit(": ", 1) for line in open("final-results.txt"))
raw = Counter(line.rstrip("\n").rsplit(": ", 1)[1] for line in open("mutmut-results.txt"))
c = Counter(verdicts.values())
total = len(verdicts)
survivors = {n for n, v in verdicts.items() if v == "survived"}
print("mutmut alone:", dict(raw))
print(f"total {total}  killed {c['killed']}  timeout {c['timeout']}  survived {c['survived']}")


def names(path: str) -> set[str]:
    out = set()
    if path:
        for line in open(path, encoding="utf-8"):
            name = line.split("#", 1)[0].strip()
            if name:
                out.add(name)
        if out - set(verdicts):
            print(f"{path} names unknown mutants:", sorted(out - set(verdicts)))
    return out & survivors


equivalent, unreachable = names(sys.argv[1]), names(sys.argv[2])
unreachable -= equivalent
detected = c["killed"] + c["timeout"]  # a mutant that hangs the suite is caught too
denominator = total - len(equivalent)
print(f"equivalent {len(equivalent)}  unreachable by any conformance case {len(unreachable)}")
print(f"score = (killed + timeout) / (total - equivalent) = {detected}/{denominator}"
      f" = {detected / denominator:.1%}")
if unreachable:
    reach = denominator - len(unreachable)
    print(f"score over what a case can reach = {detected}/{reach} = {detected / reach:.1%}")
print("survivors:")
for name in sorted(survivors):
    tag = "[equivalent] " if name in equivalent else "[unreachable] " if name in unreachable else ""
    print("  " + tag + name)
PY
