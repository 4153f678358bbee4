#include "tower_ref.h"

#include <stdlib.h>
#include <string.h>

struct pile {
	int *piece;      /* bottom to top */
	int size, cap;
};

struct ref_board {
	int n, k;
	int *colour;             /* n * n, row-major */
	struct pile *pile;       /* n * n */
	int *row, *col, *dir;    /* k + 1, 1-based pieces */
};

/* Direction 1 right, 2 left, 3 up, 4 down. */
static const int step_row[5] = { 0, 0, 0, -1, 1 };
static const int step_col[5] = { 0, 1, -1, 0, 0 };
static const int opposite[5] = { 0, 2, 1, 4, 3 };

static int next_number(const char **s, long *out)
{
	char *end;
	long v = strtol(*s, &end, 10);
	if (end == *s)
		return 0;
	*s = end;
	*out = v;
	return 1;
}

static void unload(struct ref_board *b)
{
	if (b->pile)
		for (long i = 0; i < (long)b->n * b->n; i++)
			free(b->pile[i].piece);
	free(b->colour);
	free(b->pile);
	free(b->row);
	free(b->col);
	free(b->dir);
	memset(b, 0, sizeof *b);
}

static int push(struct pile *p, int piece)
{
	if (p->size == p->cap) {
		int cap = p->cap ? p->cap * 2 : 4;
		int *q = realloc(p->piece, sizeof(int) * (size_t)cap);
		if (!q)
			return 0;
		p->piece = q;
		p->cap = cap;
	}
	p->piece[p->size++] = piece;
	return 1;
}

static int load(struct ref_board *b, const char **s)
{
	long n, k, v;

	memset(b, 0, sizeof *b);
	if (!next_number(s, &n) || !next_number(s, &k) || n < 1 || n > 4096 || k < 1 || k > n * n)
		return 0;
	b->n = (int)n;
	b->k = (int)k;
	b->colour = malloc(sizeof(int) * (size_t)(n * n));
	b->pile = calloc((size_t)(n * n), sizeof *b->pile);
	b->row = malloc(sizeof(int) * (size_t)(k + 1));
	b->col = malloc(sizeof(int) * (size_t)(k + 1));
	b->dir = malloc(sizeof(int) * (size_t)(k + 1));
	if (!b->colour || !b->pile || !b->row || !b->col || !b->dir)
		return 0;
	for (long i = 0; i < n * n; i++) {
		if (!next_number(s, &v) || v < 0 || v > 2)
			return 0;
		b->colour[i] = (int)v;
	}
	for (int i = 1; i <= b->k; i++) {
		long r, c, d;
		if (!next_number(s, &r) || !next_number(s, &c) || !next_number(s, &d))
			return 0;
		if (r < 1 || r > n || c < 1 || c > n || d < 1 || d > 4)
			return 0;
		struct pile *p = &b->pile[(r - 1) * n + (c - 1)];
		if (p->size != 0 || !push(p, i))
			return 0;
		b->row[i] = (int)r - 1;
		b->col[i] = (int)c - 1;
		b->dir[i] = (int)d;
	}
	return 1;
}

/* 2 (blue) for cells off the board, which the rules treat alike. */
static int colour_at(const struct ref_board *b, int r, int c)
{
	if (r < 0 || r >= b->n || c < 0 || c >= b->n)
		return 2;
	return b->colour[r * b->n + c];
}

/*
 * Plays piece i; returns the height of the cell it landed on, 0 if it
 * stayed, -1 when memory ran out.
 */
static int play(struct ref_board *b, int i, int bottom_rule)
{
	int r = b->row[i], c = b->col[i];
	struct pile *from = &b->pile[r * b->n + c];
	int at = 0;

	while (from->piece[at] != i)
		at++;
	if (bottom_rule && at != 0)
		return 0;
	int nr = r + step_row[b->dir[i]], nc = c + step_col[b->dir[i]];
	int colour = colour_at(b, nr, nc);
	if (colour == 2) {
		b->dir[i] = opposite[b->dir[i]];
		nr = r + step_row[b->dir[i]];
		nc = c + step_col[b->dir[i]];
		colour = colour_at(b, nr, nc);
		if (colour == 2)
			return 0;
	}
	struct pile *to = &b->pile[nr * b->n + nc];
	int count = from->size - at;
	for (int j = 0; j < count; j++) {
		/* On red the group goes on upside down: its top piece first. */
		int q = from->piece[colour == 1 ? from->size - 1 - j : at + j];
		if (!push(to, q))
			return -1;
		b->row[q] = nr;
		b->col[q] = nc;
	}
	from->size = at;
	return to->size;
}

long long tower_ref_run(const char **text, int bottom_rule, long long height, long long limit,
			struct tower_ref_end *end)
{
	struct ref_board b;
	long long answer = -1, moves = 0;

	if (end)
		memset(end, 0, sizeof *end);
	if (!load(&b, text)) {
		unload(&b);
		return -2;
	}
	for (long long turn = 1; turn <= limit && answer == -1; turn++) {
		for (int i = 1; i <= b.k; i++) {
			int h = play(&b, i, bottom_rule);
			moves++;
			if (h < 0) {
				answer = -2;
				break;
			}
			if (h >= height) {
				answer = turn;
				if (end) {
					struct pile *p = &b.pile[b.row[i] * b.n + b.col[i]];
					end->row = b.row[i] + 1;
					end->col = b.col[i] + 1;
					end->height = p->size;
					for (int j = 0; j < p->size && j < TOWER_REF_KMAX; j++)
						end->stack[j] = p->piece[j];
				}
				break;
			}
		}
	}
	if (end)
		end->moves = moves;
	unload(&b);
	return answer;
}

long long tower_ref_solve(const char *text, int bottom_rule, long long height, long long limit,
			  struct tower_ref_end *end)
{
	return tower_ref_run(&text, bottom_rule, height, limit, end);
}
