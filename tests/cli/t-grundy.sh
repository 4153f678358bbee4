#!/bin/sh
# grundy CLI checks that golden files cannot express: inputs at the judge's
# size limit, long batches (answers flushed as they come), --explain on a
# large input, help, and a missing FILE.
. "$(dirname "$0")/lib.sh"

# 300000 pieces, the judge's maximum: 149999 pairs of equal pieces cancel,
# the last two (rook (0, 5) and king (1, 0): 5 xor 1) leave 4.
awk 'BEGIN {
	print 300000
	split("R B K N P", c, " ")
	for (i = 0; i < 149999; i++) {
		x = (i * 7919) % 1000000000; y = (i * 104729 + 13) % 1000000000
		l = "" x " " y " " c[i % 5 + 1]; print l; print l
	}
	print "0 5 R"; print "1 0 K"
}' > "$TMP/max.in"
expect "boj 16880 at N = 300000" 0 "koosaga
" "" boj 16880 "$TMP/max.in"

sed '$d' "$TMP/max.in" | sed '$d' > "$TMP/short.in"
col=$(tail -n 1 "$TMP/short.in" | wc -c)   # just past the last token
col=$((col))
expect "N = 300000 with two lines missing" 3 "" \
	"boardlab: $TMP/short.in:299999:$col: error: expected 300000 pieces, found end of input after 299998
" boj 16880 "$TMP/short.in"

bl grundy solve --explain "$TMP/max.in" > "$TMP/explain.out" 2> "$TMP/err"
st=$?
lines=$(wc -l < "$TMP/explain.out")
last=$(tail -n 1 "$TMP/explain.out")
[ "$st" -eq 0 ] && [ "$lines" -eq 300002 ] && [ "$(head -n 1 "$TMP/explain.out")" = koosaga ] &&
	[ "$last" = "xor of 300000 values = 4, not 0: koosaga, who moves first, has a move to xor 0 and wins" ]
tap_ok $? "--explain prints all 300000 pieces, then the total ($lines lines)"

# 30000 instances: 300000 bytes of answers, more than one flush.
awk 'BEGIN { for (i = 0; i < 30000; i++) print (i % 2 ? "1 2 2 B" : "1 0 0 R") }' > "$TMP/batch.in"
bl grundy solve --batch "$TMP/batch.in" > "$TMP/batch.out" 2> "$TMP/err"
st=$?
[ "$st" -eq 0 ] && [ ! -s "$TMP/err" ] && [ "$(wc -l < "$TMP/batch.out")" -eq 30000 ] &&
	[ "$(sed -n '1p;2p' "$TMP/batch.out" | tr '\n' ' ')" = "cubelover koosaga " ] &&
	[ "$(sort "$TMP/batch.out" | uniq -c | awk '{ print $1 }' | tr '\n' ' ')" = "15000 15000 " ]
tap_ok $? "--batch with 30000 instances"

# A bad instance after the flushed answers: the answers before it stay.
{ cat "$TMP/batch.in"; echo "1 0 0 X"; } > "$TMP/batch-bad.in"
bl grundy solve --batch "$TMP/batch-bad.in" > "$TMP/batch.out" 2> "$TMP/err"
st=$?
[ "$st" -eq 3 ] && [ "$(wc -l < "$TMP/batch.out")" -eq 30000 ] &&
	grep -qx "boardlab: $TMP/batch-bad.in:30001:7: error: instance 30001: expected a piece R, B, K, N or P, found 'X'" "$TMP/err"
tap_ok $? "--batch keeps 30000 answers before a bad instance 30001"

bl grundy solve --help > "$TMP/out" 2> "$TMP/err"
st=$?
[ "$st" -eq 0 ] && grep -q -- '--only LETTER' "$TMP/out" && grep -q -- '--explain' "$TMP/out" &&
	grep -q -- '--boj' "$TMP/out" && [ ! -s "$TMP/err" ]
tap_ok $? "grundy solve --help lists the options"

bl grundy --help > "$TMP/out" 2> "$TMP/err"
[ $? -eq 0 ] && grep -q '^  solve ' "$TMP/out"
tap_ok $? "grundy --help lists solve"

expect_status "a missing FILE is an i/o error" 4 grundy solve "$TMP/no-such-file"

bl demo > "$TMP/out" 2> "$TMP/err"
sed -n '/^== grundy/,/^== puyo/p' "$TMP/out" > "$TMP/demo"
grep -q '^answer: koosaga (the xor is not 0)$' "$TMP/demo" && [ "$(wc -l < "$TMP/demo")" -lt 40 ]
tap_ok $? "the demo solves the built-in example in under 40 lines"

tap_done
