/*
 * Endless output, for any problem: prints "-1" lines forever.  Expected
 * verdict: OLE (the output passes the judge's output limit and the run is
 * stopped).
 */
#include <stdio.h>

int main(void)
{
	for (;;)
		if (puts("-1") == EOF)
			return 1;
}
