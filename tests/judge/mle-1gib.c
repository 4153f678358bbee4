/*
 * Allocates 1 GiB and touches every page of it, for any problem: more than
 * every problem's memory limit (512 MB at most).  Expected verdict: MLE
 * (the peak resident set passes the limit, or the judge's memory limit
 * stops the allocation).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GIB ((size_t)1 << 30)

int main(void)
{
	char *p = malloc(GIB);

	if (p == NULL)
		return 3;
	memset(p, 1, GIB);
	/* use the memory, so that the compiler keeps it */
	printf("%d\n", p[GIB - 1] + p[GIB / 2] - 2);
	free(p);
	return 0;
}
