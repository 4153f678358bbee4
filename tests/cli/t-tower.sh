#!/bin/sh
# tower CLI checks that golden files cannot express: help generated from the
# option table, the demo's tower part, and the boj presets being exactly the
# solve verb with their options.
. "$(dirname "$0")/lib.sh"

bl tower solve --help > "$TMP/help" 2>&1
st=$?
fail=$st
for o in --rule --boj --batch --explain; do
	grep -q -- "$o" "$TMP/help" || { echo "#   help lacks $o"; fail=1; }
done
tap_ok "$fail" "tower solve --help lists every option"

bl demo > "$TMP/demo" 2>&1
st=$?
awk '/^== tower/{on=1; next} /^== /{on=0} on' "$TMP/demo" > "$TMP/tower"
fail=$st
grep -qx 7 "$TMP/tower" || { echo "#   no carry answer 7"; fail=1; }
grep -qx 9 "$TMP/tower" || { echo "#   no bottom answer 9"; fail=1; }
grep -q '^turn 7: piece 3 ' "$TMP/tower" || { echo "#   no carry explanation"; fail=1; }
lines=$(wc -l < "$TMP/tower")
[ "$lines" -lt 40 ] || { echo "#   the tower demo has $lines lines"; fail=1; }
tap_ok "$fail" "demo: the tower example under both rules, explained, under 40 lines"

for p in 17780 17837; do
	rule=carry
	[ "$p" = 17780 ] && rule=bottom
	fail=0
	for in in "$TESTS_DIR"/golden/boj/$p/*.in; do
		bl boj "$p" < "$in" > "$TMP/a" 2>&1
		bl tower solve --rule "$rule" --boj < "$in" > "$TMP/b" 2>&1
		same "$TMP/a" "$TMP/b" "$(basename "$in")" || fail=1
	done
	tap_ok "$fail" "boj $p is tower solve --rule $rule --boj on every sample"
done

# One batch of every sample of a problem gives the sample answers in order.
for p in 17780 17837; do
	cat "$TESTS_DIR"/golden/boj/$p/*.in > "$TMP/all.in"
	cat "$TESTS_DIR"/golden/boj/$p/*.out > "$TMP/all.out"
	bl boj "$p" --batch < "$TMP/all.in" > "$TMP/got" 2>&1
	st=$?
	same "$TMP/got" "$TMP/all.out" "batch"
	fail=$?
	[ "$st" -eq 0 ] || fail=1
	tap_ok "$fail" "boj $p --batch over all samples"
done
tap_done
