#!/bin/sh
# The command line itself: help at every level, --version, usage errors
# (exit 2, the reason and where to look), i/o errors (exit 4), FILE and '-'.
. "$(dirname "$0")/lib.sh"
S="$TESTS_DIR/golden/boj/17837/2.in"

expect "no command" 2 "" "boardlab: error: missing command
see 'boardlab --help'
"
expect "--version" 0 "boardlab 0.1.0
" "" --version
expect "unknown command" 2 "" "boardlab: error: unknown command 'chess'
see 'boardlab --help'
" chess
expect "missing verb" 2 "" "boardlab: error: missing verb after 'tower'
see 'boardlab tower --help'
" tower
expect "unknown verb" 2 "" "boardlab: error: unknown verb 'fly'
see 'boardlab tower --help'
" tower fly
expect "unknown option" 2 "" "boardlab: error: unknown option '--nope'
see 'boardlab tower solve --help'
" tower solve --nope
expect "unknown option with a value" 2 "" "boardlab: error: unknown option '--nope'
see 'boardlab tower solve --help'
" tower solve --nope=3
expect "short options are unknown" 2 "" "boardlab: error: unknown option '-x'
see 'boardlab tower solve --help'
" tower solve -x
expect "option without its value" 2 "" "boardlab: error: option '--rule' needs a value RULE
see 'boardlab tower solve --help'
" tower solve --rule
expect "bad choice" 2 "" "boardlab: error: invalid value 'diagonal' for --rule: expected carry or bottom
see 'boardlab tower solve --help'
" tower solve --rule diagonal
expect "flag with a value" 2 "" "boardlab: error: option '--batch' takes no value
see 'boardlab tower solve --help'
" tower solve --batch=yes
expect "two files" 2 "" "boardlab: error: unexpected argument 'b'
see 'boardlab tower solve --help'
" tower solve a b
expect "boj without a problem" 2 "" "boardlab: error: missing problem number after 'boj'
see 'boardlab boj --help'
" boj
expect "unknown problem: every problem named" 2 "" "boardlab: error: unknown problem '1000': expected 17780, 17837, 17825, 16880, 16879 or 11559
see 'boardlab boj --help'
" boj 1000
expect "boj takes only --batch and --explain" 2 "" "boardlab: error: unknown option '--format'
see 'boardlab boj 17837 --help'
" boj 17837 --format json
expect "demo takes no argument" 2 "" "boardlab: error: unexpected argument 'x'
see 'boardlab demo --help'
" demo x

expect "--version takes no argument" 2 "" "boardlab: error: unexpected argument 'x'
see 'boardlab --help'
" --version x
expect "boj passes --batch=VALUE to the verb" 2 "" "boardlab: error: option '--batch' takes no value
see 'boardlab boj 17837 --help'
" boj 17837 --batch=1
expect "an option without a name" 2 "" "boardlab: error: unknown option '--=x'
see 'boardlab tower solve --help'
" tower solve --=x

# The input cap: BOARDLAB_MAX_INPUT bytes (the file is 20 bytes).
D="$TESTS_DIR/golden/boj/17825/1.in"
export BOARDLAB_MAX_INPUT=20
expect "input at the cap is read" 0 "190
" "" boj 17825 "$D"
BOARDLAB_MAX_INPUT=19
expect "input over the cap is exit 4" 4 "" "boardlab: $D: error: input larger than 19 bytes (the limit; BOARDLAB_MAX_INPUT sets another)
" boj 17825 "$D"
for v in 7x 0 -5 +20 " 20" 99999999999999999999999; do
	BOARDLAB_MAX_INPUT=$v
	expect "BOARDLAB_MAX_INPUT='$v' is a usage error" 2 "" "boardlab: error: invalid value '$v' for BOARDLAB_MAX_INPUT: expected a positive number of bytes
see 'boardlab boj 17825 --help'
" boj 17825 "$D"
done
BOARDLAB_MAX_INPUT=
expect "BOARDLAB_MAX_INPUT empty is the default cap" 0 "190
" "" boj 17825 "$D"
unset BOARDLAB_MAX_INPUT

# In batch mode the answers before a bad instance come out before its diagnostic.
printf '5 1 2 3 4 5 5 3 2 4\n1 2 x 4\n' | bl yut solve --batch > "$TMP/both" 2>&1
printf '214\nboardlab: <stdin>:2:5: error: instance 2: expected a die 1 to 5, found '"'"'x'"'"'\n' > "$TMP/want"
same "$TMP/both" "$TMP/want" "the interleaved streams"
tap_ok $? "batch: answers, then the diagnostic, on one terminal"

if [ -w /dev/full ]; then
	for i in $(seq 2000); do cat "$TESTS_DIR/golden/boj/16880/1.in"; done > "$TMP/many.in"
	bl boj 16880 --batch "$TMP/many.in" > /dev/full 2> "$TMP/err"
	st=$?
	[ "$st" -eq 4 ] && [ "$(wc -l < "$TMP/err")" -eq 1 ] &&
		grep -q '^boardlab: error: cannot write standard output: No space left on device$' "$TMP/err"
	tap_ok $? "a write error is exit 4 with one line and its reason"
fi

expect "missing file" 4 "" "boardlab: no-such-file.txt: error: cannot open: No such file or directory
" boj 17837 no-such-file.txt
expect "a directory" 4 "" "boardlab: $TESTS_DIR: error: cannot read: Is a directory
" boj 17837 "$TESTS_DIR"
expect "FILE argument" 0 "1
" "" boj 17837 "$S"
expect "'-' is standard input" 0 "1
" "" boj 17837 - < "$S"
expect "-- ends the options" 0 "1
" "" boj 17837 -- "$S"
expect "options after FILE" 0 "1
" "" tower solve "$S" --rule carry

# Help at every level: exit 0, usage on stdout, nothing on stderr.
for words in "--help" "-h" "boj --help" "boj 17837 --help" "boj 11559 -h" "demo --help" \
	"tower --help" "tower solve --help" "yut --help" "yut solve --help" \
	"grundy --help" "grundy solve --help" "puyo --help" "puyo solve --help"; do
	# shellcheck disable=SC2086
	bl $words > "$TMP/out" 2> "$TMP/err"
	st=$?
	fail=0
	[ "$st" -eq 0 ] || { echo "#   exit status $st"; fail=1; }
	head -n 1 "$TMP/out" | grep -q '^usage: boardlab' || { echo "#   no usage line"; fail=1; }
	grep -q 'example' "$TMP/out" || { echo "#   no example"; fail=1; }
	[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
	tap_ok "$fail" "help: boardlab $words"
done

bl --help > "$TMP/out"
fail=0
for g in tower yut grundy puyo boj demo 17780 17837 17825 16880 16879 11559; do
	grep -q "$g" "$TMP/out" || { echo "#   '$g' missing from --help"; fail=1; }
done
tap_ok "$fail" "--help names every game, command and problem"

bl tower solve --help > "$TMP/out"
grep -q -- '--rule RULE' "$TMP/out" && grep -q -- '--batch' "$TMP/out"
tap_ok $? "verb help lists the verb's options from its table"

if [ -w /dev/full ]; then
	bl --help > /dev/full 2> "$TMP/err"
	st=$?
	[ "$st" -eq 4 ] && grep -q 'cannot write standard output' "$TMP/err"
	tap_ok $? "a write error on standard output is exit 4"
fi

bl demo > "$TMP/out" 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 0 ] || { echo "#   exit status $st"; fail=1; }
[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
for g in tower yut grundy puyo; do
	grep -q "^== $g: " "$TMP/out" || { echo "#   no $g section"; fail=1; }
done
tap_ok "$fail" "demo tours every game"
tap_done
