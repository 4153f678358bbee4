/*
 * yut_gen: random instances, lines of dice drawn from a distribution, each
 * from a generator of its own (seed, instance number), so that an instance
 * does not depend on those drawn before it.
 */
#include "yut_impl.h"

void yut_gen_init(struct yut_gen *g)
{
	yut_dist_parse(&g->dist, "d5", NULL);
	g->dice = YUT_BOJ_DICE;
}

/* g's checks, then the stream of instance i of seed into *rng. */
static enum bl_code gen_start(const struct yut_gen *g, uint64_t seed, int64_t i,
			      struct bl_rng *rng, struct bl_err *err)
{
	if (g->dice < 1 || g->dice > YUT_LINE_DICE_MAX)
		return bl_fail(err, BL_ERR_ARG, "expected 1 to %d dice, found %d",
			       YUT_LINE_DICE_MAX, g->dice);
	bl_rng_init_stream(rng, seed, (uint64_t)i);
	return BL_OK;
}

enum bl_code yut_gen(const struct yut_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
		     struct bl_err *err)
{
	struct bl_rng rng;
	enum bl_code code = gen_start(g, seed, i, &rng, err);

	if (code != BL_OK)
		return code;
	/* the bytes of yut_game_write */
	for (int k = 0; k < g->dice; k++) {
		if (k)
			bl_buf_putc(out, ' ');
		bl_buf_putc(out, (char)('0' + yut_dist_draw(&g->dist, &rng)));
	}
	bl_buf_putc(out, '\n');
	return bl_buf_failed(out) ? bl_fail(err, BL_ERR_NOMEM, "out of memory") : BL_OK;
}

enum bl_code yut_gen_game(const struct yut_gen *g, uint64_t seed, int64_t i,
			  struct yut_game *game, struct bl_err *err)
{
	struct bl_rng rng;
	enum bl_code code = gen_start(g, seed, i, &rng, err);

	if (code == BL_OK)
		code = yut_game_reserve(game, (size_t)g->dice, err);
	if (code != BL_OK)
		return code;
	for (int k = 0; k < g->dice; k++)
		game->dice[k] = (unsigned char)yut_dist_draw(&g->dist, &rng);
	game->ndice = (size_t)g->dice;
	return BL_OK;
}
