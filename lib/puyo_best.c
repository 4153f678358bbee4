/*
 * The placement search: the legal moves of a pair, placing one, and every
 * move of the next pair (or two) ranked by the chain it triggers.
 */
#include "boardlab/puyo.h"

#include <assert.h>
#include <string.h>

/* Where the pair appears, and the rows it moves at (from the floor: 11 and 12). */
#define SPAWN_COL 2
#define MOVE_HEIGHT 12

static int height(const struct puyo_field *f, int c)
{
	int h = 0;
	while (h < f->rows && f->cell[h][c] != PUYO_EMPTY)
		h++;
	return h;
}

/* The child's column offset for each rotation. */
static int child_dx(int rot)
{
	return rot == PUYO_ROT_RIGHT ? 1 : rot == PUYO_ROT_LEFT ? -1 : 0;
}

/* Column c can be reached from the spawn column: it and those between hold <= 11. */
static bool reachable(const int h[PUYO_COLS], int c)
{
	int step = c < SPAWN_COL ? -1 : 1;
	for (int x = SPAWN_COL;; x += step) {
		if (h[x] >= MOVE_HEIGHT)
			return false;
		if (x == c)
			return true;
	}
}

bool puyo_game_over(const struct puyo_field *f)
{
	return height(f, SPAWN_COL) >= MOVE_HEIGHT;
}

/*
 * Where move m puts the pair on a field of rows rows whose columns are h
 * puyos high: false when the move is not legal, else true and the axis's
 * and the child's cells (row from the floor, column).  The pair falls
 * whole: with the child above or below the axis both go in one column, the
 * lower first.
 */
static bool landing(const int h[PUYO_COLS], int rows, struct puyo_move m, int cell[2][2])
{
	int ac = m.col, cc = m.col + child_dx(m.rot);

	if (m.col >= PUYO_COLS || m.rot > PUYO_ROT_LEFT || cc < 0 || cc >= PUYO_COLS)
		return false;
	if (h[SPAWN_COL] >= MOVE_HEIGHT || !reachable(h, ac) || !reachable(h, cc))
		return false;
	int ar = h[ac], cr = h[cc];
	if (m.rot == PUYO_ROT_UP)
		cr = ar + 1;
	else if (m.rot == PUYO_ROT_DOWN)
		ar = cr + 1;
	if (ar >= rows || cr >= rows)
		return false;
	cell[0][0] = ar;
	cell[0][1] = ac;
	cell[1][0] = cr;
	cell[1][1] = cc;
	return true;
}

/* The column heights of the settled field f. */
static void heights(const struct puyo_field *f, int h[PUYO_COLS])
{
	for (int c = 0; c < PUYO_COLS; c++)
		h[c] = height(f, c);
}

bool puyo_place(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_pair pair,
		struct puyo_move m)
{
	int h[PUYO_COLS], cell[2][2];

	assert(f->rows == rules->rows);
	(void)rules;   /* read by the assertion alone */
	heights(f, h);
	if (!landing(h, f->rows, m, cell))
		return false;
	f->cell[cell[0][0]][cell[0][1]] = pair.axis;
	f->cell[cell[1][0]][cell[1][1]] = pair.child;
	return true;
}

/* The legal moves of pair on a field of rows rows and heights h, as puyo_moves. */
static int moves_of(const int h[PUYO_COLS], int rows, struct puyo_pair pair,
		    struct puyo_move out[PUYO_MOVES_MAX])
{
	int n = 0, cell[2][2];

	for (int c = 0; c < PUYO_COLS; c++)
		for (int rot = PUYO_ROT_UP; rot <= PUYO_ROT_LEFT; rot++) {
			struct puyo_move m = { (unsigned char)c, (unsigned char)rot };
			if (pair.axis == pair.child && (rot == PUYO_ROT_DOWN || rot == PUYO_ROT_LEFT))
				continue;
			if (landing(h, rows, m, cell)) {
				assert(n < PUYO_MOVES_MAX);
				out[n++] = m;
			}
		}
	return n;
}

int puyo_moves(const struct puyo_field *f, const struct puyo_rules *rules, struct puyo_pair pair,
	       struct puyo_move out[PUYO_MOVES_MAX])
{
	int h[PUYO_COLS];

	assert(f->rows == rules->rows);
	(void)rules;   /* read by the assertion alone */
	heights(f, h);
	return moves_of(h, f->rows, pair, out);
}

/*
 * The column heights of the bitboards: the puyos of each 16-bit lane of
 * the planes (a settled field has no hole).
 */
static void bits_heights(const struct puyo_bits *b, int h[PUYO_COLS])
{
	for (int c = 0; c < PUYO_COLS; c++) {
		int w = c >> 2, shift = (c & 3) * 16;
		uint64_t any = b->code[0][w] | b->code[1][w] | b->code[2][w];
		unsigned lane = (unsigned)(any >> shift) & 0xffffu;
		h[c] = 0;
		while (lane & (1u << h[c]))
			h[c]++;
	}
}

int puyo_bits_moves(const struct puyo_bits *b, struct puyo_pair pair,
		    struct puyo_move out[PUYO_MOVES_MAX])
{
	int h[PUYO_COLS];

	bits_heights(b, h);
	return moves_of(h, b->rows, pair, out);
}

bool puyo_bits_place(struct puyo_bits *b, struct puyo_pair pair, struct puyo_move m)
{
	int h[PUYO_COLS], cell[2][2];
	const unsigned char kind[2] = { pair.axis, pair.child };

	bits_heights(b, h);
	if (!landing(h, b->rows, m, cell))
		return false;
	for (int i = 0; i < 2; i++) {
		int col = cell[i][1];
		uint64_t bit = UINT64_C(1) << ((col & 3) * 16 + cell[i][0]);
		assert(kind[i] > PUYO_EMPTY && kind[i] < PUYO_KINDS);
		for (int j = 0; j < 3; j++)
			if (kind[i] >> j & 1)
				b->code[j][col >> 2] |= bit;
	}
	return true;
}

/* a before b: the higher total, the longer chain, then the earlier move. */
static bool better(const struct puyo_plan *a, const struct puyo_plan *b)
{
	int ca = a->chains[0] > a->chains[1] ? a->chains[0] : a->chains[1];
	int cb = b->chains[0] > b->chains[1] ? b->chains[0] : b->chains[1];
	if (a->total != b->total)
		return a->total > b->total;
	return ca > cb;
}

/*
 * Places move m of pair on the bitboards *b and runs the chain into plan's
 * slot d; *b becomes the field the chain leaves.
 */
static void try_move(struct puyo_bits *b, struct puyo_pair pair, struct puyo_move m,
		     struct puyo_plan *plan, int d)
{
	struct puyo_result res;
	bool placed = puyo_bits_place(b, pair, m);

	assert(placed);
	(void)placed;
	puyo_bits_simulate(b, &res);
	plan->move[d] = m;
	plan->chains[d] = res.chains;
	plan->score[d] = res.score;
	plan->all_clear[d] = res.all_clear;
}

int puyo_best(const struct puyo_field *f, const struct puyo_rules *rules,
	      const struct puyo_pair *pairs, int npairs, struct puyo_plan out[PUYO_MOVES_MAX])
{
	return puyo_best_engine(f, rules, pairs, npairs, rules->engine, out);
}

/*
 * The search runs on bitboards (struct puyo_bits): the field is converted
 * once, and every move after that is a copy, a placement and a chain on
 * the planes, with no field stored back.
 */
int puyo_best_engine(const struct puyo_field *f, const struct puyo_rules *rules,
		     const struct puyo_pair *pairs, int npairs, enum puyo_engine engine,
		     struct puyo_plan out[PUYO_MOVES_MAX])
{
	struct puyo_move first[PUYO_MOVES_MAX], second[PUYO_MOVES_MAX];
	struct puyo_bits start;
	int n = puyo_moves(f, rules, pairs[0], first);

	assert(npairs == 1 || npairs == 2);
	puyo_bits_load_engine(&start, f, rules, engine);
	for (int i = 0; i < n; i++) {
		struct puyo_plan *p = &out[i];
		struct puyo_bits after = start;

		p->depth = 1;
		p->chains[1] = 0;
		p->score[1] = 0;
		p->all_clear[1] = false;
		p->move[1] = first[i];
		try_move(&after, pairs[0], first[i], p, 0);
		p->total = p->score[0];
		if (npairs < 2)
			continue;
		int m = puyo_bits_moves(&after, pairs[1], second);
		struct puyo_plan best = *p;
		for (int j = 0; j < m; j++) {
			struct puyo_plan q = *p;
			struct puyo_bits g = after;
			q.depth = 2;
			try_move(&g, pairs[1], second[j], &q, 1);
			q.total = q.score[0] + q.score[1];
			if (best.depth == 1 || better(&q, &best))
				best = q;
		}
		*p = best;
	}
	/* Insertion sort, stable: equal plans keep move order. */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && better(&out[j], &out[j - 1]); j--) {
			struct puyo_plan t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n;
}

int puyo_pairs_parse(const char *text, struct puyo_pair pairs[2])
{
	size_t len = strlen(text);
	int n = len == 2 ? 1 : len == 5 && text[2] == ',' ? 2 : 0;

	for (int i = 0; i < n; i++) {
		int a = puyo_cell_from_char(text[3 * i]), b = puyo_cell_from_char(text[3 * i + 1]);
		if (a <= PUYO_EMPTY || b <= PUYO_EMPTY)
			return 0;
		pairs[i].axis = (unsigned char)a;
		pairs[i].child = (unsigned char)b;
	}
	return n;
}
