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

# ---- Tsu, JSON, trace, best, gen, check, bench ----
F19="$TESTS_DIR/data/puyo/f19.txt"
expect "F19 under Tsu: 19 chains, 175,080 points" 0 "19 chains, 175080 points, 2501 ojama sent, all clear
" "" puyo solve --rules tsu "$F19"
expect "the BOJ sample under Tsu: 3 chains, 1,000 points" 0 "3 chains, 1000 points, 14 ojama sent, all clear
" "" puyo solve --rules tsu "$G/sample.in"

if command -v python3 > /dev/null 2>&1; then
	bl puyo solve --rules tsu --format json "$F19" | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["chains"] == 19 and d["score"] == 175080 and d["ojama_sent"] == 2501, d
assert d["rules"] == "tsu" and d["rows"] == 13 and d["all_clear"] is True, d
'
	tap_ok $? "solve --format json: valid JSON, F19's figures"

	cat "$G/sample.in" "$G/sample.in" | bl puyo solve --batch --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert isinstance(d, list) and len(d) == 2 and all(x["chains"] == 3 for x in d), d
'
	tap_ok $? "solve --batch --format json: one array of the answers"

	bl puyo trace --rules tsu --format json "$F19" | python3 -c '
import json, sys
d = json.load(sys.stdin)
steps = d["steps"]
assert len(steps) == 19 and d["chains"] == 19, len(steps)
assert sum(s["score"] for s in steps) == d["score"] == 175080
assert [s["chain"] for s in steps] == list(range(1, 20))
for s in steps:
    assert s["popped"] == sum(g["size"] for g in s["groups"])
    assert all(len(g["cells"]) == g["size"] for g in s["groups"])
    m = max(1, min(999, s["cp"] + s["cb"] + s["gb"]))
    assert s["score"] == 10 * s["popped"] * m
    assert len(s["field"]) == 13 and all(len(r) == 6 for r in s["field"])
assert steps[-1]["field"] == ["......"] * 13
'
	tap_ok $? "trace --format json: 19 steps whose scores add up to 175,080"

	cat "$G/sample.in" "$G/sample.in" | bl puyo trace --batch --format json | python3 -c '
import json, sys
lines = sys.stdin.read().splitlines()
assert len(lines) == 2, lines
assert all(json.loads(l)["chains"] == 3 for l in lines)
'
	tap_ok $? "trace --batch --format json: one document per line"

	bl puyo best --rules tsu --next RG,BY --format json "$G/sample.in" | python3 -c '
import json, sys
d = json.load(sys.stdin)
m = d["moves"]
assert len(m) == 22 and [x["rank"] for x in m] == list(range(1, 23))
assert all(len(x["placements"]) == 2 for x in m)
assert all(x["score"] == sum(p["score"] for p in x["placements"]) for x in m)
assert [x["score"] for x in m] == sorted((x["score"] for x in m), reverse=True)
'
	tap_ok $? "best --format json: 22 two-pair plans, best first, totals add up"
fi

# Colour: only on a terminal, never with NO_COLOR, always with --color always.
esc=$(printf '\033')
bl puyo trace "$G/sample.in" > "$TMP/plain"
! grep -q "$esc" "$TMP/plain"
tap_ok $? "trace: no colour when standard output is not a terminal"
bl puyo trace --color always "$G/sample.in" > "$TMP/colour"
grep -q "$esc\[1;31mR" "$TMP/colour" && sed "s/$esc\[[0-9;]*m//g" "$TMP/colour" | cmp -s - "$TMP/plain"
tap_ok $? "trace --color always: the same text with ANSI colours"
if command -v script > /dev/null 2>&1 && [ -z "$BL_WRAP" ]; then
	script -qec "$BOARDLAB puyo trace $G/sample.in" /dev/null > "$TMP/tty" 2>&1
	grep -q "$esc\[1;31mR" "$TMP/tty"
	tap_ok $? "trace on a terminal: coloured"
	NO_COLOR=1 script -qec "$BOARDLAB puyo trace $G/sample.in" /dev/null > "$TMP/tty" 2>&1
	! grep -q "$esc\[1;3" "$TMP/tty"
	tap_ok $? "trace on a terminal with NO_COLOR: plain"
fi

# gen: reproducible, instance i alone, valid, solvable in batch, within the judge's limits.
bl puyo gen --seed 42 --count 6 > "$TMP/g1"
bl puyo gen --seed 42 --count 6 > "$TMP/g2"
cmp -s "$TMP/g1" "$TMP/g2" && [ "$(wc -l < "$TMP/g1")" -eq 72 ]
tap_ok $? "gen: the same seed gives the same 6 fields of 12 lines"
bl puyo gen --seed 42 --first 4 --count 1 > "$TMP/g4"
sed -n 37,48p "$TMP/g1" | cmp -s - "$TMP/g4"
tap_ok $? "gen --first 4 --count 1 is the 4th field of the run"
bl puyo gen --seed 43 --count 6 | cmp -s - "$TMP/g1"
[ $? -ne 0 ]
tap_ok $? "gen: another seed, other fields"
bl puyo gen --boj --count 50 --seed 5 > "$TMP/g50"
bl puyo check --boj --batch "$TMP/g50" > "$TMP/c50"
grep -qx "$TMP/g50: valid, 50 instances" "$TMP/c50" && [ "$(bl boj 11559 --batch "$TMP/g50" | wc -l)" -eq 50 ]
tap_ok $? "gen --boj: 50 fields the judge's format accepts, and boj 11559 --batch answers each"
# gen --kind chain: exactly N chains, for every N it takes, on many seeds.
# chain_range RULES ROWS COLOURS MAX: N from 1 to MAX, fewer seeds for long chains.
chain_range() {
	n=1
	while [ "$n" -le "$4" ]; do
		if [ "$n" -le 8 ]; then k=12; else k=4; fi
		# Under valgrind: one field of every third length.
		[ -n "$BL_WRAP" ] && { k=1; [ $((n % 3)) -eq 1 ] || [ "$n" -eq "$4" ] || { n=$((n + 1)); continue; }; }
		bl puyo gen --rules "$1" --rows "$2" --colours "$3" --kind chain --chains "$n" \
			--count "$k" --seed "$((n * 7 + $2))" > "$TMP/gc" ||
			{ echo "#   $1 $2 rows $3 colours: gen --chains $n failed"; return 1; }
		bl puyo solve --rules "$1" --rows "$2" --batch "$TMP/gc" | cut -d' ' -f1 | sort -u > "$TMP/gcn"
		[ "$(cat "$TMP/gcn")" = "$n" ] ||
			{ echo "#   $1 $2 rows $3 colours, --chains $n: got $(tr '\n' ' ' < "$TMP/gcn")"; return 1; }
		n=$((n + 1))
	done
}
fail=0
chain_range boj 12 4 16 || fail=1
chain_range tsu 13 4 17 || fail=1
chain_range tsu 14 5 18 || fail=1
chain_range boj 12 3 15 || fail=1
chain_range tsu 13 2 7 || fail=1
chain_range boj 12 1 1 || fail=1
tap_ok "$fail" "gen --kind chain --chains N: exactly N chains, for every N allowed"
bl puyo gen --kind chain --chains 17 > "$TMP/out" 2> "$TMP/err"
[ $? -eq 2 ] && [ ! -s "$TMP/out" ] &&
	grep -qx "boardlab: error: invalid value '17' for --chains: expected an integer from 1 to 16 with 12 rows and 4 colours" "$TMP/err"
tap_ok $? "gen --chains above what it reaches every time is a usage error"
bl puyo gen --rules tsu --kind chain --chains 5 --ojama 5 --count 3 | bl puyo solve --rules tsu --batch > "$TMP/tsu"
[ "$(grep -c ' chains, ' "$TMP/tsu")" -eq 3 ]
tap_ok $? "gen --rules tsu with ojama: 13-line fields solve under Tsu"

# The engines agree through the CLI; the variable is checked.
bl puyo gen --count 200 --seed 9 --kind random > "$TMP/g200"
bl puyo solve --batch --rules boj --format json "$TMP/g200" > "$TMP/auto"
BOARDLAB_PUYO_ENGINE=portable bl puyo solve --batch --format json "$TMP/g200" > "$TMP/portable"
cmp -s "$TMP/auto" "$TMP/portable"
tap_ok $? "BOARDLAB_PUYO_ENGINE=portable: the same 200 answers"
BOARDLAB_PUYO_ENGINE=fast bl puyo solve "$G/sample.in" > "$TMP/out" 2> "$TMP/err"
[ $? -eq 2 ] && [ ! -s "$TMP/out" ] &&
	grep -qx "boardlab: error: invalid value 'fast' for BOARDLAB_PUYO_ENGINE: expected auto, portable or bmi2" "$TMP/err"
tap_ok $? "BOARDLAB_PUYO_ENGINE=fast is a usage error"
# Every verb that runs the engine reads the variable: trace and best too.
bl puyo gen --rules tsu --kind chain --chains 4 --count 20 --seed 3 > "$TMP/g20"
fail=0
for verb in "trace --format json" "trace" "best --next RG,BY" "solve --explain"; do
	# shellcheck disable=SC2086
	bl puyo $verb --rules tsu --batch "$TMP/g20" > "$TMP/auto" || fail=1
	for e in portable bmi2; do
		# shellcheck disable=SC2086
		BOARDLAB_PUYO_ENGINE=$e bl puyo $verb --rules tsu --batch "$TMP/g20" \
			> "$TMP/$e" 2> "$TMP/$e.err"
		st=$?
		# bmi2 where the CPU has none: exit 4 and the reason, from every verb.
		if [ "$e" = bmi2 ] && [ "$st" -eq 4 ]; then
			grep -q "this CPU has no BMI2" "$TMP/$e.err" || fail=1
			continue
		fi
		cmp -s "$TMP/auto" "$TMP/$e" || { echo "#   $verb: $e differs"; fail=1; }
	done
	BOARDLAB_PUYO_ENGINE=fast bl puyo $verb "$TMP/g20" > /dev/null 2>&1
	[ $? -eq 2 ] || { echo "#   $verb: BOARDLAB_PUYO_ENGINE=fast not a usage error"; fail=1; }
done
tap_ok "$fail" "BOARDLAB_PUYO_ENGINE applies to trace, best and --explain, with the same answers"

# --color auto on a terminal: colour unless NO_COLOR is set, even to "".
cat > "$TMP/on_tty.py" <<'EOF'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out = b''
while True:
    try:
        b = os.read(fd, 4096)
    except OSError:
        break
    if not b:
        break
    out += b
os.waitpid(pid, 0)
sys.stdout.write('colour\n' if b'\x1b[' in out else 'plain\n')
EOF
fail=0
if command -v python3 > /dev/null && [ -z "$BL_WRAP" ]; then
	t=$(env -u NO_COLOR python3 "$TMP/on_tty.py" "$BOARDLAB" puyo trace "$G/sample.in")
	[ "$t" = colour ] || { echo "#   NO_COLOR unset: $t"; fail=1; }
	t=$(NO_COLOR= python3 "$TMP/on_tty.py" "$BOARDLAB" puyo trace "$G/sample.in")
	[ "$t" = plain ] || { echo "#   NO_COLOR empty: $t"; fail=1; }
	t=$(NO_COLOR=1 python3 "$TMP/on_tty.py" "$BOARDLAB" puyo trace "$G/sample.in")
	[ "$t" = plain ] || { echo "#   NO_COLOR=1: $t"; fail=1; }
fi
tap_ok "$fail" "trace on a terminal: colour when NO_COLOR is unset, none when it is set, even empty"

# bench --quick: every row runs, the engines agree with the reference.
bl puyo bench --quick > "$TMP/bench" 2> "$TMP/bench.err"
st=$?
[ "$st" -eq 0 ] && [ ! -s "$TMP/bench.err" ] && grep -q '^F19 (19 chains, Tsu), portable' "$TMP/bench" &&
	grep -q '^random full fields (4 colours), portable' "$TMP/bench" && grep -q '^best ' "$TMP/bench"
tap_ok $? "bench --quick runs every workload and the engines agree"

# The two-word planes (machines without SSE2) against the reference: the
# library and the differential tests of the engine and of the bitboard API
# built again with PUYO_NO_SIMD; and the portable path's SSE2 bit counts
# (CPUs without popcnt) with PUYO_NO_POPCNT.
ROOT=$(cd "$TESTS_DIR/.." && pwd)
if [ -z "$BL_WRAP" ]; then
	for build in t-puyo-bits:PUYO_NO_SIMD t-puyo-bits-diff:PUYO_NO_SIMD \
		t-puyo-bits-diff:PUYO_NO_POPCNT; do
		t=${build%:*} def=${build#*:}
		# shellcheck disable=SC2086  # BL_CC is a command line
		${BL_CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -D$def -I"$ROOT/include" \
			-I"$ROOT/lib" -I"$ROOT/bench" -I"$ROOT/tests" -o "$TMP/$t-$def" \
			"$ROOT/tests/unit/$t.c" "$ROOT/tests/tap.c" "$ROOT/tests/puyo_fields.c" \
			"$ROOT/bench/ref/puyo_ref.c" \
			"$ROOT"/lib/*.c -lm > "$TMP/cc.log" 2>&1 &&
			BL_TEST_QUICK=1 "$TMP/$t-$def" > "$TMP/$def.tap" 2>&1 &&
			! grep -q '^not ok' "$TMP/$def.tap"
		st=$?
		[ "$st" -eq 0 ] || sed 's/^/#   /' "$TMP/cc.log" "$TMP/$def.tap" | head -n 20
		tap_ok "$st" "$def: $t agrees with the reference"
	done
fi
tap_done
