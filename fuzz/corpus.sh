#!/bin/sh
# fuzz/corpus.sh NAME DIR: fills DIR with the seed corpus of harness NAME,
# taken from the repository's own test cases and examples (one file each,
# named by its origin).  Run from the top of the repository.
set -eu
name=$1
dir=$2
mkdir -p "$dir"
# A golden case's command may name the binary as "$BOARDLAB" (stress runs
# it); the harnesses skip such a case's argv, a word is enough.
BOARDLAB=boardlab

seed() {   # seed FILE...: copies each existing file under a flat name
	for f in "$@"; do
		[ -f "$f" ] || continue
		cp "$f" "$dir/$(printf '%s' "$f" | tr '/' '_')"
	done
}

case $name in
tower)
	seed tests/golden/boj/17780/*.in tests/golden/boj/17837/*.in tests/golden/tower/*.in \
		examples/tower.txt tests/data/tower/* ;;
yut)
	seed tests/golden/boj/17825/*.in tests/golden/yut/*.in examples/yut.txt \
		tests/data/yut/line.txt
	for d in d5 sticks sticks:0.5 1:4,2:6,5:1 3:1000000; do
		printf '%s' "$d" > "$dir/dist-$(printf '%s' "$d" | tr ':,.' '___')"
	done ;;
yut_board)
	seed examples/yut-board.txt tests/data/yut/*.txt ;;
grundy)
	seed tests/golden/boj/16880/*.in tests/golden/boj/16879/*.in tests/golden/grundy/*.in \
		examples/grundy.txt ;;
grundy_rules)
	seed tests/data/grundy/*.txt
	# The values of --piece in the golden cases.
	i=0
	for a in tests/golden/grundy/*.args; do
		eval "set -- $(cat "$a")"
		while [ $# -gt 0 ]; do
			if [ "$1" = --piece ] && [ $# -gt 1 ]; then
				i=$((i + 1))
				printf '%s' "$2" > "$dir/piece-$i"
				shift
			fi
			shift
		done
	done ;;
puyo)
	seed tests/golden/boj/11559/*.in tests/golden/puyo/*.in examples/puyo.txt \
		tests/data/puyo/*.txt ;;
cli)
	# The first line is argv (a file argument becomes '-' and the file
	# standard input, as the harness opens no file), the rest stdin.
	for a in tests/golden/*/*.args; do
		case=${a%.args}
		d=$(dirname "$a")
		body=
		[ -f "$case.in" ] && body=$case.in
		words=
		eval "set -- $(cat "$a")"
		for w in "$@"; do
			case $w in
			*/*)
				[ -z "$body" ] && [ -f "$d/$w" ] && body=$d/$w
				w=- ;;
			esac
			words="$words${words:+ }$w"
		done
		out="$dir/$(printf '%s' "$case" | tr '/' '_')"
		printf '%s\n' "$words" > "$out"
		[ -z "$body" ] || cat "$body" >> "$out"
	done
	for f in tests/golden/boj/*/*.in; do
		p=$(basename "$(dirname "$f")")
		{ printf 'boj %s\n' "$p"; cat "$f"; } > "$dir/$(printf '%s' "$f" | tr '/' '_')"
	done
	# Heavy commands the harness must tame (each was a timeout once): a
	# later --max-memory over 16M, in both forms, and work-size options at
	# their maxima.
	i=0
	for words in 'yut solve --expect --turns 99 --horses 8 --max-memory 99G' \
		'yut solve --expect --turns=9999 --horses=8 --max-memory=1G' \
		'yut trace --horses 8 --max-memory 1024G' \
		'tower gen --size 4096 --pieces 1000000 --count 1000000000' \
		'tower gen --size 4096-4096 --pieces=1000000 --ending stack' \
		'grundy table R --size 65536 --window 65536 --max-memory 1024G' \
		'grundy trace --turns 100000 --max-memory 1G' \
		'puyo gen --count 1000000000 --chains 19'; do
		i=$((i + 1))
		printf '%s\n' "$words" > "$dir/heavy-$i"
	done
	printf '1 1 1 1 1 1 1 1 1 1\n' >> "$dir/heavy-3"
	printf '1\n1000000000000000000 1000000000000000000 R\n' >> "$dir/heavy-7" ;;
*)
	echo "corpus.sh: no harness '$name'" >&2
	exit 2 ;;
esac
