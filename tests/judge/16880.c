/*
 * 16880 룩, 비숍, 킹, 나이트, 궁전 게임 (grundy, five pieces): a correct plain
 * solution, written from the rules of docs/grundy.md.  Expected verdict: AC.
 *
 * The first player wins when the XOR of the pieces' Grundy values is not 0.
 * Rook x xor y, bishop min(x, y) and palace (x+y) mod 3 + 3((x div 3) xor
 * (y div 3)) are the spec's closed forms; the king's and the knight's
 * values are read off brute-force tables of their moves:
 *   king: 0 when x and y are both even, 2 when both are odd; otherwise 3
 *         when the odd one is the smaller, else 1;
 *   knight: unchanged by taking 3 off both coordinates; once the smaller
 *         is below 3 it is that smaller one, except (1,1) is 0 and the
 *         cells (2,2), (2,3), (3,2) are 1.
 * Also the reference that the mutation test mutates: every name but main
 * is static, main returns.
 */
#include <stdio.h>

static long long min(long long a, long long b)
{
	return a < b ? a : b;
}

static long long king(long long x, long long y)
{
	int xo = x % 2 == 1, yo = y % 2 == 1;

	if (!xo && !yo)
		return 0;
	if (xo && yo)
		return 2;
	if ((xo && x < y) || (yo && y < x))
		return 3;
	return 1;
}

static long long knight(long long x, long long y)
{
	long long t = min(x, y) / 3;
	long long lo = min(x, y) - 3 * t, hi = (x > y ? x : y) - 3 * t;

	if (lo == 1 && hi == 1)
		return 0;
	if (lo == 2 && hi <= 3)
		return 1;
	return lo;
}

static long long palace(long long x, long long y)
{
	return (x + y) % 3 + 3 * ((x / 3) ^ (y / 3));
}

static long long value(long long x, long long y, char piece)
{
	switch (piece) {
	case 'R':
		return x ^ y;
	case 'B':
		return min(x, y);
	case 'K':
		return king(x, y);
	case 'N':
		return knight(x, y);
	default:
		return palace(x, y);
	}
}

int main(void)
{
	int n;
	long long nim = 0;

	if (scanf("%d", &n) != 1)
		return 0;
	for (int i = 0; i < n; i++) {
		long long x, y;
		char piece;
		if (scanf("%lld %lld %c", &x, &y, &piece) != 3)
			return 0;
		nim ^= value(x, y, piece);
	}
	printf("%s\n", nim != 0 ? "koosaga" : "cubelover");
	return 0;
}
