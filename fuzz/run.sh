#!/bin/sh
# fuzz/run.sh BUILD NAME SECONDS [LIBFUZZER OPTIONS...]: runs harness
# BUILD/fuzz/NAME for SECONDS seconds on its corpus, BUILD/fuzz/corpus/NAME
# (seeded by fuzz/corpus.sh the first time; what the fuzzer finds is kept
# there for the next run).  A crash, a leak, a timeout or an out-of-memory
# fails the run and leaves the input in BUILD/fuzz/artifacts/.  Prints one
# summary line: harness, seconds, executions, corpus size, coverage.  The
# harness runs in BUILD/fuzz/log/, where -jobs=N puts its fuzz-N.log files.
set -eu
build=$1
name=$2
secs=$3
shift 3
mkdir -p "$build/fuzz/corpus/$name" "$build/fuzz/artifacts" "$build/fuzz/log"
# Absolute paths: the cli harness works in a directory of its own.
top=$(cd "$build/fuzz" && pwd)
bin=$top/$name
corpus=$top/corpus/$name
art=$top/artifacts
log=$top/log/$name.log
[ -n "$(ls -A "$corpus")" ] || sh fuzz/corpus.sh "$name" "$corpus"
count() { find "$1" -type f | wc -l; }
seeds=$(count "$corpus")

status=0
# From the log directory: libFuzzer writes -jobs' fuzz-N.log files where it runs.
cd "$top/log"
"$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=8192 \
	-print_final_stats=1 -artifact_prefix="$art/$name-" "$@" "$corpus" > "$log" 2>&1 ||
	status=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | sed 's/ft: //')
printf 'fuzz %-13s %5s s  %10s execs  corpus %5s (seeds %s)  cov %s  ft %s\n' \
	"$name" "$secs" "${execs:-?}" "$(count "$corpus")" "$seeds" "${cov:-?}" "${ft:-?}"
if [ "$status" -ne 0 ]; then
	echo "fuzz $name: FAILED (status $status); the log: $log" >&2
	grep -E '^(==[0-9]+==ERROR|SUMMARY|.*assertion failed|.*runtime error|artifact_prefix|Test unit written)' \
		"$log" | head -n 20 >&2
	exit 1
fi
