/*
 * yut_gen: random instances, lines of dice drawn from a distribution, each
 * from a generator of its own (seed, instance number), so that an instance
 * does not depend on those drawn before it.
 */
#include "yut_impl.h"

#include <string.h>

void yut_gen_init(struct yut_gen *g)
{
	yut_dist_parse(&g->dist, "d5", NULL);
	g->dice = YUT_BOJ_DICE;
	g->mix = BL_GEN_UNIFORM;
	g->free_dist = true;
	g->free_length = true;
	g->runs = false;
}

/*
 * The mixture's component for one instance, drawn first from its stream
 * into *one (a copy of g): a die and a length (yut_gen_init says which).
 * Dice that often bring horses to End early, or never, reach the rules
 * on finished horses that uniform dice almost never do; a low face
 * beside the 5s (component 6) leaves a horse on End with dice still to
 * play, where a pass would pay (finished-may-pass).
 */
static void gen_mixed(const struct yut_gen *g, struct bl_rng *rng, struct yut_gen *one)
{
	static const unsigned weights[] = { 4, 3, 2, 1, 1, 4, 5 };
	int c = bl_rng_pick(rng, weights, 7), len = bl_rng_pick(rng, (const unsigned[]){ 1, 1, 2 }, 3);

	*one = *g;
	one->runs = c == 5;
	if (c == 5)
		c = 1;
	if (g->free_dist) {
		memset(one->dist.w, 0, sizeof one->dist.w);
		one->dist.stick_den = 0;
		for (int f = 1; f <= YUT_DIE_MAX; f++)
			one->dist.w[f] = c == 0 ? 1 : c == 1 ? (f == YUT_DIE_MAX ? 4 : 1)
				       : c == 2 ? f >= 4 : c == 3 ? f <= 2 : 0;
		if (c == 4) {
			one->dist.w[bl_rng_range(rng, 1, YUT_DIE_MAX)] = 1;
			one->dist.w[bl_rng_range(rng, 1, YUT_DIE_MAX)] = 1;
		} else if (c == 6) {
			one->dist.w[bl_rng_range(rng, 1, 2)] = 1;
			one->dist.w[YUT_DIE_MAX] = 4;
		}
		one->dist.total = 0;
		for (int f = 1; f <= YUT_DIE_MAX; f++)
			one->dist.total += one->dist.w[f];
	}
	if (g->free_length && len < 2)
		one->dice = len == 0 ? (int)bl_rng_range(rng, 1, 5) : (int)bl_rng_range(rng, 11, 100);
}

/* One die of one's instance after the die before (0: none): runs repeat it half the time. */
static int draw(const struct yut_gen *one, struct bl_rng *rng, int before)
{
	if (one->runs && before && bl_rng_below(rng, 2))
		return before;
	return yut_dist_draw(&one->dist, rng);
}

/*
 * g's checks, then the stream of instance i of seed into *rng and the
 * instance's own spec into *one (g itself, or its mixture's component).
 */
static enum bl_code gen_start(const struct yut_gen *g, uint64_t seed, int64_t i,
			      struct bl_rng *rng, struct yut_gen *one, struct bl_err *err)
{
	if (g->dice < 1 || g->dice > YUT_LINE_DICE_MAX)
		return bl_fail(err, BL_ERR_ARG, "expected 1 to %d dice, found %d",
			       YUT_LINE_DICE_MAX, g->dice);
	bl_rng_init_stream(rng, seed, (uint64_t)i);
	if (g->mix == BL_GEN_MIXED)
		gen_mixed(g, rng, one);
	else
		*one = *g;
	return BL_OK;
}

enum bl_code yut_gen(const struct yut_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
		     struct bl_err *err)
{
	struct bl_rng rng;
	struct yut_gen one;
	enum bl_code code = gen_start(g, seed, i, &rng, &one, err);

	if (code != BL_OK)
		return code;
	/* the bytes of yut_game_write */
	for (int k = 0, d = 0; k < one.dice; k++) {
		if (k)
			bl_buf_putc(out, ' ');
		d = draw(&one, &rng, d);
		bl_buf_putc(out, (char)('0' + d));
	}
	bl_buf_putc(out, '\n');
	return bl_buf_failed(out) ? bl_fail(err, BL_ERR_NOMEM, "out of memory") : BL_OK;
}

enum bl_code yut_gen_game(const struct yut_gen *g, uint64_t seed, int64_t i,
			  struct yut_game *game, struct bl_err *err)
{
	struct bl_rng rng;
	struct yut_gen one;
	enum bl_code code = gen_start(g, seed, i, &rng, &one, err);

	if (code == BL_OK)
		code = yut_game_reserve(game, (size_t)one.dice, err);
	if (code != BL_OK)
		return code;
	for (int k = 0, d = 0; k < one.dice; k++)
		game->dice[k] = (unsigned char)(d = draw(&one, &rng, d));
	game->ndice = (size_t)one.dice;
	return BL_OK;
}
