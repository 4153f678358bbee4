/*
 * puyo_variant: the chain as a solution of BOJ 11559 with one known mistake
 * runs it (enum puyo_mistake), for the diagnosis of wrong solutions.  A
 * plain flood fill on the field's cells, sharing nothing with the bitboard
 * engine of lib/puyo_chain.c; puyo_solve hands a chain with a mistake over
 * to puyo_variant_run.
 */
#include "boardlab/puyo.h"

#include <stdbool.h>
#include <string.h>

struct vchain {
	struct puyo_field f;
	enum puyo_mistake m;
	int pop;
};

/*
 * The group of (r, c) (a colour, or the empty cells for dot-colour) into
 * cells[], marking seen; its size.
 */
static int flood(const struct vchain *v, int r0, int c0, bool seen[][PUYO_COLS], int *cells)
{
	static const int dr[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
	static const int dc[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };
	int kind = v->f.cell[r0][c0], n = 0, dirs = v->m == PUYO_MISTAKE_DIAGONAL ? 8 : 4;

	seen[r0][c0] = true;
	cells[n++] = r0 * PUYO_COLS + c0;
	for (int head = 0; head < n; head++) {
		int r = cells[head] / PUYO_COLS, c = cells[head] % PUYO_COLS;
		for (int d = 0; d < dirs; d++) {
			int nr = r + dr[d], nc = c + dc[d];
			if (nr < 0 || nr >= v->f.rows || nc < 0 || nc >= PUYO_COLS || seen[nr][nc] ||
			    v->f.cell[nr][nc] != kind)
				continue;
			seen[nr][nc] = true;
			cells[n++] = nr * PUYO_COLS + nc;
		}
	}
	return n;
}

/* dot-colour: whether the empty cells hold a group of the pop size. */
static bool empty_group(const struct vchain *v)
{
	bool seen[PUYO_ROWS_MAX][PUYO_COLS] = { { false } };
	int cells[PUYO_CELLS_MAX];

	for (int r = 0; r < v->f.rows; r++)
		for (int c = 0; c < PUYO_COLS; c++)
			if (v->f.cell[r][c] == PUYO_EMPTY && !seen[r][c] &&
			    flood(v, r, c, seen, cells) >= v->pop)
				return true;
	return false;
}

/*
 * Pops the groups of the pop size, the top row first, each row left to
 * right (only the first for sequential-pop); returns the groups popped and
 * adds the puyos to *popped.
 */
static int pop_groups(struct vchain *v, int *popped)
{
	bool seen[PUYO_ROWS_MAX][PUYO_COLS] = { { false } };
	int cells[PUYO_CELLS_MAX], groups = 0;

	/* A group popped leaves empty cells, which no other group of a colour reaches. */
	for (int r = v->f.rows; r-- > 0;)
		for (int c = 0; c < PUYO_COLS; c++) {
			if (v->f.cell[r][c] == PUYO_EMPTY || seen[r][c])
				continue;
			int n = flood(v, r, c, seen, cells);
			if (n < v->pop)
				continue;
			for (int i = 0; i < n; i++)
				v->f.cell[cells[i] / PUYO_COLS][cells[i] % PUYO_COLS] = PUYO_EMPTY;
			*popped += n;
			groups++;
			if (v->m == PUYO_MISTAKE_SEQUENTIAL_POP)
				return groups;
		}
	return groups;
}

static void fall(struct vchain *v)
{
	for (int c = 0; c < PUYO_COLS; c++) {
		if (v->m == PUYO_MISTAKE_GRAVITY_ONE_STEP) {
			for (int r = 0; r + 1 < v->f.rows; r++)
				if (v->f.cell[r][c] == PUYO_EMPTY && v->f.cell[r + 1][c] != PUYO_EMPTY) {
					v->f.cell[r][c] = v->f.cell[r + 1][c];
					v->f.cell[r + 1][c] = PUYO_EMPTY;
				}
			continue;
		}
		int to = 0;
		for (int r = 0; r < v->f.rows; r++)
			if (v->f.cell[r][c] != PUYO_EMPTY) {
				unsigned char x = v->f.cell[r][c];
				v->f.cell[r][c] = PUYO_EMPTY;
				v->f.cell[to++][c] = x;
			}
	}
}

enum bl_code puyo_variant_run(const struct puyo_field *f, const struct puyo_rules *rules,
			      struct puyo_result *res, struct bl_err *err)
{
	struct vchain v = { *f, rules->mistake, rules->pop };
	int groups;

	if ((unsigned)rules->mistake >= PUYO_MISTAKE_COUNT)
		return bl_fail(err, BL_ERR_ARG, "unknown mistake %d", (int)rules->mistake);
	if (rules->ojama || rules->visible != rules->rows)
		return bl_fail(err, BL_ERR_ARG, "a chain with a mistake is run under rules without "
			       "ojama or hidden rows (--rules boj)");
	if (v.m == PUYO_MISTAKE_POP_FIVE)
		v.pop++;
	memset(res, 0, sizeof *res);
	for (;;) {
		if (v.m == PUYO_MISTAKE_DOT_COLOUR && empty_group(&v)) {
			res->chains = -1;
			break;
		}
		if ((groups = pop_groups(&v, &res->popped)) == 0)
			break;
		res->chains += v.m == PUYO_MISTAKE_GROUP_AS_CHAIN ? groups : 1;
		fall(&v);
		if (v.m == PUYO_MISTAKE_SINGLE_PASS)
			break;
	}
	res->final = v.f;
	res->all_clear = res->chains > 0;
	for (int r = 0; r < v.f.rows; r++)
		for (int c = 0; c < PUYO_COLS; c++)
			res->all_clear &= v.f.cell[r][c] == PUYO_EMPTY;
	return BL_OK;
}
