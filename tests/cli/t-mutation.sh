#!/bin/sh
# The strength of the judge's suites, a bounded sample of `make mutation`
# (tests/mutation/mutate.py): 10 mutants of each problem's reference,
# spread evenly over its list, each judged against the suite and 2,000
# random instances.  One TAP line per problem, failing when the suite lets
# through a mutant that stress kills.  Skipped without python3, and under
# valgrind (BL_WRAP): the harness forks a worker per mutant and set.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/.." && pwd)
PY=${PYTHON:-python3}

if ! command -v "$PY" > /dev/null 2>&1; then
	echo "1..0 # SKIP $PY not found"
	exit 0
fi
if [ -n "$BL_WRAP" ]; then
	echo "1..0 # SKIP not under $BL_WRAP"
	exit 0
fi
: "${BL_TESTS:?BL_TESTS must name the built tests (run through make test)}"
"$PY" "$ROOT/tests/mutation/mutate.py" run --tap --sample 10 --runs 2000 --jobs 2 \
	--harness "$BL_TESTS/mutrun" --work "$TMP/mutation"
