#!/bin/sh
# solve --batch --jobs N and boj --batch --jobs N: the same answers, in the
# same order, as one process gives, for every game; a bad instance (read by
# the first process) or a failing one (in a worker) reported with its number
# after the answers before it; a JSON batch of puyo and grundy's reading stay
# in one process; --jobs's range.
. "$(dirname "$0")/lib.sh"

# same_runs NAME ARGS...: stdout, stderr and status of --jobs 1, 2 and 3 agree.
same_runs() {
	name=$1
	shift
	fail=0
	bl "$@" --jobs 1 < "$TMP/in" > "$TMP/o1" 2> "$TMP/e1"
	s1=$?
	for j in 2 3; do
		bl "$@" --jobs $j < "$TMP/in" > "$TMP/o$j" 2> "$TMP/e$j"
		sj=$?
		[ "$sj" -eq "$s1" ] || { echo "#   --jobs $j: status $sj, --jobs 1: $s1"; fail=1; }
		same "$TMP/o$j" "$TMP/o1" "stdout of --jobs $j" || fail=1
		same "$TMP/e$j" "$TMP/e1" "stderr of --jobs $j" || fail=1
	done
	tap_ok "$fail" "$name"
}

bl tower gen --boj --seed 5 --count 300 > "$TMP/in"
same_runs "17837: 300 games" boj 17837 --batch
same_runs "17780: 300 games" boj 17780 --batch
same_runs "tower solve --explain" tower solve --boj --batch --explain
bl yut gen --boj --seed 5 --count 150 > "$TMP/in"
same_runs "17825: 150 lines" boj 17825 --batch
same_runs "yut solve --format json" yut solve --boj --batch --format json
bl yut gen --dist uniform --boj --seed 17825 --count 150 > "$TMP/in"
same_runs "a worker's failure: the search over --max-memory at instance 8" \
	yut solve --boj --batch --max-memory 130K
grep -c . "$TMP/o1" | grep -qx 7 && grep -q 'instance 8: the search needs more memory' "$TMP/e1"
tap_ok $? "  (7 answers and the failure of instance 8)"
bl puyo gen --boj --seed 5 --count 500 > "$TMP/in"
same_runs "11559: 500 fields" boj 11559 --batch
same_runs "puyo solve --format json: one array" puyo solve --boj --batch --format json
bl grundy gen --boj --seed 5 --count 40 > "$TMP/in"
same_runs "16880: 40 instances (one process reads)" boj 16880 --batch

# A bad instance after many good ones: the answers before it, then the diagnostic.
{ bl tower gen --boj --seed 6 --count 150; printf '4 4\n0 0 5 0\n'; } > "$TMP/in"
same_runs "a bad instance: 150 answers, then instance 151's diagnostic" boj 17837 --batch
grep -c . "$TMP/o1" | grep -qx 150 && grep -q 'instance 151: expected a colour' "$TMP/e1"
tap_ok $? "  (150 answers and the diagnostic of instance 151)"

printf '1 2 3\n' > "$TMP/in"
for v in 0 65 x; do
	expect "--jobs $v is a usage error" 2 "" "boardlab: error: invalid value '$v' for --jobs: expected an integer from 1 to 64
see 'boardlab tower solve --help'
" tower solve --batch --jobs $v < "$TMP/in"
done
printf '5 1 2 3 4 5 5 3 2 4\n' | bl boj 17825 --jobs=2 > "$TMP/o" 2>&1
printf '214\n' > "$TMP/want"
same "$TMP/o" "$TMP/want" "boj --jobs=2 on one instance"
tap_ok $? "boj takes --jobs (one instance: one process)"
tap_done
