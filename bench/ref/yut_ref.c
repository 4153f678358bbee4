#include "yut_ref.h"

#include <stdlib.h>

/*
 * The board as the four routes a horse can follow from Start, written out
 * cell by cell.  A cell is named by a number: 100 * kind + score, where kind
 * is 0 for Start and the outer ring, 1 for a diagonal, 2 for the centre and
 * 3 for End; so outer 40 is 40 on every route, and diagonal 16 (116) is not
 * outer 16 (16).  A horse is (route, index on the route).
 */
#define REF_END 300

static const int route_ring[] = {
	0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, REF_END,
};
static const int route_10[] = {
	0, 2, 4, 6, 8, 10, 113, 116, 119, 225, 230, 235, 40, REF_END,
};
static const int route_20[] = {
	0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 122, 124, 225, 230, 235, 40, REF_END,
};
static const int route_30[] = {
	0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
	128, 127, 126, 225, 230, 235, 40, REF_END,
};

static const int *const routes[4] = { route_ring, route_10, route_20, route_30 };
static const int route_len[4] = {
	sizeof route_ring / sizeof route_ring[0], sizeof route_10 / sizeof route_10[0],
	sizeof route_20 / sizeof route_20[0], sizeof route_30 / sizeof route_30[0],
};

int yut_ref_parse(const char *text, int *dice, int max)
{
	int n = 0;
	const char *p = text;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p)
			return n;
		if (*p < '1' || *p > '5')
			return -1;
		if (p[1] && p[1] != ' ' && p[1] != '\t' && p[1] != '\n' && p[1] != '\r')
			return -1;
		if (n == max)
			return -1;
		dice[n++] = *p - '0';
		p++;
	}
}

struct ref {
	const int *dice;
	int n, horses, allow_pass;
	int every;   /* try every horse, even one that shares its cell with a lower one */
	int route[8], at[8];
	int best;
};

static int cell(const struct ref *r, int h)
{
	return routes[r->route[h]][r->at[h]];
}

static void search(struct ref *r, int turn, int sum)
{
	int moved = 0, passed = 0;

	if (turn == r->n) {
		if (sum > r->best)
			r->best = sum;
		return;
	}
	for (int h = 0; h < r->horses; h++) {
		int here = cell(r, h);
		if (here == REF_END) {
			if (r->allow_pass && !passed) {
				passed = moved = 1;
				search(r, turn + 1, sum);
			}
			continue;
		}
		int same = 0;
		for (int j = 0; j < h && !r->every; j++)
			if (cell(r, j) == here)
				same = 1;
		if (same)
			continue;

		int old_route = r->route[h], old_at = r->at[h];
		int route = old_route;
		if (route == 0 && old_at == 5)
			route = 1;
		else if (route == 0 && old_at == 10)
			route = 2;
		else if (route == 0 && old_at == 15)
			route = 3;
		int at = old_at + r->dice[turn];
		if (at > route_len[route] - 1)
			at = route_len[route] - 1;
		int to = routes[route][at];
		int taken = 0;
		for (int j = 0; j < r->horses; j++)
			if (j != h && to != REF_END && cell(r, j) == to)
				taken = 1;
		if (taken)
			continue;
		r->route[h] = route;
		r->at[h] = at;
		moved = 1;
		search(r, turn + 1, sum + to % 100);
		r->route[h] = old_route;
		r->at[h] = old_at;
	}
	if (!moved && sum > r->best)
		r->best = sum;
}

int yut_ref_best(const int *dice, int n, int horses, int allow_pass)
{
	struct ref r = { dice, n, horses, allow_pass, 0, { 0 }, { 0 }, 0 };

	if (horses < 1 || horses > 8 || n < 0)
		abort();
	search(&r, 0, 0);
	return r.best;
}

int yut_ref_best_every(const int *dice, int n, int horses)
{
	struct ref r = { dice, n, horses, 0, 1, { 0 }, { 0 }, 0 };

	if (horses < 1 || horses > 8 || n < 0)
		abort();
	search(&r, 0, 0);
	return r.best;
}
