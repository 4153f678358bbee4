# 16880, WRONG on purpose: the mistake sum-not-xor planted by hand in
# tests/judge/16880.py for the diagnosis test (tests/cli/t-diagnose.sh).
#
# The values are added.
import sys


def king(x, y):
    xo, yo = x % 2, y % 2
    if not xo and not yo:
        return 0
    if xo and yo:
        return 2
    if (xo and x < y) or (yo and y < x):
        return 3
    return 1


def knight(x, y):
    t = min(x, y) // 3
    lo, hi = min(x, y) - 3 * t, max(x, y) - 3 * t
    if lo == 1 and hi == 1:
        return 0
    if lo == 2 and hi <= 3:
        return 1
    return lo


def value(x, y, piece):
    if piece == 'R':
        return x ^ y
    if piece == 'B':
        return min(x, y)
    if piece == 'K':
        return king(x, y)
    if piece == 'N':
        return knight(x, y)
    return (x + y) % 3 + 3 * ((x // 3) ^ (y // 3))


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    nim = 0
    for i in range(n):
        x, y, piece = data[1 + 3 * i:4 + 3 * i]
        nim += value(int(x), int(y), piece.decode())
    print("koosaga" if nim else "cubelover")


main()
