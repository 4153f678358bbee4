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

/* Drops one puyo onto column c of height *h: false when it would land above the field. */
static bool drop(struct puyo_field *f, int c, int *h, int kind, bool write)
{
	if (*h >= f->rows)
		return false;
	if (write)
		f->cell[*h][c] = (unsigned char)kind;
	(*h)++;
	return true;
}

/* Drops the pair's two puyos, the lower first, onto heights h (a copy). */
static bool drop_pair(struct puyo_field *f, struct puyo_pair pair, struct puyo_move m,
		      int h[PUYO_COLS], bool write)
{
	int ac = m.col, cc = m.col + child_dx(m.rot);

	if (m.rot == PUYO_ROT_DOWN)
		return drop(f, cc, &h[cc], pair.child, write) &&
		       drop(f, ac, &h[ac], pair.axis, write);
	return drop(f, ac, &h[ac], pair.axis, write) &&
	       drop(f, cc, &h[cc], pair.child, write);
}

/* Places (write) or only checks a move; see puyo_place. */
static bool place(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_pair pair,
		  struct puyo_move m, bool write)
{
	int h[PUYO_COLS], hh[PUYO_COLS];
	int cc = m.col + child_dx(m.rot);

	assert(f->rows == rules->rows);
	if (m.col >= PUYO_COLS || m.rot > PUYO_ROT_LEFT || cc < 0 || cc >= PUYO_COLS)
		return false;
	for (int c = 0; c < PUYO_COLS; c++)
		hh[c] = h[c] = height(f, c);
	if (h[SPAWN_COL] >= MOVE_HEIGHT || !reachable(h, m.col) || !reachable(h, cc))
		return false;
	/* Check first, then write: a move is placed whole or not at all. */
	if (!drop_pair(f, pair, m, hh, false))
		return false;
	return !write || drop_pair(f, pair, m, h, true);
}

bool puyo_place(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_pair pair,
		struct puyo_move m)
{
	return place(f, rules, pair, m, true);
}

int puyo_moves(const struct puyo_field *f, const struct puyo_rules *rules, struct puyo_pair pair,
	       struct puyo_move out[PUYO_MOVES_MAX])
{
	int n = 0;
	struct puyo_field scratch = *f;

	for (int c = 0; c < PUYO_COLS; c++)
		for (int rot = PUYO_ROT_UP; rot <= PUYO_ROT_LEFT; rot++) {
			struct puyo_move m = { (unsigned char)c, (unsigned char)rot };
			if (pair.axis == pair.child && (rot == PUYO_ROT_DOWN || rot == PUYO_ROT_LEFT))
				continue;
			if (place(&scratch, rules, pair, m, false)) {
				assert(n < PUYO_MOVES_MAX);
				out[n++] = m;
			}
		}
	return n;
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

/* Places move m of pair on f and runs the chain into plan's slot d. */
static void try_move(struct puyo_field *f, const struct puyo_rules *rules, enum puyo_engine engine,
		     struct puyo_pair pair, struct puyo_move m, struct puyo_plan *plan, int d)
{
	struct puyo_result res;
	bool placed = puyo_place(f, rules, pair, m);

	assert(placed);
	(void)placed;
	puyo_chain_run_engine(f, rules, engine, &res);
	*f = res.final;
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

int puyo_best_engine(const struct puyo_field *f, const struct puyo_rules *rules,
		     const struct puyo_pair *pairs, int npairs, enum puyo_engine engine,
		     struct puyo_plan out[PUYO_MOVES_MAX])
{
	struct puyo_move first[PUYO_MOVES_MAX], second[PUYO_MOVES_MAX];
	int n = puyo_moves(f, rules, pairs[0], first);

	assert(npairs == 1 || npairs == 2);
	engine = puyo_engine_resolve(engine);   /* once, not at every move */
	for (int i = 0; i < n; i++) {
		struct puyo_plan *p = &out[i];
		struct puyo_field after = *f;

		p->depth = 1;
		p->chains[1] = 0;
		p->score[1] = 0;
		p->all_clear[1] = false;
		p->move[1] = first[i];
		try_move(&after, rules, engine, pairs[0], first[i], p, 0);
		p->total = p->score[0];
		if (npairs < 2)
			continue;
		int m = puyo_moves(&after, rules, pairs[1], second);
		struct puyo_plan best = *p;
		for (int j = 0; j < m; j++) {
			struct puyo_plan q = *p;
			struct puyo_field g = after;
			q.depth = 2;
			try_move(&g, rules, engine, pairs[1], second[j], &q, 1);
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
