/*
 * A busy loop, for any problem: reads the input, then spins forever on the
 * CPU.  Expected verdict: TLE (the CPU time passes the limit; the judge
 * kills the process group, and no process is left behind).
 */
#include <stdio.h>

int main(void)
{
	volatile unsigned long spins = 0;

	while (getchar() != EOF)
		continue;
	for (;;)
		spins++;
}
