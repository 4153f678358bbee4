/*
 * The Grundy values of BOJ 16880's pieces by their closed forms, for the
 * C peers of the end-to-end benchmarks (scanf.c, getchar.c): rook x xor y,
 * bishop min(x, y), king and knight from their brute-force tables,
 * palace (x+y) mod 3 + 3((x div 3) xor (y div 3)).
 */
static long long grundy(long long x, long long y, int c)
{
	long long lo = x < y ? x : y, hi = x < y ? y : x;

	switch (c) {
	case 'R':
		return x ^ y;
	case 'B':
		return lo;
	case 'K':
		if (x % 2 == 0 && y % 2 == 0)
			return 0;
		if (x % 2 == 1 && y % 2 == 1)
			return 2;
		return (x % 2 == 1 ? x < y : y < x) ? 3 : 1;
	case 'N':
		hi -= lo / 3 * 3;
		lo -= lo / 3 * 3;
		if (lo == 1 && hi == 1)
			return 0;
		if (lo == 2 && hi <= 3)
			return 1;
		return lo;
	default:
		return (x + y) % 3 + 3 * ((x / 3) ^ (y / 3));
	}
}
