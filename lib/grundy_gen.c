/*
 * grundy_gen: random instances of the judge's format, each drawn from a
 * generator of its own (seed, instance number), so that an instance does
 * not depend on those drawn before it.  The coordinates lean to where the
 * closed forms have their special cases: the edges, the largest
 * coordinate, and the diagonal.
 */
#include "grundy_impl.h"

#include "boardlab/rng.h"

/*
 * A coordinate: mostly uniform in [0, max], but 0 (an edge) one time in
 * eight and max one time in sixteen, where the closed forms have their
 * special cases.
 */
static uint64_t gen_coord(struct bl_rng *rng, int64_t max)
{
	uint64_t k = bl_rng_below(rng, 16);

	if (k < 2)
		return 0;
	if (k == 2)
		return (uint64_t)max;
	return (uint64_t)bl_rng_range(rng, 0, max);
}

int64_t grundy_gen_max(const struct grundy_set *set, const struct grundy_limits *lim, int only)
{
	int64_t coord = grundy_limits_coord_max(lim, only);
	int64_t max = coord < GRUNDY_BOJ_COORD_MAX ? coord : GRUNDY_BOJ_COORD_MAX;

	/* Pieces valued from tables stay where a table is quick. */
	for (int i = GRUNDY_NPIECES; set && i < set->n; i++)
		if (!set->piece[i].closed && max > GRUNDY_GEN_TABLE_MAX)
			max = GRUNDY_GEN_TABLE_MAX;
	return max;
}

void grundy_gen_init(struct grundy_gen *g)
{
	g->set = NULL;
	g->only = GRUNDY_MIXED;
	g->pieces = -1;
	g->max = GRUNDY_BOJ_COORD_MAX;
	g->drain = NULL;
	g->drain_ctx = NULL;
	g->mix = BL_GEN_UNIFORM;
}

/* The mixture's components (grundy_gen_init), in the order of their weights. */
enum mode { PLAIN, SMALL, AXES, DIAGONAL, NEAR_MAX, PAIRS };

/* One piece's (x, y) under mode (s: SMALL's bound). */
static void gen_xy(struct bl_rng *rng, enum mode mode, int64_t max, int64_t s, uint64_t *x,
		   uint64_t *y)
{
	int64_t d;

	switch (mode) {
	case SMALL:
		*x = (uint64_t)bl_rng_range(rng, 0, s < max ? s : max);
		*y = (uint64_t)bl_rng_range(rng, 0, s < max ? s : max);
		return;
	case AXES:
		*x = gen_coord(rng, max);
		*y = (uint64_t)bl_rng_range(rng, 0, max < 1 ? max : 1);
		if (bl_rng_below(rng, 2)) {
			uint64_t t = *x;
			*x = *y;
			*y = t;
		}
		return;
	case NEAR_MAX:
		*x = (uint64_t)(max - bl_rng_range(rng, 0, max < 10 ? max : 10));
		*y = (uint64_t)(max - bl_rng_range(rng, 0, max < 10 ? max : 10));
		return;
	default:
		*x = gen_coord(rng, max);
		/* Near the diagonal one time in four: the knight's and king's cases. */
		if (mode == DIAGONAL || bl_rng_below(rng, 4) == 0) {
			d = bl_rng_range(rng, -2, 2);
			*y = (int64_t)*x + d < 0 ? 0 : (uint64_t)((int64_t)*x + d);
			*y = *y > (uint64_t)max ? (uint64_t)max : *y;
		} else {
			*y = gen_coord(rng, max);
		}
	}
}

enum bl_code grundy_gen(const struct grundy_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
			struct bl_err *err)
{
	static const unsigned weights[] = { 3, 3, 1, 1, 1, 1 };
	struct bl_rng rng;
	int64_t n, max = g->max, s = 0;
	uint64_t kinds = g->set ? (uint64_t)g->set->n : GRUNDY_NPIECES, x = 0, y = 0;
	enum mode mode = PLAIN;
	int letter = 0;

	if (g->only != GRUNDY_MIXED && (g->only < 0 || (uint64_t)g->only >= kinds))
		return bl_fail(err, BL_ERR_ARG, "no piece %d to draw alone", g->only);
	if (g->pieces < -1 || g->pieces > GRUNDY_COUNT_MAX || max < 0 || max > GRUNDY_COORD_MAX)
		return bl_fail(err, BL_ERR_ARG, "out of range: %lld pieces, coordinates up to %lld",
			       (long long)g->pieces, (long long)max);
	bl_rng_init_stream(&rng, seed, (uint64_t)i);
	if (g->mix == BL_GEN_MIXED) {
		mode = (enum mode)bl_rng_pick(&rng, weights, 6);
		s = bl_rng_wnext(&rng, 2, 12, -1);
	}
	n = g->pieces >= 0 ? g->pieces
	    : bl_rng_wnext(&rng, 1, 10, g->mix == BL_GEN_MIXED && mode != PLAIN ? -1 : 0);
	bl_buf_int(out, n);
	bl_buf_putc(out, '\n');
	for (int64_t k = 0; k < n; k++) {
		/* PAIRS: every second piece repeats the one before it. */
		if (mode != PAIRS || k % 2 == 0) {
			gen_xy(&rng, mode == PAIRS ? SMALL : mode, max, s, &x, &y);
			if (g->only == GRUNDY_MIXED)
				letter = grundy_set_letter(g->set, (int)bl_rng_below(&rng, kinds));
		}
		bl_buf_printf(out, "%llu %llu", (unsigned long long)x, (unsigned long long)y);
		if (g->only == GRUNDY_MIXED)
			bl_buf_printf(out, " %c", letter);
		bl_buf_putc(out, '\n');
		if (!grundy_drain(out, g->drain, g->drain_ctx))
			return bl_fail(err, BL_ERR_IO, "instance %lld: stopped by the drain", (long long)i);
	}
	return bl_buf_failed(out) ? bl_fail(err, BL_ERR_NOMEM, "out of memory") : BL_OK;
}
