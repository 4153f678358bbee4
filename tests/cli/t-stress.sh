#!/bin/sh
# stress: the deliberately wrong solutions of tests/stress/ are found, shrunk
# to a small case (each check states its bound) that still fails when run
# by hand, with the right verdict; a right solution passes; usage errors,
# a command that cannot run, PE, RE by exit status, whitespace-only
# differences, --jobs and --save; and no process is left behind by a TLE.
. "$(dirname "$0")/lib.sh"

SOL="${BL_TESTS:-$(dirname "$BOARDLAB")/tests}/stress"
# Under valgrind (BL_WRAP, or BL_TEST_QUICK) boardlab is slow: fewer runs.
RUNS=200
[ -n "$BL_TEST_QUICK$BL_WRAP" ] && RUNS=20

# field N FILE: the Nth whitespace-separated number of an instance.
field() {
	tr -s ' \n' '\n\n' < "$2" | sed -n "${1}p"
}

# stress_fail NAME VERDICT DIR [ARGS...]: runs stress with --save DIR,
# expects exit 1, VERDICT opening the report, and the saved files: the
# expected output is solve's, the found one is what the solution prints
# when run by hand on the minimal input, and they differ (or it crashes).
# Sets fail; the solution command is everything after '--' in ARGS.
stress_fail() {
	name=$1 verdict=$2 dir=$3
	shift 3
	rm -rf "$dir"
	bl "$@" > "$TMP/out" 2> "$TMP/err"
	st=$?
	fail=0
	[ "$st" -eq 1 ] || { echo "#   $name: exit status $st, want 1"; sed 's/^/#   /' "$TMP/err"; fail=1; }
	head -n 1 "$TMP/out" | grep -q "^$verdict " ||
		{ echo "#   $name: report opens with: $(head -n 1 "$TMP/out")"; fail=1; }
	for f in original.in minimal.in expected.out found.out; do
		[ -f "$dir/$f" ] || { echo "#   $name: no $f saved"; fail=1; }
	done
	grep -q '^reference trace of the \(minimal \|original \)*input' "$TMP/out" ||
		{ echo "#   $name: no reference trace"; fail=1; }
	grep -q "^reproduce: .* < $dir/minimal.in\$" "$TMP/out" ||
		{ echo "#   $name: no reproduction line"; fail=1; }
}

# rerun GAME SOLVEOPTS -- CMD...: runs CMD by hand on $dir/minimal.in and
# checks that it still fails: its output is found.out and is not solve's.
rerun() {
	game=$1 opts=$2
	shift 3
	# shellcheck disable=SC2086  # opts are words
	bl "$game" solve $opts "$dir/minimal.in" > "$TMP/solve" 2>&1 ||
		{ echo "#   solve rejects the minimal input"; fail=1; }
	same "$TMP/solve" "$dir/expected.out" "expected.out against solve" || fail=1
	"$@" < "$dir/minimal.in" > "$TMP/again" 2> /dev/null
	same "$TMP/again" "$dir/found.out" "found.out against a run by hand" || fail=1
	cmp -s "$TMP/again" "$TMP/solve" && { echo "#   the minimal input passes by hand"; fail=1; }
}

# ---- usage errors and a command that cannot run ----
expect "no '--': usage error" 2 "" \
	"boardlab: error: missing '-- CMD': the command to test
see 'boardlab tower stress --help'
" tower stress --runs 3
expect "the command before '--': usage error" 2 "" \
	"boardlab: error: '--' must come before the command 'a.out'
see 'boardlab tower stress --help'
" tower stress a.out
expect "nothing after '--': usage error" 2 "" \
	"boardlab: error: missing the command after '--'
see 'boardlab yut stress --help'
" yut stress --
expect "an empty command: usage error" 2 "" \
	"boardlab: error: the command after '--' is empty
see 'boardlab puyo stress --help'
" puyo stress -- ""
expect "a bad --runs: usage error" 2 "" \
	"boardlab: error: invalid value '-1' for --runs: expected an integer from 0 to 1000000000
see 'boardlab tower stress --help'
" tower stress --runs -1 -- true
expect "--wall-ms below --timeout-ms: usage error" 2 "" \
	"boardlab: error: --wall-ms 500 is below --timeout-ms 2000: the backstop must leave a run its CPU time
see 'boardlab tower stress --help'
" tower stress --wall-ms 500 -- true
expect "a bad --jobs: usage error" 2 "" \
	"boardlab: error: invalid value '0' for --jobs: expected an integer from 1 to 64
see 'boardlab tower stress --help'
" tower stress --jobs 0 -- true
expect "a bad --timeout-ms: usage error" 2 "" \
	"boardlab: error: invalid value '1s' for --timeout-ms: expected an integer from 1 to 10000000
see 'boardlab tower stress --help'
" tower stress --timeout-ms 1s -- true
expect "another game's problem: usage error" 2 "" \
	"boardlab: error: problem 17825 is a yut problem, not tower
see 'boardlab tower stress --help'
" tower stress --problem 17825 -- true
expect "an unknown problem: usage error" 2 "" \
	"boardlab: error: unknown problem '17': expected 17780, 17837, 17825, 16880, 16879 or 11559
see 'boardlab grundy stress --help'
" grundy stress --problem 17 -- true
expect "--problem and an option it sets: usage error" 2 "" \
	"boardlab: error: --problem 17837 sets --rule already
see 'boardlab tower stress --help'
" tower stress --problem 17837 --rule bottom -- true
expect "a bad game option, as gen reports it: usage error" 2 "" \
	"boardlab: error: invalid value 'up' for --rule: expected carry or bottom
see 'boardlab tower stress --help'
" tower stress --rule up -- true
expect "a command that cannot be executed: status 4" 4 "" \
	"boardlab: error: cannot execute './no-such-solution': No such file or directory
" tower stress -- ./no-such-solution

bl tower stress --help > "$TMP/help" 2>&1
fail=$?
for o in --problem --seed --runs --timeout-ms --wall-ms --jobs --shrink-ms --save --rule --size example:; do
	grep -q -- "$o" "$TMP/help" || { echo "#   help lacks $o"; fail=1; }
done
tap_ok "$fail" "tower stress --help lists its options and an example"

# stress refuses a game or gen option that none of the verbs it runs (gen,
# solve, the game's trace) takes, naming it, rather than drop it unseen (an
# option added to GAME_game_opts alone). Every one it lists reaches one.
for g in tower yut grundy puyo; do
	fail=0 n=0
	# NAME:1 for an option with a value (its metavariable is upper case), NAME:0 for a flag
	for o in $(bl "$g" stress --help | awk '/^  --/ { print substr($1, 3) ":" ($2 ~ /^[A-Z]/) }'); do
		case ${o%:*} in problem | seed | runs | timeout-ms | jobs | shrink-ms | save | keep-going | format | help) continue ;; esac
		n=$((n + 1))
		if [ "${o#*:}" = 1 ]; then
			bl "$g" stress --runs 0 "--${o%:*}" 1 -- true > /dev/null 2> "$TMP/err"
		else
			bl "$g" stress --runs 0 "--${o%:*}" -- true > /dev/null 2> "$TMP/err"
		fi
		# the forwarding was reached (no argument before '--'), and passed
		grep -q "taken by none of the verbs\|before '--'" "$TMP/err" &&
			{ echo "#   $g stress --${o%:*}: $(head -n 1 "$TMP/err")"; fail=1; }
	done
	[ "$n" -ge 3 ] || { echo "#   $g stress lists $n game and gen options"; fail=1; }
	tap_ok "$fail" "$g stress: each of its $n game and gen options reaches a verb it runs"
done

# ---- right solutions pass ----
expect "tower: a right solution passes $RUNS runs" 0 \
	"OK: $RUNS runs passed (seed 1, instances 1 to $RUNS)
" "" tower stress --runs "$RUNS" -- "$SOL/tower" ok
expect "tower, bottom rule, --jobs 3: a right solution passes $RUNS runs" 0 \
	"OK: $RUNS runs passed (seed 7, instances 1 to $RUNS)
" "" tower stress --problem 17780 --seed 7 --jobs 3 --runs "$RUNS" -- "$SOL/tower" bottom ok
expect "yut, --jobs 2: a right solution passes $RUNS runs" 0 \
	"OK: $RUNS runs passed (seed 1, instances 1 to $RUNS)
" "" yut stress --problem 17825 --jobs 2 --runs "$RUNS" -- "$SOL/yut" ok
expect "puyo: a right solution passes $RUNS runs" 0 \
	"OK: $RUNS runs passed (seed 1, instances 1 to $RUNS)
" "" puyo stress --problem 11559 --runs "$RUNS" -- "$SOL/puyo" ok
expect "grundy: boardlab itself passes against itself" 0 \
	"OK: 20 runs passed (seed 1, instances 1 to 20)
" "" grundy stress --problem 16880 --runs 20 -- "$BOARDLAB" boj 16880
expect "--runs 0: nothing to run, nothing fails" 0 \
	"OK: 0 runs passed (seed 1, instances 1 to 0)
" "" tower stress --runs 0 -- "$SOL/tower" ok

# Started with SIGCHLD ignored (inherited across exec), stress still sees
# its runs end: they pass, not a TLE each.
if command -v perl > /dev/null; then
	# shellcheck disable=SC2086  # BL_WRAP is a command line
	perl -e '$SIG{CHLD} = "IGNORE"; exec @ARGV' $BL_WRAP "$BOARDLAB" tower stress --runs 3 \
		--timeout-ms 2000 -- "$SOL/tower" ok > "$TMP/out" 2>&1
	st=$?
	printf 'OK: 3 runs passed (seed 1, instances 1 to 3)\n' > "$TMP/want"
	fail=0
	[ "$st" -eq 0 ] || { echo "#   exit status $st"; fail=1; }
	same "$TMP/out" "$TMP/want" stdout || fail=1
	tap_ok "$fail" "SIGCHLD ignored by the caller: the runs are still waited for"
fi

# ---- the wrong ones are found and shrunk ----
D="$TMP/end-check"
stress_fail "end-check" WA "$D" tower stress --shrink-ms 60000 --save "$D" -- "$SOL/tower" end-check
n=$(field 1 "$D/minimal.in") k=$(field 2 "$D/minimal.in")
[ "$n" -le 4 ] && [ "$k" -le 4 ] || { echo "#   minimal N=$n K=$k, want N <= 4, K <= 4"; fail=1; }
rerun tower "" -- "$SOL/tower" end-check
# The original is gen's instance, and the report's command regenerates it.
bl tower gen --seed 1 --first 1 --count 1 > "$TMP/gen"
same "$D/original.in" "$TMP/gen" "original.in against gen" || fail=1
grep -qx 'original: boardlab tower gen --seed 1 --first 1 --count 1 | .*/tower end-check' \
	"$TMP/out" || { echo "#   no original: line"; fail=1; }
tap_ok "$fail" "tower, heights checked at the end of a turn: WA, shrunk to N <= 4, K <= 4, fails by hand"

D="$TMP/red-bounce"
stress_fail "red-bounce" WA "$D" tower stress --problem 17837 --shrink-ms 60000 --save "$D" -- "$SOL/tower" red-bounce
n=$(field 1 "$D/minimal.in") k=$(field 2 "$D/minimal.in")
[ "$n" -le 5 ] && [ "$k" -le 4 ] || { echo "#   minimal N=$n K=$k, want N <= 5, K <= 4"; fail=1; }
# The bug needs a red cell: shrinking must not have whitened them all.
head -n $((n + 1)) "$D/minimal.in" | tail -n "$n" | grep -qw 1 ||
	{ echo "#   the minimal board has no red cell"; fail=1; }
rerun tower "--rule carry --boj" -- "$SOL/tower" red-bounce
grep -q '^original: boardlab tower gen --rule carry --boj --seed 1 ' "$TMP/out" ||
	{ echo "#   the original command lacks the preset's options"; fail=1; }
tap_ok "$fail" "tower, no reversal on red after a bounce (17837): WA, shrunk to N <= 5, K <= 4 with a red cell"

# A piece blocked on both sides turns back to its first direction: the
# games part only once a piece below carries it away, hundreds of turns
# in.  Shrinking cuts the game (the position after a turn as an input)
# and prefers a short one: the game expected ends within 30 turns.
D="$TMP/stuck"
stress_fail "stuck" WA "$D" tower stress --problem 17837 --shrink-ms 60000 --save "$D" -- "$SOL/tower" stuck
n=$(field 1 "$D/minimal.in") k=$(field 2 "$D/minimal.in") e=$(field 1 "$D/expected.out")
[ "$n" -le 5 ] && [ "$k" -le 5 ] && [ "$e" -ge 1 ] && [ "$e" -le 30 ] ||
	{ echo "#   minimal N=$n K=$k, expected $e: want N <= 5, K <= 5, a stack by turn 30"; fail=1; }
rerun tower "--rule carry --boj" -- "$SOL/tower" stuck
f=$(field 1 "$D/found.out")
grep -qx "reference trace of the minimal input (boardlab tower trace --rule carry --boj --found $f):" "$TMP/out" ||
	{ echo "#   the trace is not pointed at the found answer $f"; fail=1; }
grep -q "^expected $e, found $f: the games part by turn [0-9]*\$" "$TMP/out" ||
	{ echo "#   no line on where the games part"; fail=1; }
# A local minimum within 200 reductions: a solution that takes a second a
# run gets there in a few minutes (the found answer's turn is last in the
# order, so reductions that keep the game's length are not all run).
# Under valgrind boardlab's own part may spend the budget first.
[ -n "$BL_WRAP" ] ||
	sed -n 4p "$TMP/out" | grep -q '^shrunk in [0-9]* steps ([0-9]* reductions run, [0-9.]* s)$' ||
	{ echo "#   not at a local minimum: $(sed -n 4p "$TMP/out")"; fail=1; }
r=$(sed -n '4s/.*(\([0-9]*\) reductions run.*/\1/p' "$TMP/out")
[ "${r:-999}" -le 200 ] || { echo "#   $r reductions run, want at most 200"; fail=1; }
tap_ok "$fail" "tower, a piece blocked both ways turns back (17837): WA, shrunk to a local minimum in at most 200 reductions, N <= 5 and a game of at most 30 turns, the trace at the turn where the games part"

# The same bug in Python (tests/judge/wa-17837-stuck.py), with stress's
# defaults but --save, as a newcomer runs it: the shrinking budget adapts
# to Python's slower runs, and the case still ends on a board of at most
# 5x5 whose game ends within 30 turns, the report at the turn where the
# games part.  (Not under valgrind: boardlab's own part is too slow there.)
PY=$(command -v python3)
if [ -n "$PY" ] && head -c 2 "$PY" | grep -q '#!' && command -v pyenv > /dev/null; then
	PY=$(pyenv which python3)   # a pyenv shim costs tenths of a second a run
fi
if [ -n "$PY" ] && [ -z "$BL_WRAP" ]; then
	D="$TMP/stuck-py"
	stress_fail "stuck (Python)" WA "$D" tower stress --problem 17837 --save "$D" -- \
		"$PY" "$TESTS_DIR/judge/wa-17837-stuck.py"
	n=$(field 1 "$D/minimal.in") e=$(field 1 "$D/expected.out") f=$(field 1 "$D/found.out")
	[ "$n" -le 5 ] && [ "$e" -ge 1 ] && [ "$e" -le 30 ] ||
		{ echo "#   minimal N=$n, expected $e: want N <= 5, a stack by turn 30"; fail=1; }
	grep -q "^expected $e, found $f: the games part by turn [0-9]*\$" "$TMP/out" ||
		{ echo "#   no line on where the games part"; fail=1; }
	rerun tower "--rule carry --boj" -- "$PY" "$TESTS_DIR/judge/wa-17837-stuck.py"
	tap_ok "$fail" "tower in Python, a piece blocked both ways turns back (17837), default options: shrunk to N <= 5 and a game of at most 30 turns ($(sed -n 4p "$TMP/out"))"
fi

D="$TMP/crash"
stress_fail "crash" RE "$D" tower stress --shrink-ms 60000 --save "$D" -- "$SOL/tower" crash
n=$(field 1 "$D/minimal.in") k=$(field 2 "$D/minimal.in")
[ "$n" -le 2 ] && [ "$k" -eq 1 ] || { echo "#   minimal N=$n K=$k, want N <= 2, K = 1"; fail=1; }
grep -qx '  killed by SIGABRT' "$TMP/out" || { echo "#   no SIGABRT named"; fail=1; }
"$SOL/tower" crash < "$D/minimal.in" > /dev/null 2>&1
st=$?
[ "$st" -gt 128 ] || { echo "#   by hand it exits $st, not by a signal"; fail=1; }
tap_ok "$fail" "tower, a crash on the edge: RE killed by SIGABRT, shrunk to N <= 2, K = 1"

# Time limits are on CPU time; the wall-clock backstop (--wall-ms) stops a
# run that does not use its CPU: IDLE, not TLE.  The bounds are loose on
# purpose: a loaded machine slows the wall clock, not the CPU time (and a
# limit of 300 ms leaves room for asan's start, about 100 ms of CPU).
D="$TMP/spin"
stress_fail "spin" TLE "$D" tower stress --timeout-ms 300 --wall-ms 5000 --shrink-ms 60000 \
	--save "$D" -- "$SOL/tower" spin
n=$(field 1 "$D/minimal.in") k=$(field 2 "$D/minimal.in")
[ "$n" -le 3 ] && [ "$k" -eq 2 ] || { echo "#   minimal N=$n K=$k, want N <= 3, K = 2"; fail=1; }
sed -n 2p "$TMP/out" | grep -qx '  [0-9]* ms of CPU time, over the limit of 300 ms ([0-9]* ms wall)' ||
	{ echo "#   no TLE reason: $(sed -n 2p "$TMP/out")"; fail=1; }
cpu=$(sed -n '2s/^  \([0-9]*\) ms of CPU.*/\1/p' "$TMP/out")
[ "${cpu:-0}" -ge 300 ] || { echo "#   $cpu ms of CPU time, not over 300"; fail=1; }
grep -q '^  still TLE: [0-9]* ms of CPU time, over the limit of 300 ms' "$TMP/out" ||
	{ echo "#   the shrunk input is not TLE"; fail=1; }
tap_ok "$fail" "tower, a busy loop when two pieces meet: TLE on CPU time (the report shows CPU and wall), shrunk to N <= 3, K = 2"

# (A limit of 500 ms: under asan a run's start alone costs about 100 ms of CPU.)
expect "a run that sleeps 0.8 s under a CPU limit of 500 ms is not TLE" 0 \
	"OK: 2 runs passed (seed 1, instances 1 to 2)
" "" tower stress --runs 2 --timeout-ms 500 -- sh -c 'sleep 0.8; exec "$0" ok' "$SOL/tower"

D="$TMP/sleep"
mkdir -p "$TMP/pids"
STRESS_PIDS="$TMP/pids" stress_fail "sleep" IDLE "$D" tower stress --timeout-ms 300 --wall-ms 600 \
	--shrink-ms 60000 --save "$D" -- "$SOL/tower" sleep
k=$(field 2 "$D/minimal.in")
[ "$k" -le 3 ] || { echo "#   minimal K=$k, want K <= 3"; fail=1; }
head -n 1 "$TMP/out" | grep -qx 'IDLE (wall-clock time-out) on instance 1 of seed 1, after 1 run' ||
	{ echo "#   report opens with: $(head -n 1 "$TMP/out")"; fail=1; }
sed -n 2p "$TMP/out" |
	grep -qx '  stopped by the wall-clock backstop at [0-9]* ms, after [0-9]* ms of CPU time (limit 300 ms); its process group was killed' ||
	{ echo "#   no IDLE reason: $(sed -n 2p "$TMP/out")"; fail=1; }
# Every sleeper and the child it forked are gone (a zombie waiting for
# init to reap it counts as gone): a moment's grace for SIGKILL.
pids=$(cat "$TMP/pids/pids" 2> /dev/null)
[ -n "$pids" ] || { echo "#   no pids recorded"; fail=1; }
alive() {
	if [ -d /proc/self ]; then
		state=$(sed 's/.*) //' "/proc/$1/stat" 2> /dev/null | cut -d' ' -f1)
		[ -n "$state" ] && [ "$state" != Z ]
	else
		kill -0 "$1" 2> /dev/null
	fi
}
for p in $pids; do
	t=0
	while alive "$p" && [ $t -lt 20 ]; do
		sleep 0.1
		t=$((t + 1))
	done
	alive "$p" && { echo "#   process $p is left behind"; kill -9 "$p"; fail=1; }
done
tap_ok "$fail" "tower, a solution that sleeps and forks: IDLE (stopped by the backstop, not TLE), shrunk to K <= 3, no process left behind"

# A process that leaves its run's process group (setsid) is killed all the
# same once its parent has gone (stress is the runs' subreaper on Linux):
# a right answer, then a sleeper in a session of its own; and a CMD that
# is setsid itself, whose leader exits at once (PE, no output).
if [ "$(uname -s)" = Linux ] && command -v setsid > /dev/null; then
	: > "$TMP/esc.pids"
	bl tower stress --problem 17837 --runs 3 -- sh -c \
		'"$0" boj 17837; setsid sleep 300 < /dev/null > /dev/null 2>&1 & echo $! >> "$1"; sleep 0.1' \
		"$BOARDLAB" "$TMP/esc.pids" > "$TMP/out" 2>&1
	st=$?
	fail=0
	[ "$st" -eq 0 ] || { echo "#   exit status $st"; fail=1; }
	bl tower stress --runs 1 --shrink-ms 500 -- setsid sh -c 'echo $$ >> "$0"; exec sleep 300' \
		"$TMP/esc.pids" > "$TMP/out" 2>&1
	st=$?
	[ "$st" -eq 1 ] || { echo "#   exit status $st"; fail=1; }
	[ "$(wc -l < "$TMP/esc.pids")" -ge 3 ] || { echo "#   fewer than 3 pids recorded"; fail=1; }
	for p in $(cat "$TMP/esc.pids"); do
		t=0
		while alive "$p" && [ $t -lt 20 ]; do
			sleep 0.1
			t=$((t + 1))
		done
		alive "$p" && { echo "#   process $p is left behind"; kill -9 "$p"; fail=1; }
	done
	tap_ok "$fail" "processes that leave their run's group (setsid) are killed too"
fi

# ---- a failure is confirmed, alone, before it is shrunk and after ----
# A coin that comes up "wrong" the first time it is tossed only (mkdir
# succeeds once): the failure does not repeat when the instance is run
# again alone, so it is flaky, shown with both outcomes, and not shrunk.
bl tower stress --problem 17837 -- sh -c \
	'if mkdir "$1" 2> /dev/null; then cat > /dev/null; echo 12345; else exec "$0" boj 17837; fi' \
	"$BOARDLAB" "$TMP/coin" > "$TMP/out" 2> "$TMP/err"
st=$?
a=$(bl tower gen --rule carry --boj --seed 1 --first 1 --count 1 | bl boj 17837)
{
	echo 'WA (wrong answer) on instance 1 of seed 1, after 1 run'
	echo "  token 1: expected '$a', found '12345'"
	echo 'flaky: run again alone, it did not fail the same way, so it is not shrunk'
	echo '  run again: OK (accepted)'
	echo 'input:'
} > "$TMP/want"
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; fail=1; }
sed -n '1,2p; 4,6p' "$TMP/out" > "$TMP/got"
same "$TMP/got" "$TMP/want" "the report's head" || fail=1
grep -q '^shrunk in' "$TMP/out" && { echo "#   a flaky failure was shrunk"; fail=1; }
grep -qx 'reference trace of the input (boardlab tower trace --rule carry --boj --found 12345):' "$TMP/out" ||
	{ echo "#   no trace of the input"; fail=1; }
[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
tap_ok "$fail" "a failure that does not repeat when run again alone is flaky: both outcomes, not shrunk, status 1"

# The minimal input is run once more at the end.  Wrong on 5 pieces or
# more, and on fewer the first time only: shrinking takes a 4-piece input
# that then passes, and the report falls back to the last input that
# fails again, one with 5 pieces or more.
D="$TMP/fallback"
rm -rf "$TMP/coin"
stress_fail "fallback" WA "$D" tower stress --problem 17837 --shrink-ms 60000 --save "$D" -- sh -c \
	'in=$(cat); set -- "$0" "$1" $in; if [ "$4" -ge 5 ] || mkdir "$2" 2> /dev/null; then echo 12345; else printf "%s\n" "$in" | "$1" boj 17837; fi' \
	"$BOARDLAB" "$TMP/coin"
sed -n 6,7p "$TMP/out" > "$TMP/got"
printf '%s\n' 'but run again alone, the minimal input did not fail the same way:' \
	'  run again: OK (accepted)' > "$TMP/want"
same "$TMP/got" "$TMP/want" "the lines after shrinking" || fail=1
sed -n 8p "$TMP/out" |
	grep -q "^  shown instead: the input after step [0-9]*, which did: WA (wrong answer): token 1: expected '[-0-9]*', found '12345'\$" ||
	{ echo "#   no fallback line: $(sed -n 8p "$TMP/out")"; fail=1; }
sed -n 9p "$TMP/out" | grep -qx 'input:' || { echo "#   no 'input:' heading"; fail=1; }
k=$(field 2 "$D/minimal.in")
[ "$k" -ge 5 ] || { echo "#   the input shown has K=$k, which passes"; fail=1; }
grep -qx '12345' "$D/found.out" || fail=1
tap_ok "$fail" "a minimal input that does not fail when run again: the report falls back to the last one that does, and says so"

# Wrong the first 4 times it runs, whatever the input: the original
# failed twice (its run and the run again alone), the two steps of
# shrinking once each, and nothing fails after: the original is shown.
D="$TMP/fallback2"
stress_fail "fallback to the original" WA "$D" tower stress --problem 17837 --save "$D" -- sh -c \
	'n=$(cat "$1" 2> /dev/null || echo 0); echo $((n + 1)) > "$1"; if [ "$n" -lt 4 ]; then cat > /dev/null; echo 12345; else exec "$0" boj 17837; fi' \
	"$BOARDLAB" "$TMP/count"
sed 's/^\(shrunk in [0-9]* steps*\) (.*)$/\1/; s/expected .[-0-9]*., found/expected E, found/' \
	"$TMP/out" | sed -n '4,9p' > "$TMP/got"
{
	echo 'shrunk in 2 steps'
	echo "  still WA: token 1: expected E, found '12345'"
	echo 'but run again alone, the minimal input did not fail the same way:'
	echo '  run again: OK (accepted)'
	echo '  shown instead: the original input, which did, twice'
	echo 'input:'
} > "$TMP/want"
same "$TMP/got" "$TMP/want" "the lines after shrinking" || fail=1
same "$D/minimal.in" "$D/original.in" "the input shown against original.in" || fail=1
tap_ok "$fail" "when no shrunk input fails again, the original is shown"

D="$TMP/yut"
stress_fail "yut pass" WA "$D" yut stress --horses 2 --length 14 --shrink-ms 60000 --save "$D" -- "$SOL/yut" pass 2
m=$(wc -w < "$D/minimal.in")
[ "$m" -le 13 ] || { echo "#   $m dice, want at most 13"; fail=1; }
rerun yut "--horses 2" -- "$SOL/yut" pass 2
grep -q "^found: $(field 1 "$D/found.out"), [0-9]* more than any plan scores" "$TMP/out" ||
	{ echo "#   the found total is not beside the best"; fail=1; }
tap_ok "$fail" "yut, a finished horse passes (2 horses, 14 dice): WA, shrunk to at most 13 dice"

D="$TMP/puyo"
stress_fail "puyo groups" WA "$D" puyo stress --problem 11559 --shrink-ms 60000 --save "$D" -- "$SOL/puyo" groups
m=$(tr -cd 'RGBPY' < "$D/minimal.in" | wc -c)
[ "$m" -le 12 ] || { echo "#   $m puyos, want at most 12"; fail=1; }
rerun puyo "--rules boj --boj" -- "$SOL/puyo" groups
tap_ok "$fail" "puyo, each group counted as a chain (11559): WA, shrunk to at most 12 puyos"

D="$TMP/grundy"
stress_fail "grundy koosaga" WA "$D" grundy stress --problem 16880 --shrink-ms 60000 --save "$D" -- sh -c 'echo koosaga'
n=$(field 1 "$D/minimal.in") x=$(field 2 "$D/minimal.in") y=$(field 3 "$D/minimal.in")
[ "$n" -eq 1 ] && [ "$x" -lt 6 ] && [ "$y" -lt 6 ] ||
	{ echo "#   minimal: $(tr '\n' ' ' < "$D/minimal.in"), want 1 piece, x, y < 6"; fail=1; }
grep -qx 'cubelover' "$D/expected.out" || fail=1
tap_ok "$fail" "grundy, always koosaga (16880): WA, shrunk to 1 piece with x, y < 6 from x, y < 10^9"

# 5000 pieces: gen's output passes 64 KiB (where a verb flushes on the way)
# and still arrives whole; dropping halves first, 1 piece is soon left.
D="$TMP/grundy-big"
stress_fail "grundy big" WA "$D" grundy stress --pieces 5000 --shrink-ms 60000 --save "$D" -- sh -c 'echo cubelover'
bl grundy gen --pieces 5000 --seed 1 --first 1 --count 1 > "$TMP/gen"
same "$D/original.in" "$TMP/gen" "original.in against gen" || fail=1
[ "$(field 1 "$D/minimal.in")" -eq 1 ] || { echo "#   minimal: $(head -n 1 "$D/minimal.in") pieces"; fail=1; }
tap_ok "$fail" "grundy, 5000 pieces (over 64 KiB) always cubelover: WA, shrunk to 1 piece"

# A big failing input: the report stays small.  Not shrunk, its
# reproduction is gen's command, not a printf of 60 KB; the trace keeps its
# head and its tail (the verdict) with a line saying what is left out.
bl grundy stress --pieces 3000 --shrink-ms 0 --runs 1 -- sh -c 'cat > /dev/null; echo cubelover' \
	> "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st"; fail=1; }
size=$(wc -c < "$TMP/out")
[ "$size" -lt 16000 ] || { echo "#   a report of $size bytes"; fail=1; }
grep -qx "reproduce: boardlab grundy gen --pieces 3000 --seed 1 --first 1 --count 1 | sh -c 'cat > /dev/null; echo cubelover'" \
	"$TMP/out" || { echo "#   no gen command to reproduce"; grep '^reproduce' "$TMP/out" | cut -c 1-200; fail=1; }
grep -q '^\[\.\.\. [0-9]* lines, [0-9]* bytes left out: the command above, on the minimal input, shows them \.\.\.\]$' \
	"$TMP/out" || { echo "#   no cut in the trace"; fail=1; }
tail -n 1 "$TMP/out" | grep -q '^xor of 3000 values = ' || { echo "#   the trace's end is not shown"; fail=1; }
# Shrunk, but still big (it fails with over 1000 pieces only): too long
# for a printf line, and no --save: the report says so.
bl grundy stress --pieces 5000 --shrink-ms 600 --runs 1 -- sh -c \
	'in=$(cat); a=$(printf "%s\n" "$in" | "$0" boj 16880); n=${in%%[!0-9]*}; if [ "$n" -gt 1000 ]; then [ "$a" = koosaga ] && a=cubelover || a=koosaga; fi; echo "$a"' \
	"$BOARDLAB" > "$TMP/out" 2>&1
size=$(wc -c < "$TMP/out")
[ "$size" -lt 20000 ] || { echo "#   a report of $size bytes"; fail=1; }
grep -q '^reproduce: the minimal input is [0-9]* bytes, too long for one line: with --save DIR, sh -c .* < DIR/minimal.in$' \
	"$TMP/out" || { echo "#   no note instead of a printf"; grep '^reproduce' "$TMP/out" | cut -c 1-200; fail=1; }
tap_ok "$fail" "a big failing input: the reproduction and the trace are cut, the report stays under 20 KB"

# --shrink-ms 0: the original is the minimal input, and the report says why.
D="$TMP/noshrink"
stress_fail "no shrink" WA "$D" tower stress --shrink-ms 0 --save "$D" -- "$SOL/tower" end-check
same "$D/minimal.in" "$D/original.in" "minimal.in against original.in" || fail=1
grep -qx 'shrunk in 0 steps (0 reductions run, 0.0 s; stopped by the budget, --shrink-ms)' "$TMP/out" ||
	{ echo "#   no budget note"; fail=1; }
grep -qx 'original input (not shrunk):' "$TMP/out" || { echo "#   no heading 'original input (not shrunk):'"; fail=1; }
grep -qx 'reference trace of the original input (boardlab tower trace --found [0-9-]*):' "$TMP/out" ||
	{ echo "#   no trace of the original input"; fail=1; }
tap_ok "$fail" "--shrink-ms 0: the original reported as it is, under its own heading, the budget named"

# A --save folder that cannot be made (under a file, or a file itself):
# status 4 with the reason, before anything runs.
: > "$TMP/plain"
fail=0
for d in "$TMP/plain/sub" "$TMP/plain"; do
	bl tower stress --save "$d" -- sh -c 'touch "$0"' "$TMP/ran" > "$TMP/out" 2> "$TMP/err"
	st=$?
	printf 'boardlab: %s: error: cannot make the folder: Not a directory\n' "$d" > "$TMP/want"
	[ "$st" -eq 4 ] || { echo "#   exit status $st, want 4"; fail=1; }
	same "$TMP/err" "$TMP/want" stderr || fail=1
	[ -s "$TMP/out" ] && { echo "#   stdout not empty"; fail=1; }
	[ -e "$TMP/ran" ] && { echo "#   CMD was run"; fail=1; }
done
tap_ok "$fail" "--save into a folder that cannot be made: status 4 before any run"

# --save makes the folder's parents too; a run that passes leaves none of
# the folders it made.
D="$TMP/nest/deeper/fail"
stress_fail "nested --save" WA "$D" tower stress --save "$D" -- sh -c 'echo 12345'
grep -qx "saved: original.in, minimal.in, expected.out, found.out in $D" "$TMP/out" || fail=1
bl tower stress --runs 2 --save "$TMP/made/for/nothing" -- "$SOL/tower" ok > /dev/null 2>&1 || fail=1
[ -e "$TMP/made" ] && { echo "#   a passing run left $TMP/made"; fail=1; }
tap_ok "$fail" "--save DIR makes DIR's parents, and removes what it made when nothing fails"

# A file that cannot be written into DIR: the whole report all the same
# (the reproduction a printf line), then status 4.
mkdir -p "$TMP/nowrite/minimal.in"
bl tower stress --save "$TMP/nowrite" -- sh -c 'echo 12345' > "$TMP/out" 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 4 ] || { echo "#   exit status $st, want 4"; fail=1; }
grep -qx "boardlab: $TMP/nowrite/minimal.in: error: cannot write: Is a directory" "$TMP/err" ||
	{ sed 's/^/#   /' "$TMP/err"; fail=1; }
grep -q "^reproduce: printf '.*' | sh -c 'echo 12345'\$" "$TMP/out" || { echo "#   no reproduction"; fail=1; }
grep -q '^saved:' "$TMP/out" && { echo "#   saved: said of files not saved"; fail=1; }
grep -q '^reference trace of the minimal input' "$TMP/out" || { echo "#   no trace"; fail=1; }
tap_ok "$fail" "--save DIR where a file cannot be written: the whole report, then status 4"

# ---- verdicts without the test solutions ----
# The whole report, exactly, but for the time shrinking took.
cat > "$TMP/want" <<'EOF'
PE (presentation error) on instance 1 of seed 1, after 1 run
  token 1: expected an integer, '3', found 'three'
original: boardlab tower gen --dist uniform --seed 1 --first 1 --count 1 | sh -c 'echo three'
shrunk in 10 steps (20 reductions run, T s)
  still PE: token 1: expected an integer, '-1', found 'three'
minimal input:
  1 1
  0
  1 1 2
expected output:
  -1
found output:
  three
reproduce: printf '1 1\n0\n1 1 2\n' | sh -c 'echo three'
reference trace of the minimal input (boardlab tower trace):
1x1 board, 1 piece, carry rule, height 4, limit 1000
start
   1
1  W1<
answer -1
no stack of 4 can form with 1 piece
EOF
bl tower stress --dist uniform -- sh -c 'echo three' > "$TMP/out" 2> "$TMP/err"
st=$?
sed 's/, [0-9.]* s)$/, T s)/' "$TMP/out" > "$TMP/got"
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st"; fail=1; }
same "$TMP/got" "$TMP/want" stdout || fail=1
[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
tap_ok "$fail" "PE: not an integer where one is expected; the whole report, the shrink ending on a 1x1 board"

bl tower stress --runs 5 -- sh -c 'cat > /dev/null' > "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 1 ] || fail=1
sed -n 2p "$TMP/out" | grep -qx '  no output; expected 1 token' || { sed 's/^/#   /' "$TMP/out" | head -n 3; fail=1; }
grep -qx '  (nothing)' "$TMP/out" || fail=1
tap_ok "$fail" "PE: no output at all"

bl tower stress -- yes 1 > "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 1 ] || fail=1
sed -n 2p "$TMP/out" | grep -qx '  more than 1048576 bytes of output; it was killed' || fail=1
# The found output is shown cut: 40 lines, then how much more there was.
sed -n '/^found output:/,/^reproduce:/p' "$TMP/out" > "$TMP/found"
[ "$(grep -cx '  1' "$TMP/found")" -eq 40 ] || { echo "#   not 40 lines shown"; fail=1; }
grep -q '^  \.\.\. ([0-9]* more bytes)$' "$TMP/found" || { echo "#   no cut shown"; fail=1; }
tap_ok "$fail" "PE: endless output is cut at 1 MiB and the run killed; the report shows 40 lines"

# A NUL byte after the right answer: PE, and the token is shown with it
# escaped (printed as it is, it looked equal to the expected one).
a=$(bl tower gen --rule carry --boj --seed 1 --first 1 --count 1 | bl boj 17837)
bl tower stress --problem 17837 --runs 5 --shrink-ms 0 -- sh -c 'printf "%s\0\001\\\\\n" $("$0" boj 17837)' \
	"$BOARDLAB" > "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st"; fail=1; }
sed -n 2p "$TMP/out" > "$TMP/got"
printf '  token 1: expected an integer, '\''%s'\'', found '\''%s\\0\\x01\\\\'\''\n' "$a" "$a" > "$TMP/want"
same "$TMP/got" "$TMP/want" "the reason" || fail=1
tap_ok "$fail" "PE: a NUL, a control byte and a backslash in a token are shown escaped"

# One long line of output and 10000 bytes of standard error without a
# newline: both cut at 4000 bytes, with the count of the bytes not shown
# (stress keeps 4096 bytes of standard error but read all 10000), and no
# false "(no final newline)" for what was cut.
bl tower stress --runs 1 --shrink-ms 0 -- sh -c \
	'head -c 10000 /dev/zero | tr "\0" e >&2; head -c 100000 /dev/zero | tr "\0" 1; echo; exit 3' \
	> "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st"; fail=1; }
{
	echo 'found output:'
	printf '  %s\n' "$(head -c 4000 /dev/zero | tr '\0' 1)"
	echo '  ... (96001 more bytes)'
	echo 'its standard error:'
	printf '  %s\n' "$(head -c 4000 /dev/zero | tr '\0' e)"
	echo '  ... (6000 more bytes)'
} > "$TMP/want"
sed -n '/^found output:/,/^reproduce:/p' "$TMP/out" | sed '$d' > "$TMP/got"
same "$TMP/got" "$TMP/want" "the found output and standard error" || fail=1
# 3 MB on one line: PE at 1 MiB, and a report of a few KiB.
bl tower stress --problem 17837 --runs 5 -- sh -c 'head -c 3000000 /dev/zero | tr "\0" 1' > "$TMP/out" 2>&1
size=$(wc -c < "$TMP/out")
[ "$size" -lt 20000 ] || { echo "#   a report of $size bytes"; fail=1; }
grep -q 'no final newline' "$TMP/out" && { echo "#   a cut output said to have no final newline"; fail=1; }
tap_ok "$fail" "a long line of output or of standard error is cut at 4000 bytes, with the bytes not shown counted"

bl yut stress --runs 5 -- sh -c 'echo 1 2' > "$TMP/out" 2>&1
sed -n 2p "$TMP/out" | grep -qx '  2 tokens of output, expected 1'
tap_ok $? "PE: more tokens than expected"

bl puyo stress --runs 5 -- sh -c 'echo oops >&2; exit 3' > "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 1 ] || fail=1
head -n 2 "$TMP/out" | tr '\n' '|' | grep -qx 'RE (runtime error) on instance 1 of seed 1, after 1 run|  exit status 3|' ||
	{ sed 's/^/#   /' "$TMP/out" | head -n 3; fail=1; }
grep -A1 '^its standard error:' "$TMP/out" | grep -qx '  oops' || { echo "#   stderr not shown"; fail=1; }
tap_ok "$fail" "RE: a non-zero exit status, with its standard error"

bl yut stress --runs 3 -- sh -c 'kill -SEGV $$' > "$TMP/out" 2>&1
st=$?
fail=0
[ "$st" -eq 1 ] || fail=1
head -n 2 "$TMP/out" | tr '\n' '|' | grep -qx 'RE (runtime error) on instance 1 of seed 1, after 1 run|  killed by SIGSEGV|' ||
	{ sed 's/^/#   /' "$TMP/out" | head -n 3; fail=1; }
# yut's reductions end on one die of 1.
sed -n '/^minimal input:/{n;p;}' "$TMP/out" | grep -qx '  1' || { echo "#   minimal input not '1'"; fail=1; }
tap_ok "$fail" "RE: a signal is named (SIGSEGV), and yut shrinks to one die of 1"

# Trailing spaces and CRLF: OK, with the note.
bl tower stress --runs 10 -- sh -c "\"\$0\" boj 17837 | sed 's/\$/  \\r/'" "$BOARDLAB" > "$TMP/out" 2>&1
st=$?
printf 'OK: 10 runs passed (seed 1, instances 1 to 10)\nnote: 10 of them differ from the expected output in whitespace only (first: instance 1)\n' > "$TMP/want"
fail=0
[ "$st" -eq 0 ] || fail=1
same "$TMP/out" "$TMP/want" stdout || fail=1
tap_ok "$fail" "whitespace-only differences: OK, with a note"

# The note names the lowest-numbered such instance whatever --jobs: here
# instance 1 answers last (it sleeps), after instances 2 to 4.
bl tower gen --rule carry --boj --seed 1 --first 1 --count 1 > "$TMP/inst1"
bl tower stress --problem 17837 --runs 4 --jobs 4 -- sh -c \
	'in=$(cat); [ "$in" = "$(cat "$1")" ] && sleep 0.5; printf "%s\n" "$in" | "$0" boj 17837 | sed "s/\$/ /"' \
	"$BOARDLAB" "$TMP/inst1" > "$TMP/out" 2>&1
st=$?
printf 'OK: 4 runs passed (seed 1, instances 1 to 4)\nnote: 4 of them differ from the expected output in whitespace only (first: instance 1)\n' > "$TMP/want"
fail=0
[ "$st" -eq 0 ] || fail=1
same "$TMP/out" "$TMP/want" stdout || fail=1
tap_ok "$fail" "whitespace note with --jobs 4: the first instance is 1, though it ended last"

# --jobs: the failure reported is the lowest-numbered one whatever the
# jobs, and so is the minimal input (reductions run J at a time, the first
# in order that fails wins); the report is the same but for the runs done
# (the ones under way finish), the reductions run and the time taken.
# Both shrink to the end (a budget of 60 s, not 5): a loaded machine must
# not cut one short where the other was not.
bl tower stress --dist uniform --shrink-ms 60000 -- "$SOL/tower" red-bounce 2>&1 |
	sed 's/, after [0-9]* runs*$//; s/ ([0-9]* reductions* run, [0-9.]* s)$//' > "$TMP/j1"
bl tower stress --dist uniform --shrink-ms 60000 --jobs 4 -- "$SOL/tower" red-bounce 2>&1 |
	sed 's/, after [0-9]* runs*$//; s/ ([0-9]* reductions* run, [0-9.]* s)$//' > "$TMP/j4"
fail=0
same "$TMP/j4" "$TMP/j1" "--jobs 4 against --jobs 1" || fail=1
head -n 1 "$TMP/j1" | grep -qx 'WA (wrong answer) on instance 8 of seed 1' || fail=1
tap_ok "$fail" "--jobs 4 reports the failure --jobs 1 does (instance 8, not a later one)"

# --jobs: a run beside others that was not done in time (TLE) runs again
# alone once the others are over, and that run counts.  Here CMD spins on
# instances 5, 8 and 9 (those of 4 or 6 rows) and is right on the others.
# With --keep-going the counts and the failures are --jobs 1's; without it
# the first failure is instance 5 whatever --jobs, and with --jobs 3 the
# near misses above it (8 and 9) are not run again: they count as they
# first ended, TLE, so the 12 runs done all count.
spin_cmd='in=$(cat); case $in in 4\ *|6\ *) while :; do :; done ;; esac; printf "%s\n" "$in" | "$0" boj 17837'
spin_counts() {   # spin_counts FILE: the verdict, runs, counts and failures of a JSON report
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["verdict"], d["runs"], d["counts"], [(f["instance"], f["outcome"]["verdict"]) for f in d["failures"]])' "$1"
}
fail=0
for j in 1 3; do
	bl tower stress --problem 17837 --runs 12 --jobs $j --keep-going --timeout-ms 300 \
		--shrink-ms 0 --format json -- sh -c "$spin_cmd" "$BOARDLAB" > "$TMP/spin$j" 2> /dev/null
	st=$?
	[ "$st" -eq 1 ] || { echo "#   --jobs $j --keep-going: exit status $st, want 1"; fail=1; }
	spin_counts "$TMP/spin$j" > "$TMP/spin$j.got"
done
echo "TLE 12 {'OK': 9, 'TLE': 3} [(5, 'TLE'), (8, 'TLE'), (9, 'TLE')]" > "$TMP/spin.want"
same "$TMP/spin1.got" "$TMP/spin.want" "--jobs 1 --keep-going" || fail=1
same "$TMP/spin3.got" "$TMP/spin.want" "--jobs 3 --keep-going" || fail=1
bl tower stress --problem 17837 --runs 12 --jobs 3 --timeout-ms 300 --shrink-ms 0 \
	--format json -- sh -c "$spin_cmd" "$BOARDLAB" > "$TMP/spin3f" 2> /dev/null
st=$?
[ "$st" -eq 1 ] || { echo "#   --jobs 3: exit status $st, want 1"; fail=1; }
spin_counts "$TMP/spin3f" > "$TMP/spin3f.got"
python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["failure"]["instance"])' \
	"$TMP/spin3f" >> "$TMP/spin3f.got"
printf '%s\n5\n' "$(cat "$TMP/spin.want")" > "$TMP/spin3f.want"
same "$TMP/spin3f.got" "$TMP/spin3f.want" "--jobs 3" || fail=1
tap_ok "$fail" "--jobs 3: a TLE beside others runs again alone; above the failure it counts as it ended"

# Stopped by SIGTERM while a run sleeps: the run's group is killed, the
# temporary folder removed, and stress dies of the signal.
mkdir -p "$TMP/pids2" "$TMP/tmpdir2"
# shellcheck disable=SC2086  # BL_WRAP is a command line
(STRESS_PIDS="$TMP/pids2" TMPDIR="$TMP/tmpdir2" exec $BL_WRAP "$BOARDLAB" tower stress \
	--timeout-ms 100000 -- "$SOL/tower" sleep > /dev/null 2>&1) &
bg=$!
t=0
until [ -s "$TMP/pids2/pids" ] || [ $t -ge 200 ]; do
	sleep 0.05
	t=$((t + 1))
done
kill -TERM "$bg"
wait "$bg" 2> /dev/null
st=$?
fail=0
[ "$st" -eq 143 ] || { echo "#   exit status $st, want 143 (SIGTERM)"; fail=1; }
for p in $(cat "$TMP/pids2/pids" 2> /dev/null); do
	t=0
	while alive "$p" && [ $t -lt 20 ]; do
		sleep 0.1
		t=$((t + 1))
	done
	alive "$p" && { echo "#   process $p is left behind"; kill -9 "$p"; fail=1; }
done
[ -z "$(ls -A "$TMP/tmpdir2")" ] || { echo "#   temporary files left"; fail=1; }
tap_ok "$fail" "SIGTERM: the sleeping run's group is killed, nothing left, exit by the signal"

# --jobs runs in parallel: 8 runs of 0.3 s each take about 0.6 s with 4
# jobs, at least 2.4 s one after another.  Timed against the same runs with
# --jobs 1, measured just before, so that a loaded machine slows both alike:
# --jobs 4 must take less than 3/4 of it (about 1/3 on an idle machine, 0.45
# under asan with a load of 9 on 2 cores; one job at a time would take as
# long).  Under valgrind boardlab's own part is too slow to time.
# A try that a burst of load on the machine spoils is tried again, up to 3.
if [ -z "$BL_WRAP" ]; then
	for try in 1 2 3; do
		t0=$(date +%s%N)
		bl tower stress --runs 8 -- sh -c 'sleep 0.3; exec "$0" ok' "$SOL/tower" > "$TMP/out" 2>&1
		base=$((($(date +%s%N) - t0) / 1000000))
		t0=$(date +%s%N)
		bl tower stress --runs 8 --jobs 4 -- sh -c 'sleep 0.3; exec "$0" ok' "$SOL/tower" \
			> "$TMP/out" 2>&1
		st=$?
		ms=$((($(date +%s%N) - t0) / 1000000))
		fail=0
		[ "$st" -eq 0 ] || fail=1
		[ $((ms * 4)) -lt $((base * 3)) ] || { echo "#   --jobs 4 took $ms ms, --jobs 1 $base ms"; fail=1; }
		[ "$fail" -eq 0 ] && break
	done
	tap_ok "$fail" "--jobs 4: 8 runs of 0.3 s take less than 3/4 of the time of --jobs 1 ($ms ms, $base ms)"
fi

# A run that leaves a child holding its standard output open is seen to
# end at once (SIGCHLD wakes stress), not when a poll times out (about
# 0.1 s a run when they were polled: 3 s over 30 runs).  Timed against the
# same 30 runs without the child, measured just before, so that a loaded
# machine slows both alike; the margin, 1.5 s on an idle machine, grows with
# that time (a load of 30 once took it past 1.5 s).
if [ -z "$BL_WRAP" ]; then
	for try in 1 2 3; do
		t0=$(date +%s%N)
		bl tower stress --problem 17837 --runs 30 -- sh -c '"$0" boj 17837' "$BOARDLAB" \
			> "$TMP/out" 2>&1
		base=$((($(date +%s%N) - t0) / 1000000))
		t0=$(date +%s%N)
		bl tower stress --problem 17837 --runs 30 -- sh -c '"$0" boj 17837; (sleep 30 &)' \
			"$BOARDLAB" > "$TMP/out" 2>&1
		st=$?
		ms=$((($(date +%s%N) - t0) / 1000000))
		fail=0
		[ "$st" -eq 0 ] || fail=1
		margin=$((base / 2 > 1500 ? base / 2 : 1500))
		[ "$ms" -lt $((base + margin)) ] ||
			{ echo "#   30 runs took $ms ms, $base ms without the child"; fail=1; }
		[ "$fail" -eq 0 ] && break
	done
	tap_ok "$fail" "a run whose child keeps its output open: its end seen at once (30 runs in $ms ms, $base ms without the child)"
fi

# --keep-going: every instance runs, the failures are counted by verdict
# and listed, then the first is reported as without it; the same with
# --jobs 3 (the list in order of instance whatever the order runs end in).
for jobs in 1 3; do
	bl tower stress --problem 17837 --dist uniform --runs 40 --keep-going --jobs $jobs --shrink-ms 0 -- \
		"$SOL/tower" stuck > "$TMP/out" 2> "$TMP/err"
	st=$?
	a=$(printf '%s\n' 15 21 22 32 | while read -r i; do
		bl tower gen --rule carry --boj --dist uniform --seed 1 --first "$i" --count 1 | bl boj 17837; done | tr '\n' ' ')
	set -- $a
	{
		echo '4 of 40 runs failed (seed 1): WA 4'
		echo "  instance 15: WA (wrong answer): token 1: expected '$1', found '621'"
		echo "  instance 21: WA (wrong answer): token 1: expected '$2', found '992'"
		echo "  instance 22: WA (wrong answer): token 1: expected '$3', found '319'"
		echo "  instance 32: WA (wrong answer): token 1: expected '$4', found '-1'"
		echo 'WA (wrong answer) on instance 15 of seed 1, after 40 runs'
	} > "$TMP/want"
	fail=0
	[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; fail=1; }
	head -n 6 "$TMP/out" > "$TMP/got"
	same "$TMP/got" "$TMP/want" "the counts and the list" || fail=1
	[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
	tap_ok "$fail" "--keep-going --jobs $jobs: all 40 runs, 4 failures counted by verdict and listed, the first reported"
done

# --format json: the report as one document, for scripts.
bl tower stress --problem 17837 --dist uniform --runs 40 --keep-going --shrink-ms 0 --format json -- \
	"$SOL/tower" stuck > "$TMP/out" 2> "$TMP/err"
st=$?
python3 - "$TMP/out" << 'PY' > "$TMP/got" 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
f = d["failure"]
print(d["game"], d["problem"], d["seed"], d["instances"], d["runs"], d["failed"], d["verdict"])
print(sorted(d["counts"].items()), [x["instance"] for x in d["failures"]])
print(f["instance"], f["found_as"]["verdict"], f["gen"], f["flaky"], f["shrink"]["steps"],
      f["shrink"]["stopped"], f["confirmed"], f["shown"], f["found"].strip())
print(f["reproduce"].startswith("printf '11 8\\n"), f["trace_command"],
      f["trace"].startswith("11x11 board, 8 pieces, carry rule, height 4, limit 1000\n"))
PY
{
	echo 'tower 17837 1 40 40 4 WA'
	echo "[('OK', 36), ('WA', 4)] [15, 21, 22, 32]"
	echo '15 WA boardlab tower gen --rule carry --boj --dist uniform --seed 1 --first 15 --count 1 False 0 stopped by the budget, --shrink-ms True original 621'
	echo 'True boardlab tower trace --rule carry --boj --found 621 True'
} > "$TMP/want"
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; fail=1; }
same "$TMP/got" "$TMP/want" "the document's fields" || fail=1
[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
bl tower stress --runs 3 --format json -- "$SOL/tower" ok > "$TMP/out" 2>&1
st=$?
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["verdict"], d["runs"], d["counts"], d["failure"])' \
	"$TMP/out" > "$TMP/got" 2>&1
echo "OK 3 {'OK': 3} None" > "$TMP/want"
[ "$st" -eq 0 ] || { echo "#   exit status $st, want 0"; fail=1; }
same "$TMP/got" "$TMP/want" "a run that passed" || fail=1
tap_ok "$fail" "--format json: one document, the counts, the failures, the first one's check, input, outputs and trace"

# On a terminal, progress on standard error (runs done, failures, the
# rate; while shrinking, the steps and reductions), each line cleared
# before the report's; none when standard error is not a terminal (every
# test above).
if command -v script > /dev/null && [ -z "$BL_WRAP" ]; then
	script -qec "'$BOARDLAB' tower stress --problem 17837 --dist uniform --runs 16 --shrink-ms 300 -- '$SOL/tower' stuck" \
		/dev/null > "$TMP/tty" 2>&1
	fail=0
	grep -q "stress tower: 15/16 runs, 1 failed, [0-9.]*/s" "$TMP/tty" ||
		{ echo "#   no progress of the runs"; fail=1; }
	grep -q "stress tower: shrinking, [0-9]* steps*, [0-9]* reductions* run" "$TMP/tty" ||
		{ echo "#   no progress of shrinking"; fail=1; }
	grep -q "$(printf '\r\033\\[K')WA (wrong answer) on instance 15" "$TMP/tty" ||
		{ echo "#   the progress line is not cleared before the report"; fail=1; }
	tap_ok "$fail" "on a terminal: progress of the runs and of shrinking on standard error, cleared before the report"
fi

# No temporary files are left behind.
mkdir -p "$TMP/tmpdir"
TMPDIR="$TMP/tmpdir" bl tower stress --runs 3 -- "$SOL/tower" crash > /dev/null 2>&1
TMPDIR="$TMP/tmpdir" bl tower stress --runs 3 -- "$SOL/tower" ok > /dev/null 2>&1
# ... nor when the report's reader goes away (SIGPIPE) before its end.
TMPDIR="$TMP/tmpdir" bl tower stress -- "$SOL/tower" end-check 2> /dev/null | head -n 1 > /dev/null
[ -z "$(ls -A "$TMP/tmpdir")" ]
tap_ok $? "the temporary folder is removed, also when the report's reader goes away"

tap_done
