#!/bin/sh
# The README's picture of the lab, docs/lab.png (make lab-picture): the page
# of BOJ 17837 on examples/tower.txt at step 14, taken by headless Chromium
# (tests/browser/lab.js shot).
#
#   sh docs/lab-picture.sh build/lab.html docs/lab.png
set -eu
chromium=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" > /dev/null 2>&1; then
		chromium=$(command -v "$c")
		break
	fi
done
[ -n "$chromium" ] || { echo "lab-picture: no chromium, chromium-browser or google-chrome on PATH" >&2; exit 1; }
dir=$(cd "$(dirname "$0")/.." && pwd)
in=$(base64 -w 0 "$dir/examples/tower.txt" | tr '+/' '-_' | tr -d '=')

keys=
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do keys="$keys ArrowRight"; done
# shellcheck disable=SC2086  # keys are words
node "$dir/tests/browser/lab.js" shot "$chromium" "$1" "p=17837&in=$in" "$2" $keys
