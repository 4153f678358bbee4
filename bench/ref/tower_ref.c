#include "tower_ref.h"

#include <stdlib.h>
#include <string.h>

struct ref_board {
	int n, k;
	int colour[TOWER_REF_NMAX][TOWER_REF_NMAX];
	int pile[TOWER_REF_NMAX][TOWER_REF_NMAX][TOWER_REF_KMAX];
	int size[TOWER_REF_NMAX][TOWER_REF_NMAX];
	int row[TOWER_REF_KMAX + 1], col[TOWER_REF_KMAX + 1], dir[TOWER_REF_KMAX + 1];
};

/* Direction 1 right, 2 left, 3 up, 4 down. */
static const int step_row[5] = { 0, 0, 0, -1, 1 };
static const int step_col[5] = { 0, 1, -1, 0, 0 };
static const int opposite[5] = { 0, 2, 1, 4, 3 };

static int next_number(const char **s, int *out)
{
	char *end;
	long v = strtol(*s, &end, 10);
	if (end == *s)
		return 0;
	*s = end;
	*out = (int)v;
	return 1;
}

static int load(struct ref_board *b, const char *s)
{
	memset(b, 0, sizeof *b);
	if (!next_number(&s, &b->n) || !next_number(&s, &b->k))
		return 0;
	if (b->n < 1 || b->n > TOWER_REF_NMAX || b->k < 1 || b->k > TOWER_REF_KMAX)
		return 0;
	for (int r = 0; r < b->n; r++)
		for (int c = 0; c < b->n; c++)
			if (!next_number(&s, &b->colour[r][c]) || b->colour[r][c] < 0 ||
			    b->colour[r][c] > 2)
				return 0;
	for (int i = 1; i <= b->k; i++) {
		int r, c, d;
		if (!next_number(&s, &r) || !next_number(&s, &c) || !next_number(&s, &d))
			return 0;
		if (r < 1 || r > b->n || c < 1 || c > b->n || d < 1 || d > 4)
			return 0;
		r--;
		c--;
		if (b->size[r][c] != 0)
			return 0;
		b->pile[r][c][0] = i;
		b->size[r][c] = 1;
		b->row[i] = r;
		b->col[i] = c;
		b->dir[i] = d;
	}
	return 1;
}

/* 2 (blue) for cells off the board, which the rules treat alike. */
static int colour_at(const struct ref_board *b, int r, int c)
{
	if (r < 0 || r >= b->n || c < 0 || c >= b->n)
		return 2;
	return b->colour[r][c];
}

/* Plays piece i; returns the height of the cell it landed on, 0 if it stayed. */
static int play(struct ref_board *b, int i, int bottom_rule)
{
	int r = b->row[i], c = b->col[i];
	int at = 0;

	while (b->pile[r][c][at] != i)
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
	int moving[TOWER_REF_KMAX], count = 0;
	for (int j = at; j < b->size[r][c]; j++)
		moving[count++] = b->pile[r][c][j];
	b->size[r][c] = at;
	if (colour == 1) {
		for (int j = 0; j < count / 2; j++) {
			int x = moving[j];
			moving[j] = moving[count - 1 - j];
			moving[count - 1 - j] = x;
		}
	}
	for (int j = 0; j < count; j++) {
		int q = moving[j];
		b->pile[nr][nc][b->size[nr][nc]++] = q;
		b->row[q] = nr;
		b->col[q] = nc;
	}
	return b->size[nr][nc];
}

long tower_ref_solve(const char *text, int bottom_rule, int height, long limit,
		     struct tower_ref_end *end)
{
	struct ref_board *b = malloc(sizeof *b);
	long answer = -1;

	if (end)
		memset(end, 0, sizeof *end);
	if (!b)
		return -2;
	if (!load(b, text)) {
		free(b);
		return -2;
	}
	for (long turn = 1; turn <= limit && answer < 0; turn++) {
		for (int i = 1; i <= b->k; i++) {
			if (play(b, i, bottom_rule) >= height) {
				answer = turn;
				if (end) {
					int r = b->row[i], c = b->col[i];
					end->row = r + 1;
					end->col = c + 1;
					end->height = b->size[r][c];
					memcpy(end->stack, b->pile[r][c],
					       sizeof(int) * (size_t)b->size[r][c]);
				}
				break;
			}
		}
	}
	free(b);
	return answer;
}
