#!/bin/sh
# The end-to-end benchmarks of make bench (bench/e2e/e2e.c), their quick
# run: every workload runs as whole processes, and boardlab and every peer
# print the same bytes (the driver exits 4 otherwise).  No speed is
# asserted: the figures and the targets are printed, never checked here.
. "$(dirname "$0")/lib.sh"

E2E=${BL_BUILD:-build}/bench
if [ ! -x "$E2E/e2e" ]; then
	echo "1..0 # SKIP $E2E/e2e is not built (make tests builds it)"
	exit 0
fi
"$E2E/e2e" --quick "$BOARDLAB" "$E2E" > "$TMP/out" 2> "$TMP/err"
status=$?
sed 's/^/# /' "$TMP/err"
tap_ok $status "e2e --quick: every workload runs, and every peer agrees with boardlab"
n=$(grep -c 'boardlab' "$TMP/out")
[ "$n" -ge 7 ]
tap_ok $? "a row of boardlab in each of the 7 workloads ($n)"
grep -q '^targets (one thread):' "$TMP/out" &&
	[ "$(grep -c '(target' "$TMP/out")" -eq 8 ]
tap_ok $? "the 8 targets are printed"
tap_done
