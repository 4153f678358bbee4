#!/bin/sh
# --max-memory BYTES: its values (K, M, G, bad ones), and for each verb that
# takes it the exact refusal, with status 4 and nothing on standard output,
# at the point the bound is passed; and a bound that is large enough changes
# no answer.
. "$(dirname "$0")/lib.sh"
EX="$TESTS_DIR/../examples"

# The option's values.
bad_value() {   # bad_value VALUE
	expect "--max-memory '$1' is a usage error" 2 "" \
		"boardlab: error: invalid value '$1' for --max-memory: expected a size from 1 to 1024G, in bytes or with a suffix K, M or G (512M)
see 'boardlab tower solve --help'
" tower solve --max-memory "$1" "$EX/tower.txt"
}
for v in 0 0K "" -5 12X 1.5M 4MB M 1025G 1099511627777 99999999999999999999999; do
	bad_value "$v"
done
bl tower solve "$EX/tower.txt" > "$TMP/plain.out" 2>&1
for v in 1073741824 1048576K 1024M 1G 1g 1099511627776; do
	expect "--max-memory $v, large enough, changes nothing" 0 "$(cat "$TMP/plain.out")
" "" tower solve --max-memory "$v" "$EX/tower.txt"
done

# tower: a board whose memory passes the bound is refused at its size,
# before its cells are read (the header alone is enough).
printf '4096 9\n' > "$TMP/big.txt"
msg="error: a 4096x4096 board with 9 pieces needs up to 212 MiB, more than the 64 MiB allowed"
for verb in solve trace render; do
	expect "tower $verb: a 4096x4096 board over 64M" 4 "" \
		"boardlab: $TMP/big.txt:1:1: $msg
" tower "$verb" --max-memory 64M "$TMP/big.txt"
done
expect "tower solve: 212M is enough for that board's header (then the colours are missing)" 3 "" \
	"boardlab: $TMP/big.txt:1:7: error: expected a colour 0, 1 or 2, found end of input
" tower solve --max-memory 212M "$TMP/big.txt"
# The largest instance of all needs 296 MiB (310,101,592 bytes, rounded up).
printf '4096 1000000\n' > "$TMP/bigk.txt"
expect "tower solve: the largest instance over 295M" 4 "" \
	"boardlab: $TMP/bigk.txt:1:1: error: a 4096x4096 board with 1000000 pieces needs up to 296 MiB, more than the 295 MiB allowed
" tower solve --max-memory 295M "$TMP/bigk.txt"
expect "tower solve: 296M is enough for the largest instance's header" 3 "" \
	"boardlab: $TMP/bigk.txt:1:13: error: expected a colour 0, 1 or 2, found end of input
" tower solve --max-memory 296M "$TMP/bigk.txt"
expect "tower solve: 3M is too little for any board (the history alone)" 4 "" \
	"boardlab: $EX/tower.txt:1:1: error: a 6x6 board with 10 pieces needs up to 4 MiB, more than the 3 MiB allowed
" tower solve --max-memory 3M "$EX/tower.txt"
# In a batch the answers before the refused instance stay.
{ cat "$EX/tower.txt"; printf '\n  1000 3\n'; } > "$TMP/batch.txt"
line=$(($(wc -l < "$EX/tower.txt") + 2))
expect "tower solve --batch: instance 2 over the bound" 4 "$(head -n 1 "$TMP/plain.out")
" "boardlab: $TMP/batch.txt:$line:3: error: instance 2: a 1000x1000 board with 3 pieces needs up to 17 MiB, more than the 16 MiB allowed
" tower solve --batch --max-memory 16M "$TMP/batch.txt"

# yut: the search's tables, counted as they grow.
expect "yut solve --expect over 1M" 4 "" \
	"boardlab: error: the search needs more memory than the 1 MiB allowed (8192 states so far)
" yut solve --expect --turns 10 --max-memory 1M
expect "yut solve --expect within 8M: the answer without the option" 0 \
	"203.112029 (exact 396703182/1953125)
" "" yut solve --expect --turns 10 --max-memory 8M
echo 5 1 2 3 4 5 5 3 2 4 > "$TMP/dice.txt"
expect "yut solve over 64K" 4 "" \
	"boardlab: $TMP/dice.txt: error: the search needs more memory than the 64 KiB allowed (0 states so far)
" yut solve --max-memory 64K "$TMP/dice.txt"
expect "yut solve within 1M" 0 "214
" "" yut solve --max-memory 1M "$TMP/dice.txt"
expect "yut plan over 100K" 4 "" \
	"boardlab: $TMP/dice.txt: error: the search needs more memory than the 100 KiB allowed (1024 states so far)
" yut plan --max-memory 100K "$TMP/dice.txt"
bl yut plan "$TMP/dice.txt" > "$TMP/plan.out" 2>&1
expect "yut plan within 1M: the plan without the option" 0 "$(cat "$TMP/plan.out")
" "" yut plan --max-memory 1M "$TMP/dice.txt"
expect "yut trace over 100K (plan's search)" 4 "" \
	"boardlab: $TMP/dice.txt: error: the search needs more memory than the 100 KiB allowed (1024 states so far)
" yut trace --max-memory 100K "$TMP/dice.txt"
bl yut trace "$TMP/dice.txt" > "$TMP/trace.out" 2>&1
expect "yut trace within 1M: the trace without the option" 0 "$(cat "$TMP/trace.out")
" "" yut trace --max-memory 1M "$TMP/dice.txt"
expect "yut advise over 64K" 4 "" \
	"boardlab: error: the search needs more memory than the 64 KiB allowed (512 states so far)
" yut advise --at 10,start,start,start --turns 9 --roll 3 --max-memory 64K
# --max-memory replaces the default bound of states (docs/limits.md): 6 horses
# and 40 rolls stop at the bytes, 16M, not at a count of states.
expect "yut solve --expect: 6 horses, 40 rolls over 16M" 4 "" \
	"boardlab: error: the search needs more memory than the 16 MiB allowed (131072 states so far)
" yut solve --expect --turns 40 --horses 6 --max-memory 16M

# grundy: the tables of pieces without a closed form, together.
Q='Q = leap(1,2) + ride(1,1)'
printf '1\n3000 2 Q\n' > "$TMP/q.txt"
expect "grundy solve: a table over 8M" 4 "" \
	"boardlab: $TMP/q.txt:2:1: error: piece 'Q' has no closed form and x = 3000 is beyond the largest table that fits in 8 MiB, 1403 x 1403
" grundy solve --piece "$Q" --max-memory 8M "$TMP/q.txt"
expect "grundy hint: a table over 8M" 4 "" \
	"boardlab: $TMP/q.txt:2:1: error: piece 'Q' has no closed form and x = 3000 is beyond the largest table that fits in 8 MiB, 1403 x 1403
" grundy hint --piece "$Q" --max-memory 8M "$TMP/q.txt"
bl grundy solve --piece "$Q" "$TMP/q.txt" > "$TMP/q.out" 2>&1
expect "grundy solve: within 128M, the answer without the option" 0 "$(cat "$TMP/q.out")
" "" grundy solve --piece "$Q" --max-memory 128M "$TMP/q.txt"
for verb in trace render; do
	expect "grundy $verb: a table over 8M" 4 "" \
		"boardlab: $TMP/q.txt:2:1: error: piece 'Q' has no closed form and x = 3000 is beyond the largest table that fits in 8 MiB, 1403 x 1403
" grundy "$verb" --piece "$Q" --max-memory 8M "$TMP/q.txt"
	bl grundy "$verb" --piece "$Q" "$TMP/q.txt" > "$TMP/q.out" 2>&1
	expect "grundy $verb: within 128M, the output without the option" 0 "$(cat "$TMP/q.out")
" "" grundy "$verb" --piece "$Q" --max-memory 128M "$TMP/q.txt"
done
printf '2\n3000 2 Q\n3000 2 Z\n' > "$TMP/qz.txt"
expect "grundy solve: two tables share the bound" 4 "" \
	"boardlab: $TMP/qz.txt:3:1: error: piece 'Z' has no closed form and x = 3000 is beyond the largest table that fits in 64 MiB, 86 x 86
" grundy solve --piece "$Q; Z = leap(2,1) + ride(0,1)" --max-memory 64M "$TMP/qz.txt"
expect "grundy table over 32M" 4 "" \
	"boardlab: error: a 4096 x 4096 table of piece 'R' needs 73 MiB, more than the 32 MiB allowed (the largest that fits is 2728 x 2728)
" grundy table R --size 4096 --max-memory 32M
expect "grundy verify over 8M" 4 "" \
	"boardlab: error: a 2000 x 2000 table of piece 'K' needs 16 MiB, more than the 8 MiB allowed (the largest that fits is 1448 x 1448)
" grundy verify K --size 2000 --max-memory 8M
bl grundy verify K --size 64 > "$TMP/verify.out" 2>&1
expect "grundy verify within 1M: the report without the option" 0 "$(cat "$TMP/verify.out")
" "" grundy verify K --size 64 --max-memory 1M

# Side files: a --piece-file is read up to 16 MiB (a comment of 16 MiB is a
# valid file), a byte more is refused, status 4.
printf '1\n3 4 R\n' > "$TMP/r.txt"
python3 -c 'import sys; sys.stdout.write("#" + " " * ((1 << 24) - 2) + "\n")' > "$TMP/pf16.txt"
expect "grundy --piece-file of exactly 16 MiB is read" 0 "koosaga
" "" grundy solve --piece-file "$TMP/pf16.txt" "$TMP/r.txt"
python3 -c 'import sys; sys.stdout.write("#" + " " * ((1 << 24) - 1) + "\n")' > "$TMP/pf16.txt"
expect "grundy --piece-file of 16 MiB and a byte is refused" 4 "" \
	"boardlab: $TMP/pf16.txt: error: too large for a piece file (more than 16 MiB)
" grundy solve --piece-file "$TMP/pf16.txt" "$TMP/r.txt"
rm -f "$TMP/pf16.txt"

# Every verb that takes the option says so in its help.
for v in "tower solve" "tower trace" "tower render" "yut solve" "yut plan" "yut advise" \
	"yut trace" "grundy solve" "grundy hint" "grundy table" "grundy verify" "grundy trace" \
	"grundy render"; do
	# shellcheck disable=SC2086  # v is two words
	bl $v --help | grep -q -- '^  --max-memory BYTES'
	tap_ok $? "$v --help lists --max-memory"
done
tap_done
