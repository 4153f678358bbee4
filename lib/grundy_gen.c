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

bool grundy_gen(struct bl_buf *out, const struct grundy_gen_opts *o, uint64_t seed, uint64_t i,
		grundy_drain_fn drain, void *ctx)
{
	struct bl_rng rng;
	int64_t n, max = o->max;
	uint64_t kinds = o->set ? (uint64_t)o->set->n : GRUNDY_NPIECES;

	bl_rng_init_stream(&rng, seed, i);
	n = o->pieces >= 0 ? o->pieces : bl_rng_range(&rng, 1, 10);
	bl_buf_int(out, n);
	bl_buf_putc(out, '\n');
	for (int64_t k = 0; k < n; k++) {
		uint64_t x = gen_coord(&rng, max), y;
		/* Near the diagonal one time in four: the knight's and king's cases. */
		if (bl_rng_below(&rng, 4) == 0) {
			int64_t d = bl_rng_range(&rng, -2, 2);
			y = (int64_t)x + d < 0 ? 0 : (uint64_t)((int64_t)x + d);
			y = y > (uint64_t)max ? (uint64_t)max : y;
		} else {
			y = gen_coord(&rng, max);
		}
		bl_buf_printf(out, "%llu %llu", (unsigned long long)x, (unsigned long long)y);
		if (o->only == GRUNDY_MIXED)
			bl_buf_printf(out, " %c",
				      grundy_set_letter(o->set, (int)bl_rng_below(&rng, kinds)));
		bl_buf_putc(out, '\n');
		if (!grundy_drain(out, drain, ctx))
			return false;
	}
	return true;
}
