#!/bin/sh
# judge: every verdict on programs of known behaviour (a correct solution of
# each problem in C, Python ones within --time-scale, a wrong one, a busy
# loop, 1 GiB, endless output, signals, an exit status after the right
# answer, extra spaces, nothing), the report's lines and its summary (no
# diagnosis of an accepted solution: t-diagnose has the wrong ones), the
# JSON document, --list, --input, --export and --tests, usage errors, a
# command that cannot run, and no process left behind.
. "$(dirname "$0")/lib.sh"

SOL="$TESTS_DIR/judge"
CC=${BL_CC:-cc}
PY=$(command -v python3)
# A pyenv shim is a shell script that costs tenths of a second of CPU before
# Python starts: judge the interpreter itself (docs/judge.md).
if [ -n "$PY" ] && head -c 2 "$PY" | grep -q '#!' && command -v pyenv > /dev/null; then
	PY=$(pyenv which python3)
fi

# build NAME: compiles tests/judge/NAME.c into $TMP/NAME.
build() {
	# shellcheck disable=SC2086  # CC is a command line
	$CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -o "$TMP/$1" "$SOL/$1.c" 2> "$TMP/cc.err" ||
		{ echo "#   cannot build $1:"; sed 's/^/#   /' "$TMP/cc.err"; }
}

# judge_is NAME STATUS VERDICT [ARGS...]: runs judge with ARGS, expects the
# exit status and a summary line opening with "VERDICT: "; stdout in $TMP/out.
judge_is() {
	name=$1 want_status=$2 verdict=$3
	shift 3
	bl judge "$@" > "$TMP/out" 2> "$TMP/err"
	st=$?
	fail=0
	[ "$st" -eq "$want_status" ] ||
		{ echo "#   exit status $st, want $want_status"; sed 's/^/#   stderr: /' "$TMP/err" | head -n 5; fail=1; }
	grep -q "^$verdict: " "$TMP/out" ||
		{ echo "#   no '$verdict: ' summary:"; tail -n 12 "$TMP/out" | sed 's/^/#   /'; fail=1; }
	tap_ok "$fail" "$name"
}

# Under valgrind (BL_WRAP) boardlab is slow, most of all building the
# grundy suites' 300,000-piece tests: two problems there, all six here.
PROBLEMS="17780 17837 17825 16880 16879 11559"
[ -n "$BL_WRAP" ] && PROBLEMS="17837 11559"

# ---- correct solutions of every problem ----
for p in $PROBLEMS; do
	build "$p"
	judge_is "$p: the C solution is accepted on every test" 0 AC "$p" -- "$TMP/$p"
	n=$(bl judge "$p" --list | tail -n +2 | wc -l)
	grep -q "^AC: $n/$n tests, max [0-9.]* s, [0-9.]* MiB\$" "$TMP/out"
	tap_ok $? "$p: the summary counts the $n tests of the suite"
	lines=$(grep -c '^ *[0-9]*  AC  ' "$TMP/out")
	[ "$lines" -eq "$n" ]
	tap_ok $? "$p: one AC line per test ($lines)"
	! grep -q '^likely mistake\|^diagnosis' "$TMP/out"
	tap_ok $? "$p: no diagnosis of an accepted solution"
done
if [ -n "$PY" ] && [ -z "$BL_WRAP" ]; then
	for p in 17837 16880 11559; do
		judge_is "$p: the Python solution is accepted with --time-scale 10" 0 AC \
			"$p" --time-scale 10 -- "$PY" "$SOL/$p.py"
		! grep -q '^likely mistake\|^diagnosis' "$TMP/out"
		tap_ok $? "$p: no diagnosis of the accepted Python solution"
	done
fi

# A run starts as a copy of boardlab, and the kernel counts what the copy
# held: boardlab forks small (the suite's 300,000-piece inputs freed), so a
# solution's peak is its own, and its temporary folder is gone at the end.
# (Not under valgrind or the sanitizers: there boardlab, or the solution
# built with them, is large by itself.)
case "$BL_WRAP $CC" in
*valgrind* | *sanitize*) MEASURED= ;;
*) MEASURED=1 ;;
esac
if [ -n "$MEASURED" ]; then
	mkdir -p "$TMP/tmpdir"
	TMPDIR="$TMP/tmpdir" bl judge 16880 --format json -- "$TMP/16880" > "$TMP/json"
	"${PY:-python3}" -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (d["verdict"] == "AC" and d["max_memory_bytes"] < 12 << 20))' "$TMP/json"
	tap_ok $? "16880: the peak memory is the solution's, not boardlab's (under 12 MiB)"
	[ -z "$(ls -A "$TMP/tmpdir")" ]
	tap_ok $? "16880: nothing left in TMPDIR"
fi

# A script's own start counts in every test: the head says so.
printf '#!/bin/sh\nexec "%s"\n' "$TMP/17837" > "$TMP/sol.sh"
chmod +x "$TMP/sol.sh"
judge_is "a script running the solution: AC" 0 AC 17837 -- "$TMP/sol.sh"
grep -q "^note: $TMP/sol.sh is a script ($TMP/sol.sh): the CPU time it spends before your program starts counts in every test (judge the program it runs)\$" "$TMP/out"
tap_ok $? "a script: the head says that its start counts"

# ---- wrong answers and the report of the first failure ----
build 17837
build wa-17837-end-of-turn
judge_is "17837, the height checked at the end of the turn: WA" 1 WA \
	17837 -- "$TMP/wa-17837-end-of-turn"
first=$(sed -n 's/^first failure: test \([0-9]*\) .*/\1/p' "$TMP/out")
fail=0
[ -n "$first" ] || { echo "#   no first failure line"; fail=1; }
grep -q "^  wrong answer: token 1: expected '" "$TMP/out" || { echo "#   no why line"; fail=1; }
grep -q "^  reproduce: $BOARDLAB judge 17837 --input $first | $TMP/wa-17837-end-of-turn\$" "$TMP/out" ||
	{ echo "#   no reproduce line"; fail=1; }
# The reproduce line does reproduce: the program's answer differs from the expected one.
bl judge 17837 --input "$first" > "$TMP/in"
"$TMP/wa-17837-end-of-turn" < "$TMP/in" > "$TMP/found"
bl boj 17837 "$TMP/in" > "$TMP/expected"
cmp -s "$TMP/found" "$TMP/expected" && { echo "#   the first failing test passes by hand"; fail=1; }
tap_ok "$fail" "17837 WA: the first failure's why, and a reproduce line that reproduces it"

# ---- every wrong solution of tests/judge is caught by the suite ----
for f in "$SOL"/wa-*.c; do
	w=$(basename "$f" .c)
	p=$(echo "$w" | cut -d- -f2)
	case " $PROBLEMS " in *" $p "*) ;; *) continue ;; esac
	build "$w"
	judge_is "$w: WA" 1 WA "$p" -- "$TMP/$w"
done
if [ -n "$PY" ] && [ -z "$BL_WRAP" ]; then
	for f in "$SOL"/wa-*.py; do
		w=$(basename "$f" .py)
		judge_is "$w (Python): WA" 1 WA "$(echo "$w" | cut -d- -f2)" --time-scale 10 -- "$PY" "$f"
	done
fi

# ---- every verdict, on one test each (--fail-fast: the first test decides) ----
cat > "$TMP/busy.c" << 'EOF'
int main(void) { volatile unsigned long x = 0; for (;;) x++; }
EOF
cat > "$TMP/gib.c" << 'EOF'
#include <stdio.h>
#include <stdlib.h>
int main(void)
{
	size_t n = (size_t)1 << 30;
	volatile char *p = malloc(n);
	if (!p)
		return 3;
	for (size_t i = 0; i < n; i += 4096)
		p[i] = 1;
	printf("%d\n", p[n - 4096]);
	return 0;
}
EOF
# shellcheck disable=SC2086  # CC is a command line
$CC -O1 -o "$TMP/busy" "$TMP/busy.c" && $CC -O1 -o "$TMP/gib" "$TMP/gib.c"
C="$TMP/17837"

judge_is "a busy loop: TLE" 1 TLE 17837 --fail-fast --jobs 1 --time-limit 0.3 -- "$TMP/busy"
grep -q '^   1  TLE  .* sample-1: 0\.[0-9]* s of CPU time, over the limit 0\.3 s$' "$TMP/out"
tap_ok $? "TLE: the line says the CPU time and the limit"
fail=0
if left=$(pgrep -f "^$TMP/busy"); then
	echo "#   left behind: $left"
	pkill -9 -f "^$TMP/busy"
	fail=1
fi
tap_ok "$fail" "TLE: no process left behind"

judge_is "1 GiB under a 64 MiB limit: MLE" 1 MLE 17837 --fail-fast --jobs 1 --time-limit 20 \
	--memory-limit 64M -- "$TMP/gib"
grep -q '^   1  MLE  .* sample-1: peak memory [0-9]* MiB over the limit 64 MiB$' "$TMP/out"
tap_ok $? "MLE: the line says the peak and the limit"

judge_is "endless output: OLE" 1 OLE 17837 --fail-fast --jobs 1 --output-limit 1M -- yes 1000
grep -q '^   1  OLE  .* sample-1: more than 1 MiB of output; the run was stopped$' "$TMP/out"
tap_ok $? "OLE: the line says the limit"

judge_is "SIGSEGV: RE" 1 RE 17837 --fail-fast --jobs 1 -- sh -c 'kill -SEGV $$'
grep -q '^   1  RE   .* sample-1: killed by SIGSEGV$' "$TMP/out"
tap_ok $? "RE: the signal is named"
judge_is "abort: RE" 1 RE 17837 --fail-fast --jobs 1 -- sh -c 'kill -ABRT $$'
grep -q 'sample-1: killed by SIGABRT$' "$TMP/out"
tap_ok $? "RE: SIGABRT is named"
judge_is "the right answer, then exit 1: RE" 1 RE 17837 --fail-fast --jobs 1 -- sh -c "$C; exit 1"
grep -q 'sample-1: exit status 1$' "$TMP/out"
tap_ok $? "RE: the exit status is given"
judge_is "extra spaces and no final newline: AC" 0 AC 17837 -- sh -c "printf '  %s  ' \$($C)"
judge_is "nothing: PE" 1 PE 17837 --fail-fast --jobs 1 -- true
grep -q 'sample-1: no output; expected 1 token$' "$TMP/out"
tap_ok $? "PE: no output, said so"
judge_is "a word for a number: PE" 1 PE 17837 --fail-fast --jobs 1 -- echo minus one
judge_is "a program that waits: TLE by the wall-clock backstop" 1 TLE \
	17837 --fail-fast --jobs 1 --time-limit 0.2 -- sleep 30
grep -q 'sample-1: still running after [0-9.]* s of wall-clock time (0\.[0-9]* s of CPU): stopped$' "$TMP/out"
tap_ok $? "the backstop: wall and CPU time said"

# ---- --jobs: a test near the limit runs again alone ----
judge_is "--jobs 2: a busy loop is run again alone before TLE" 1 TLE \
	17837 --fail-fast --jobs 2 --time-limit 0.2 -- "$TMP/busy"
grep -q 'over the limit 0\.2 s (run again alone)$' "$TMP/out"
tap_ok $? "--jobs 2: the line says it was run again alone"

# ---- JSON ----
bl judge 17837 --format json -- "$TMP/wa-17837-end-of-turn" > "$TMP/json" 2> "$TMP/err"
st=$?
"${PY:-python3}" - "$TMP/json" << 'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["problem"] == "17837" and d["verdict"] == "WA", d["verdict"]
assert d["tests"] == len(d["results"]) == d["run"]
assert d["accepted"] == sum(r["verdict"] == "AC" for r in d["results"])
ff = d["first_failure"]
first = [r for r in d["results"] if r["verdict"] != "AC"][0]
assert ff["id"] == first["id"]
assert " judge 17837 --input %d | " % ff["id"] in ff["reproduce"]
assert ff["name"] == first["name"] and ff["verdict"] == "WA" and ff["why"] == first["why"]
assert d["counts"]["WA"] == d["tests"] - d["accepted"]
assert d["limits"]["cpu_ms"] == 500 and d["limits"]["memory_bytes"] == 512 << 20
assert all(r["cpu_ms"] >= 0 and r["memory_bytes"] > 0 for r in d["results"])
EOF
[ $? -eq 0 ] && [ "$st" -eq 1 ]
tap_ok $? "--format json: one document, its counts agree, exit 1"

# Bytes that are not UTF-8 (and a character cut in the why line) still make JSON.
bl judge 17837 --fail-fast --jobs 1 --format json -- printf 'a\351\351\351\351\351\351\351\351\351\351\351\351\351\351\351\351\351\351\351\351\377\n' > "$TMP/json"
"${PY:-python3}" -c 'import json, sys; d = json.load(open(sys.argv[1], encoding="utf-8")); sys.exit(d["verdict"] != "PE")' "$TMP/json"
tap_ok $? "--format json: output that is not UTF-8 still gives a document"

# ---- --list, --input, --export, --tests ----
bl judge 11559 --list > "$TMP/list"
head -n 1 "$TMP/list" | grep -q '^11559 Puyo Puyo: [0-9]* tests; time limit 2 s, memory limit 256 MiB$'
tap_ok $? "--list: the head names the problem, the count and the limits"
bl judge 11559 --input 1 > "$TMP/in1"
cmp -s "$TMP/in1" "$TESTS_DIR/golden/boj/11559/1.in"
tap_ok $? "--input 1: the official sample"
bl judge 17837 --list | awk '$3 == "stack-on-turn-1000" { print $1 }' > "$TMP/id"
bl judge 17837 --input "$(cat "$TMP/id")" > "$TMP/by-id"
bl judge 17837 --input stack-on-turn-1000 > "$TMP/by-name"
[ -s "$TMP/id" ] && [ -s "$TMP/by-id" ] && cmp -s "$TMP/by-id" "$TMP/by-name"
tap_ok $? "--input NAME: the test of that name, as --input ID"
expect "--input with a name typed wrong: usage error, the nearest name" 2 "" \
	"boardlab: error: invalid value 'stack-on-turn-100' for --input: expected a test from 1 to $(($(bl judge 17837 --list | wc -l) - 1)) or a test's name (did you mean 'stack-on-turn-1000'?)
see 'boardlab judge 17837 --help'
" judge 17837 --input stack-on-turn-100
rm -rf "$TMP/suite"
expect "--export: a line on what it wrote" 0 \
	"$TMP/suite: $(($(wc -l < "$TMP/list") - 1)) tests of 11559 (NNN.in, NNN.out, index.tsv)
" "" judge 11559 --export "$TMP/suite"
fail=0
[ "$(ls "$TMP/suite"/*.in | wc -l)" -eq "$(($(wc -l < "$TMP/list") - 1))" ] || fail=1
head -n 1 "$TMP/suite/index.tsv" | grep -q "^id	kind	name	description\$" || fail=1
tail -n +2 "$TMP/suite/index.tsv" | cut -f 1-3 | tr '\t' ' ' > "$TMP/index"
tail -n +2 "$TMP/list" | awk '{ printf "%03d %s %s\n", $1, $2, $3 }' | cmp -s - "$TMP/index" || fail=1
cmp -s "$TMP/suite/001.in" "$TMP/in1" || fail=1
bl boj 11559 "$TMP/suite/002.in" | cmp -s - "$TMP/suite/002.out" || fail=1
tap_ok "$fail" "--export: NNN.in, NNN.out (boardlab's answers) and index.tsv (id, kind, name as --list)"
# Again into a folder of a bigger suite's export and the setter's own files:
# the files of the export's pattern it did not write go, no other file.
cp -R "$TMP/suite" "$TMP/again"
touch "$TMP/again/notes.txt" "$TMP/again/my.in" "$TMP/again/0070.in" "$TMP/again/7.out"
n11559=$(($(wc -l < "$TMP/list") - 1))
n17825=$(($(bl judge 17825 --list | wc -l) - 1))
expect "--export over a bigger export: the stale files removed, counted" 0 \
	"$TMP/again: $n17825 tests of 17825 (NNN.in, NNN.out, index.tsv); $((2 * (n11559 - n17825))) files of an earlier export removed
" "" judge 17825 --export "$TMP/again"
ls "$TMP/again" > "$TMP/files"
bl judge 17825 --export "$TMP/fresh" > /dev/null
(ls "$TMP/fresh"; printf '0070.in\n7.out\nmy.in\nnotes.txt\n') | LC_ALL=C sort > "$TMP/want"
LC_ALL=C sort "$TMP/files" > "$TMP/got"
same "$TMP/got" "$TMP/want" "the folder's files"
tap_ok $? "--export over a bigger export: exactly the suite and the other files"
cmp -s "$TMP/again/index.tsv" "$TMP/fresh/index.tsv" && cmp -s "$TMP/again/$(printf %03d "$n17825").out" "$TMP/fresh/$(printf %03d "$n17825").out"
tap_ok $? "--export over a bigger export: the same bytes as into a new folder"
build 11559
rm "$TMP/suite/003.out"
judge_is "--tests DIR: judged on the folder, a missing .out computed" 0 AC \
	11559 --tests "$TMP/suite" -- "$TMP/11559"
echo 9 > "$TMP/suite/004.out"
judge_is "--tests DIR: the folder's .out is the answer" 1 WA 11559 --tests "$TMP/suite" -- "$TMP/11559"
grep -q "^  reproduce: $TMP/11559 < $TMP/suite/004.in\$" "$TMP/out"
tap_ok $? "--tests DIR: the reproduce line reads the file"
printf 'not a field\n' > "$TMP/suite/005.in"
rm -f "$TMP/suite/005.out"
bl judge 11559 --tests "$TMP/suite" -- "$TMP/11559" > "$TMP/out" 2> "$TMP/err"
st=$?
[ "$st" -eq 3 ] && [ ! -s "$TMP/out" ] && grep -q "^boardlab: $TMP/suite/005.in:1:[0-9]*: error: " "$TMP/err"
tap_ok $? "--tests DIR: an invalid .in without .out: its diagnostic, status 3, no output"
echo 1 > "$TMP/suite/005.out"
bl judge 11559 --tests "$TMP/suite" -- "$TMP/11559" > "$TMP/out" 2> "$TMP/err"
st=$?
[ "$st" -eq 3 ] && [ ! -s "$TMP/out" ] && grep -q "^boardlab: $TMP/suite/005.in:1:[0-9]*: error: " "$TMP/err"
tap_ok $? "--tests DIR: an invalid .in with a .out too: checked all the same, status 3"

# ---- usage errors and a command that cannot run ----
expect "no problem: usage error" 2 "" \
	"boardlab: error: missing problem number after 'judge'
see 'boardlab judge --help'
" judge
expect "an unknown problem: usage error" 2 "" \
	"boardlab: error: unknown problem '1000': expected 17780, 17837, 17825, 16880, 16879 or 11559
see 'boardlab judge --help'
" judge 1000 -- true
expect "no command: usage error" 2 "" \
	"boardlab: error: missing '-- CMD': the command to judge
see 'boardlab judge 17837 --help'
" judge 17837
expect "a command with --list: usage error" 2 "" \
	"boardlab: error: --list takes no command after '--'
see 'boardlab judge 17837 --help'
" judge 17837 --list -- true
expect "a bad --time-limit: usage error" 2 "" \
	"boardlab: error: invalid value '0' for --time-limit: expected seconds from 0.001 to 3600 (0.5)
see 'boardlab judge 17837 --help'
" judge 17837 --time-limit 0 -- true
expect "--input past the suite: usage error" 2 "" \
	"boardlab: error: invalid value '9999' for --input: expected a test from 1 to $(($(wc -l < "$TMP/list") - 1)) or a test's name
see 'boardlab judge 11559 --help'
" judge 11559 --input 9999
expect "GAME judge without --problem: usage error" 2 "" \
	"boardlab: error: missing --problem P (one of 17780 17837 17825 16880 16879 11559)
see 'boardlab tower judge --help'
" tower judge -- true
expect "another game's problem: usage error" 2 "" \
	"boardlab: error: problem 11559 is a puyo problem, not tower's
see 'boardlab tower judge --help'
" tower judge --problem 11559 -- true
expect "a command that cannot run: status 4, nothing on standard output" 4 "" \
	"boardlab: error: cannot execute '$TMP/none': No such file or directory
" judge 17837 -- "$TMP/none"
expect "GAME judge is the same verb" 4 "" \
	"boardlab: error: cannot execute '$TMP/none': No such file or directory
" puyo judge --problem 11559 -- "$TMP/none"

# On a terminal, a progress line on standard error (tests done, failures,
# the rate), cleared before each test's line; none when standard error is
# not a terminal (every test above).
if command -v script > /dev/null && [ -z "${BL_WRAP:-}" ]; then
	[ -x "$TMP/17837" ] || build 17837
	script -qec "'$BOARDLAB' judge 17837 --jobs 1 -- '$TMP/17837'" /dev/null > "$TMP/tty" 2>&1
	fail=0
	n=$("$BOARDLAB" judge 17837 --list | sed -n '1s/.*: \([0-9]*\) tests;.*/\1/p')
	grep -q "judge 17837: $n/$n tests, 0 failed, [0-9.]*/s$(printf '\033\\[K\r\033\\[K')AC: $n/$n tests" \
		"$TMP/tty" || { echo "#   no progress line: $(tail -c 200 "$TMP/tty" | cat -v)"; fail=1; }
	tap_ok "$fail" "on a terminal: the tests done, the failures and the rate on standard error"
fi

tap_done
