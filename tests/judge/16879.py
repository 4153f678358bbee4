# 16879 궁전 게임 (grundy, palaces only): a correct Python 3 solution,
# written from the rules of docs/grundy.md.  Expected verdict: AC.
#
# A palace's Grundy value is (x+y) mod 3 + 3((x div 3) xor (y div 3)); the
# first player wins when their XOR is not 0.  Up to 300,000 lines: read at
# once and split.
import sys


def main():
    data = sys.stdin.buffer.read().split()
    n = int(data[0])
    nim = 0
    for i in range(n):
        x, y = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        nim ^= (x + y) % 3 + 3 * ((x // 3) ^ (y // 3))
    print("koosaga" if nim else "cubelover")


main()
