/*
 * A crash by SIGSEGV, for any problem: an array index read from the input
 * and not checked lands far outside the array.  Expected verdict: RE, the
 * signal named (SIGSEGV).
 */
#include <stdio.h>

static int small[16];

int main(void)
{
	long first = 1;

	if (scanf("%ld", &first) != 1 || first < 1)
		first = 1;
	/* 1 << 30 ints past the end: far outside anything mapped */
	small[first << 30] = 1;
	printf("%d\n", small[0]);
	return 0;
}
