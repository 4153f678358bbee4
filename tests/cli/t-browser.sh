#!/bin/sh
# The replay pages in a real browser (issue 8): headless Chromium, driven
# over the DevTools protocol by tests/browser/drive.js, opens each game's
# `trace --format html` from a file, presses ArrowRight N times and the
# test checks the DOM: the number of frames, the frame shown and its
# description (the game's own trace text for that step), the final answer,
# End, Home and ArrowLeft; and the screenshot is a non-empty PNG (kept
# under the build directory).  Skipped, saying why, without Chromium.
. "$(dirname "$0")/lib.sh"
R=$(cd "$TESTS_DIR/.." && pwd)
EX=$R/examples
D=$TESTS_DIR/data/pictures
SHOTS=$R/${BL_BUILD:-build}/browser

chromium=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" > /dev/null 2>&1; then
		chromium=$(command -v "$c")
		break
	fi
done
skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}
[ -n "$chromium" ] || skip_all "no chromium, chromium-browser or google-chrome on PATH"
command -v node > /dev/null 2>&1 || skip_all "no node to drive chromium"
mkdir -p "$SHOTS"

# browse GAME PRESSES WANT_FRAMES WANT_AFTER WANT_LAST WANT_ANSWER ARGS...:
# the page of `boardlab ARGS` after PRESSES ArrowRight presses.
browse() {
	game=$1 presses=$2 frames=$3 after=$4 last=$5 answer=$6
	shift 6
	bl "$@" > "$TMP/$game.html"
	rm -f "$SHOTS/$game.png"
	node "$TESTS_DIR/browser/drive.js" "$chromium" "$TMP/$game.html" "$presses" \
		"$SHOTS/$game.png" > "$TMP/dom" 2> "$TMP/err"
	st=$?
	fail=0
	[ "$st" -eq 0 ] || { echo "#   drive.js exit status $st"; sed 's/^/#   /' "$TMP/err"; fail=1; }
	tap_ok "$fail" "$game: chromium opens the replay page and steps through it"
	check() {   # check KEY WANT NAME
		got=$(sed -n "s/^$1 //p" "$TMP/dom")
		if [ "$got" = "$2" ]; then
			tap_ok 0 "$game: $3"
		else
			echo "#   got:  '$got'"
			echo "#   want: '$2'"
			tap_ok 1 "$game: $3"
		fi
	}
	check frames "$frames" "$frames frames in the DOM"
	check count "$frames" "the page says $frames steps"
	check after "f$presses $after" "after $presses ArrowRight, frame $presses: '$after'"
	check answer "$answer" "the final answer: '$answer'"
	check end "f$((frames - 1)) $last" "End shows the last frame"
	home=$(sed -n 's/^home //p' "$TMP/dom")
	case $home in
	f0\ *) tap_ok 0 "$game: Home, then ArrowLeft at the first frame, shows the first frame" ;;
	*) echo "#   home: '$home'"; tap_ok 1 "$game: Home then ArrowLeft" ;;
	esac
	check visible 1 "one frame visible at a time"
	check overflow 0 "every text of every frame inside its picture (captions wrapped)"
	check slider "$presses" "the slider follows the keys"
	sig=$(od -An -tx1 -N8 "$SHOTS/$game.png" 2> /dev/null | tr -d ' \n')
	size=$(wc -c < "$SHOTS/$game.png" 2> /dev/null || echo 0)
	if [ "$sig" = 89504e470d0a1a0a ] && [ "$size" -gt 2000 ]; then
		tap_ok 0 "$game: the screenshot is a PNG of $size bytes"
	else
		echo "#   signature '$sig', $size bytes"
		tap_ok 1 "$game: the screenshot is a PNG"
	fi
}

# tower: turn 2's third move is frame 10 + 3 = 13 (10 pieces a turn).
bl tower trace --to 3 "$EX/tower.txt" > "$TMP/text"
moves=$(grep -c '^  piece ' "$TMP/text")
t13=$(awk '/^turn [0-9]+$/ { t = $2; next } /^  piece / { if (++n == 13) { sub(/^  /, ""); print "turn " t ": " $0 } }' "$TMP/text")
tlast=$(awk '/^turn [0-9]+$/ { t = $2; next } /^  piece / { sub(/^  /, ""); l = "turn " t ": " $0 } END { print l }' "$TMP/text")
browse tower 13 $((moves + 1)) "$t13" "$tlast" "stopped after turn 3, before the game ended" \
	tower trace --format html --to 3 "$EX/tower.txt"

# yut: frame 4 is turn 4 of the plan.
bl yut plan "$EX/yut.txt" > "$TMP/text"
browse yut 4 11 "$(grep '^turn 4:' "$TMP/text")" "$(grep '^turn 10:' "$TMP/text")" \
	"best total $(sed -n 's/^best total with 4 horses: //p' "$TMP/text")" \
	yut trace --format html "$EX/yut.txt"

# grundy: frame 3 is turn 3 of trace; the last frame its end.
bl grundy trace "$D/grundy-small.txt" > "$TMP/text"
browse grundy 3 9 "$(grep '^turn 3:' "$TMP/text")" "$(tail -n 1 "$TMP/text")" \
	"$(tail -n 1 "$TMP/text")" grundy trace --format html "$D/grundy-small.txt"

# grundy on one narrow heat map, with long captions (coordinates near 10^9).
bl grundy trace --turns 5 "$D/grundy-narrow.txt" > "$TMP/text"
browse grundy-narrow 1 6 "$(grep '^turn 1:' "$TMP/text")" "$(grep '^turn 5:' "$TMP/text")" \
	"$(tail -n 1 "$TMP/text")" grundy trace --format html --turns 5 "$D/grundy-narrow.txt"

# puyo: frame 5 is chain 3 popping (frames: start, then pop and gravity per chain).
# Its description is the text trace's line for the step.
bl puyo trace --rules tsu --format json "$R/tests/data/puyo/f19.txt" > "$TMP/json"
c3=$(bl puyo trace --rules tsu "$R/tests/data/puyo/f19.txt" | grep '^chain 3:')
c19=$(python3 -c '
import json, sys
print("chain 19: after gravity, %d ojama sent" % json.load(open(sys.argv[1]))["steps"][18]["ojama_sent"])' "$TMP/json")
browse puyo 5 39 "$c3" "$c19" "$(bl puyo solve --rules tsu "$R/tests/data/puyo/f19.txt")" \
	puyo trace --format html --rules tsu "$R/tests/data/puyo/f19.txt"
tap_done
