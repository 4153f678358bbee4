/*
 * A yut game: its dice (set, parsed under limits, written), the memoised
 * search for the best total, the plan it gives and the walk of that plan
 * step by step.  The board is yut_board.c's.
 */
#include "yut_impl.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/rng.h"

void yut_game_init(struct yut_game *g, const struct yut_board *b)
{
	g->board = b;
	g->horses = YUT_HORSES_DEFAULT;
	g->dice = NULL;
	g->ndice = 0;
	g->cap = 0;
	g->max_states = 0;
	g->max_bytes = 0;
	g->mistake = YUT_MISTAKE_NONE;
}

void yut_game_release(struct yut_game *g)
{
	if (!g)
		return;
	free(g->dice);
	g->dice = NULL;
	g->ndice = 0;
	g->cap = 0;
}

enum bl_code yut_game_reserve(struct yut_game *g, size_t n, struct bl_err *err)
{
	if (n <= g->cap)
		return BL_OK;
	unsigned char *p = realloc(g->dice, n);
	if (!p)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for %zu dice", n);
	g->dice = p;
	g->cap = n;
	return BL_OK;
}

enum bl_code yut_game_set_dice(struct yut_game *g, const int *dice, size_t n, struct bl_err *err)
{
	if (n == 0)
		return bl_fail(err, BL_ERR_ARG, "expected at least one die");
	for (size_t i = 0; i < n; i++)
		if (dice[i] < 1 || dice[i] > YUT_DIE_MAX)
			return bl_fail(err, BL_ERR_ARG, "expected a die 1 to %d, found %d",
				       YUT_DIE_MAX, dice[i]);
	enum bl_code code = yut_game_reserve(g, n, err);
	if (code != BL_OK)
		return code;
	for (size_t i = 0; i < n; i++)
		g->dice[i] = (unsigned char)dice[i];
	g->ndice = n;
	return BL_OK;
}

void yut_game_write(const struct yut_game *g, struct bl_buf *out)
{
	for (size_t t = 0; t < g->ndice; t++) {
		if (t)
			bl_buf_putc(out, ' ');
		bl_buf_putc(out, (char)('0' + g->dice[t]));
	}
	bl_buf_putc(out, '\n');
}

void yut_limits_boj(struct yut_limits *lim)
{
	lim->line = false;
	lim->max_dice = YUT_BOJ_DICE;
}

void yut_limits_any(struct yut_limits *lim)
{
	lim->line = true;
	lim->max_dice = YUT_LINE_DICE_MAX;
}

#define DIE_WHAT "a die 1 to 5"

/* The token t as a die, or 0 (and the error recorded) when it is not one. */
static int read_die(const struct bl_tok *t, struct bl_err *err)
{
	int64_t v;
	if (!bl_tok_int(t, &v) || v < 1 || v > YUT_DIE_MAX) {
		bl_fail_tok(t, err, DIE_WHAT);
		return 0;
	}
	return (int)v;
}

/*
 * Keeps die number n (0-based) in *d, which holds *cap: the first 64 in the
 * caller's small array, more in a block of the heap that doubles.
 */
static bool keep_die(unsigned char **d, size_t *cap, unsigned char *small, size_t n, int die)
{
	if (n == *cap) {
		unsigned char *p = malloc(2 * *cap);
		if (!p)
			return false;
		memcpy(p, *d, n);
		if (*d != small)
			free(*d);
		*d = p;
		*cap *= 2;
	}
	(*d)[n] = (unsigned char)die;
	return true;
}

/*
 * The dice of the instance at r, read once (a streamed input cannot be read
 * twice) into *d, which starts as small and may become a heap block the
 * caller frees; *n how many.
 */
static enum bl_code read_dice(struct bl_reader *r, const struct yut_limits *lim,
			      unsigned char **d, unsigned char *small, size_t *n,
			      struct bl_err *err)
{
	struct bl_tok t;
	size_t max = (size_t)lim->max_dice, cap = 64;
	int line = 0, die;

	*n = 0;
	if (lim->line) {
		if (!bl_reader_peek(r, &t))
			return bl_fail_eof(r, err, DIE_WHAT);
		line = t.line;
	}
	while (lim->line || *n < max) {
		if (!bl_reader_peek(r, &t) || (lim->line && t.line != line)) {
			if (lim->line)
				break;
			int l, col;
			bl_reader_end_pos(r, &l, &col);
			return bl_fail_at(err, BL_ERR_INPUT, l, col,
					  "expected %zu dice, found end of input after %zu", max, *n);
		}
		if (*n == max) {
			char q[BL_TOK_QUOTE_MAX];
			return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
					  "expected end of line after %zu dice, found '%s'", max,
					  bl_tok_quote(&t, q, sizeof q));
		}
		bl_reader_next(r, &t);
		if (!(die = read_die(&t, err)))
			return BL_ERR_INPUT;
		if (!keep_die(d, &cap, small, *n, die))
			return bl_fail(err, BL_ERR_NOMEM, "out of memory for %zu dice", *n + 1);
		(*n)++;
	}
	return BL_OK;
}

enum bl_code yut_parse(struct yut_game *g, struct bl_reader *r, const struct yut_limits *lim,
		       struct bl_err *err)
{
	unsigned char small[64], *d = small;
	size_t n;
	enum bl_code code;

	if (lim->max_dice < 1)
		return bl_fail(err, BL_ERR_ARG, "expected at least one die in the limits");
	if (bl_refuse_bom(r, err) != BL_OK)
		return BL_ERR_INPUT;
	if ((code = read_dice(r, lim, &d, small, &n, err)) == BL_OK &&
	    (code = yut_game_reserve(g, n, err)) == BL_OK) {
		memcpy(g->dice, d, n);
		g->ndice = n;
	}
	if (d != small)
		free(d);
	return code;
}

void yut_result_init(struct yut_result *res)
{
	res->total = 0;
	res->states = 0;
	res->moves = NULL;
	res->nmoves = 0;
}

void yut_result_release(struct yut_result *res)
{
	if (!res)
		return;
	free(res->moves);
	yut_result_init(res);
}

/*
 * The search.  Horses are interchangeable for the score, so a position is
 * the multiset of their cells: sorted, one byte per horse, packed in a
 * uint64_t.  States with dice left are numbered breadth first, so every
 * state of turn t+1 comes after every state of turn t: one forward sweep
 * finds them and records each one's legal moves as edges, and one backward
 * sweep over the edges solves children before parents.  Positions after
 * the last die score nothing more and are not stored.  The index is an
 * open-addressing hash of (turn, cells) to a state.
 */
#define LEAF UINT32_MAX   /* an edge's child after the last die */

struct state {
	uint64_t cells;   /* sorted horse cells, horse i in byte i */
	uint32_t turn;    /* dice used so far, < ndice */
	uint32_t edge;    /* its first move in search.edges; the next state's first ends them */
	int64_t value;    /* best points still to come */
};

struct edge {
	uint32_t child;   /* state number, or LEAF */
	int32_t points;   /* the score of the cell the move ends on */
};

struct search {
	const struct yut_board *b;
	const unsigned char *dice;
	size_t ndice;
	int horses;
	size_t limit;
	unsigned char dest[YUT_MAX_CELLS][YUT_DIE_MAX + 1];   /* yut_board_step, tabled */
	struct state *st;
	size_t n, cap;
	struct edge *edges;
	size_t nedges, edge_cap;
	uint32_t *index;  /* state number + 1, 0 for an empty slot */
	size_t mask;      /* index slots - 1 (a power of two minus one) */
	size_t bytes;     /* held by the search: its struct and the three tables */
	size_t max_bytes; /* yut_game.max_bytes, 0 for none */
};

enum bl_code yut_room(size_t held, size_t more, size_t max_bytes, size_t states,
		      struct bl_err *err)
{
	char b[BL_BYTES_TEXT_MAX];

	if (max_bytes && (more > max_bytes || held > max_bytes - more))
		return bl_fail(err, BL_ERR_LIMIT,
			       "the search needs more memory than the %s allowed (%zu states so far)",
			       bl_bytes_text(max_bytes, b), states);
	return BL_OK;
}

/* Room for more bytes beside the search's (yut_room). */
static enum bl_code room(const struct search *s, size_t more, struct bl_err *err)
{
	return yut_room(s->bytes, more, s->max_bytes, s->n, err);
}

static void unpack(uint64_t v, int *c, int horses)
{
	for (int i = 0; i < horses; i++)
		c[i] = (int)(v >> (8 * i) & 0xff);
}

/* The position after c[moved] goes to `to`, sorted and packed; c is sorted. */
static uint64_t child_of(const int *c, int horses, int moved, int to)
{
	uint64_t v = 0;
	int k = 0;
	bool placed = false;

	for (int i = 0; i < horses; i++) {
		if (i == moved)
			continue;
		if (!placed && to <= c[i]) {
			v |= (uint64_t)to << (8 * k++);
			placed = true;
		}
		v |= (uint64_t)c[i] << (8 * k++);
	}
	if (!placed)
		v |= (uint64_t)to << (8 * k);
	return v;
}

static size_t slot_of(const struct search *s, uint64_t cells, uint32_t turn)
{
	return (size_t)bl_mix64(cells + turn * UINT64_C(0x9e3779b97f4a7c15)) & s->mask;
}

/* The number of state (turn, cells), or SIZE_MAX when it was never reached. */
static size_t find_state(const struct search *s, uint64_t cells, uint32_t turn)
{
	for (size_t i = slot_of(s, cells, turn);; i = (i + 1) & s->mask) {
		uint32_t k = s->index[i];
		if (!k)
			return SIZE_MAX;
		const struct state *e = &s->st[k - 1];
		if (e->cells == cells && e->turn == turn)
			return k - 1;
	}
}

static enum bl_code grow_index(struct search *s, struct bl_err *err)
{
	size_t slots = (s->mask + 1) * 2;
	enum bl_code code = room(s, slots * sizeof *s->index, err);
	if (code != BL_OK)
		return code;
	uint32_t *index = calloc(slots, sizeof *index);

	if (!index)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for %zu search states", s->n);
	s->bytes += (slots - (s->mask + 1)) * sizeof *index;
	free(s->index);
	s->index = index;
	s->mask = slots - 1;
	for (size_t k = 0; k < s->n; k++) {
		size_t i = slot_of(s, s->st[k].cells, s->st[k].turn);
		while (s->index[i])
			i = (i + 1) & s->mask;
		s->index[i] = (uint32_t)(k + 1);
	}
	return BL_OK;
}

/* The number of state (turn, cells) into *k, added if it is new. */
static enum bl_code add_state(struct search *s, uint64_t cells, uint32_t turn, uint32_t *k,
			      struct bl_err *err)
{
	size_t i = slot_of(s, cells, turn);

	for (; s->index[i]; i = (i + 1) & s->mask) {
		const struct state *e = &s->st[s->index[i] - 1];
		if (e->cells == cells && e->turn == turn) {
			*k = s->index[i] - 1;
			return BL_OK;
		}
	}
	if (s->n == s->limit)
		return bl_fail(err, BL_ERR_LIMIT, "the search needs more than %zu states", s->limit);
	if (s->n == s->cap) {
		size_t cap = s->cap * 2;
		enum bl_code code = room(s, cap * sizeof *s->st, err);
		if (code != BL_OK)
			return code;
		struct state *st = realloc(s->st, cap * sizeof *st);
		if (!st)
			return bl_fail(err, BL_ERR_NOMEM, "out of memory for %zu search states",
				       s->n);
		s->bytes += s->cap * sizeof *st;
		s->st = st;
		s->cap = cap;
	}
	*k = (uint32_t)s->n;
	s->st[s->n] = (struct state){ cells, turn, 0, 0 };
	s->index[i] = (uint32_t)(++s->n);
	if (s->n * 2 > s->mask)
		return grow_index(s, err);
	return BL_OK;
}

static enum bl_code add_edge(struct search *s, uint32_t child, int points, struct bl_err *err)
{
	if (s->nedges == s->edge_cap) {
		size_t cap = s->edge_cap * 2;
		enum bl_code code = room(s, cap * sizeof *s->edges, err);
		if (code != BL_OK)
			return code;
		struct edge *e = realloc(s->edges, cap * sizeof *e);
		if (!e)
			return bl_fail(err, BL_ERR_NOMEM, "out of memory for %zu search states",
				       s->n);
		s->bytes += s->edge_cap * sizeof *e;
		s->edges = e;
		s->edge_cap = cap;
	}
	s->edges[s->nedges++] = (struct edge){ child, points };
	return BL_OK;
}

/* The cells held by horses, end excepted: a bit per cell. */
struct occupied {
	uint64_t bits[(YUT_MAX_CELLS + 63) / 64];
};

static void occupy(const struct search *s, const int *c, struct occupied *o)
{
	memset(o, 0, sizeof *o);
	for (int i = 0; i < s->horses; i++)
		if (c[i] != s->b->end)
			o->bits[c[i] >> 6] |= UINT64_C(1) << (c[i] & 63);
}

/*
 * Where horse i of the sorted position c goes with die, or YUT_NONE when it
 * may not be chosen.  Horses sharing a cell (start, end) make the same move,
 * so only the first of them is offered.
 */
static int move_of(const struct search *s, const int *c, const struct occupied *o, int i,
		   int die)
{
	if ((i > 0 && c[i] == c[i - 1]) || c[i] == s->b->end)
		return YUT_NONE;
	int to = s->dest[c[i]][die];
	if (o->bits[to >> 6] >> (to & 63) & 1) {
		/* Its own cell is free to it (an arrow to itself) unless shared. */
		if (to != c[i] || (i + 1 < s->horses && c[i + 1] == to))
			return YUT_NONE;
	}
	return to;
}

static enum bl_code explore(struct search *s, struct bl_err *err)
{
	int c[YUT_MAX_HORSES];
	struct occupied o;
	uint32_t root;
	enum bl_code code;

	for (int i = 0; i < s->horses; i++)
		c[i] = s->b->start;
	code = add_state(s, yut_pack(c, s->horses), 0, &root, err);
	for (size_t k = 0; code == BL_OK && k < s->n; k++) {
		uint32_t turn = s->st[k].turn;
		int die = s->dice[turn];
		s->st[k].edge = (uint32_t)s->nedges;
		unpack(s->st[k].cells, c, s->horses);
		occupy(s, c, &o);
		for (int i = 0; i < s->horses && code == BL_OK; i++) {
			int to = move_of(s, c, &o, i, die);
			if (to == YUT_NONE)
				continue;
			uint32_t child = LEAF;
			if (turn + 1 < s->ndice)
				code = add_state(s, child_of(c, s->horses, i, to), turn + 1, &child,
						 err);
			if (code == BL_OK)
				code = add_edge(s, child, s->b->cells[to].score, err);
		}
	}
	return code;
}

/* Children come after their parents: solve from the last state back. */
static void evaluate(struct search *s)
{
	size_t end = s->nedges;

	for (size_t k = s->n; k-- > 0;) {
		struct state *e = &s->st[k];
		int64_t best = 0;
		for (size_t i = e->edge; i < end; i++) {
			const struct edge *m = &s->edges[i];
			int64_t v = m->points;
			if (m->child != LEAF) {
				assert(m->child > k);
				v += s->st[m->child].value;
			}
			if (v > best)
				best = v;
		}
		e->value = best;
		end = e->edge;
	}
}

static void sort_cells(int *c, int horses)
{
	for (int i = 1; i < horses; i++) {
		int v = c[i], j = i;
		for (; j > 0 && c[j - 1] > v; j--)
			c[j] = c[j - 1];
		c[j] = v;
	}
}

/*
 * Replays the game with horses told apart, choosing at each turn the lowest
 * horse whose move keeps the best total.
 */
static enum bl_code replay(const struct search *s, struct yut_result *res, struct bl_err *err)
{
	int cells[YUT_MAX_HORSES], sorted[YUT_MAX_HORSES];
	int64_t total = 0;
	size_t t;

	/* No move is made after the last turn that has a state: size the plan by it. */
	size_t most = (size_t)s->st[s->n - 1].turn + 1;
	res->moves = malloc(most * sizeof *res->moves);
	if (!res->moves)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for a plan of %zu moves", most);
	for (int i = 0; i < s->horses; i++)
		cells[i] = s->b->start;
	for (t = 0; t < s->ndice; t++) {
		int die = s->dice[t], best = -1, best_to = YUT_NONE;
		int64_t best_v = -1;
		for (int h = 0; h < s->horses; h++) {
			int to = yut_try_move(s->b, cells, s->horses, h, die);
			if (to == YUT_NONE)
				continue;
			int64_t v = s->b->cells[to].score;
			if (t + 1 < s->ndice) {
				memcpy(sorted, cells, sizeof sorted);
				sorted[h] = to;
				sort_cells(sorted, s->horses);
				size_t ch = find_state(s, yut_pack(sorted, s->horses), (uint32_t)t + 1);
				assert(ch != SIZE_MAX);
				v += s->st[ch].value;
			}
			if (v > best_v) {
				best_v = v;
				best = h;
				best_to = to;
			}
		}
		if (best < 0)
			break;
		int64_t points = s->b->cells[best_to].score;
		total += points;
		assert(t < most);
		res->moves[t] = (struct yut_move){ die, best, cells[best], best_to, points, total };
		cells[best] = best_to;
	}
	res->nmoves = t;
	assert(total == res->total);
	return BL_OK;
}

enum bl_code yut_check_board_horses(const struct yut_game *g, bool whole_board,
				    struct bl_err *err)
{
	if (!g->board)
		return bl_fail(err, BL_ERR_ARG, "the game has no board");
	enum bl_code code = whole_board ? yut_board_check(g->board, err) : yut_board_check_arrows(g->board, err);
	if (code != BL_OK)
		return code;
	if (g->horses < 1 || g->horses > YUT_MAX_HORSES)
		return bl_fail(err, BL_ERR_ARG, "expected 1 to %d horses, found %d", YUT_MAX_HORSES,
			       g->horses);
	return BL_OK;
}

static enum bl_code check_game(const struct yut_game *g, struct bl_err *err)
{
	enum bl_code code = yut_check_board_horses(g, false, err);
	if (code != BL_OK)
		return code;
	if (g->ndice == 0)
		return bl_fail(err, BL_ERR_ARG, "expected at least one die");
	if (g->ndice >= UINT32_MAX)
		return bl_fail(err, BL_ERR_LIMIT, "expected fewer than %lu dice, found %zu",
			       (unsigned long)UINT32_MAX, g->ndice);
	for (size_t t = 0; t < g->ndice; t++)
		if (g->dice[t] < 1 || g->dice[t] > YUT_DIE_MAX)
			return bl_fail(err, BL_ERR_ARG, "expected a die 1 to %d, found %d",
				       YUT_DIE_MAX, g->dice[t]);
	return BL_OK;
}

static enum bl_code run(const struct yut_game *g, bool want_plan, struct yut_result *res,
			struct bl_err *err)
{
	struct search *s;
	enum bl_code code;

	yut_result_release(res);
	code = check_game(g, err);
	if (code != BL_OK)
		return code;
	/* A mistake is the plain variant engine's, so that the rules' search stays as it is. */
	if (g->mistake != YUT_MISTAKE_NONE)
		return want_plan ? bl_fail(err, BL_ERR_ARG, "a game with a mistake has no plan")
				 : yut_variant_solve(g, res, err);
	s = malloc(sizeof *s);
	if (!s)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for the search");
	s->b = g->board;
	s->dice = g->dice;
	s->ndice = g->ndice;
	s->horses = g->horses;
	s->limit = g->max_states ? g->max_states : YUT_STATES_DEFAULT;
	if (s->limit > UINT32_MAX / (2 * YUT_MAX_HORSES))
		s->limit = UINT32_MAX / (2 * YUT_MAX_HORSES);
	for (int c = 0; c < s->b->ncells; c++)
		for (int d = 1; d <= YUT_DIE_MAX; d++)
			s->dest[c][d] = (unsigned char)yut_board_step(s->b, c, d);
	s->n = s->nedges = 0;
	s->cap = 1024;
	s->edge_cap = 4096;
	s->mask = 4095;
	s->st = NULL;
	s->edges = NULL;
	s->index = NULL;
	/* The plan, made at the end, is counted from the start. */
	s->bytes = 0;
	s->max_bytes = g->max_bytes;
	code = room(s, sizeof *s + s->cap * sizeof *s->st + s->edge_cap * sizeof *s->edges +
			       (s->mask + 1) * sizeof *s->index +
			       (want_plan ? g->ndice * sizeof *res->moves : 0),
		    err);
	if (code == BL_OK) {
		s->bytes = sizeof *s + s->cap * sizeof *s->st + s->edge_cap * sizeof *s->edges +
			   (s->mask + 1) * sizeof *s->index +
			   (want_plan ? g->ndice * sizeof *res->moves : 0);
		s->st = malloc(s->cap * sizeof *s->st);
		s->edges = malloc(s->edge_cap * sizeof *s->edges);
		s->index = calloc(s->mask + 1, sizeof *s->index);
		if (!s->st || !s->edges || !s->index)
			code = bl_fail(err, BL_ERR_NOMEM, "out of memory for the search");
	}
	if (code == BL_OK)
		code = explore(s, err);
	if (code == BL_OK) {
		evaluate(s);
		res->total = s->st[0].value;
		res->states = s->n;
		if (want_plan)
			code = replay(s, res, err);
	}
	if (code != BL_OK)
		yut_result_release(res);
	free(s->st);
	free(s->edges);
	free(s->index);
	free(s);
	return code;
}

enum bl_code yut_solve(const struct yut_game *g, struct yut_result *res, struct bl_err *err)
{
	return run(g, false, res, err);
}

enum bl_code yut_plan(const struct yut_game *g, struct yut_result *res, struct bl_err *err)
{
	return run(g, true, res, err);
}

/* The walk of yut_play over the plan res of game g. */
static void walk(const struct yut_game *g, const struct yut_result *res, yut_step_fn fn,
		 void *ctx)
{
	int cells[YUT_MAX_HORSES];
	struct yut_step s = { 0, NULL, 0, cells, g->horses };

	for (int h = 0; h < g->horses; h++)
		cells[h] = g->board->start;
	if (!fn(ctx, &s))
		return;
	for (size_t t = 0; t < res->nmoves; t++) {
		s.turn = t + 1;
		s.move = &res->moves[t];
		cells[s.move->horse] = s.move->to;
		if (!fn(ctx, &s))
			return;
	}
	if (res->nmoves < g->ndice) {
		s.turn = res->nmoves + 1;
		s.move = NULL;
		s.unused = g->ndice - res->nmoves;
		fn(ctx, &s);
	}
}

enum bl_code yut_play(const struct yut_game *g, yut_step_fn fn, void *ctx,
		      struct yut_result *res, struct bl_err *err)
{
	enum bl_code code = run(g, true, res, err);

	if (code == BL_OK)
		walk(g, res, fn, ctx);
	return code;
}
