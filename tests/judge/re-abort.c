/*
 * A crash by abort, for any problem: an assertion that every input breaks
 * (the first number is at least 1 in every problem).  Expected verdict:
 * RE, the signal named (SIGABRT).
 */
#include <assert.h>
#include <stdio.h>

int main(void)
{
	long first = 0;

	if (scanf("%ld", &first) != 1)
		first = 1;
	assert(first < 1);
	printf("%ld\n", first);
	return 0;
}
