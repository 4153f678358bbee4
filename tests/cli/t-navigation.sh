#!/bin/sh
# Finding one's way: `boardlab --help` lists each game's verbs, `boardlab
# help [GAME [VERB]]` prints the same texts as --help, a name typed wrong
# gets the nearest one (a command, game, verb, option, option value,
# problem, yut cell), `boj P --explain` and `boj P trace`, `stress P` as the
# problem's preset, and every format a verb takes named in its help.
. "$(dirname "$0")/lib.sh"
G="$TESTS_DIR/golden/boj"
PROBLEMS="17780 17837 17825 16880 16879 11559"

games=$(bl --help | awk '/^games:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }')
[ "$(echo $games)" = "tower yut grundy puyo" ]
tap_ok $? "--help lists the four games"

# ---- --help lists each game's verbs; help [GAME [VERB]] is --help ----
bl --help > "$TMP/main"
for g in $games; do
	bl "$g" --help | awk '/^verbs:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }' \
		> "$TMP/verbs"
	# The game's lines in --help: its name, then "verbs: a, b, ..." wrapped.
	awk -v g="$g" '$1 == g { f = 1; next } f && /^            / { print; next } { f = 0 }' \
		"$TMP/main" | tr -d ',' | tr ' ' '\n' | grep -v '^$' | grep -vx 'verbs:' > "$TMP/listed"
	same "$TMP/listed" "$TMP/verbs" "the verbs --help lists under $g"
	tap_ok $? "--help lists $g's verbs, in its table's order"
done

# help WORDS prints exactly what WORDS --help prints.
help_is() {
	bl "$@" --help > "$TMP/want" 2>&1
	bl help "$@" > "$TMP/got" 2> "$TMP/err"
	st=$?
	fail=0
	[ "$st" -eq 0 ] || { echo "#   exit status $st"; fail=1; }
	[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
	same "$TMP/got" "$TMP/want" "help $*" || fail=1
	tap_ok "$fail" "boardlab help $* is boardlab $* --help"
}
help_is
for g in $games; do
	help_is "$g"
	for v in $(bl "$g" --help | awk '/^verbs:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }'); do
		help_is "$g" "$v"
	done
done
for words in boj "boj 17837" judge "judge 11559" stress "stress 17825" demo; do
	# shellcheck disable=SC2086
	help_is $words
done
bl --help > "$TMP/want"
bl help --help > "$TMP/got"
same "$TMP/got" "$TMP/want" "help --help"
tap_ok $? "boardlab help --help is boardlab --help"
expect "help with three words: usage error" 2 "" "boardlab: error: unexpected argument 'x'
see 'boardlab --help'
" help tower solve x
expect "help of a verb typed wrong: the game's usage error" 2 "" \
	"boardlab: error: unknown verb 'slove' (did you mean 'solve'?)
see 'boardlab tower --help'
" help tower slove

# ---- did you mean ----
expect "a command typed wrong: the nearest game" 2 "" "boardlab: error: unknown command 'towr' (did you mean 'tower'?)
see 'boardlab --help'
" towr solve
expect "a command typed wrong: the nearest command" 2 "" "boardlab: error: unknown command 'jugde' (did you mean 'judge'?)
see 'boardlab --help'
" jugde 17837
expect "a verb typed wrong" 2 "" "boardlab: error: unknown verb 'rendr' (did you mean 'render'?)
see 'boardlab puyo --help'
" puyo rendr
expect "an option typed wrong" 2 "" "boardlab: error: unknown option '--rul' (did you mean '--rule'?)
see 'boardlab tower solve --help'
" tower solve --rul carry
expect "an option with one dash" 2 "" "boardlab: error: unknown option '-explain' (did you mean '--explain'?)
see 'boardlab grundy solve --help'
" grundy solve -explain
expect "the start of an option" 2 "" "boardlab: error: unknown option '--exp' (did you mean '--explain'?)
see 'boardlab boj 17825 --help'
" boj 17825 --exp
expect "boj: only --batch and --explain, not another option of the game's verb" 2 "" \
	"boardlab: error: unknown option '--expect'
see 'boardlab boj 17825 --help'
" boj 17825 --expect
expect "an option's value typed wrong" 2 "" "boardlab: error: invalid value 'jsno' for --format: expected text, json or svg (did you mean 'json'?)
see 'boardlab yut render --help'
" yut render --format jsno
expect "a problem typed wrong: every problem, and the nearest" 2 "" "boardlab: error: unknown problem '17873': expected 17780, 17837, 17825, 16880, 16879 or 11559 (did you mean '17837'?)
see 'boardlab boj --help'
" boj 17873
expect "judge: a problem typed wrong" 2 "" "boardlab: error: unknown problem '1688': expected 17780, 17837, 17825, 16880, 16879 or 11559 (did you mean '16880'?)
see 'boardlab judge --help'
" judge 1688 -- true
expect "GAME judge --problem typed wrong" 2 "" "boardlab: error: unknown problem '11595': expected 17780, 17837, 17825, 16880, 16879 or 11559 (did you mean '11559'?)
see 'boardlab puyo judge --help'
" puyo judge --problem 11595 -- true
expect "a yut cell by its score: the cell of that score" 2 "" "boardlab: error: invalid value '25,start' for --at: no cell '25' on the board (did you mean 'c25'?)
see 'boardlab yut render --help'
" yut render --at 25,start
expect "nothing near: no suggestion" 2 "" "boardlab: error: unknown command 'chess'
see 'boardlab --help'
" chess

# ---- boj P --explain, boj P trace: the preset's solve and trace ----
for p in $PROBLEMS; do
	preset=$(bl boj --help | awk -v p="$p" '$1 == p { f = 1; next } f { sub(/^ *= boardlab /, ""); print; exit }')
	game=${preset%% *}
	opts=$(echo "$preset" | cut -d' ' -f3-)
	# shellcheck disable=SC2086
	bl $game solve $opts --explain "$G/$p/1.in" > "$TMP/want" 2>&1
	bl boj "$p" --explain "$G/$p/1.in" > "$TMP/got" 2>&1
	fail=0
	same "$TMP/got" "$TMP/want" "boj $p --explain" || fail=1
	[ "$(wc -l < "$TMP/got")" -gt 1 ] || { echo "#   no explanation"; fail=1; }
	tap_ok "$fail" "boj $p --explain is $game solve $opts --explain"
	# shellcheck disable=SC2086
	bl $game trace $opts --format json "$G/$p/1.in" > "$TMP/want" 2>&1
	bl boj "$p" trace --format json "$G/$p/1.in" > "$TMP/got" 2>&1
	same "$TMP/got" "$TMP/want" "boj $p trace"
	tap_ok $? "boj $p trace --format json is $game trace $opts --format json"
done
expect "boj P trace: an option the preset sets is a usage error" 2 "" "boardlab: error: option '--rule' is one of the game's rules, which problem 17837 sets (boardlab tower trace takes it)
see 'boardlab boj 17837 trace --help'
" boj 17837 trace --rule=bottom "$G/17837/1.in"
expect "boj P trace: and so is any other option of the game's rules" 2 "" "boardlab: error: option '--limit' is one of the game's rules, which problem 17780 sets (boardlab tower trace takes it)
see 'boardlab boj 17780 trace --help'
" boj 17780 trace --limit 5 "$G/17780/1.in"
expect "boj P trace: a yut board too" 2 "" "boardlab: error: option '--board' is one of the game's rules, which problem 17825 sets (boardlab yut trace takes it)
see 'boardlab boj 17825 trace --help'
" boj 17825 trace --board x.txt "$G/17825/1.in"
expect "boj P trace: another option of the verb" 0 "$(bl tower trace --rule bottom --boj --every turn --from 2 --to 2 "$G/17780/1.in")
" "" boj 17780 trace --every turn --from 2 --to 2 "$G/17780/1.in"
expect "boj P --explain --batch: each answer explained" 0 "$(bl grundy solve --boj --batch --explain "$G/16880/1.in" 2>&1)
" "" boj 16880 --batch --explain "$G/16880/1.in"

# ---- stress P is GAME stress --problem P ----
bl stress 17837 --runs 20 -- "$BOARDLAB" boj 17837 > "$TMP/got" 2>&1
st=$?
bl tower stress --problem 17837 --runs 20 -- "$BOARDLAB" boj 17837 > "$TMP/want" 2>&1
[ "$st" -eq 0 ] && same "$TMP/got" "$TMP/want" "stress 17837" && grep -q '^OK: 20 runs passed' "$TMP/got"
tap_ok $? "stress 17837 -- CMD is tower stress --problem 17837 -- CMD"
# (the failure and how to regenerate it: how far shrinking goes in its time
# budget depends on the machine's load)
bl stress 11559 --runs 30 --seed 3 -- "$BL_TESTS/stress/puyo" groups > "$TMP/raw" 2>&1
st=$?
head -n 3 "$TMP/raw" > "$TMP/got"
bl puyo stress --problem 11559 --runs 30 --seed 3 -- "$BL_TESTS/stress/puyo" groups 2>&1 |
	head -n 3 > "$TMP/want"
fail=0
[ "$st" -eq 1 ] || { echo "#   status $st, want 1:"; sed 's/^/#   /' "$TMP/raw" | head -n 20; fail=1; }
same "$TMP/got" "$TMP/want" "stress 11559" || fail=1
grep -q '^WA ' "$TMP/got" || fail=1
tap_ok $fail "stress 11559 finds the failure GAME stress --problem finds, status 1"
expect "stress P: the game's option the preset sets is a usage error" 2 "" "boardlab: error: --problem 17780 sets --rule already
see 'boardlab stress 17780 --help'
" stress 17780 --rule carry -- true
expect "stress without a problem: usage error" 2 "" "boardlab: error: missing problem number after 'stress'
see 'boardlab stress --help'
" stress

# ---- help names every format a verb takes ----
for g in $games; do
	bl "$g" --help > "$TMP/game"
	for v in $(awk '/^verbs:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }' "$TMP/game"); do
		bl "$g" "$v" --help > "$TMP/help"
		grep -q -- '^  --format ' "$TMP/help" || continue
		[ "$v" = judge ] && continue   # judge's formats are its report's, checked below
		formats=$(bl "$g" "$v" --format none < /dev/null 2>&1 | sed -n "s/.*for --format: expected //p" |
			sed 's/,//g; s/ or / /')
		# the --format line and its continuation lines
		awk '/^  --format / { f = 1; print; next } f && /^                    / { print; next } { f = 0 }' \
			"$TMP/help" > "$TMP/line"
		# the verb's summary in the game's help, with its continuation lines
		awk -v v="$v" '$1 == v { f = 1; print; next } f && /^            / { print; next } { f = 0 }' \
			"$TMP/game" | tr 'A-Z' 'a-z' > "$TMP/summary"
		fail=0
		[ -n "$formats" ] || { echo "#   no list of formats"; fail=1; }
		for f in $formats; do
			grep -qw "$f" "$TMP/line" || { echo "#   --format's help lacks $f"; fail=1; }
			case $f in svg | html | csv)
				grep -qw "$f" "$TMP/summary" || { echo "#   the summary lacks $f"; fail=1; } ;;
			esac
		done
		tap_ok "$fail" "$g $v: its help names every format ($(echo $formats))"
	done
done
# stress P and judge P: the help leaves out --problem and what the preset sets
bl stress 17837 --help > "$TMP/help"
fail=0
for o in --problem --rule --boj --height --limit; do
	! grep -q -- "^  $o " "$TMP/help" || { echo "#   lists $o"; fail=1; }
done
for o in --size --pieces --dist --runs --shrink-ms --keep-going; do
	grep -q -- "^  $o " "$TMP/help" || { echo "#   does not list $o"; fail=1; }
done
head -n 1 "$TMP/help" | grep -qx 'usage: boardlab stress 17837 \[OPTIONS\] -- CMD \[ARG...\]' || fail=1
tap_ok "$fail" "stress 17837 --help: the game's stress options but its rules and --problem"
printf '%s\n' "exit status: 0 every run passed, 1 a failure, 2 usage, 4 CMD cannot be run" "" \
	examples: "  boardlab stress 17837 -- ./a.out" \
	"  boardlab stress 17837 --runs 1000 --save fail -- python3 sol.py" > "$TMP/want"
tail -n 5 "$TMP/help" > "$TMP/got"
same "$TMP/got" "$TMP/want" "the end of stress 17837 --help"
tap_ok $? "stress 17837 --help ends with the exit status and examples of stress 17837"
bl judge 16879 --help | tail -n 2 | grep -qx '  boardlab judge 16879 --time-scale 3 -- python3 sol.py'
tap_ok $? "judge 16879 --help: its examples are judge 16879's"
bl boj 11559 --help > "$TMP/want"
bl help 11559 > "$TMP/got"
same "$TMP/got" "$TMP/want" "help 11559"
tap_ok $? "boardlab help P, a problem alone, is boardlab boj P --help"
grep -q '^judge a solution on the problem.s tests: boardlab judge 11559 -- CMD;$' "$TMP/got" &&
	grep -q '^stress it on random instances: boardlab stress 11559 -- CMD$' "$TMP/got"
tap_ok $? "help 11559 names judge 11559 and stress 11559 too"
expect "a problem where the command goes: usage error naming its commands" 2 "" "boardlab: error: unknown command '17837': for the problem, 'boardlab boj 17837', 'judge 17837 -- CMD' or 'stress 17837 -- CMD'
see 'boardlab --help'
" 17837
expect "gen --dist typed wrong: the nearest value" 2 "" "boardlab: error: invalid value 'unifrom' for --dist: expected mixed or uniform (did you mean 'uniform'?)
see 'boardlab tower gen --help'
" tower gen --dist unifrom
bl stress 11559 --runs 5 --help | grep -q -- '^  --rules ' && fail=1 || fail=0
bl judge 16880 --help | grep -q -- '^  --problem ' && fail=1
tap_ok "$fail" "stress 11559 and judge 16880: --help anywhere before --, without the preset's options"
expect "stress P: a game option would change the judge's answers: usage error" 2 "" "boardlab: error: option '--height' is one of the game's rules, which problem 17837 sets
see 'boardlab stress 17837 --help'
" stress 17837 --height 3 -- true
expect "puyo stress --problem 11559 --pop 3: likewise" 2 "" "boardlab: error: option '--pop' is one of the game's rules, which problem 11559 sets
see 'boardlab puyo stress --help'
" puyo stress --problem 11559 --pop 3 -- true
expect "stress P with --problem too: usage error" 2 "" "boardlab: error: the problem is 17837 already: no --problem here
see 'boardlab stress 17837 --help'
" stress 17837 --problem 17780 -- true
expect "judge P with --problem=: usage error" 2 "" "boardlab: error: the problem is 16880 already: no --problem here
see 'boardlab judge 16880 --help'
" judge 16880 --problem=16879 -- true
expect "boj: an option before the problem says the problem comes first" 2 "" "boardlab: error: the problem number comes first, before '--batch': boardlab boj PROBLEM [OPTIONS]
see 'boardlab boj --help'
" boj --batch 17837
expect "judge: likewise" 2 "" "boardlab: error: the problem number comes first, before '--list': boardlab judge PROBLEM [OPTIONS]
see 'boardlab judge --help'
" judge --list 17837
bl judge --help | grep -q -- '--format FORMAT   text (the default) or json'
tap_ok $? "judge: its help names its formats"
tap_done
