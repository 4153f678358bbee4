#!/bin/sh
# The lab page (build/lab.html, issue 20) in a real browser: headless
# Chromium, driven over the DevTools protocol by tests/browser/lab.js.
#  - the page asks for nothing from the network;
#  - for each problem, 50 random instances of `boardlab GAME gen`, opened
#    through the URL contract #p=PROBLEM&in=BASE64URL, show exactly the
#    answers of `boardlab boj PROBLEM`; a game's own options (#g=GAME&...)
#    show `boardlab GAME solve`'s; an invalid input shows the tool's
#    diagnostic at its line and column;
#  - the steps are the replay's frames, byte for byte those of `trace
#    --format html`, and the keys step through them;
#  - a click on each game's board editor changes the input, and the answer
#    is the tool's for the new input;
#  - puyo: a pair moved, turned and dropped by keyboard chains as `puyo
#    best` and `puyo solve` say; yut: the advisor's expected totals for a
#    die entered, before and after a move, are `yut advise`'s; grundy: a
#    move played, the engine answers with the winning move `grundy hint`
#    names.
# Screenshots are kept under the build directory (BL_BUILD/lab/).  Skipped,
# saying why, without Chromium, node or the page (make lab: no WebAssembly
# toolchain), and under BL_WRAP (valgrind: the page runs no boardlab).
. "$(dirname "$0")/lib.sh"
R=$(cd "$TESTS_DIR/.." && pwd)
BUILD_DIR=$R/${BL_BUILD:-build}
LAB=$BUILD_DIR/lab.html
SHOTS=$BUILD_DIR/lab

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}
[ -z "$BL_WRAP" ] || skip_all "under BL_WRAP ($BL_WRAP): the lab is WebAssembly, not a boardlab run"
chromium=
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" > /dev/null 2>&1; then
		chromium=$(command -v "$c")
		break
	fi
done
[ -n "$chromium" ] || skip_all "no chromium, chromium-browser or google-chrome on PATH"
command -v node > /dev/null 2>&1 || skip_all "no node to drive chromium"
[ -f "$LAB" ] || skip_all "no $LAB: make lab needs clang for wasm32-wasi, lld, wasi-libc and libclang-rt-dev-wasm32"
mkdir -p "$SHOTS"
D=$TMP/data
O=$TMP/out
mkdir -p "$D/answers" "$D/frames" "$D/edit" "$D/play" "$D/review" "$O"

b64url() {   # b64url FILE: the file in base64url, without padding
	base64 -w 0 "$1" | tr '+/' '-_' | tr -d '='
}

# split GAME FILE DIR PREFIX: the instances of gen's output FILE, one a file
# DIR/PREFIX-NN.in, read by their formats (tower: N K, N rows, K pieces;
# yut: a line; grundy: N, N pieces; puyo: 12 rows).
split_instances() {
	awk -v game="$1" -v dir="$3" -v pre="$4" '
		function out() { return sprintf("%s/%s-%02d.in", dir, pre, n) }
		left == 0 {
			n++
			if (game == "tower") { split($0, h, " "); left = 1 + h[1] + h[2] }
			else if (game == "grundy") left = 1 + $1
			else if (game == "puyo") left = 12
			else left = 1
		}
		{ print > out(); left-- }
		left == 0 { close(out()) }' "$2"
}

# ---- the answers of 50 instances a problem, through the URL ----

# problem, its game, gen's options, a seed each
while read -r p game seed opts; do
	# shellcheck disable=SC2086  # opts are words
	bl "$game" gen --seed "$seed" --count 50 $opts > "$TMP/$p.gen" &&
		bl boj "$p" --batch < "$TMP/$p.gen" > "$TMP/$p.want"
	tap_ok $? "$p: 50 instances of '$game gen --seed $seed $opts' and their 'boj $p --batch' answers"
	split_instances "$game" "$TMP/$p.gen" "$D/answers" "$p"
	mv "$D/answers/$p-01.in" "$D/answers/$p-01-load.in"
	for f in "$D/answers/$p"-*.in; do
		printf 'p=%s\n' "$p" > "${f%.in}.frag"
	done
done <<EOF
17780 tower 20 --boj
17837 tower 21 --boj
17825 yut 22 --boj
16880 grundy 23 --boj
16879 grundy 24 --boj --only P
11559 puyo 25 --boj --kind chain --chains 3
EOF

# ---- a game's own options, and invalid inputs ----

printf '3\n5 5 Q\n2 3 B\n1023 7 Q\n' > "$TMP/q.in"
echo 4 5 3 1 2 > "$TMP/yut2.in"
printf '4 4\n0 0 0 x\n' > "$TMP/bad-tower.in"
printf '1 2 3 4 5 6\n' > "$TMP/bad-yut.in"
printf '2\n1 2 R\n3 4 Q\n' > "$TMP/bad-grundy.in"
printf '......\n......\n......\n......\n......\n......\n......\n......\n.G....\nGR....\nGR....\n.R....\n' \
	> "$TMP/bad-puyo.in"
bl puyo gen --rules tsu --kind chain --chains 7 --seed 3 > "$TMP/tsu.in"
bl tower gen --seed 5 --size 20 --pieces 30 > "$TMP/tower20.in"
# name | fragment without the input | the tool's words | input
while IFS='|' read -r name frag words in; do
	printf '%s&in=%s\n' "$frag" "$(b64url "$TMP/$in")" > "$D/answers/$name.frag"
	# shellcheck disable=SC2086  # words are the command's
	bl $words < "$TMP/$in" > "$TMP/$name.want" 2> "$TMP/$name.err"
	sed -n '1s/^boardlab: <stdin>://p' "$TMP/$name.err" > "$TMP/$name.wantdiag"
done <<EOF
g-puyo-tsu|g=puyo&rules=tsu|puyo solve --rules tsu|tsu.in
g-tower-bottom|g=tower&rule=bottom&limit=50|tower solve --rule bottom --limit 50|tower20.in
g-yut-2|g=yut&horses=2|yut solve --horses 2|yut2.in
g-grundy-q|g=grundy&piece=Q%20%3D%20ride(2%2C1)%20%2B%20leap(1%2C1)|grundy solve --piece Q=ride(2,1)+leap(1,1)|q.in
bad-tower|p=17837|boj 17837|bad-tower.in
bad-yut|p=17825|boj 17825|bad-yut.in
bad-grundy|p=16880|boj 16880|bad-grundy.in
bad-puyo|p=11559|boj 11559|bad-puyo.in
EOF

# ---- the steps, the board editors, play ----

EX=$R/examples
PF=$TMP/pf.in   # a field that does not chain, and chains twice when R under G drops on column 3
printf '......\n......\n......\n......\n......\n......\n......\n......\n.G....\nGR....\nGR....\nGR....\n' > "$PF"
printf '3\n5 5 R\n2 3 B\n4 1 K\n' > "$TMP/g3.in"
# game | fragment | input
while IFS='|' read -r game frag in; do
	printf '%s&in=%s\n' "$frag" "$(b64url "$in")" > "$D/frames/$game.frag"
	cp "$in" "$TMP/frames-$game.in"
done <<EOF
tower|p=17837|$EX/tower.txt
yut|p=17825|$EX/yut.txt
grundy|p=16880|$EX/grundy.txt
puyo|g=puyo&rules=tsu|$R/tests/data/puyo/f19.txt
EOF
# game | fragment | the click (tool row column) | input
while IFS='|' read -r game frag click in; do
	printf '%s&in=%s\n' "$frag" "$(b64url "$in")" > "$D/edit/$game.frag"
	echo "$click" > "$D/edit/$game.click"
	cp "$in" "$TMP/edit-$game.in"
done <<EOF
tower|p=17837|2 0 3|$EX/tower.txt
yut|p=17825|turn 0 4|$EX/yut.txt
grundy|p=16880|K 1 1|$TMP/g3.in
puyo|g=puyo|R 8 0|$PF
EOF
printf 'g=puyo&rules=tsu&mode=play&pairs=RG&in=%s\n' "$(b64url "$PF")" > "$D/play/puyo.frag"
echo 'g=yut&mode=play' > "$D/play/yut.frag"
printf 'g=grundy&mode=play&in=%s\n' "$(b64url "$TMP/g3.in")" > "$D/play/grundy.frag"
echo '1 5 2' > "$D/play/grundy.move"
# what a person met using the page (tests/browser/lab.js, review)
printf '4 4\r0 0 0 0\r0 0 x 0\r' > "$TMP/cr.in"   # lines ended by lone CRs
bl grundy gen --boj --pieces 1200 --seed 4 > "$TMP/g1200.in"
bl tower gen --seed 3 --size 30 --pieces 20 > "$TMP/tower30.in"
while IFS='|' read -r name frag in; do
	printf '%s&in=%s\n' "$frag" "$(b64url "$in")" > "$D/review/$name.frag"
done <<EOF
refuse|p=11559|$PF
option|g=tower&height=0|$EX/tower.txt
keep|p=17837|$EX/tower.txt
percent|g=tower&height=%|$EX/tower.txt
cr|p=17837|$TMP/cr.in
zoom|p=16880|$EX/grundy.txt
lines|p=16880|$TMP/g1200.in
pick|p=17780|$EX/tower.txt
switch|p=17837|$EX/tower.txt
bigplay|p=16880|$TMP/g1200.in
best|g=puyo&rules=tsu&mode=play&pairs=RG|$PF
target|g=grundy&mode=play|$TMP/g3.in
wide|g=tower|$TMP/tower30.in
EOF
echo 'R 0 0' > "$D/review/refuse.click"

node "$TESTS_DIR/browser/lab.js" test "$chromium" "$LAB" "$D" "$O" "$SHOTS" > "$TMP/drive.out" 2> "$TMP/drive.err"
st=$?
[ "$st" -eq 0 ] || { echo "#   lab.js exit status $st"; sed 's/^/#   /' "$TMP/drive.err" | head -n 20; }
tap_ok "$st" "chromium opens the lab and drives it (tests/browser/lab.js)"
[ -f "$O/requests" ] && [ ! -s "$O/requests" ]
tap_ok $? "the pages asked for nothing from the network$(head -n 3 "$O/requests" 2> /dev/null | sed 's/^/ /')"
[ -f "$O/ends" ] && [ ! -s "$O/ends" ]
tap_ok $? "the common ends of two long texts, found by comparing slices, are the plain search's$(head -n 3 "$O/ends" 2> /dev/null | sed 's/^/; /')"

# ---- the answers ----

for p in 17780 17837 17825 16880 16879 11559; do
	cat "$O/$p"-*.answer > "$TMP/$p.got" 2> /dev/null   # 01-load sorts first
	same "$TMP/$p.got" "$TMP/$p.want" "the answers"
	tap_ok $? "$p: the 50 answers the page shows are boj's (1 page loaded, 49 reached by the fragment)"
done
for name in g-puyo-tsu g-tower-bottom g-yut-2 g-grundy-q; do
	same "$O/$name.answer" "$TMP/$name.want" "the answer"
	tap_ok $? "$name: #$(sed 's/&in=.*//' "$D/answers/$name.frag") shows the tool's '$(cat "$TMP/$name.want")'"
done
for name in bad-tower bad-yut bad-grundy bad-puyo; do
	fail=0
	[ -s "$TMP/$name.wantdiag" ] || { echo "#   the tool gave no diagnostic"; fail=1; }
	same "$O/$name.diag" "$TMP/$name.wantdiag" "the diagnostic" || fail=1
	echo | cmp -s - "$O/$name.answer" || { echo "#   the answer is not empty"; fail=1; }
	tap_ok "$fail" "$name: the page shows the tool's '$(cat "$TMP/$name.wantdiag")' and no answer"
done

# ---- the steps: the replay's frames ----

# frames PAGE: the bytes of the stage's frames (lines, the stage's closing
# </div> the last before <div id="side">); desc PAGE K: frame K's description.
frames() {
	awk '/^<div id="side">/ { exit } on { if (n++) print last; last = $0 } /^<div id="stage">$/ { on = 1 }' "$1"
}
desc() {
	sed -n "s/^<div class=\"frame\" id=\"f$2\" data-desc=\"\([^\"]*\)\">\$/\1/p" "$1" |
		sed "s/&lt;/</g; s/&gt;/>/g; s/&quot;/\"/g; s/&#39;/'/g; s/&amp;/\&/g"
}
for x in tower:'tower trace --format html --rule carry --boj' yut:'yut trace --format html --boj' \
	grundy:'grundy trace --format html --boj' puyo:'puyo trace --format html --rules tsu'; do
	game=${x%%:*} words=${x#*:}
	# shellcheck disable=SC2086  # words are the command's
	bl $words "$TMP/frames-$game.in" > "$TMP/$game.page"
	frames "$TMP/$game.page" > "$TMP/$game.frames"
	n=$(grep -c '^<div class="frame"' "$TMP/$game.frames")
	same "$O/frames-$game.html" "$TMP/$game.frames" "the frames"
	tap_ok $? "$game: the page's steps are the $n frames of '$words', byte for byte"
	desc "$TMP/$game.page" 3 > "$TMP/$game.desc"
	echo 4 > "$TMP/$game.pos"
	same "$O/frames-$game.desc" "$TMP/$game.desc" "the description" &&
		same "$O/frames-$game.pos" "$TMP/$game.pos" "the step"
	tap_ok $? "$game: 3 ArrowRight presses show step 4, '$(cat "$TMP/$game.desc")'"
done

# ---- the board editors ----

# The text after the click is a valid input whose answer the page shows.
check_edit() {   # check_edit GAME WORDS... : the tool's words for the answer
	game=$1
	shift
	fail=0
	if cmp -s "$O/edit-$game.text" "$TMP/edit-$game.in"; then
		echo "#   the input did not change"
		fail=1
	fi
	bl "$@" < "$O/edit-$game.text" > "$TMP/edit-$game.want" 2>&1 || fail=1
	same "$O/edit-$game.answer" "$TMP/edit-$game.want" "the answer" || fail=1
	tap_ok "$fail" "$game: a click on the board edits the input, and the answer is the tool's for it ('$(cat "$TMP/edit-$game.want")')"
}
check_edit tower boj 17837
[ "$(sed -n '2p' "$O/edit-tower.text" | cut -d' ' -f4)" = 2 ]
tap_ok $? "tower: painting row 1, column 4 blue writes colour 2 there"
check_edit yut boj 17825
check_edit grundy boj 16880
[ "$(head -n 1 "$O/edit-grundy.text")" = 4 ] && grep -qx '1 1 K' "$O/edit-grundy.text"
tap_ok $? "grundy: a king placed at (1, 1) is a fourth piece"
check_edit puyo puyo solve
[ "$(sed -n '9p' "$O/edit-puyo.text")" = RG.... ]
tap_ok $? "puyo: an R placed at row 9, column 1"

# ---- play ----

fail=0
[ "$(cat "$O/puyo.pair")" = RG ] || { echo "#   pair '$(cat "$O/puyo.pair")', want RG (the link's)"; fail=1; }
[ "$(cat "$O/puyo.move")" = "2 0" ] ||
	{ echo "#   after the keys: column and rotation '$(cat "$O/puyo.move")', want '2 0'"; fail=1; }
tap_ok "$fail" "puyo: the keys move and turn the pair the link gives (ArrowLeft, ArrowRight, ArrowUp x 4)"
want=$(bl puyo best --rules tsu --next RG --top 22 "$PF" | awk '$2 == 3 && $3 == "up" { print $4 }')
[ -n "$want" ] && [ "$want" -gt 0 ] && [ "$(cat "$O/puyo.chain")" = "$want" ]
tap_ok $? "puyo: dropped with space on column 3, the pair chains $want times, as 'puyo best' says (page: $(cat "$O/puyo.chain"))"
bl puyo solve --rules tsu < "$O/puyo.placed" > "$TMP/puyo.result"
same "$O/puyo.result" "$TMP/puyo.result" "the chain's result"
tap_ok $? "puyo: the chain's score is the tool's: $(cat "$TMP/puyo.result")"

bl yut advise --at start,start,start,start --turns 10 --roll 3 > "$TMP/yut.advice1"
same "$O/yut.advice1" "$TMP/yut.advice1" "the advice"
tap_ok $? "yut: a 3 entered, each legal move with the expected total of 'yut advise'"
moves=$(bl yut advise --at start,start,start,start --turns 10 --roll 3 --format json |
	python3 -c 'import json, sys; print(len(json.load(sys.stdin)["moves"]))')
[ "$(cat "$O/yut.buttons")" = "$moves" ]
tap_ok $? "yut: a button for each of the $moves moves, none for the line 'states explored' (page: $(cat "$O/yut.buttons"))"
bl yut advise --at "$(cat "$O/yut.at")" --turns 9 --roll 5 --score "$(cat "$O/yut.score")" \
	> "$TMP/yut.advice2" 2>&1
same "$O/yut.advice2" "$TMP/yut.advice2" "the advice"
tap_ok $? "yut: the best move played ($(cat "$O/yut.at"), score $(cat "$O/yut.score")), then a 5: 'yut advise' again"

printf '3\n5 2 R\n2 3 B\n4 1 K\n' > "$TMP/g3-after.in"
hint=$(bl grundy hint < "$TMP/g3-after.in")
fail=0
[ "$(sed -n 1p "$O/grundy.log")" = \
	"turn 1: koosaga moves piece 1 (R) from (5, 5) to (5, 2): value 0 to 7, xor 1 to 6" ] ||
	{ echo "#   the player's move: '$(sed -n 1p "$O/grundy.log")'"; fail=1; }
[ "$(sed -n 2p "$O/grundy.log" | sed 's/^turn 2: cubelover moves /move /')" = "$hint" ] ||
	{ echo "#   the engine's move: '$(sed -n 2p "$O/grundy.log")', want '$hint'"; fail=1; }
[ "$(cat "$O/grundy.xor")" = 0 ] || { echo "#   xor $(cat "$O/grundy.xor") after the engine's move"; fail=1; }
tap_ok "$fail" "grundy: a move played, the engine answers with 'grundy hint''s winning move to xor 0"

# ---- what a person met using the page ----

# fact NAME KEY: the value of KEY in OUT/review-NAME
fact() {
	sed -n "s/^$2 //p" "$O/review-$1"
}
expect() {   # expect NAME KEY WANT: the fact is WANT, else say what it is
	[ "$(fact "$1" "$2")" = "$3" ] || { echo "#   $1: $2 '$(fact "$1" "$2")', want '$3'"; return 1; }
}

sed '1s/^./R/' "$PF" > "$TMP/refused.in"
want=$(bl boj 11559 "$TMP/refused.in" 2>&1 | sed -n '1s/^.*:[0-9]*:[0-9]*: error: //p')
fail=0
expect refuse boardmsg "not applied: $want" || fail=1
for k in input answer cells; do
	[ "$(fact refuse "$k")" = "$(fact refuse "before-$k")" ] || { echo "#   the $k changed"; fail=1; }
done
[ "$(fact refuse cells)" = 72 ] || { echo "#   $(fact refuse cells) cells"; fail=1; }
tap_ok "$fail" "a board click the library refuses (an R over an empty cell) leaves the board, the input and the answer, and says why: '$want'"

want=$(bl tower solve --height 0 "$EX/tower.txt" 2>&1 | sed -n '1s/^boardlab: //p')
fail=0
expect option opterror "$want" || fail=1
expect option bad opt-height || fail=1
expect option diag "" || fail=1
expect option note "the board shows a valid input: mend the options first (above)" || fail=1
tap_ok "$fail" "an option's error is shown by the options, the field outlined, not under the text: '$want'"

fail=0
expect keep before 6 || fail=1
expect keep pos 6 || fail=1
tap_ok "$fail" "tower: a cell painted at step 6 keeps step 6 shown when the steps follow the edit"

want=$(bl boj 17837 "$TMP/cr.in" 2>&1 | sed -n '1s/^.*:\([0-9]*:[0-9]*: error: \)/\1/p')
fail=0
expect cr diag "$want\\n0 0 x 0\\n    ^" || fail=1
tap_ok "$fail" "an input of lines ended by lone CRs: '$want' under its line, the caret at its column"

fail=0
attr=$(fact zoom attr)
[ "$(fact zoom fitted)" -lt "$attr" ] || { echo "#   fitted: $(fact zoom fitted) of $attr"; fail=1; }
expect zoom full "$attr" || fail=1
expect zoom page 0 || fail=1
expect zoom again "$(fact zoom fitted)" || fail=1
tap_ok "$fail" "grundy's steps: a click shows the picture at its own $attr pixels (the column scrolls, not the page), another fits it again"

fail=0
case $(fact lines big) in 'The input, over 1000 lines, '*) ;; *) echo "#   big: '$(fact lines big)'"; fail=1 ;; esac
expect lines box 0 || fail=1
expect lines answer "$(bl boj 16880 "$TMP/g1200.in")" || fail=1
[ "$(fact lines cells)" -gt 0 ] || { echo "#   no board"; fail=1; }
tap_ok "$fail" "an input of 1,201 lines is kept out of the text box (each edit laid out thousands of lines again), its board and answer shown"

fail=0
expect pick pick p:17780 || fail=1
expect pick focus pick || fail=1
expect pick same true || fail=1
expect pick pos 3 || fail=1
tap_ok "$fail" "with the problem's list focused, ArrowRight steps the game (it picked the next problem, the input lost)"

fail=0
expect switch p:17780-same true || fail=1
expect switch p:17780-answer "$(bl boj 17780 "$EX/tower.txt")" || fail=1
expect switch p:16880-same false || fail=1
expect switch p:16879-same false || fail=1
expect switch p:16879-diag '' || fail=1
tap_ok "$fail" "17837's input stays when 17780 is picked, answered as 17780's; 16880's gives way to a random instance of 16879"

fail=0
expect bigplay log 'the input has over 1000 lines: a position this large is solved, not played' || fail=1
expect bigplay choices 0 || fail=1
tap_ok "$fail" "grundy: play on a position of 1,200 pieces says it is solved, not played ($(fact bigplay ms) ms; 300,000 held the page three minutes)"

fail=0
expect percent fatal "error: the link's part 'height=%' has a broken %-escape: left out" || fail=1
expect percent answer "$(bl tower solve "$EX/tower.txt")" || fail=1
tap_ok "$fail" "a link with a broken %-escape opens, says which part it left out, and answers the rest"

fail=0
case $(fact best shown) in 'best for RG,'??:) ;; *) echo "#   shown '$(fact best shown)'"; fail=1 ;; esac
expect best after '' || fail=1
tap_ok "$fail" "puyo: the best moves shown go when their pair is dropped"

fail=0
expect target piece1 '5 5' || fail=1
expect target piece2 '2 3' || fail=1
tap_ok "$fail" "grundy: the target's x and y start at the chosen piece's cell"

fail=0
for w in 1280 400; do
	[ "$(fact wide "page$w")" -le "$(fact wide "window$w")" ] ||
		{ echo "#   $w: the page is $(fact wide "page$w") wide"; fail=1; }
	[ "$(fact wide "editor$w")" -le "$(fact wide "left$w")" ] ||
		{ echo "#   $w: the board ends at $(fact wide "editor$w"), its column at $(fact wide "left$w")"; fail=1; }
done
[ "$(fact wide left1280)" -le "$(fact wide right1280)" ] || { echo "#   the columns overlap"; fail=1; }
tap_ok "$fail" "a tower board of 30 x 30 stays in its column, in a window 1280 and 400 wide"

for f in lab-steps-tower lab-edit-puyo lab-play-puyo lab-play-yut lab-play-grundy; do
	sig=$(od -An -tx1 -N8 "$SHOTS/$f.png" 2> /dev/null | tr -d ' \n')
	[ "$sig" = 89504e470d0a1a0a ] || { echo "#   $SHOTS/$f.png: signature '$sig'"; }
	[ "$sig" = 89504e470d0a1a0a ]
	tap_ok $? "the screenshot $f.png is a PNG"
done
tap_done
