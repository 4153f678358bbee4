/*
 * puyo_gen: the fields of `puyo gen`, drawn from a seeded stream: random
 * settled fields, and fields built backwards to chain exactly N times (each
 * new link a tetromino of one colour put in front of the chain so far, kept
 * only when it pops alone and gives the field before it back).
 */
#include "boardlab/puyo.h"
#include "boardlab/rng.h"

#include <string.h>

void puyo_gen_init(struct puyo_gen *g, enum puyo_ruleset set)
{
	puyo_rules_init(&g->rules, set);
	g->kind = PUYO_GEN_RANDOM;
	g->chains = 5;
	g->colours = 4;
	g->ojama = 0;
	g->mix = BL_GEN_UNIFORM;
}

static int pick(struct bl_rng *rng, int lo, int hi)
{
	return (int)bl_rng_range(rng, lo, hi);
}

/* A random colour among the first k, or ojama one time in 100/ojama. */
static unsigned char random_puyo(struct bl_rng *rng, const struct puyo_gen *g)
{
	if (g->ojama && pick(rng, 0, 99) < g->ojama)
		return PUYO_OJAMA;
	return (unsigned char)(PUYO_RED + pick(rng, 0, g->colours - 1));
}

/* The most puyos a column may hold: 12 under BOJ, all rows under Tsu. */
static int column_cap(const struct puyo_gen *g)
{
	return g->rules.set == PUYO_RULES_TSU ? g->rules.rows : PUYO_BOJ_ROWS;
}

/*
 * A random settled field: column heights from a random profile, each puyo
 * a random colour or (often) the colour of the one below or to its left,
 * so groups form as they do in play.
 */
static void gen_random(struct bl_rng *rng, const struct puyo_gen *g, struct puyo_field *f)
{
	int cap = column_cap(g), profile = pick(rng, 0, 2), copy = pick(rng, 10, 50);

	puyo_field_init(f, g->rules.rows);
	for (int c = 0; c < PUYO_COLS; c++) {
		int h = profile == 0 ? pick(rng, 0, cap) : profile == 1 ? pick(rng, cap / 2, cap)
									 : pick(rng, 0, cap / 2);
		for (int r = 0; r < h; r++) {
			unsigned char v = random_puyo(rng, g);
			int roll = pick(rng, 0, 99);
			if (roll < copy / 2 && r > 0 && f->cell[r - 1][c] != PUYO_OJAMA)
				v = f->cell[r - 1][c];
			else if (roll < copy && c > 0 && f->cell[r][c - 1] != PUYO_EMPTY &&
				 f->cell[r][c - 1] != PUYO_OJAMA)
				v = f->cell[r][c - 1];
			f->cell[r][c] = v;
		}
	}
}

/* The 19 tetrominoes in every orientation: cells (column, row) from the lowest, leftmost. */
static const signed char tetromino[19][4][2] = {
	{ { 0, 0 }, { 0, 1 }, { 0, 2 }, { 0, 3 } }, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 } },
	{ { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } },
	{ { 0, 0 }, { 1, 0 }, { 2, 0 }, { 1, 1 } }, { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } },
	{ { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 0, 1 } },
	{ { 1, 0 }, { 2, 0 }, { 0, 1 }, { 1, 1 } }, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 } },
	{ { 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 } }, { { 1, 0 }, { 1, 1 }, { 0, 1 }, { 0, 2 } },
	{ { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 0 } }, { { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 2 } },
	{ { 1, 0 }, { 1, 1 }, { 1, 2 }, { 0, 0 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 0, 2 } },
	{ { 0, 0 }, { 1, 0 }, { 2, 0 }, { 0, 1 } }, { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 1 } },
	{ { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 0 } }, { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 2, 0 } },
};

static int col_height(const struct puyo_field *f, int c)
{
	int h = 0;
	while (h < f->rows && f->cell[h][c] != PUYO_EMPTY)
		h++;
	return h;
}

/*
 * One link put in front of the chain of f: a random tetromino of one random
 * colour inserted into the columns (the puyos at and above each inserted
 * cell move up), kept only when, on the new field, exactly those 4 puyos
 * pop at the first step and the field after it is f again; then the new
 * field chains once more than f, exactly.  Returns false (f unchanged) when
 * the draw does not fit.
 */
static bool add_link(struct bl_rng *rng, const struct puyo_gen *g, struct puyo_field *f)
{
	const signed char(*t)[2] = tetromino[pick(rng, 0, 18)];
	int width = 1, lo[4], n[4], cap = column_cap(g);
	unsigned char colour = (unsigned char)(PUYO_RED + pick(rng, 0, g->colours - 1));

	for (int i = 0; i < 4; i++)
		width = t[i][0] + 1 > width ? t[i][0] + 1 : width;
	int x = pick(rng, 0, PUYO_COLS - width), top = PUYO_ROWS_MAX;
	for (int dx = 0; dx < width; dx++) {
		lo[dx] = PUYO_ROWS_MAX;
		n[dx] = 0;
		for (int i = 0; i < 4; i++)
			if (t[i][0] == dx) {
				lo[dx] = t[i][1] < lo[dx] ? t[i][1] : lo[dx];
				n[dx]++;
			}
		int h = col_height(f, x + dx);
		if (h + n[dx] > cap)
			return false;
		top = h - lo[dx] < top ? h - lo[dx] : top;   /* the anchor may not float */
	}
	if (top < 0)
		return false;
	int base = pick(rng, 0, top);
	struct puyo_field next = *f;
	for (int dx = 0; dx < width; dx++) {
		int c = x + dx, at = base + lo[dx];
		for (int r = next.rows - 1; r >= at + n[dx]; r--)
			next.cell[r][c] = next.cell[r - n[dx]][c];
		for (int r = at; r < at + n[dx]; r++)
			next.cell[r][c] = colour;
	}
	struct puyo_field after = next;
	struct puyo_step step;
	if (!puyo_chain_step(&after, &g->rules, &step) || step.ngroups != 1 ||
	    step.npopped != 4 || step.nojama != 0 ||
	    memcmp(after.cell, f->cell, sizeof f->cell) != 0)
		return false;
	*f = next;
	return true;
}

/*
 * The longest chain gen_chain reaches every time, by rows and colours: one
 * below the longest it reached on 60 seeds in a row (300 seeds each passed
 * at these values; 4 puyos a link in 72, 78 or 84 cells, and with few
 * colours the links touch).  More is a usage error.
 */
int puyo_gen_chains_max(int rows, int colours)
{
	static const int by_colours[4][3] = {   /* colours 2, 3, 4, 5 x rows 12, 13, 14 */
		{ 6, 7, 7 }, { 15, 16, 17 }, { 16, 17, 18 }, { 16, 17, 18 },
	};
	if (colours == 1)
		return 1;   /* any two groups of one colour touch before they pop */
	return by_colours[colours - 2][rows - PUYO_BOJ_ROWS];
}

/* Tries for one link before starting over, and starts over allowed. */
#define LINK_TRIES 3000
#define CHAIN_RESTARTS 200

/*
 * A field of exactly g->chains chains, built backwards: from the empty
 * field, add_link puts a new first link in front g->chains times (starting
 * over from the empty field when a link will not fit); then, under --ojama,
 * ojama on top of the columns, each kept when the chain stays the same.
 * Returns false when it did not get there (not seen within puyo_gen_chains_max).
 */
static bool gen_chain(struct bl_rng *rng, const struct puyo_gen *g, struct puyo_field *f)
{
	int links = 0;

	for (int restart = 0; links < g->chains && restart < CHAIN_RESTARTS; restart++) {
		puyo_field_init(f, g->rules.rows);
		links = 0;
		for (int t = 0; links < g->chains && t < LINK_TRIES; t++)
			if (add_link(rng, g, f)) {
				links++;
				t = 0;
			}
	}
	if (links < g->chains)
		return false;
	for (int c = 0; g->ojama && c < PUYO_COLS; c++) {
		int h = col_height(f, c);
		if (h >= column_cap(g) || pick(rng, 0, 99) >= g->ojama)
			continue;
		struct puyo_field save = *f;
		struct puyo_result res;
		f->cell[h][c] = PUYO_OJAMA;
		puyo_chain_run_engine(f, &g->rules, g->rules.engine, &res);
		if (res.chains != g->chains)
			*f = save;
	}
	return true;
}

/*
 * A settled field whose diagonal neighbours share a colour: the cells of
 * one parity of row + column take colour a, the others b, each puyo
 * another colour one time in eight, on random column heights.
 */
static void gen_diagonal(struct bl_rng *rng, const struct puyo_gen *g, struct puyo_field *f)
{
	int cap = column_cap(g);
	unsigned char a = (unsigned char)(PUYO_RED + pick(rng, 0, g->colours - 1));
	unsigned char b = (unsigned char)(PUYO_RED + pick(rng, 0, g->colours - 1));

	puyo_field_init(f, g->rules.rows);
	for (int c = 0; c < PUYO_COLS; c++) {
		int h = pick(rng, 0, cap);
		for (int r = 0; r < h; r++)
			f->cell[r][c] = pick(rng, 0, 7) == 0 ? random_puyo(rng, g)
					: (unsigned char)((r + c) % 2 ? a : b);
	}
}

/* MIXED's field (puyo_gen_init): its component drawn first from the stream. */
static void gen_mixed(struct bl_rng *rng, const struct puyo_gen *g, struct puyo_field *f)
{
	static const unsigned weights[] = { 3, 2, 2, 1 };
	int c = bl_rng_pick(rng, weights, 4), most = puyo_gen_chains_max(g->rules.rows, g->colours);
	struct puyo_gen one = *g;

	if (c == 1 && most >= 2) {
		one.kind = PUYO_GEN_CHAIN;
		one.chains = pick(rng, 2, most < 6 ? most : 6);
		if (gen_chain(rng, &one, f))
			return;
	} else if (c == 2) {
		one.colours = pick(rng, g->colours < 2 ? g->colours : 2, g->colours < 3 ? g->colours : 3);
	} else if (c == 3) {
		gen_diagonal(rng, g, f);
		return;
	}
	gen_random(rng, &one, f);
}

enum bl_code puyo_gen_field(const struct puyo_gen *g, uint64_t seed, int64_t i,
			    struct puyo_field *f, struct bl_err *err)
{
	struct bl_rng rng;

	if (g->rules.rows < PUYO_BOJ_ROWS || g->rules.rows > PUYO_ROWS_MAX)
		return bl_fail(err, BL_ERR_ARG, "fields of %d rows: expected 12 to %d",
			       g->rules.rows, PUYO_ROWS_MAX);
	if (g->colours < 1 || g->colours > PUYO_COLOURS)
		return bl_fail(err, BL_ERR_ARG, "%d colours: expected 1 to %d", g->colours,
			       PUYO_COLOURS);
	if (g->ojama < 0 || g->ojama > 100 || (g->ojama && !g->rules.ojama))
		return bl_fail(err, BL_ERR_ARG, "%d%% ojama: expected 0 to 100, and 0 without "
			       "Tsu's ojama", g->ojama);
	if (g->kind == PUYO_GEN_CHAIN &&
	    (g->chains < 1 || g->chains > puyo_gen_chains_max(g->rules.rows, g->colours)))
		return bl_fail(err, BL_ERR_ARG, "%d chains: expected 1 to %d with %d rows and %d "
			       "colour%s", g->chains, puyo_gen_chains_max(g->rules.rows, g->colours),
			       g->rules.rows, g->colours, g->colours == 1 ? "" : "s");
	bl_rng_init_stream(&rng, seed, (uint64_t)i);
	if (g->kind != PUYO_GEN_CHAIN) {
		if (g->mix == BL_GEN_MIXED)
			gen_mixed(&rng, g, f);
		else
			gen_random(&rng, g, f);
		return BL_OK;
	}
	if (!gen_chain(&rng, g, f))
		return bl_fail(err, BL_ERR_LIMIT, "no field of %d chains found", g->chains);
	return BL_OK;
}

enum bl_code puyo_gen(const struct puyo_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
		      struct bl_err *err)
{
	struct puyo_field f;
	enum bl_code code = puyo_gen_field(g, seed, i, &f, err);

	if (code != BL_OK)
		return code;
	puyo_field_write(&f, 0, out);
	return bl_buf_failed(out) ? bl_fail(err, BL_ERR_NOMEM, "out of memory") : BL_OK;
}
