/*
 * 16879 궁전 게임 (grundy, palaces only): a correct plain solution, written
 * from the rules of docs/grundy.md.  Expected verdict: AC.
 *
 * A palace moves like a rook toward the corner, or one step diagonally
 * (x > 0 and y > 0).  Its Grundy value is (x+y) mod 3 + 3((x div 3) xor
 * (y div 3)); the first player wins when the XOR over the pieces is not 0.
 * The input is read by hand, a byte at a time, as fast solutions of this
 * problem do (up to 300,000 lines).  Also the reference that the mutation
 * test mutates: every name but main is static, main returns.
 */
#include <stdio.h>

/* The next non-negative integer of standard input, or -1 at its end. */
static long read_number(void)
{
	int c = getchar();

	while (c == ' ' || c == '\n' || c == '\r' || c == '\t')
		c = getchar();
	if (c < '0' || c > '9')
		return -1;
	long v = 0;
	while (c >= '0' && c <= '9') {
		v = v * 10 + (c - '0');
		c = getchar();
	}
	return v;
}

static long palace(long x, long y)
{
	return (x + y) % 3 + 3 * ((x / 3) ^ (y / 3));
}

int main(void)
{
	long n = read_number(), nim = 0;

	for (long i = 0; i < n; i++) {
		long x = read_number();
		long y = read_number();
		if (x < 0 || y < 0)
			return 0;
		nim ^= palace(x, y);
	}
	if (nim != 0)
		printf("koosaga\n");
	else
		printf("cubelover\n");
	return 0;
}
