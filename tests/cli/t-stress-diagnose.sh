#!/bin/sh
# The diagnosis where the suite's witness tests did not all run, so that
# boardlab runs them itself (docs/judge.md and docs/stress.md,
# "Diagnosis"): stress --problem on a planted-bug solution names its
# mistake first and lists the extra runs; judge --fail-fast and judge
# --tests DIR do the same; --format json of both has the "diagnosis"
# member; a failure that rules out every mistake costs no extra run; a
# right solution, or stress without --problem, gets no diagnosis.
. "$(dirname "$0")/lib.sh"

DIR="$TESTS_DIR/diagnose"
SOL="$TESTS_DIR/judge"
CC=${BL_CC:-cc}

# build FILE NAME: compiles the C solution FILE into $TMP/NAME.
build() {
	# shellcheck disable=SC2086  # CC is a command line
	$CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -w -o "$TMP/$2" "$1" 2> "$TMP/cc.err" ||
		{ echo "#   cannot build $1:"; sed 's/^/#   /' "$TMP/cc.err"; }
}
build "$DIR/17837-carry-alone.c" carry
build "$SOL/17837.c" right

# The diagnosis of carry-alone, from its first line on, as judge and
# stress print it (t-diagnose has it whole for the judge); the times of
# the extra runs vary, so they are written T.
want_diag() {   # want_diag FAILURE REPLAYED [RUNS-LINE]
	cat << EOF
likely mistake: carry-alone — moves the piece alone, leaving the pieces above it behind
  its witness, test 67 witness-carry-alone: the right answer '1', the mistake's '-1', yours '-1'
    where the games part: by the rules, turn 1: piece 2 at (1,2) going right meets white (1,3): moves there with 2 pieces; stack 3> 2> 1>
    with the mistake, turn 1: piece 2 at (1,2) going right meets white (1,3): moves there with 1 piece; stack 3> 2>
  (1 of the 10 known mistakes of 17837 match your program on the 10 witness tests and $1; the first answers as it does on $2 of $2 tests replayed)
EOF
	[ -z "$3" ] || printf '%s\n' "$3"
}
# got_diag FILE: the report from its diagnosis on, the times as T.
got_diag() {
	sed -n '/^likely mistake\|^diagnosis/,$p' "$1" |
		sed 's/([0-9.]* s of CPU time, [0-9.]* s wall)$/(T s of CPU time, T s wall)/'
}
RUNS10='  runs for the diagnosis: 10, of the witness tests 62 to 71 (T s of CPU time, T s wall)'

# ---- stress --problem ----
bl stress 17837 --shrink-ms 60000 -- "$TMP/carry" > "$TMP/out" 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; sed 's/^/#   /' "$TMP/err"; fail=1; }
got_diag "$TMP/out" > "$TMP/got"
want_diag "the failing input" 11 "$RUNS10" > "$TMP/want"
same "$TMP/got" "$TMP/want" "the diagnosis" || fail=1
# after the report's trace: the diagnosis ends it
tail -n 1 "$TMP/out" | grep -q '^  runs for the diagnosis: ' || { echo "#   not at the end"; fail=1; }
[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
tap_ok "$fail" "stress 17837, carry-alone: named first with its witness and where the games part, the 10 witness runs listed, status 1"

# --jobs 3 runs the witnesses 3 at a time: the same diagnosis.
bl tower stress --problem 17837 --jobs 3 --shrink-ms 0 -- "$TMP/carry" > "$TMP/out" 2> /dev/null
st=$?
got_diag "$TMP/out" > "$TMP/got"
same "$TMP/got" "$TMP/want" "the diagnosis with --jobs 3"
[ $? -eq 0 ] && [ "$st" -eq 1 ]
tap_ok $? "stress --jobs 3 --shrink-ms 0 (the original input): the same diagnosis"

# --format json: the diagnosis member.
bl stress 17837 --shrink-ms 0 --format json -- "$TMP/carry" > "$TMP/out" 2> "$TMP/err"
st=$?
/usr/bin/python3 - "$TMP/out" << 'PY' > "$TMP/got" 2>&1
import json, sys
d = json.load(open(sys.argv[1]))["diagnosis"]
w = d["witness"]
print(d["problem"], d["mistakes"], d["witness_tests"], d["tests_speaking"], d["matched"])
print([(m["id"], m["description"]) for m in d["likely"]])
print(w["id"], w["name"], repr(w["right"]), repr(w["mistake"]), repr(w["program"]))
print(w["parting"]["rules"])
print(w["parting"]["mistake"])
print(d["first_agrees_on"], d["replayed"], d["extra_runs"]["count"], d["extra_runs"]["tests"],
      d["extra_runs"]["cpu_ms"] >= 0, d["extra_runs"]["wall_ms"] >= 0)
PY
cat > "$TMP/want" << 'EOF'
17837 10 10 11 1
[('carry-alone', 'moves the piece alone, leaving the pieces above it behind')]
67 witness-carry-alone '1' '-1' '-1'
turn 1: piece 2 at (1,2) going right meets white (1,3): moves there with 2 pieces; stack 3> 2> 1>
turn 1: piece 2 at (1,2) going right meets white (1,3): moves there with 1 piece; stack 3> 2>
11 11 10 [62, 63, 64, 65, 66, 67, 68, 69, 70, 71] True True
EOF
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; fail=1; }
same "$TMP/got" "$TMP/want" "the diagnosis member" || fail=1
[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
tap_ok "$fail" "stress --format json: \"diagnosis\" names carry-alone, its witness, the answers, the parting and the 10 runs"

# A right solution: no failure, no diagnosis and no extra run.
expect "stress 17837, a right solution: no diagnosis" 0 \
	"OK: 30 runs passed (seed 1, instances 1 to 30)
" "" stress 17837 --runs 30 -- "$TMP/right"
bl stress 17837 --runs 5 --format json -- "$TMP/right" > "$TMP/out" 2>&1
grep -qx '  "failure": null,' "$TMP/out" && grep -qx '  "diagnosis": null' "$TMP/out"
tap_ok $? "stress --format json, a right solution: \"diagnosis\": null"

# Without --problem stress knows no catalogue: the same game, no diagnosis.
bl tower stress --rule carry --boj --shrink-ms 0 -- "$TMP/carry" > "$TMP/out" 2>&1
st=$?
[ "$st" -eq 1 ] && grep -q '^reference trace of the' "$TMP/out" &&
	! grep -q '^likely mistake\|^diagnosis\|runs for the diagnosis' "$TMP/out"
tap_ok $? "stress with game options, not --problem: the failure reported, no diagnosis"

# A failure that no mistake gives (a time-out; no mistake of 17837 runs
# for ever): no witness run can name one, so none is made.
bl stress 17837 --timeout-ms 100 --wall-ms 1000 --shrink-ms 0 -- sh -c 'exec sleep 5' \
	> "$TMP/out" 2>&1
st=$?
got_diag "$TMP/out" > "$TMP/got"
echo 'diagnosis: no known mistake of 17837 matches (each of the 10 answers otherwise than your program on the failing input, so no witness test was run)' > "$TMP/want"
same "$TMP/got" "$TMP/want" "the diagnosis"
[ $? -eq 0 ] && [ "$st" -eq 1 ]
tap_ok $? "stress, a time-out: no mistake matches, no witness run"

# ---- judge --fail-fast and --tests DIR ----
bl judge 17837 --fail-fast --jobs 1 -- "$TMP/carry" > "$TMP/out" 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; fail=1; }
# the tests run: the first failure stopped them, before the witnesses
ran=$((71 - $(sed -n 's/^WA: .*; \([0-9]*\) not run after --fail-fast).*/\1/p' "$TMP/out")))
[ "$ran" -lt 62 ] || { echo "#   $ran tests run"; fail=1; }
got_diag "$TMP/out" > "$TMP/got"
want_diag "the first failure" $((ran + 10)) "$RUNS10" > "$TMP/want"
same "$TMP/got" "$TMP/want" "the diagnosis" || fail=1
tap_ok "$fail" "judge --fail-fast (stopped after $ran tests): the witnesses run after it, carry-alone named, the 10 runs listed"

# A first failure that rules out every mistake: no witness run.
bl judge 17837 --fail-fast --jobs 1 -- sh -c 'echo 12345' > "$TMP/out" 2>&1
st=$?
got_diag "$TMP/out" > "$TMP/got"
echo 'diagnosis: no known mistake of 17837 matches (each of the 10 answers otherwise than your program on the first failure, so no witness test was run)' > "$TMP/want"
same "$TMP/got" "$TMP/want" "the diagnosis"
[ $? -eq 0 ] && [ "$st" -eq 1 ]
tap_ok $? "judge --fail-fast, an answer no mistake gives: none matches, no witness run"

# --tests DIR: the suite without its witness tests, as a folder.
bl judge 17837 --export "$TMP/suite" > /dev/null 2>&1
rm -f "$TMP"/suite/06[2-9].* "$TMP"/suite/07[01].*
bl judge 17837 --tests "$TMP/suite" --jobs 2 -- "$TMP/carry" > "$TMP/out" 2> "$TMP/err"
st=$?
fail=0
[ "$st" -eq 1 ] || { echo "#   exit status $st, want 1"; fail=1; }
grep -q '^WA: [0-9]*/61 tests' "$TMP/out" || { echo "#   no summary of 61 tests"; fail=1; }
got_diag "$TMP/out" > "$TMP/got"
want_diag "the first failure" 71 "$RUNS10" > "$TMP/want"
same "$TMP/got" "$TMP/want" "the diagnosis" || fail=1
[ -s "$TMP/err" ] && { echo "#   stderr not empty"; fail=1; }
tap_ok "$fail" "judge --tests DIR (no witness in it): the suite's 10 witnesses run, carry-alone named"

# --format json of judge: the diagnosis member, with the extra runs.
bl judge 17837 --tests "$TMP/suite" --format json -- "$TMP/carry" > "$TMP/out" 2> "$TMP/err"
st=$?
/usr/bin/python3 - "$TMP/out" << 'PY' > "$TMP/got" 2>&1
import json, sys
j = json.load(open(sys.argv[1]))
d = j["diagnosis"]
print(j["verdict"], j["run"], len(j["results"]), d["matched"], d["likely"][0]["id"])
print(d["witness"]["name"], d["witness"]["program"], d["first_agrees_on"], d["replayed"])
print(d["extra_runs"]["count"], d["extra_runs"]["tests"][0], d["extra_runs"]["tests"][-1])
PY
printf '%s\n' 'WA 61 61 1 carry-alone' 'witness-carry-alone -1 71 71' '10 62 71' > "$TMP/want"
same "$TMP/got" "$TMP/want" "the document"
[ $? -eq 0 ] && [ "$st" -eq 1 ]
tap_ok $? "judge --format json: \"diagnosis\" names carry-alone and lists the 10 runs beyond the tests"

# The whole suite: the witnesses ran with it, no extra run.
bl judge 17837 --format json -- "$TMP/carry" > "$TMP/out" 2>&1
/usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["diagnosis"]
sys.exit(not (d["likely"][0]["id"] == "carry-alone" and d["extra_runs"]["count"] == 0
              and d["extra_runs"]["tests"] == [] and d["replayed"] == 71))' "$TMP/out"
tap_ok $? "judge --format json on the whole suite: carry-alone, no extra run"
bl judge 17837 --format json -- "$TMP/right" > "$TMP/out" 2>&1
grep -qx '  "first_failure": null,' "$TMP/out" && grep -qx '  "diagnosis": null' "$TMP/out"
tap_ok $? "judge --format json, a right solution: \"diagnosis\": null"
tap_done
