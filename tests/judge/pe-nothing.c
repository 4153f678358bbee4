/*
 * Prints nothing, for any problem: reads the input and exits with status
 * 0.  Expected verdict: PE (no output at all).
 */
#include <stdio.h>

int main(void)
{
	while (getchar() != EOF)
		continue;
	return 0;
}
