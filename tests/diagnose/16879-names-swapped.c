/*
 * 16879, WRONG on purpose: the mistake names-swapped planted by hand in
 * tests/judge/16879.c for the diagnosis test (tests/cli/t-diagnose.sh).
 *
 * The names are the wrong way round.
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
		printf("cubelover\n");
	else
		printf("koosaga\n");
	return 0;
}
