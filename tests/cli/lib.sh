# Sourced by the CLI tests: TAP output from shell, and a checked run of
# boardlab.  BOARDLAB names the binary under test; BL_WRAP, when set, is put
# in front of it (valgrind): in front of every run, or with BL_WRAP_EVERY=N
# of the first run of each script and every Nth after it (.ci/run's sample).
: "${BOARDLAB:?BOARDLAB must name the boardlab binary (run through make test)}"
# BL_TESTS: the test programs built beside it (build/tests by default).
BL_TESTS=${BL_TESTS:-$(dirname "$BOARDLAB")/tests}
TAP_N=0
TAP_FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/boardlab-test.XXXXXX")
trap '[ -n "$BL_KEEP" ] || rm -rf "$TMP"' EXIT
TESTS_DIR=$(cd "$(dirname "$0")/.." && pwd)

bl() {
	# The count is kept in a file: bl often runs in a subshell, $(bl ...).
	if [ -n "$BL_WRAP" ] && [ "${BL_WRAP_EVERY:-1}" -gt 1 ]; then
		_bl_runs=$(cat "$TMP/.bl-runs" 2> /dev/null || echo 0)
		echo $((_bl_runs + 1)) > "$TMP/.bl-runs"
		if [ $((_bl_runs % BL_WRAP_EVERY)) -ne 0 ]; then
			"$BOARDLAB" "$@"
			return
		fi
	fi
	# shellcheck disable=SC2086  # BL_WRAP is a command line
	$BL_WRAP "$BOARDLAB" "$@"
}

tap_ok() {   # tap_ok STATUS NAME
	TAP_N=$((TAP_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $TAP_N - $2"
	else
		echo "not ok $TAP_N - $2"
		TAP_FAILED=$((TAP_FAILED + 1))
	fi
}

tap_done() {
	echo "1..$TAP_N"
	[ "$TAP_FAILED" -eq 0 ]
}

# Compares file $1 (got) with $2 (want); on a difference prints a diff as
# TAP comments and fails.
same() {
	if cmp -s "$1" "$2"; then return 0; fi
	echo "#   $3 differs (--- want, +++ got):"
	diff -u "$2" "$1" | sed 's/^/#   /' | head -n 40
	return 1
}

# expect NAME STATUS STDOUT STDERR [ARGS...] < input: runs boardlab with ARGS
# and checks the exit status and both streams exactly, as one TAP line.
expect() {
	name=$1 want_status=$2
	printf '%s' "$3" > "$TMP/want.out"
	printf '%s' "$4" > "$TMP/want.err"
	shift 4
	bl "$@" > "$TMP/got.out" 2> "$TMP/got.err"
	got_status=$?
	fail=0
	if [ "$got_status" -ne "$want_status" ]; then
		echo "#   exit status $got_status, want $want_status"
		fail=1
	fi
	same "$TMP/got.out" "$TMP/want.out" stdout || fail=1
	same "$TMP/got.err" "$TMP/want.err" stderr || fail=1
	tap_ok "$fail" "$name"
}

# expect_status NAME STATUS [ARGS...] < input: only the status, and that
# standard output is empty when the status is not 0.
expect_status() {
	name=$1 want_status=$2
	shift 2
	bl "$@" > "$TMP/got.out" 2> "$TMP/got.err"
	got_status=$?
	fail=0
	if [ "$got_status" -ne "$want_status" ]; then
		echo "#   exit status $got_status, want $want_status"
		sed 's/^/#   stderr: /' "$TMP/got.err" | head -n 5
		fail=1
	fi
	if [ "$want_status" -ne 0 ] && [ -s "$TMP/got.out" ]; then
		echo "#   standard output is not empty"
		fail=1
	fi
	tap_ok "$fail" "$name"
}
