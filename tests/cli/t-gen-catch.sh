#!/bin/sh
# stress's default draw against the measurement of tests/unit/t-gen-catch.c
# (docs/stress.md, "How soon each mistake is caught"): the library's
# bl_problem_gen, which the unit test draws with, gives the bytes of
# `boardlab GAME gen PRESET --seed 1 --first I --count 1` (the preset's
# options, the default --dist mixed, and --dist uniform), and planted-bug
# solutions of tests/diagnose/ fail `boardlab stress P` first on the run
# the unit test's table records.
. "$(dirname "$0")/lib.sh"

DIR="$TESTS_DIR/diagnose"
CC=${BL_MUT_CC:-cc}

# problem, its game and preset: gen's bytes against bl_problem_gen's
while read -r p game opts; do
	fail=0
	for i in 1 2 3 7 20 51; do
		for d in mixed uniform; do
			# shellcheck disable=SC2086  # opts are words
			bl "$game" gen $opts --seed 1 --first "$i" --count 1 --dist "$d" > "$TMP/cli" &&
				"$BL_TESTS/t-gen-catch" --print "$p" "$i" "$d" > "$TMP/lib" &&
				cmp -s "$TMP/cli" "$TMP/lib" ||
				{ echo "#   $p instance $i, --dist $d: gen and bl_problem_gen differ"; fail=1; }
		done
	done
	tap_ok "$fail" "$p: '$game gen $opts' gives bl_problem_gen's instances, mixed and uniform"
done <<'LIST'
17780 tower --rule bottom --boj
17837 tower --rule carry --boj
17825 yut --boj
16880 grundy --boj
16879 grundy --only P --boj
11559 puyo --rules boj --boj
LIST

# The default is mixed: gen without --dist is --dist mixed.
bl tower gen --boj --seed 1 --first 5 --count 3 > "$TMP/a" &&
	bl tower gen --boj --seed 1 --first 5 --count 3 --dist mixed > "$TMP/b" && cmp -s "$TMP/a" "$TMP/b"
tap_ok $? "gen's default is --dist mixed"
bl yut gen --dist normal > /dev/null 2> "$TMP/err"
[ $? -eq 2 ] && grep -q "invalid value 'normal' for --dist: expected mixed or uniform" "$TMP/err"
tap_ok $? "an unknown --dist is a usage error"

# problem, mistake, the run t-gen-catch records: stress fails there
# (not under valgrind: a hundred runs of boardlab's own part there)
[ -n "$BL_WRAP" ] || while read -r p m run; do
	"$CC" -O2 -o "$TMP/$p-$m" "$DIR/$p-$m.c" 2> "$TMP/cc" || { cat "$TMP/cc"; }
	bl stress "$p" --runs 1000 --shrink-ms 0 -- "$TMP/$p-$m" > "$TMP/out" 2>&1
	status=$?
	[ "$status" -eq 1 ] && grep -q "on instance $run of seed 1, after $run runs" "$TMP/out"
	fail=$?
	[ "$fail" -eq 0 ] || head -3 "$TMP/out" | sed 's/^/#   /'
	tap_ok "$fail" "$p $m: stress fails on run $run, as t-gen-catch says"
done <<'LIST'
17825 finished-may-pass 34
17837 limit-1001 14
17780 limit-off-by-one 2
17780 limit-1001 14
LIST

tap_done
