#!/bin/sh
# tower CLI checks that golden files cannot express: help generated from the
# option table and the demo's tower part (the boj presets are checked for
# every problem in t-golden.sh).
. "$(dirname "$0")/lib.sh"

bl tower solve --help > "$TMP/help" 2>&1
st=$?
fail=$st
for o in --rule --boj --batch --explain; do
	grep -q -- "$o" "$TMP/help" || { echo "#   help lacks $o"; fail=1; }
done
tap_ok "$fail" "tower solve --help lists every option"

bl demo > "$TMP/demo" 2>&1
st=$?
awk '/^== tower/{on=1; next} /^== /{on=0} on' "$TMP/demo" > "$TMP/tower"
fail=$st
grep -qx 7 "$TMP/tower" || { echo "#   no carry answer 7"; fail=1; }
grep -qx 9 "$TMP/tower" || { echo "#   no bottom answer 9"; fail=1; }
grep -q '^turn 7: piece 3 ' "$TMP/tower" || { echo "#   no carry explanation"; fail=1; }
lines=$(wc -l < "$TMP/tower")
[ "$lines" -lt 40 ] || { echo "#   the tower demo has $lines lines"; fail=1; }
tap_ok "$fail" "demo: the tower example under both rules, explained, under 40 lines"

tap_done
