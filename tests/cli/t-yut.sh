#!/bin/sh
# yut's CLI beyond the golden cases: help generated from the verb table, the
# demo's part, a long batch that the CLI flushes as it goes, the board text
# round trip, the JSON documents parsed, gen's streams, plans that add up,
# and the bench's quick run.
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
grep -A1 -x '\$ boardlab yut solve --expect --turns 10' "$TMP/yut" | tail -n 1 |
	grep -qx '203.112029 (exact 396703182/1953125)' || { echo "#   no expectation under its command"; fail=1; }
[ "$(wc -l < "$TMP/yut")" -lt 40 ] || { echo "#   the yut part is 40 lines or more"; fail=1; }
tap_ok "$fail" "demo: the example, its answer 214, a 10-move plan and the expectation"

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

# The built-in board: what `yut board` prints is examples/yut-board.txt,
# byte for byte, and reading it back prints the same bytes.
EX="$TESTS_DIR/../examples/yut-board.txt"
bl yut board > "$TMP/board" 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 0 ] && [ ! -s "$TMP/err" ] || fail=1
same "$TMP/board" "$EX" "yut board" || fail=1
bl yut board --board "$EX" > "$TMP/again" 2>&1 || fail=1
same "$TMP/again" "$EX" "yut board --board examples/yut-board.txt" || fail=1
tap_ok "$fail" "yut board is examples/yut-board.txt and reads back to the same bytes"

# The built-in board as a file gives the same answers as the built-in one.
bl yut gen --count 200 --seed 11 --length 14 > "$TMP/dice"
bl yut solve --batch "$TMP/dice" > "$TMP/a" 2>&1
bl yut solve --batch --board "$EX" "$TMP/dice" > "$TMP/b" 2>&1
[ "$(wc -l < "$TMP/a")" -eq 200 ] && cmp -s "$TMP/a" "$TMP/b"
tap_ok $? "200 games: --board examples/yut-board.txt answers as the built-in board"

# JSON documents parse, and their fields say what the text says.  The
# output must have at least one document; CHECK holds for each one, d, and
# may look at all of them in order, docs.
json_ok() {   # json_ok NAME PYTHON-CHECK ARGS... < input
	name=$1 check=$2
	shift 2
	bl "$@" > "$TMP/json" 2> "$TMP/err"
	st=$?
	fail=0
	[ "$st" -eq 0 ] || { echo "#   exit status $st"; fail=1; }
	python3 -c "import json,sys
docs = [json.loads(line) for line in open(sys.argv[1])]
assert docs, 'no JSON document on standard output'
for d in docs:
    assert $check, d" "$TMP/json" > "$TMP/py" 2>&1 ||
		{ sed 's/^/#   /' "$TMP/py" | tail -n 3; fail=1; }
	tap_ok "$fail" "$name"
}
# (json_ok reads a file, not a pipe: a pipe would run it in a subshell.)
echo 5 1 2 3 4 5 5 3 2 4 > "$TMP/in"
json_ok "plan --format json: 10 moves whose points add up to 214" \
	"d['total'] == 214 and len(d['moves']) == 10 and sum(m['points'] for m in d['moves']) == d['total'] and d['moves'][-1]['total'] == 214 and d['unused_dice'] == 0" \
	yut plan --format json < "$TMP/in"
json_ok "solve --expect --format json: the exact fraction is the value" \
	"d['exact'] == '396703182/1953125' and abs(d['expected'] - 396703182/1953125) < 1e-6 and d['states'] > 0" \
	yut solve --expect --turns 10 --format json
json_ok "advise --format json: every legal move, best first, the horses on start as one" \
	"len(d['moves']) == 2 and d['moves'][0]['horse'] == 1 and d['moves'][1]['horses'] == [2, 3, 4] and all(a['expected'] >= b['expected'] for a, b in zip(d['moves'], d['moves'][1:]))" \
	yut advise --at 10,start,start,start --turns 9 --roll 3 --format json
json_ok "board --format json: 33 cells, 3 blue arrows" \
	"len(d['cells']) == 33 and sum(c['blue'] is not None for c in d['cells']) == 3 and d['start'] == 'start'" \
	yut board --format json
printf '1 2 3\n5 5 5 5\n' > "$TMP/in"
json_ok "solve --format json --batch: one document a line, the totals 20 and 40 in order" \
	"[x['total'] for x in docs] == [20, 40] and [x['dice'] for x in docs] == [[1, 2, 3], [5, 5, 5, 5]]" \
	yut solve --format json --batch --horses 1 < "$TMP/in"

# gen: instance i alone is line i of the run; gen feeds solve and the judge.
bl yut gen --boj --seed 5 --count 30 > "$TMP/run"
fail=0
for i in 1 2 17 30; do
	bl yut gen --boj --seed 5 --first "$i" --count 1 > "$TMP/one"
	sed -n "${i}p" "$TMP/run" | cmp -s - "$TMP/one" || { echo "#   instance $i differs"; fail=1; }
done
bl yut gen --boj --seed 6 --count 30 | cmp -s - "$TMP/run" && { echo "#   seeds 5 and 6 agree"; fail=1; }
tap_ok "$fail" "gen --first I --count 1 is instance I of the run; another seed, other dice"

bl yut gen --boj --seed 8 --count 500 | bl boj 17825 --batch > "$TMP/out" 2> "$TMP/err"
st=$?
[ "$st" -eq 0 ] && [ ! -s "$TMP/err" ] && [ "$(wc -l < "$TMP/out")" -eq 500 ]
tap_ok $? "gen --boj --count 500 | boj 17825 --batch: 500 answers"

bl yut gen --seed 8 --count 3 --length 10000 > "$TMP/long"
bl yut check --batch "$TMP/long" > "$TMP/out" 2>&1
grep -q ': valid, 3 instances$' "$TMP/out"
tap_ok $? "gen --length 10000: check finds 3 valid instances"

# Plans of random games with 1 to 8 horses add up to solve's total.
fail=0
for h in 1 2 3 5 8; do
	bl yut gen --seed "$h" --count 20 --length 12 > "$TMP/g"
	bl yut solve --batch --horses "$h" "$TMP/g" > "$TMP/totals"
	bl yut plan --batch --horses "$h" --format json "$TMP/g" > "$TMP/plans"
	python3 -c "import json,sys
totals = [int(x) for x in open(sys.argv[1])]
plans = [json.loads(l) for l in open(sys.argv[2])]
assert len(plans) == len(totals) == 20
for t, p in zip(totals, plans):
    assert p['total'] == t == sum(m['points'] for m in p['moves'])
    assert len(p['moves']) + p['unused_dice'] == len(p['dice'])" "$TMP/totals" "$TMP/plans" ||
		{ echo "#   $h horses"; fail=1; }
done
tap_ok "$fail" "plans of 100 games with 1 to 8 horses add up to solve's totals"

# bench --quick runs every workload and agrees with the reference.
bl yut bench --quick > "$TMP/out" 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 0 ] || { echo "#   exit status $st"; sed 's/^/#   /' "$TMP/err"; fail=1; }
grep -q '^judge instances, one batch (50) ' "$TMP/out" || fail=1
grep -q '^6 horses, 20 dice: states per game ' "$TMP/out" || fail=1
grep -q '^expect --dice sticks --turns 6: states ' "$TMP/out" || fail=1
tap_ok "$fail" "bench --quick: every workload runs, boardlab and the reference agree"

for verb in plan advise board gen check bench; do
	bl yut "$verb" --help > "$TMP/out" 2>&1 && grep -q '^example:' "$TMP/out"
	tap_ok $? "yut $verb --help has an example"
done

# A board file is read whole but bounded: 1 MiB passes the size check, a
# byte more is refused (status 4) before anything is parsed.
awk 'BEGIN { for (i = 0; i < 1048576 / 64; i++) printf "%63s\n", "#" }' > "$TMP/big"
bl yut board --board "$TMP/big" > /dev/null 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 3 ] && grep -q "big:16384:64: error: expected a 'start' line" "$TMP/err" ||
	{ echo "#   1 MiB: status $st"; sed 's/^/#   /' "$TMP/err"; fail=1; }
printf '#' >> "$TMP/big"
bl yut board --board "$TMP/big" > "$TMP/out" 2> "$TMP/err"
st=$?
[ "$st" -eq 4 ] && [ ! -s "$TMP/out" ] &&
	grep -q 'big: error: board file larger than 1048576 bytes$' "$TMP/err" ||
	{ echo "#   1 MiB + 1: status $st"; sed 's/^/#   /' "$TMP/err"; fail=1; }
tap_ok "$fail" "a board file of 1 MiB is read, one byte more is refused"

tap_done
