#!/bin/sh
# The judge's diagnosis (docs/judge.md, "Diagnosis"): each planted-bug
# solution of tests/diagnose/ (labels.tsv: its problem and the mistake
# planted in it by hand) and each wrong solution of tests/judge/ (written
# before the catalogue of mistakes) is judged, and the report must end with
# the diagnosis naming its mistake first, exit status 1.  The figure, right
# of judged, is printed; two reports are checked whole, and the report on
# a solution with two planted mistakes, which none matches: the closest is
# one of them.  (t-judge checks that the correct solutions are accepted
# with no diagnosis.)
#
# C and C++ solutions are built as a contestant's would be; Python is slow
# to start, so make test judges two of the Python solutions and
# BL_DIAGNOSE_ALL=1 (make diagnose) every one.
. "$(dirname "$0")/lib.sh"

DIR="$TESTS_DIR/diagnose"
SOL="$TESTS_DIR/judge"
CC=${BL_MUT_CC:-cc}
CXX=${BL_CXX:-c++}
PY=$(command -v python3)
# A pyenv shim costs tenths of a second before Python starts (t-judge).
if [ -n "$PY" ] && head -c 2 "$PY" | grep -q '#!' && command -v pyenv > /dev/null; then
	PY=$(pyenv which python3)
fi
QUICK_PY="17837-carry-alone.py 11559-single-pass.py"

# Under valgrind boardlab is too slow for some fifty judgings.
if [ -n "$BL_WRAP" ]; then
	tap_ok 0 "# skip under BL_WRAP"
	tap_done
	exit
fi

# cmd FILE: the command that runs solution FILE (C and C++ are built into
# $TMP); nothing, status 1, when it cannot run here.
cmd() {
	n=$(basename "$1")
	case $1 in
	*.c)
		# shellcheck disable=SC2086  # CC is a command line
		$CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -w -o "$TMP/$n.bin" "$1" || return 1
		echo "$TMP/$n.bin" ;;
	*.cc)
		command -v "$CXX" > /dev/null || return 1
		# shellcheck disable=SC2086
		$CXX -std=c++17 -O2 -o "$TMP/$n.bin" "$1" || return 1
		echo "$TMP/$n.bin" ;;
	*.py)
		[ -n "$PY" ] || return 1
		if [ -z "$BL_DIAGNOSE_ALL" ]; then
			case " $QUICK_PY " in *" $n "*) ;; *) return 1 ;; esac
		fi
		echo "$PY -B $1" ;;
	esac
}

# The cases, one a line: FILE, PROBLEM, MISTAKE and judge options.
{
	while IFS='	' read -r p file mistake opts; do
		case $p in '#'* | problem) continue ;; esac
		printf '%s\t%s\t%s\t%s\n' "$DIR/$file" "$p" "$mistake" "$opts"
	done < "$DIR/labels.tsv"
	# The wrong solutions of tests/judge/, written before the catalogue.
	printf '%s\t17780\tskip-new-bottom\t\n' "$SOL/wa-17780-bottom-at-turn-start.c"
	printf '%s\t17837\tend-of-turn\t\n' "$SOL/wa-17837-end-of-turn.c"
	printf '%s\t17825\tfinished-may-pass\t\n' "$SOL/wa-17825-finished-horse.c"
	printf '%s\t16880\tpalace-x1-formula\t\n' "$SOL/wa-16880-palace-origin.c"
	printf '%s\t16879\txor-precedence\t\n' "$SOL/wa-16879-precedence.c"
	printf '%s\t11559\tdiagonal\t\n' "$SOL/wa-11559-diagonal.c"
} > "$TMP/cases"

# Each case judged, two at a time (each judge one test at a time): the
# report in $TMP/FILE.out, the exit status in $TMP/FILE.st.
k=0
while IFS='	' read -r file p mistake opts; do
	run=$(cmd "$file") || continue
	scale=
	case $file in *.py) scale="--time-scale 3" ;; esac
	n=$(basename "$file")
	# shellcheck disable=SC2086  # run, scale and the options are words
	{ bl judge "$p" --jobs 1 $scale $opts -- $run < /dev/null > "$TMP/$n.out" 2> "$TMP/$n.err"
	  echo $? > "$TMP/$n.st"; } &
	k=$((k + 1))
	[ $((k % 2)) -eq 0 ] && wait
done < "$TMP/cases"
wait

right=0 total=0
while IFS='	' read -r file p mistake opts; do
	n=$(basename "$file")
	[ -f "$TMP/$n.st" ] || continue
	got=$(sed -n 's/^likely mistake: \([a-z0-9-]*\) .*/\1/p' "$TMP/$n.out")
	st=$(cat "$TMP/$n.st")
	total=$((total + 1))
	fail=0
	[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; fail=1; }
	if [ "$got" = "$mistake" ]; then
		right=$((right + 1))
	else
		echo "#   diagnosed '${got:-nothing}':"
		sed -n '/^likely mistake\|^diagnosis/,$p' "$TMP/$n.out" | head -n 8 | sed 's/^/#   /'
		fail=1
	fi
	tap_ok "$fail" "$n: $p, diagnosed $mistake"
done < "$TMP/cases"
echo "# accuracy: $right of $total wrong solutions diagnosed right"
[ "$total" -ge 40 ]
tap_ok $? "at least 40 wrong solutions judged ($total)"

# Two reports whole, from the diagnosis on: a witness with the three
# answers, and for tower the move where the games part.
sed -n '/^likely mistake/,$p' "$TMP/16879-formula-no-xor.c.out" > "$TMP/got"
cat > "$TMP/want" << 'EOF'
likely mistake: formula-no-xor — values the palace as 3 (x/3 + y/3) + (x + y) mod 3: a sum where the XOR goes
  its witness, test 48 witness-formula-no-xor: the right answer 'cubelover', the mistake's 'koosaga', yours 'koosaga'
  (1 of the 5 known mistakes of 16879 match your program on the 5 witness tests and the first failure; the first answers as it does on 42 of 42 tests replayed; no runs beyond the suite's)
EOF
same "$TMP/got" "$TMP/want" "16879 formula-no-xor's diagnosis"
tap_ok $? "16879 formula-no-xor: the diagnosis whole"

sed -n '/^likely mistake/,$p' "$TMP/17837-carry-alone.c.out" > "$TMP/got"
cat > "$TMP/want" << 'EOF'
likely mistake: carry-alone — moves the piece alone, leaving the pieces above it behind
  its witness, test 67 witness-carry-alone: the right answer '1', the mistake's '-1', yours '-1'
    where the games part: by the rules, turn 1: piece 2 at (1,2) going right meets white (1,3): moves there with 2 pieces; stack 3> 2> 1>
    with the mistake, turn 1: piece 2 at (1,2) going right meets white (1,3): moves there with 1 piece; stack 3> 2>
  (1 of the 10 known mistakes of 17837 match your program on the 10 witness tests and the first failure; the first answers as it does on 71 of 71 tests replayed; no runs beyond the suite's)
EOF
same "$TMP/got" "$TMP/want" "17837 carry-alone's diagnosis"
tap_ok $? "17837 carry-alone: the diagnosis whole, where the games part"

# Two mistakes in one program: none matches, and the closest is one of them.
run=$(cmd "$DIR/17837-dir-swap+cycle-ignores-order.c")
bl judge 17837 -- $run < /dev/null > "$TMP/two.out" 2> "$TMP/two.err"
st=$?
sed -n '/^diagnosis/,$p' "$TMP/two.out" > "$TMP/got"
cat > "$TMP/want" << 'EOF'
diagnosis: no known mistake of 17837 matches (each of the 10 answers otherwise than your program on one of 11 tests: the 10 witness tests and the first failure)
closest mistake: dir-swap — swaps up and down: direction 3 moves down, 4 moves up
  (it answers as your program on 44 of the 49 failed tests replayed, not on all the tests that speak: your program may make it and another mistake)
EOF
same "$TMP/got" "$TMP/want" "two mistakes' diagnosis"
tap_ok $? "17837 dir-swap and cycle-ignores-order at once: no match, dir-swap the closest"
[ "$st" -eq 1 ]
tap_ok $? "... exit status 1 ($st)"
tap_done
