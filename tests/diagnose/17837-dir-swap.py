# 17837, WRONG on purpose: the mistake dir-swap planted by hand in
# tests/judge/17837.py for the diagnosis test (tests/cli/t-diagnose.sh).
#
# Up and down are the wrong way round in the move table.
import sys

DR = (0, 0, 0, 1, -1)
DC = (0, 1, -1, 0, 0)
OPPOSITE = (0, 2, 1, 4, 3)
BLUE, RED = 2, 1


def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    colour = [[int(data[2 + r * n + c]) for c in range(n)] for r in range(n)]
    pos = 2 + n * n
    row, col, d = [], [], []
    stack = [[[] for _ in range(n)] for _ in range(n)]
    for p in range(k):
        r, c, dd = (int(v) for v in data[pos + 3 * p:pos + 3 * p + 3])
        row.append(r - 1)
        col.append(c - 1)
        d.append(dd)
        stack[r - 1][c - 1].append(p)

    def blocked(r, c):
        return r < 0 or r >= n or c < 0 or c >= n or colour[r][c] == BLUE

    def move(p):
        r, c = row[p], col[p]
        nr, nc = r + DR[d[p]], c + DC[d[p]]
        if blocked(nr, nc):
            d[p] = OPPOSITE[d[p]]
            nr, nc = r + DR[d[p]], c + DC[d[p]]
            if blocked(nr, nc):
                return len(stack[r][c])
        here = stack[r][c]
        at = here.index(p)
        group = here[at:]
        del here[at:]
        if colour[nr][nc] == RED:
            group.reverse()
        for q in group:
            row[q], col[q] = nr, nc
        stack[nr][nc].extend(group)
        return len(stack[nr][nc])

    for turn in range(1, 1001):
        for p in range(k):
            if move(p) >= 4:
                print(turn)
                return
    print(-1)


main()
