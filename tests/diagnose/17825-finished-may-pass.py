# 17825, WRONG on purpose: the mistake finished-may-pass planted by hand in
# tests/judge/17825.py for the diagnosis test (tests/cli/t-diagnose.sh).
#
# A horse on End may be chosen; it stays there and scores 0.
import sys
from functools import lru_cache

START, END = 0, 21
# 0 Start, 1..20 the outer ring 2..40, 21 End, 22..24 the diagonal 13 16 19
# from outer 10, 25..26 the diagonal 22 24 from outer 20, 27..29 the
# diagonal 28 27 26 from outer 30, 30..32 the centre 25 30 35.
SCORE = [2 * i for i in range(21)] + [0, 13, 16, 19, 22, 24, 28, 27, 26, 25, 30, 35]
RED = list(range(1, 22)) + [21, 23, 24, 30, 26, 30, 28, 29, 30, 31, 32, 20]
BLUE = {5: 22, 10: 25, 15: 27}


def step(cell, die):
    cell = BLUE.get(cell, RED[cell])
    for _ in range(die - 1):
        if cell == END:
            break
        cell = RED[cell]
    return cell


def main():
    dice = [int(v) for v in sys.stdin.read().split()[:10]]

    @lru_cache(maxsize=None)
    def best(turn, cells):
        if turn == len(dice):
            return 0
        result = 0
        for h, cell in enumerate(cells):
            to = step(cell, dice[turn])
            others = cells[:h] + cells[h + 1:]
            if to != END and to in others:
                continue
            after = tuple(sorted(others + (to,)))
            result = max(result, SCORE[to] + best(turn + 1, after))
        return result

    print(best(0, (START,) * 4))


main()
