/*
 * grundy_play: a position held whole (grundy_parse), and the game played
 * out from it: the winner moves as a hint does, the loser takes a piece's
 * first step.
 * Above the reader (grundy_input.c), the sets and the hints
 * (grundy_hint.c); the views of a game (grundy_trace.c) are built on it.
 */
#include "grundy_impl.h"

#include <stdlib.h>

enum bl_code grundy_parse(struct grundy_position *pos, struct bl_reader *rd,
			  const struct grundy_format *fmt, const struct grundy_limits *lim,
			  struct bl_err *err)
{
	struct grundy_input in;
	struct grundy_stone scratch;
	size_t cap = 0;
	enum bl_code code;

	pos->st = NULL;
	pos->n = 0;
	pos->nim = 0;
	if ((code = grundy_input_begin(&in, rd, fmt, lim, err)) != BL_OK)
		return code;
	if (in.count > GRUNDY_POSITION_MAX) {
		in.validate_only = true;
		while (in.done < in.count)
			if ((code = grundy_input_next(&in, &scratch, err)) != BL_OK)
				return code;
		if ((code = grundy_input_end(&in, err)) != BL_OK)
			return code;
		return bl_fail(err, BL_ERR_LIMIT,
			       "render and trace hold at most %d pieces, this input has %lld",
			       GRUNDY_POSITION_MAX, (long long)in.count);
	}
	while (in.done < in.count) {
		if (pos->n == cap) {
			size_t want = cap ? 2 * cap : 1024;
			struct grundy_stone *p;
			if (want > (size_t)in.count)
				want = (size_t)in.count;
			if (!(p = realloc(pos->st, want * sizeof *p))) {
				code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
				goto fail;
			}
			pos->st = p;
			cap = want;
		}
		if ((code = grundy_input_next(&in, &pos->st[pos->n], err)) != BL_OK)
			goto fail;
		pos->nim ^= pos->st[pos->n++].value;
	}
	if ((code = grundy_input_end(&in, err)) == BL_OK)
		return BL_OK;
fail:
	grundy_position_release(pos);
	return code;
}

void grundy_position_release(struct grundy_position *pos)
{
	if (!pos)
		return;
	free(pos->st);
	pos->st = NULL;
	pos->n = 0;
	pos->nim = 0;
}

const char *grundy_player(int64_t turn)
{
	return turn % 2 ? "koosaga" : "cubelover";
}

static const struct grundy_piece *piece_of(const struct grundy_set *set, int i)
{
	return set ? &set->piece[i] : grundy_builtin((enum grundy_piece_id)i);
}

/* The loser's move: the piece's first move that stays on the board, one step of it. */
static bool first_step(const struct grundy_piece *p, const struct grundy_stone *s, uint64_t *tx,
		       uint64_t *ty)
{
	for (int m = 0; m < p->nmoves; m++) {
		uint64_t dx = (uint64_t)p->moves[m].dx, dy = (uint64_t)p->moves[m].dy;
		if (s->x >= dx && s->y >= dy) {
			*tx = s->x - dx;
			*ty = s->y - dy;
			return true;
		}
	}
	return false;
}

/*
 * The game, kept so that a turn costs O(log N), not O(N): a tree over the
 * pieces in input order whose nodes hold the OR of their pieces' values
 * and whether any of them can move.  The first piece with bit b set in its
 * value, or the first piece that can move, is one walk down from the root;
 * a move updates one leaf and its ancestors.
 */
struct game {
	struct grundy_set *set;
	struct grundy_position *pos;
	size_t leaves;       /* a power of two >= pos->n */
	uint64_t *value;     /* [2 * leaves]: node k's children are 2k and 2k + 1 */
	bool *movable;       /* [2 * leaves] */
};

static void game_leaf(struct game *g, size_t i)
{
	const struct grundy_stone *st = &g->pos->st[i];
	uint64_t tx, ty;

	g->value[g->leaves + i] = st->value;
	g->movable[g->leaves + i] = first_step(piece_of(g->set, st->piece), st, &tx, &ty);
}

static void game_node(struct game *g, size_t k)
{
	g->value[k] = g->value[2 * k] | g->value[2 * k + 1];
	g->movable[k] = g->movable[2 * k] || g->movable[2 * k + 1];
}

/* Piece i has moved: its leaf and its ancestors again. */
static void game_set(struct game *g, size_t i)
{
	game_leaf(g, i);
	for (size_t k = (g->leaves + i) / 2; k; k /= 2)
		game_node(g, k);
}

static enum bl_code game_init(struct game *g, struct grundy_set *set,
			      struct grundy_position *pos, struct bl_err *err)
{
	g->set = set;
	g->pos = pos;
	for (g->leaves = 1; g->leaves < pos->n; g->leaves *= 2)
		;
	g->value = calloc(2 * g->leaves, sizeof *g->value);
	g->movable = calloc(2 * g->leaves, sizeof *g->movable);
	if (!g->value || !g->movable)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < pos->n; i++)
		game_leaf(g, i);
	for (size_t k = g->leaves - 1; k; k--)
		game_node(g, k);
	return BL_OK;
}

static void game_release(struct game *g)
{
	free(g->value);
	free(g->movable);
}

/* Whether the player to move can move: a non-zero xor always can. */
static bool game_can_move(const struct game *g)
{
	return g->pos->nim || g->movable[1];
}

/*
 * The move of one turn into *s (index, from, to): the player with a
 * non-zero xor moves the first piece whose value has the xor's highest
 * bit set to value ^ xor; the player facing xor 0 makes the first piece
 * that can move take one step of its first move that stays on the board.
 * The game must not be over.
 */
static enum bl_code game_move(struct game *g, struct grundy_step *s, struct bl_err *err)
{
	uint64_t nim = g->pos->nim, top = nim;
	size_t k = 1;
	enum bl_code code = BL_OK;
	const struct grundy_stone *st;

	while (top & (top - 1))
		top &= top - 1;   /* the highest bit of the xor */
	while (k < g->leaves)
		k = nim ? (g->value[2 * k] & top ? 2 * k : 2 * k + 1)
			: (g->movable[2 * k] ? 2 * k : 2 * k + 1);
	s->index = k - g->leaves;
	st = &g->pos->st[s->index];
	s->piece = st->piece;
	s->fx = st->x;
	s->fy = st->y;
	s->from = st->value;
	s->nim_before = nim;
	if (!nim) {
		first_step(piece_of(g->set, st->piece), st, &s->tx, &s->ty);
	} else if (!grundy_move_to(g->set, st, st->value ^ nim, &s->tx, &s->ty, &code, err)) {
		if (code == BL_OK)
			code = bl_fail(err, BL_ERR_INTERNAL, "no move of piece %zu to value %llu",
				       s->index + 1, (unsigned long long)(st->value ^ nim));
		return code;
	}
	if (!g->set) {
		s->to = grundy_closed((enum grundy_piece_id)st->piece, s->tx, s->ty);
		return BL_OK;
	}
	return grundy_set_value(g->set, st->piece, s->tx, s->ty, &s->to, err);
}

enum bl_code grundy_play(struct grundy_set *set, struct grundy_position *pos, int64_t max_turns,
			 grundy_step_fn fn, void *ctx, struct grundy_game_end *end,
			 struct bl_err *err)
{
	struct game g = { 0 };
	struct grundy_step s;
	enum bl_code code = game_init(&g, set, pos, err);

	end->turns = 0;
	end->over = false;
	while (code == BL_OK && end->turns < max_turns && game_can_move(&g)) {
		struct grundy_stone *st;

		if ((code = game_move(&g, &s, err)) != BL_OK)
			break;
		st = &pos->st[s.index];
		st->x = s.tx;
		st->y = s.ty;
		st->value = s.to;
		pos->nim ^= s.from ^ s.to;
		game_set(&g, s.index);
		s.turn = ++end->turns;
		s.nim = pos->nim;
		s.pos = pos;
		if (fn && !fn(ctx, &s))
			break;
	}
	if (code == BL_OK)
		end->over = !game_can_move(&g);
	game_release(&g);
	return code;
}
