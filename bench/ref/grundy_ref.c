#include "grundy_ref.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W GRUNDY_REF_W

static int piece_index(char piece)
{
	const char *p = strchr(GRUNDY_REF_PIECES, piece);
	return piece && p ? (int)(p - GRUNDY_REF_PIECES) : -1;
}

/*
 * The value of (x, y) is the smallest number not among the values of the
 * cells one move away.  Those cells are listed exactly as the statement
 * lists them, and all have a smaller x + y, so filling the table by
 * anti-diagonals finds them done.
 */
static void fill(int *t, char piece)
{
	char *seen = malloc(2 * W + 4);

	for (int s = 0; s <= 2 * (W - 1); s++) {
		for (int x = 0; x < W; x++) {
			int y = s - x;
			if (y < 0 || y >= W)
				continue;
			memset(seen, 0, 2 * W + 4);
			if (piece == 'R' || piece == 'P') {
				for (int i = 0; i < y; i++)
					seen[t[x * W + i]] = 1;
				for (int i = 0; i < x; i++)
					seen[t[i * W + y]] = 1;
			}
			if (piece == 'P' && x > 0 && y > 0)
				seen[t[(x - 1) * W + (y - 1)]] = 1;
			if (piece == 'B')
				for (int i = 1; i <= x && i <= y; i++)
					seen[t[(x - i) * W + (y - i)]] = 1;
			if (piece == 'K') {
				if (y > 0)
					seen[t[x * W + (y - 1)]] = 1;
				if (x > 0)
					seen[t[(x - 1) * W + y]] = 1;
				if (x > 0 && y > 0)
					seen[t[(x - 1) * W + (y - 1)]] = 1;
			}
			if (piece == 'N') {
				if (x > 0 && y > 1)
					seen[t[(x - 1) * W + (y - 2)]] = 1;
				if (x > 1 && y > 0)
					seen[t[(x - 2) * W + (y - 1)]] = 1;
			}
			int v = 0;
			while (seen[v])
				v++;
			t[x * W + y] = v;
		}
	}
	free(seen);
}

int grundy_ref_init(struct grundy_ref *ref)
{
	for (int k = 0; k < 5; k++)
		ref->table[k] = NULL;
	for (int k = 0; k < 5; k++) {
		ref->table[k] = malloc(sizeof(int) * W * W);
		if (!ref->table[k]) {
			grundy_ref_release(ref);
			return -1;
		}
		fill(ref->table[k], GRUNDY_REF_PIECES[k]);
	}
	return 0;
}

void grundy_ref_release(struct grundy_ref *ref)
{
	for (int k = 0; k < 5; k++) {
		free(ref->table[k]);
		ref->table[k] = NULL;
	}
}

int grundy_ref_table(const struct grundy_ref *ref, char piece, int x, int y)
{
	return ref->table[piece_index(piece)][x * W + y];
}

/* Nim addition, one binary digit at a time. */
static long long nim_add(long long a, long long b)
{
	long long r = 0;
	for (int bit = 0; bit < 62; bit++)
		if (((a >> bit) & 1) != ((b >> bit) & 1))
			r += 1LL << bit;
	return r;
}

long long grundy_ref_formula(char piece, long long x, long long y)
{
	long long small = x < y ? x : y, diff = llabs(x - y);

	switch (piece) {
	case 'R':
		return nim_add(x, y);
	case 'B':
		return small;
	case 'K':
		if (x % 2 == 0 && y % 2 == 0)
			return 0;
		if (x % 2 == 1 && y % 2 == 1)
			return 2;
		return small % 2 == 0 ? 1 : 3;
	case 'N':
		if (small % 3 == 0)
			return 0;
		if (small % 3 == 1)
			return x == y ? 0 : 1;
		return diff >= 2 ? 2 : 1;
	case 'P':
		return 3 * nim_add(x / 3, y / 3) + (x % 3 + y % 3) % 3;
	default:
		return -1;
	}
}

long long grundy_ref_value(const struct grundy_ref *ref, char piece, long long x, long long y)
{
	if (x < W && y < W)
		return grundy_ref_table(ref, piece, (int)x, (int)y);
	return grundy_ref_formula(piece, x, y);
}

int grundy_ref_solve(const struct grundy_ref *ref, const char *text, char only, long *by_table)
{
	const char *p = text;
	char *end;
	long long n, total = 0;
	long inside = 0;

	n = strtoll(p, &end, 10);
	if (end == p || n < 0)
		return -1;
	p = end;
	for (long long i = 0; i < n; i++) {
		long long x = strtoll(p, &end, 10), y;
		if (end == p)
			return -1;
		p = end;
		y = strtoll(p, &end, 10);
		if (end == p)
			return -1;
		p = end;
		char c = only;
		if (!c) {
			while (isspace((unsigned char)*p))
				p++;
			c = *p++;
		}
		if (piece_index(c) < 0 || x < 0 || y < 0)
			return -1;
		if (x < W && y < W)
			inside++;
		total ^= grundy_ref_value(ref, c, x, y);
	}
	if (by_table)
		*by_table = inside;
	return total != 0;
}

long long grundy_ref_scan(const char *text, size_t len, long *count)
{
	FILE *f = fmemopen((void *)text, len, "r");
	long long n, x, y, total = 0;
	char c;

	if (!f)
		return -1;
	if (fscanf(f, "%lld", &n) != 1 || n < 0) {
		fclose(f);
		return -1;
	}
	for (long long i = 0; i < n; i++) {
		if (fscanf(f, "%lld %lld %c", &x, &y, &c) != 3 || piece_index(c) < 0) {
			fclose(f);
			return -1;
		}
		total ^= grundy_ref_formula(c, x, y);
	}
	fclose(f);
	*count = (long)n;
	return total;
}
