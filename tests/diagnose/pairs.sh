#!/bin/sh
# make diagnose-pairs: the diagnosis of programs with two mistakes
# (docs/judge.md, "Diagnosis").  For each problem but 16879, each pair of
# the first six planted-bug C solutions of tests/diagnose/ whose two
# changes to tests/judge/P.c apply together (11559's dot-colour, which
# never stops, left out) is built and judged; a line a program says what
# the diagnosis named, and the tally counts, among those no single mistake
# matches, the closest that is one of the two, another, or none.
#
#   tests/diagnose/pairs.sh BOARDLAB
set -u
BOARDLAB=$1
DIR=$(cd "$(dirname "$0")" && pwd)
JUDGE=$DIR/../judge
CC=${CC:-cc}
TMP=$(mktemp -d) || exit 2
trap 'rm -rf "$TMP"' EXIT

# The code of a solution, its heading comment left out (the two differ there).
body() { awk 'f { print } /^ \*\// { f = 1 }' "$1"; }

one=0 other=0 none=0 matched=0
for p in 17837 17780 17825 16880 11559; do
	body "$JUDGE/$p.c" > "$TMP/base.c"
	files=$(ls "$DIR/$p"-*.c | grep -v -e dot-colour -e + | head -n 6)
	for a in $files; do
		for b in $files; do
			[ "$a" \< "$b" ] || continue
			body "$a" > "$TMP/a.c"
			body "$b" > "$TMP/b.c"
			diff -u "$TMP/base.c" "$TMP/a.c" > "$TMP/a.diff"
			diff -u "$TMP/base.c" "$TMP/b.c" > "$TMP/b.diff"
			patch -s -o "$TMP/one.c" "$TMP/base.c" "$TMP/a.diff" > /dev/null 2>&1 &&
				patch -s -o "$TMP/two.c" "$TMP/one.c" "$TMP/b.diff" > /dev/null 2>&1 &&
				$CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -w -o "$TMP/two" "$TMP/two.c" ||
				continue
			ma=$(basename "$a" .c | sed "s/^$p-//")
			mb=$(basename "$b" .c | sed "s/^$p-//")
			"$BOARDLAB" judge "$p" -- "$TMP/two" < /dev/null > "$TMP/out" 2>&1
			likely=$(sed -n 's/^likely mistake: \([a-z0-9-]*\) .*/\1/p' "$TMP/out")
			closest=$(sed -n 's/^closest mistake: \([a-z0-9-]*\) .*/\1/p' "$TMP/out")
			if [ -n "$likely" ]; then
				matched=$((matched + 1))
				echo "$p $ma + $mb: likely $likely"
				continue
			fi
			case $closest in
			"") none=$((none + 1)) ;;
			"$ma" | "$mb") one=$((one + 1)) ;;
			*) other=$((other + 1)) ;;
			esac
			echo "$p $ma + $mb: none matches; closest ${closest:-(none)}"
		done
	done
done
echo "of $((one + other + none)) programs with two mistakes that none matches, the closest is one of them on $one, another mistake on $other, none on $none ($matched more matched one mistake)"
