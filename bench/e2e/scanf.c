/* BOJ 16880 read with scanf: a peer of the end-to-end benchmarks (e2e.c). */
#include <stdio.h>

#include "grundy16880.h"

int main(void)
{
	int n;
	long long nim = 0, x, y;
	char c;

	if (scanf("%d", &n) != 1)
		return 1;
	for (int i = 0; i < n; i++) {
		if (scanf("%lld %lld %c", &x, &y, &c) != 3)
			return 1;
		nim ^= grundy(x, y, c);
	}
	puts(nim ? "koosaga" : "cubelover");
	return 0;
}
