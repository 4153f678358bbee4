#!/bin/sh
# puyo CLI checks that golden files cannot express: the demo's part, the
# answer line of --explain, and the boj preset against the verb it stands for.
. "$(dirname "$0")/lib.sh"
G="$TESTS_DIR/golden/puyo"

bl demo > "$TMP/demo" 2> "$TMP/demo.err"
st=$?
sed -n '/^== puyo:/,/^== /p' "$TMP/demo" | sed '1d;/^== /d' > "$TMP/part"
fail=0
[ "$st" -eq 0 ] || { echo "#   demo exit status $st"; fail=1; }
[ -s "$TMP/demo.err" ] && { echo "#   demo wrote to stderr"; fail=1; }
n=$(wc -l < "$TMP/part")
[ "$n" -gt 5 ] && [ "$n" -lt 40 ] || { echo "#   puyo demo has $n lines"; fail=1; }
tap_ok "$fail" "demo: the puyo part runs and has 5 to 40 lines"

bl puyo solve "$TESTS_DIR/../examples/puyo.txt" > "$TMP/ans" 2>&1
grep -qx 5 "$TMP/ans" && grep -qx 'chain 5: 4 puyos in 1 group' "$TMP/part"
tap_ok $? "demo: the example is the 5-chain field, explained to chain 5"

# --explain starts with the answer line of plain solve.
fail=0
for in in "$G"/sample.in "$G"/one-line.in "$G"/explain-none.in "$G"/explain-six-groups.in; do
	bl puyo solve < "$in" > "$TMP/plain"
	bl puyo solve --explain < "$in" | head -n 1 > "$TMP/first"
	same "$TMP/first" "$TMP/plain" "$(basename "$in")" || fail=1
done
tap_ok "$fail" "--explain: the first line is the answer"

# boj 11559 is puyo solve --rules boj --boj, output and status alike.
fail=0
for in in "$G"/*.in; do
	bl boj 11559 < "$in" > "$TMP/a.out" 2> "$TMP/a.err"
	sa=$?
	bl puyo solve --rules boj --boj < "$in" > "$TMP/b.out" 2> "$TMP/b.err"
	sb=$?
	[ "$sa" -eq "$sb" ] || { echo "#   $(basename "$in"): status $sa and $sb"; fail=1; }
	same "$TMP/a.out" "$TMP/b.out" "$(basename "$in") stdout" || fail=1
	sed 's/boj 11559 --help/puyo solve --help/' "$TMP/a.err" > "$TMP/a2.err"
	same "$TMP/a2.err" "$TMP/b.err" "$(basename "$in") stderr" || fail=1
done
tap_ok "$fail" "boj 11559 = puyo solve --rules boj --boj on every golden input"

# Option spellings: --rules=boj, FILE as '-'.
expect "--rules=boj and FILE '-'" 0 "3
" "" puyo solve --rules=boj - < "$G/sample.in"
expect "--settle=x is a usage error" 2 "" "boardlab: error: option '--settle' takes no value
see 'boardlab puyo solve --help'
" puyo solve --settle=x < "$G/sample.in"
tap_done
