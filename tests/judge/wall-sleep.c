/*
 * Sleeps 10 s without using the CPU, for any problem, then prints an
 * answer.  Its CPU time stays near 0, so only the judge's wall-clock
 * backstop stops it.  Expected verdict: TLE.
 */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	unsigned left = 10;

	while (left > 0)
		left = sleep(left);
	printf("-1\n");
	return 0;
}
