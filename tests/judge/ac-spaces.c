/*
 * 16879 (palaces only): the right answer, written with extra spaces after
 * it and no final newline.  Expected verdict: AC (whitespace between and
 * after tokens is ignored, as the judge ignored it).
 */
#include <stdio.h>

int main(void)
{
	long n, x, y, nim = 0;

	if (scanf("%ld", &n) != 1)
		return 0;
	for (long i = 0; i < n; i++) {
		if (scanf("%ld %ld", &x, &y) != 2)
			return 0;
		nim ^= (x + y) % 3 + 3 * ((x / 3) ^ (y / 3));
	}
	printf("%s   \t  ", nim != 0 ? "koosaga" : "cubelover");
	return 0;
}
