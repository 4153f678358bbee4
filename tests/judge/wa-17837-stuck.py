# 17837 새로운 게임 2 (tower, carry rule), WRONG: a piece blocked on both
# sides turns back to its first direction.  Expected verdict: WA.
#
# The rules: a piece that meets blue or the edge reverses, and if blue or
# the edge lies the other way too it stays where it is, its direction
# reversed.  This one, written in a hurry, reverses it back, so a piece
# stuck between two blockers keeps its first direction.  It matters only
# once a piece below carries it away, often hundreds of turns in: the
# subtle bug of issue 18 that `boardlab stress 17837 -- python3 ...` must
# catch and shrink to a short game.  Otherwise as 17837.py.
import sys

DR = (0, 0, 0, -1, 1)
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
                d[p] = OPPOSITE[d[p]]
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
