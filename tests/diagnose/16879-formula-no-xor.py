# 16879, WRONG on purpose: the mistake formula-no-xor planted by hand in
# tests/judge/16879.py for the diagnosis test (tests/cli/t-diagnose.sh).
#
# The palace is 3 (x/3 + y/3) + (x + y) mod 3.
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    nim = 0
    for i in range(n):
        x, y = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        nim ^= (x + y) % 3 + 3 * ((x // 3) + (y // 3))
    print("koosaga" if nim else "cubelover")


main()
