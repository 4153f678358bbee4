#!/bin/sh
# make lab-bench: the lab's figures of docs/lab.md, measured in headless
# Chromium by tests/browser/lab.js: the page's size; for each problem at
# the judge's largest, the time from the navigation's start to the first
# answer shown (the instance opened through its link, 7 loads) and the
# time an edit takes to show its new answer (a cell of the board editor
# clicked 20 times; for the grundy problems, whose 300,000 pieces are too
# many for a link or the board, the input opened as a file and a
# coordinate of it changed 20 times).
#
#   sh tests/browser/lab-bench.sh build/lab.html   (BOARDLAB: the tool, for gen)
set -eu
LAB=$1
B=${BOARDLAB:?BOARDLAB must name the boardlab binary (run through make lab-bench)}
chromium=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" > /dev/null 2>&1; then
		chromium=$(command -v "$c")
		break
	fi
done
[ -n "$chromium" ] || { echo "lab-bench: no chromium, chromium-browser or google-chrome on PATH" >&2; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/boardlab-lab-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/bench" "$T/out"

# link NAME FRAGMENT FILE: the instance opened through the URL contract.
link() {
	printf '%s&in=%s\n' "$2" "$(base64 -w 0 "$3" | tr '+/' '-_' | tr -d '=')" > "$T/bench/$1.frag"
}
# typed NAME FRAGMENT FILE: the instance typed into the page opened at FRAGMENT.
typed() {
	echo "$2" > "$T/bench/$1.opts"
	cp "$3" "$T/bench/$1.text"
}

# tower: 12 x 12, 10 pieces, a game that never ends (all 1000 turns played)
"$B" tower gen --boj --size 12 --pieces 10 --ending never --seed 1 > "$T/tower.in"
link 17780-12x12-10-pieces-1000-turns p=17780 "$T/tower.in"
link 17837-12x12-10-pieces-1000-turns p=17837 "$T/tower.in"
"$B" yut gen --boj --seed 1 > "$T/yut.in"
link 17825-10-dice p=17825 "$T/yut.in"
"$B" puyo gen --boj --kind chain --chains 16 --seed 1 > "$T/puyo.in"
link 11559-16-chains p=11559 "$T/puyo.in"
# grundy: 4,000 pieces make a link of 100 KB; the judge's 300,000 (6 MB) are opened as a file
"$B" grundy gen --boj --pieces 4000 --seed 1 > "$T/g4k.in"
link 16880-4000-pieces p=16880 "$T/g4k.in"
"$B" grundy gen --boj --pieces 300000 --seed 1 > "$T/g300k.in"
typed 16880-300000-pieces p=16880 "$T/g300k.in"
"$B" grundy gen --boj --only P --pieces 300000 --seed 1 > "$T/p300k.in"
typed 16879-300000-pieces p=16879 "$T/p300k.in"

node "$(dirname "$0")/lab.js" bench "$chromium" "$LAB" "$T" "$T/out"
