# 11559, WRONG on purpose: the mistake pop-five planted by hand in
# tests/judge/11559.py for the diagnosis test (tests/cli/t-diagnose.sh).
#
# Groups need 5 puyos to pop.
import sys

ROWS, COLS = 12, 6


def pop(field):
    seen = [[False] * COLS for _ in range(ROWS)]
    popped = False
    for r in range(ROWS):
        for c in range(COLS):
            if field[r][c] == '.' or seen[r][c]:
                continue
            seen[r][c] = True
            group, todo = [(r, c)], [(r, c)]
            while todo:
                cr, cc = todo.pop()
                for nr, nc in ((cr - 1, cc), (cr + 1, cc), (cr, cc - 1), (cr, cc + 1)):
                    if 0 <= nr < ROWS and 0 <= nc < COLS and not seen[nr][nc] \
                            and field[nr][nc] == field[r][c]:
                        seen[nr][nc] = True
                        group.append((nr, nc))
                        todo.append((nr, nc))
            if len(group) >= 5:
                for gr, gc in group:
                    field[gr][gc] = '.'
                popped = True
    return popped


def fall(field):
    for c in range(COLS):
        column = [field[r][c] for r in range(ROWS) if field[r][c] != '.']
        column = ['.'] * (ROWS - len(column)) + column
        for r in range(ROWS):
            field[r][c] = column[r]


def main():
    field = [list(line) for line in sys.stdin.read().split()[:ROWS]]
    chains = 0
    while pop(field):
        fall(field)
        chains += 1
    print(chains)


main()
