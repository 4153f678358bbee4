#!/bin/sh
# Golden cases, one TAP line each:
#  - tests/golden/boj/PROBLEM/K.in and K.out: the judge's samples through
#    `boardlab boj PROBLEM`, exact bytes, exit 0, nothing on stderr;
#  - tests/golden/GAME/CASE.args (shell words, run in that folder) with
#    optional CASE.in (stdin), CASE.out, CASE.err and CASE.status (0 when
#    absent; a missing .out or .err means empty).
# REGEN=1 rewrites the .out, .err and .status files of the GAME cases from
# what boardlab prints now (check the diff before committing it).
. "$(dirname "$0")/lib.sh"
G="$TESTS_DIR/golden"

# The game verb each problem is a preset of (cli/main.c's boj_table).
preset() {
	case $1 in
	17780) echo tower solve --rule bottom --boj ;;
	17837) echo tower solve --rule carry --boj ;;
	17825) echo yut solve --boj ;;
	16880) echo grundy solve --boj ;;
	16879) echo grundy solve --only P --boj ;;
	11559) echo puyo solve --rules boj --boj ;;
	esac
}

for dir in "$G"/boj/*; do
	p=$(basename "$dir")
	for in in "$dir"/*.in; do
		k=$(basename "$in" .in)
		bl boj "$p" < "$in" > "$TMP/out" 2> "$TMP/err"
		st=$?
		fail=0
		[ "$st" -eq 0 ] || { echo "#   exit status $st"; fail=1; }
		same "$TMP/out" "${in%.in}.out" stdout || fail=1
		[ -s "$TMP/err" ] && { echo "#   stderr not empty:"; sed 's/^/#   /' "$TMP/err"; fail=1; }
		# shellcheck disable=SC2046  # the preset is words
		bl $(preset "$p") < "$in" > "$TMP/verb" 2>&1
		same "$TMP/verb" "${in%.in}.out" "boardlab $(preset "$p")" || fail=1
		tap_ok "$fail" "boj $p sample $k, and the same from its preset"
	done
	# One batch of every sample gives the sample answers in order.
	cat "$dir"/*.in > "$TMP/all.in"
	cat "$dir"/*.out > "$TMP/all.out"
	bl boj "$p" --batch < "$TMP/all.in" > "$TMP/got" 2> "$TMP/err"
	st=$?
	same "$TMP/got" "$TMP/all.out" "batch"
	fail=$?
	[ "$st" -eq 0 ] && [ ! -s "$TMP/err" ] || fail=1
	tap_ok "$fail" "boj $p --batch over all its samples"
done

for args in "$G"/*/*.args; do
	[ -f "$args" ] || continue
	case=${args%.args}
	dir=$(dirname "$case")
	name="$(basename "$dir")/$(basename "$case")"
	in=/dev/null
	[ -f "$case.in" ] && in="$case.in"
	(cd "$dir" && eval "bl $(cat "$args")") < "$in" > "$TMP/out" 2> "$TMP/err"
	st=$?
	if [ -n "$REGEN" ]; then
		if [ -s "$TMP/out" ]; then cp "$TMP/out" "$case.out"; else rm -f "$case.out"; fi
		if [ -s "$TMP/err" ]; then cp "$TMP/err" "$case.err"; else rm -f "$case.err"; fi
		if [ "$st" -ne 0 ]; then echo "$st" > "$case.status"; else rm -f "$case.status"; fi
	fi
	want_st=0
	[ -f "$case.status" ] && want_st=$(cat "$case.status")
	: > "$TMP/empty"
	want_out="$case.out"; [ -f "$want_out" ] || want_out="$TMP/empty"
	want_err="$case.err"; [ -f "$want_err" ] || want_err="$TMP/empty"
	fail=0
	[ "$st" -eq "$want_st" ] || { echo "#   exit status $st, want $want_st"; fail=1; }
	same "$TMP/out" "$want_out" stdout || fail=1
	same "$TMP/err" "$want_err" stderr || fail=1
	tap_ok "$fail" "$name: $(cat "$args")"
done
tap_done
