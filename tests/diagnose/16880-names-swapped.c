/*
 * 16880, WRONG on purpose: the mistake names-swapped planted by hand in
 * tests/judge/16880.c for the diagnosis test (tests/cli/t-diagnose.sh).
 *
 * The names are the wrong way round.
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
	printf("%s\n", nim != 0 ? "cubelover" : "koosaga");
	return 0;
}
