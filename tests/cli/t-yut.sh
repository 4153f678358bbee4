#!/bin/sh
# yut's CLI beyond the golden cases: help generated from the verb table, the
# demo's part, and a long batch that the CLI flushes as it goes.
. "$(dirname "$0")/lib.sh"

bl yut solve --help > "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 0 ] || fail=1
for word in --boj --batch --explain FILE; do
	grep -q -- "$word" "$TMP/out" || { echo "#   '$word' missing from the help"; fail=1; }
done
tap_ok "$fail" "yut solve --help lists the options"

bl yut --help > "$TMP/out" 2>&1
st=$?
grep -q 'solve' "$TMP/out" && [ "$st" -eq 0 ]
tap_ok $? "yut --help lists solve"

bl demo > "$TMP/demo" 2> "$TMP/err"
st=$?
sed -n '/^== yut/,/^== /p' "$TMP/demo" > "$TMP/yut"
fail=0
[ "$st" -eq 0 ] || { echo "#   demo exit status $st"; fail=1; }
grep -q '^dice: 5 1 2 3 4 5 5 3 2 4$' "$TMP/yut" || { echo "#   no dice line"; fail=1; }
grep -q '^best total with 4 horses: 214$' "$TMP/yut" || { echo "#   no total line"; fail=1; }
[ "$(grep -c '^turn [0-9]*: die' "$TMP/yut")" -eq 10 ] || { echo "#   not 10 plan lines"; fail=1; }
[ "$(wc -l < "$TMP/yut")" -lt 40 ] || { echo "#   the yut part is 40 lines or more"; fail=1; }
tap_ok "$fail" "demo: the example, its answer 214 and a 10-move plan"

# Many judge instances in one batch: one answer each, in order (fewer
# under valgrind).
N=3000
[ -n "$BL_WRAP" ] && N=100
awk -v n="$N" 'BEGIN { for (i = 0; i < n; i++) print "5 1 2 3 4 5 5 3 2 4" }' > "$TMP/many"
bl boj 17825 --batch "$TMP/many" > "$TMP/out" 2> "$TMP/err"
st=$?
[ "$st" -eq 0 ] && [ ! -s "$TMP/err" ] && [ "$(grep -c '^214$' "$TMP/out")" -eq "$N" ] &&
	[ "$(wc -l < "$TMP/out")" -eq "$N" ]
tap_ok $? "a batch of $N instances gives $N answers"

tap_done
