#!/bin/sh
# Every example a user may copy from the documents: in README.md and
# docs/*.md, each line `$ COMMAND` of a fenced block is run by sh in a
# folder that holds the repository's examples/ and tests/ (so its paths work
# as written, and a file it writes is left in no tree), with `boardlab` the
# binary under test; what it prints, standard output and error in turn, must
# be the block's lines up to the next `$ ` line or the block's end.  A line
# `...` stands for any lines, and so does a line ending in ` ...` for the
# rest of its own line and any lines after it.  An example that runs the
# reader's own program (./a.out, ./sol, sol.py) or not the tool at all (make
# lab-bench, whose figures are measurements) is skipped, saying so.
. "$(dirname "$0")/lib.sh"
R=$(cd "$TESTS_DIR/.." && pwd)

mkdir -p "$TMP/bin" "$TMP/work"
ln -s "$R/examples" "$TMP/work/examples"
ln -s "$R/tests" "$TMP/work/tests"
if [ -n "${BL_WRAP:-}" ]; then
	# Under BL_WRAP_EVERY=N (lib.sh), the first run and every Nth are wrapped.
	cat > "$TMP/bin/boardlab" <<EOF
#!/bin/sh
n=\$(cat "$TMP/.bl-runs" 2> /dev/null || echo 0)
echo \$((n + 1)) > "$TMP/.bl-runs"
[ \$((n % ${BL_WRAP_EVERY:-1})) -eq 0 ] && exec $BL_WRAP "$BOARDLAB" "\$@"
exec "$BOARDLAB" "\$@"
EOF
	chmod +x "$TMP/bin/boardlab"
else
	ln -s "$BOARDLAB" "$TMP/bin/boardlab"
fi

# Finds the examples, runs each and prints the TAP lines, in one process.
python3 - "$R" "$TMP" README.md docs/*.md <<'PY'
import os, re, subprocess, sys
root, tmp, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
env = dict(os.environ, PATH=os.path.join(tmp, 'bin') + os.pathsep + os.environ['PATH'],
           NO_COLOR='1')


def examples(path):
    """(line, command, lines shown) of each `$ ` line of a fenced block."""
    lines = open(os.path.join(root, path), encoding='utf-8').read().split('\n')
    block = None
    for i, line in enumerate(lines):
        if line.startswith('```'):
            if block is not None:
                yield from commands(block)
            block = [] if block is None else None
        elif block is not None:
            block.append((i + 1, line))


def commands(block):
    j = 0
    while j < len(block):
        at, text = block[j]
        j += 1
        if not text.startswith('$ '):
            continue
        shown = []
        while j < len(block) and not block[j][1].startswith('$ '):
            shown.append(block[j][1])
            j += 1
        yield at, text[2:], shown


def match(got, want):
    """Whether got's lines are want's, `...` and ` ...` standing for any."""
    if not want:
        return not got
    head = want[0]
    if head.strip() == '...':
        return any(match(got[k:], want[1:]) for k in range(len(got) + 1))
    if head.endswith(' ...'):
        return bool(got) and got[0].startswith(head[:-4]) and \
            any(match(got[k:], want[1:]) for k in range(1, len(got) + 1))
    return bool(got) and got[0] == head and match(got[1:], want[1:])


def trim(lines):
    while lines and lines[-1] == '':
        lines = lines[:-1]
    return lines


n = failed = 0
for path in paths:
    for at, cmd, shown in examples(path):
        n += 1
        name = '%s:%d: %s' % (path, at, cmd)
        if re.search(r'a\.out|\./sol\b|sol\.py', cmd):
            print('ok %d - %s # skip runs the reader\'s own program' % (n, name))
            continue
        if not re.search(r'\bboardlab\b', cmd):
            print('ok %d - %s # skip not the tool: a measurement (make lab-bench)' % (n, name))
            continue
        run = subprocess.run(['sh', '-c', cmd], cwd=os.path.join(tmp, 'work'), env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        got = trim(run.stdout.decode('utf-8', 'replace').split('\n'))
        want = trim(shown)
        if match(got, want):
            print('ok %d - %s' % (n, name))
            continue
        failed += 1
        print('not ok %d - %s' % (n, name))
        print('#   the document shows:')
        print(''.join('#     %s\n' % w for w in want), end='')
        print('#   boardlab prints:')
        print(''.join('#     %s\n' % g for g in got[:30]), end='')
print('1..%d' % n)
sys.exit(1 if failed else 0)
PY
