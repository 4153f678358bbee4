#!/bin/sh
# Every verb's synopsis in the documents a user reads: for each game of
# `boardlab --help` and each verb of `boardlab GAME --help`, README.md,
# docs/GAME.md and the man page docs/boardlab.1 each hold a synopsis of
# `boardlab GAME VERB` (README and GAME.md: a line starting so, with the
# lines indented under it; the man page: a `.B boardlab GAME VERB` line up
# to `.br`), and the options it names are exactly those of
# `boardlab GAME VERB --help`. The placeholders the documents define stand
# for their options: PIECES (grundy's --piece and --piece-file), "field
# options" (puyo's), "stress options" and "judge options" (every game's).
. "$(dirname "$0")/lib.sh"
R=$(cd "$TESTS_DIR/.." && pwd)

# synopsis FILE GAME VERB: the options the synopsis names, one a line,
# sorted; MISSING when FILE has none.
synopsis() {
	python3 - "$@" <<'PY'
import re, sys
path, game, verb = sys.argv[1:4]
lines = open(path, encoding='utf-8').read().split('\n')
place = {
    'PIECES': '--piece --piece-file',
    'field options': '--rules --rows --pop --boj --settle --batch',
    'stress options': '--seed --runs --timeout-ms --wall-ms --jobs --shrink-ms --save '
                      '--keep-going --format',
    'judge options': '--time-limit --time-scale --memory-limit --output-limit --jobs '
                     '--format --fail-fast --tests --export --list --input --mistakes',
}
man = path.endswith('.1')
want = ('.B boardlab %s %s' if man else 'boardlab %s %s') % (game, verb)
opts, found = set(), False
for i, line in enumerate(lines):
    if line != want and not line.startswith(want + ' '):
        continue
    found = True
    text = line
    for more in lines[i + 1:]:
        if man and re.match(r'\.(br|PP|SS|SH)\b', more):
            break
        if not man and not more.startswith(' ' * 8):
            break
        text += ' ' + more
    text = text.replace('\\-', '-')
    for k, v in place.items():
        text = text.replace(k, v)
    opts |= set(re.findall(r'--[a-z][a-z-]*', text))
print('\n'.join(sorted(opts)) if found else 'MISSING')
PY
}

games=$(bl --help | awk '/^games:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }')
fail=0
[ -n "$games" ] || fail=1
for g in $games; do
	bl "$g" --help > /dev/null 2>&1 || { echo "#   '$g' is not a game"; fail=1; }
done
tap_ok "$fail" "boardlab --help lists the games, each of them one"
for g in $games; do
	verbs=$(bl "$g" --help | awk '/^verbs:/ { f = 1; next } /^$/ { f = 0 } f && /^  [a-z]/ { print $1 }')
	for v in $verbs; do
		bl "$g" "$v" --help | grep -oE '^  --[a-z][a-z-]*' | sed 's/^  //' |
			grep -vx -- --help | sort -u > "$TMP/help"
		for doc in README.md "docs/$g.md" docs/boardlab.1; do
			synopsis "$R/$doc" "$g" "$v" > "$TMP/doc"
			same "$TMP/doc" "$TMP/help" "the options of $doc's synopsis"
			tap_ok $? "$doc: the synopsis of $g $v names the options of its --help"
		done
	done
done
tap_done
