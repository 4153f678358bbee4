/*
 * BOJ 16880 read by hand with getchar_unlocked: the fastest plain reader,
 * a streaming one, as the fastest accepted solutions write it.  A peer of
 * the end-to-end benchmarks (e2e.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "grundy16880.h"

static int c;

static long long number(void)
{
	long long v = 0;

	while ((c < '0' || c > '9') && c != EOF)
		c = getchar_unlocked();
	while (c >= '0' && c <= '9') {
		v = v * 10 + (c - '0');
		c = getchar_unlocked();
	}
	return v;
}

int main(void)
{
	long long n = number(), nim = 0;

	for (long long i = 0; i < n; i++) {
		long long x = number(), y = number();
		while (c == ' ' || c == '\n' || c == '\r' || c == '\t')
			c = getchar_unlocked();
		nim ^= grundy(x, y, c);
		c = getchar_unlocked();
	}
	puts(nim ? "koosaga" : "cubelover");
	return 0;
}
