/*
 * tower: the engine (see boardlab/tower.h).  A move on the linked stacks
 * of lib/tower_board.c, a turn, and the game: tower_play with its history
 * of states and Brent's method for repeats, the proof by groups of
 * lib/tower_split.c, and the compact engine of lib/tower_small.c for small
 * games, which it hands the board's move table.
 */
#include "boardlab/tower.h"
#include "tower_impl.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void tower_opts_init(struct tower_opts *o)
{
	o->rule = TOWER_CARRY;
	o->height = TOWER_HEIGHT;
	o->limit = TOWER_LIMIT;
	o->play_few = false;
	o->history = TOWER_HISTORY_TURNS;
	o->split = true;
	o->answer_only = false;
	o->mistake = TOWER_MISTAKE_NONE;
}

/*
 * A piece's part of the state in one word: its cell (24 bits), the piece
 * under it (20 bits) and its direction (3 bits).  The stacks follow from
 * these, so k words are the whole state.
 */
static inline uint64_t pack(const struct tower_piece *q)
{
	return (uint64_t)(uint32_t)q->cell << 23 | (uint64_t)(uint32_t)q->below << 3 | q->dir;
}

/*
 * Packs the state into w[0..k) (w may be NULL) and returns its hash: a
 * multiplicative fold of the words, then fmix.  O(k), which a turn of k
 * moves costs anyway, so the moves themselves carry no hashing work.
 */
static uint64_t pack_state(const struct tower *t, uint64_t *w)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (int p = 1; p <= t->k; p++) {
		uint64_t x = pack(&t->piece[p]);
		if (w)
			w[p - 1] = x;
		h = (h ^ x) * UINT64_C(0x100000001b3);
	}
	return tower_fmix(h);
}

uint64_t tower_hash(const struct tower *t)
{
	return pack_state(t, NULL);
}

static enum tower_dir reverse(enum tower_dir d)
{
	return (enum tower_dir)(((d - 1) ^ 1) + 1);
}

/* The step from a cell to its neighbour in direction d (1..4). */
static inline int step(int n, enum tower_dir d)
{
	return d == TOWER_RIGHT ? 1 : d == TOWER_LEFT ? -1 : d == TOWER_UP ? -n : n;
}

/* What a piece on cell meets in direction d: a colour or the edge. */
static inline enum tower_colour meets(const struct tower *t, int cell, enum tower_dir d)
{
	unsigned b = t->colour[cell];
	if (b & TOWER_EDGE_BIT(d))
		return TOWER_EDGE;
	return (enum tower_colour)(t->colour[cell + step(t->n, d)] & TOWER_COLOUR_MASK);
}

/*
 * The compact engine's move table (see tower_small_steps): where a piece on
 * cell c going d ends its move depends on the set b of directions c is
 * blocked in (blue or the edge): a blocked piece turns round (the piece
 * alone: move_piece; reverse() flips the low bit of d - 1, so it goes
 * m = d ^ (b >> d & 1)), and blocked that way too, it stays on c.  So each
 * set gives the four entries less c's, m plus 4 times the step m takes
 * when it is not blocked: 1 or -1 across, -n or n down the board.  Those
 * are STEP_ACROSS[b] + n STEP_DOWN[b], a 16-bit lane a direction, and a
 * cell's four entries are that plus its own 4 c in every lane: the lanes'
 * true values are entries, from 0 to 4 n^2, so the 64-bit sums carry
 * nothing from lane to lane whatever order they are added in.  A cell is
 * its set, found without a branch (the colours are random), and one sum.
 */
#define STEP_M(b, d) ((d) ^ ((b) >> (d) & 1))
#define STEP_FREE(b, d) (((b) >> STEP_M(b, d) & 1) == 0)
#define STEP_LANE(v, d) ((uint64_t)(int64_t)(v) << 16 * (d))
#define STEP_ACROSS1(b, d)                                                                   \
	STEP_LANE(STEP_M(b, d) + 4 * STEP_FREE(b, d) * (STEP_M(b, d) == 0 ? 1 : STEP_M(b, d) == 1 ? -1 : 0), d)
#define STEP_DOWN1(b, d) STEP_LANE(4 * STEP_FREE(b, d) * (STEP_M(b, d) == 2 ? -1 : STEP_M(b, d) == 3), d)
#define STEP_ACROSS(b) (STEP_ACROSS1(b, 0) + STEP_ACROSS1(b, 1) + STEP_ACROSS1(b, 2) + STEP_ACROSS1(b, 3))
#define STEP_DOWN(b) (STEP_DOWN1(b, 0) + STEP_DOWN1(b, 1) + STEP_DOWN1(b, 2) + STEP_DOWN1(b, 3))
#define STEP_SETS(X) X(0), X(1), X(2), X(3), X(4), X(5), X(6), X(7), X(8), X(9), X(10), X(11), \
	X(12), X(13), X(14), X(15)

static void small_steps(const struct tower *t, uint16_t *steps)
{
	static const uint64_t across[16] = { STEP_SETS(STEP_ACROSS) }, down[16] = { STEP_SETS(STEP_DOWN) };
	const uint64_t lanes = UINT64_C(0x0001000100010001);
	const uint8_t *colour = t->colour;
	const int n = t->n;

	for (int c = 0; c < n * n; c++) {
		unsigned edge = colour[c] / TOWER_EDGE_BIT(1) & 15, b = edge;
		/* Off the board, the cell's own colour is read and ignored. */
		b |= (unsigned)((colour[edge & 1 ? c : c + 1] & TOWER_COLOUR_MASK) >= TOWER_BLUE);
		b |= (unsigned)((colour[edge & 2 ? c : c - 1] & TOWER_COLOUR_MASK) >= TOWER_BLUE) << 1;
		b |= (unsigned)((colour[edge & 4 ? c : c - n] & TOWER_COLOUR_MASK) >= TOWER_BLUE) << 2;
		b |= (unsigned)((colour[edge & 8 ? c : c + n] & TOWER_COLOUR_MASK) >= TOWER_BLUE) << 3;
		uint64_t w = across[b] + (uint64_t)n * down[b] + (uint64_t)(4 * c) * lanes;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		memcpy(steps + (c << 2), &w, sizeof w);   /* the lanes in the entries' order */
#else
		for (unsigned d = 0; d < 4; d++)
			steps[c << 2 | d] = (uint16_t)(w >> 16 * d);
#endif
	}
}

/* tower_height, inlined in the moves (it lives in tower_board.c). */
static inline int height_at(const struct tower *t, int cell)
{
	int p = t->top[cell];
	return p ? t->piece[p].level + 1 : 0;
}

/* Piece p and the pieces above it. */
static int group_size(const struct tower *t, int p)
{
	const struct tower_piece *pc = t->piece;
	return pc[t->top[pc[p].cell]].level - pc[p].level + 1;
}

/*
 * Lifts piece p and everything above it off its cell and puts the group on
 * top of cell `to`, reversed when `reversed`.  Only the group's links and
 * levels change, so the cost is the group's size.
 */
static void carry(struct tower *t, int p, int to, bool reversed, struct tower_move *mv)
{
	struct tower_piece *pc = t->piece;
	int from = pc[p].cell;
	int gtop = t->top[from];
	int group = pc[gtop].level - pc[p].level + 1;
	int under = pc[p].below, dst = t->top[to];
	int base = dst ? pc[dst].level + 1 : 0;

	t->top[from] = under;
	if (under)
		pc[under].above = 0;
	if (reversed) {
		/*
		 * Walk up the old order swapping each piece's links: the old
		 * top lands on dst, p ends on top.
		 */
		int level = base + group - 1;
		for (int q = p; q;) {
			int next = pc[q].above;
			pc[q].above = q == p ? 0 : pc[q].below;
			pc[q].below = next ? next : dst;
			pc[q].cell = to;
			pc[q].level = level--;
			q = next;
		}
		if (dst)
			pc[dst].above = gtop;
		t->top[to] = p;
	} else {
		int level = base;
		pc[p].below = dst;
		for (int q = p; q; q = pc[q].above) {
			pc[q].cell = to;
			pc[q].level = level++;
		}
		if (dst)
			pc[dst].above = p;
		t->top[to] = gtop;
	}
	if (t->tracking)
		tower_split_note(t, p, to);
	mv->group = group;
	mv->moved = true;
	mv->to = to;
	mv->height = base + group;
}

/*
 * Piece p's move, described in *mv (every field but turn).  Inline, so that
 * play_turn's loop keeps only what it reads of the description.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void move_piece(struct tower *t, enum tower_rule rule, int p, struct tower_move *mv)
{
	struct tower_piece *q = &t->piece[p];
	int from = q->cell;
	enum tower_dir d = (enum tower_dir)q->dir;
	enum tower_colour met = meets(t, from, d);

	mv->turn = 0;
	mv->piece = p;
	mv->from = from;
	mv->to = from;
	mv->dir = d;
	mv->met = met;
	mv->met2 = met;
	mv->skipped = false;
	mv->bounced = false;
	mv->moved = false;
	mv->group = 0;
	if (rule == TOWER_BOTTOM && q->below) {
		mv->skipped = true;
		mv->height = height_at(t, from);
		return;
	}
	if (met == TOWER_BLUE || met == TOWER_EDGE) {
		/* Only the moving piece turns; the pieces it carries keep their way. */
		d = reverse(d);
		q->dir = (uint8_t)d;
		mv->bounced = true;
		met = meets(t, from, d);
		mv->met2 = met;
		if (met == TOWER_BLUE || met == TOWER_EDGE) {
			mv->group = group_size(t, p);
			mv->height = height_at(t, from);
			return;
		}
	}
	carry(t, p, from + step(t->n, d), met == TOWER_RED, mv);
}

void tower_move(struct tower *t, enum tower_rule rule, int p, struct tower_move *mv)
{
	assert(p >= 1 && p <= t->k);
	move_piece(t, rule, p, mv);
}

/*
 * On large boards a move is a few cache misses (the cells it leaves and
 * enters, the pieces below and above), and the pieces move in a known
 * order, so the memory of later moves is fetched ahead: the cells of the
 * piece PREFETCH_AHEAD moves on, and the stack under the cell the piece
 * half as far on is likely to enter (whose top is in cache by then).
 */
#define PREFETCH_AHEAD 16

#if defined(__GNUC__)
#define PREFETCH(addr) __builtin_prefetch(addr)
#else
#define PREFETCH(addr) ((void)(addr))
#endif

/*
 * Plays one whole turn.  Returns true when a move built a stack of height
 * (its description is then in *last, with the turn).
 */
static bool play_turn(struct tower *t, enum tower_rule rule, int64_t height, int64_t turn,
		      tower_step_fn fn, void *ctx, bool *stop, struct tower_move *last)
{
	struct tower_move mv;

	for (int p = 1; p <= t->k; p++) {
		if (p + PREFETCH_AHEAD <= t->k) {
			/* In the loop itself: as a helper, GCC 12 dropped the prefetches. */
			const struct tower_piece *far = &t->piece[p + PREFETCH_AHEAD];
			const struct tower_piece *near = &t->piece[p + PREFETCH_AHEAD / 2];
			int cells = t->n * t->n;
			int to = far->cell + step(t->n, (enum tower_dir)far->dir);
			PREFETCH(&t->colour[far->cell]);
			PREFETCH(&t->top[far->cell]);
			if (to >= 0 && to < cells)
				PREFETCH(&t->top[to]);
			to = near->cell + step(t->n, (enum tower_dir)near->dir);
			PREFETCH(&t->piece[t->top[near->cell]]);
			PREFETCH(&t->piece[near->below]);
			if (to >= 0 && to < cells)
				PREFETCH(&t->piece[t->top[to]]);
		}
		move_piece(t, rule, p, &mv);
		mv.turn = turn;
		if (fn) {
			struct tower_step st = { t, turn, &mv };
			if (!fn(ctx, &st)) {
				*stop = true;
				return false;
			}
		}
		if (mv.moved && mv.height >= height) {
			*last = mv;
			return true;
		}
	}
	return false;
}

/* True when the pieces of a and b (k + 1 entries) are in the same state. */
static bool same_state(const struct tower_piece *a, const struct tower_piece *b, int k)
{
	for (int p = 1; p <= k; p++)
		if (a[p].cell != b[p].cell || a[p].dir != b[p].dir || a[p].below != b[p].below)
			return false;
	return true;
}

/*
 * A second tower on t's board (borrowed, not copied) in t's start position,
 * for the replay that finds where a cycle starts.  Release with
 * release_twin.
 */
static bool make_twin(const struct tower *t, struct tower *u)
{
	size_t cells = (size_t)t->n * (size_t)t->n;

	tower_init(u);
	u->top = calloc(cells, sizeof *u->top);
	u->piece = malloc(((size_t)t->k + 1) * sizeof *u->piece);
	if (!u->top || !u->piece) {
		free(u->top);
		free(u->piece);
		return false;
	}
	memcpy(u->piece, t->piece, ((size_t)t->k + 1) * sizeof *u->piece);
	u->colour = t->colour;
	u->n = t->n;
	u->k = t->k;
	/* top[] is all zero, so the reset's clearing is harmless; it fills the starts. */
	tower_reset(u);
	return true;
}

static void release_twin(struct tower *u)
{
	free(u->top);
	free(u->piece);
}

/*
 * The state after turn lambda repeats an earlier one: finds the first turn
 * mu whose state comes back lambda turns later, by playing t from the start
 * beside a twin lambda turns ahead until the two agree.  Those turns were
 * all played before without ending the game, so none ends it now.
 */
static enum bl_code first_repeat(struct tower *t, const struct tower_opts *o, int64_t lambda,
				 int64_t seen, struct tower_result *res, struct bl_err *err)
{
	struct tower u;
	struct tower_move mv;
	bool stop = false;
	int64_t mu = 0;

	if (!make_twin(t, &u))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for a second %dx%d board", t->n, t->n);
	tower_reset(t);
	for (int64_t i = 1; i <= lambda; i++)
		play_turn(&u, o->rule, o->height, i, NULL, NULL, &stop, &mv);
	/*
	 * The state after `seen` repeats the one lambda turns before, so the
	 * cycle starts by turn seen - lambda; past that the engines disagree.
	 */
	while (!same_state(t->piece, u.piece, t->k)) {
		if (mu >= seen - lambda) {
			release_twin(&u);
			return bl_fail(err, BL_ERR_INTERNAL,
				       "the repeat seen after turn %lld does not replay",
				       (long long)seen);
		}
		mu++;
		play_turn(t, o->rule, o->height, mu, NULL, NULL, &stop, &mv);
		play_turn(&u, o->rule, o->height, mu + lambda, NULL, NULL, &stop, &mv);
		res->moves += 2 * (int64_t)t->k;
	}
	res->moves += lambda * (int64_t)t->k;
	release_twin(&u);
	res->cycle_from = mu;
	res->cycle_to = mu + lambda;
	return BL_OK;
}

/* Grows the history to hold words words and slots table slots. */
static bool reserve_history(struct tower *t, size_t words, size_t turns, size_t slots)
{
	if (words > t->words_cap) {
		free(t->words);
		t->words = malloc(words * sizeof *t->words);
		t->words_cap = t->words ? words : 0;
		if (!t->words)
			return false;
	}
	if (turns > t->hashes_cap) {
		free(t->hashes);
		t->hashes = malloc(turns * sizeof *t->hashes);
		t->hashes_cap = t->hashes ? turns : 0;
		if (!t->hashes)
			return false;
	}
	if (slots > t->slots_cap) {
		free(t->slots);
		t->slots = malloc(slots * sizeof *t->slots);
		t->slots_cap = t->slots ? slots : 0;
		if (!t->slots)
			return false;
	}
	return true;
}

/*
 * How often a split window opened after turn `from` (a power of two, 8 or
 * more) is checked: every 8 turns while it is short, then 4 times over its
 * length, so the checks (each O(turns of the window) per group) cost O(1)
 * per turn and a proof that holds is found soon after it does.
 */
static inline int64_t split_every(int64_t from)
{
	return from / 4 > 8 ? from / 4 : 8;
}

/* The state's words and hash, from the engine that plays. */
static inline uint64_t pack_now(const struct tower *t, uint64_t *w)
{
	return t->small_live ? tower_small_pack(t, w) : pack_state(t, w);
}

/*
 * What play keeps from turn to turn.  While the states fit in
 * TOWER_HISTORY_WORDS words, every one is kept (the history: the states
 * after turns 0..kept-1) and a repeat is found on the turn it happens.
 * Past that, Brent: the saved state (snap) is the one after turn `saved`,
 * replaced by the current one (cur) whenever the distance reaches the next
 * power of two; a repeat at distance lambda is met once the power passes
 * lambda and the saved turn passes the cycle's start, and first_repeat then
 * finds where the cycle starts.
 *
 * The split check: windows (8, 16], (16, 32], ... of the kept turns (the
 * last one open until the history is full), each checked every
 * split_every(start) turns, so at its end too; the next one opens at its
 * end.  Past the history, windows of kept, 2 kept, 4 kept, ... turns
 * checked every turn against their first state (wbase).
 */
struct play {
	struct tower *t;
	const struct tower_opts *o;
	struct tower_result *res;
	size_t k;               /* pieces: words per state */
	size_t rw;              /* words per state the history keeps */
	bool record;            /* those are the compact engine's records */
	bool recorded;          /* and every turn's, in tower_small_play */
	bool answer;            /* or the answer alone, tower_small_answer's */
	int64_t kept;           /* states the history keeps; 0 for none */
	size_t mask;            /* the history's hash table slots, less one */
	bool split;             /* the proof by groups is on */
	uint64_t *snap, *cur;   /* Brent's saved state and the current one */
	uint64_t *wbase;        /* a Brent-phase window's first state */
	int64_t window;         /* the open window's start; 0 when none is open */
	int64_t wlen;           /* a Brent-phase window's length */
	int64_t saved, power;   /* Brent: the saved state's turn, the next distance */
	uint64_t saved_hash;
};

/* The state as the history keeps it, and its hash. */
static inline uint64_t keep_now(const struct play *pl, uint64_t *w)
{
	return pl->record ? tower_small_record(pl->t, w) : pack_now(pl->t, w);
}

/* Checks o's values (see tower_solve). */
static enum bl_code check_opts(const struct tower_opts *o, struct bl_err *err)
{
	if (o->rule != TOWER_CARRY && o->rule != TOWER_BOTTOM)
		return bl_fail(err, BL_ERR_ARG, "unknown rule %d", (int)o->rule);
	if (o->height < 2 || o->height > TOWER_OPT_MAX)
		return bl_fail(err, BL_ERR_ARG, "expected a height from 2 to %lld, found %lld",
			       (long long)TOWER_OPT_MAX, (long long)o->height);
	if (o->limit < 1 || o->limit > TOWER_OPT_MAX)
		return bl_fail(err, BL_ERR_ARG, "expected a turn limit from 1 to %lld, found %lld",
			       (long long)TOWER_OPT_MAX, (long long)o->limit);
	if ((unsigned)o->mistake >= TOWER_MISTAKE_COUNT)
		return bl_fail(err, BL_ERR_ARG, "unknown mistake %d", (int)o->mistake);
	return BL_OK;
}

/*
 * Sizes the history and the proof by groups for the game of pl->o, takes
 * their memory, chooses the engine (the compact one when nothing watches
 * and the game fits) and records the start state.
 */
static enum bl_code play_setup(struct play *pl, bool watched, struct bl_err *err)
{
	struct tower *t = pl->t;
	const struct tower_opts *o = pl->o;
	size_t k = (size_t)t->k;
	int64_t kept = (int64_t)(TOWER_HISTORY_WORDS / k);

	if (kept > o->limit + 1)
		kept = o->limit + 1;
	if (kept > TOWER_HISTORY_TURNS)
		kept = TOWER_HISTORY_TURNS;
	if (kept > o->history)
		kept = o->history;
	if (kept < 2)
		kept = 0;
	size_t slots = 1;
	while (slots < 2 * (size_t)kept)
		slots *= 2;
	/* A state as a word per piece, or as a record (longer for one piece). */
	size_t rw = tower_small_record_words(t->k) > k ? tower_small_record_words(t->k) : k;
	size_t words = (kept > 2 ? (size_t)kept : 2) * rw;
	if (!reserve_history(t, words, (size_t)kept, kept ? slots : 0))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for %d pieces", t->k);
	/*
	 * The proof by groups only when the limit reaches past the history.
	 * Within it the proof would save about a tenth of the moves of random
	 * judge games (most games that reach turn 1000 there are not split
	 * before it: their state first repeats, or a stack forms, after turn
	 * 1000) and its bookkeeping costs more than that (measured: 0.19 s
	 * against 0.16 s for 10,000 games of gen --boj).
	 */
	bool split = o->split && kept > 16 && kept <= o->limit;
	if (split && !tower_split_reserve(t))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for %d pieces", t->k);
	t->tracking = false;
	t->small_live = false;
	if (!watched && tower_small_fits(t, o)) {
		uint16_t *steps = tower_small_steps(t);
		if (!steps)
			return bl_fail(err, BL_ERR_NOMEM, "out of memory for %d pieces", t->k);
		small_steps(t, steps);
		tower_small_load(t);
		t->small_live = true;
	}
	pl->k = k;
	/*
	 * The compact engine's records unless the proof by groups, which
	 * reads a word per piece, checks the history.
	 */
	pl->record = t->small_live && !split;
	pl->rw = pl->record ? tower_small_record_words(t->k) : k;
	/* tower_small_play's game, which needs no table of hashes. */
	pl->recorded = !watched && pl->record && kept > o->limit;
	pl->answer = pl->recorded && o->answer_only;
	pl->kept = kept;
	pl->mask = slots - 1;
	pl->split = split;
	pl->snap = t->words;
	pl->cur = t->words + k;
	pl->wbase = t->words + 2 * k;
	pl->window = 0;
	pl->wlen = 0;
	pl->saved = 0;
	pl->power = 1;
	pl->saved_hash = 0;
	if (pl->recorded) {
		tower_small_record(t, t->words);
	} else if (kept) {
		memset(t->slots, 0xff, slots * sizeof *t->slots);
		tower_remember(t, pl->rw, 0, keep_now(pl, t->words), pl->mask);
	} else
		pl->saved_hash = pack_now(t, pl->snap);
	return BL_OK;
}

/*
 * Opens a split window after turn `turn` for len turns, in the engine that
 * plays (the caller saves the state's words as the window's first).
 */
static void open_window(struct play *pl, int64_t turn, int64_t len)
{
	struct tower *t = pl->t;

	if (t->small_live)
		tower_small_split_begin(t);
	else
		tower_split_begin(t);
	tower_split_open(t);
	t->tracking = true;
	pl->window = turn;
	pl->wlen = len;
}

/*
 * Piece p's move in the compact engine would build a stack of the height
 * on turn `turn`: the linked engine plays and describes it.
 */
static void small_ends(struct play *pl, int p, int64_t turn)
{
	struct tower *t = pl->t;
	struct tower_result *res = pl->res;

	tower_small_sync(t);
	t->small_live = false;
	t->tracking = false;   /* its groups are the compact engine's */
	move_piece(t, pl->o->rule, p, &res->last);
	res->last.turn = turn;
	assert(res->last.moved && res->last.height >= pl->o->height);
}

/*
 * Plays turn `turn` in the engine that plays.  Returns true when a move
 * built a stack of the height (res->last describes it) or the callback
 * stopped the game (*stop).
 */
static bool play_one(struct play *pl, int64_t turn, tower_step_fn fn, void *ctx, bool *stop)
{
	struct tower *t = pl->t;
	const struct tower_opts *o = pl->o;
	struct tower_result *res = pl->res;

	if (!t->small_live)
		return play_turn(t, o->rule, o->height, turn, fn, ctx, stop, &res->last) || *stop;
	int p = tower_small_turn(t, o->rule, (int)o->height, t->tracking);
	if (!p)
		return false;
	small_ends(pl, p, turn);
	return true;
}

/*
 * play when every turn up to the limit is kept in the history as the
 * compact engine's records and nothing watches: tower_small_play's loop.
 */
static void play_recorded(struct play *pl)
{
	struct tower *t = pl->t;
	const struct tower_opts *o = pl->o;
	struct tower_result *res = pl->res;
	int p;
	int64_t j, turn = (pl->answer ? tower_small_answer : tower_small_play)(
		t, o->rule, (int)o->height, o->limit, &p, &j);

	if (p) {
		small_ends(pl, p, turn);
		res->answer = turn;
		res->end = TOWER_END_STACK;
		res->turns = turn - 1;
		res->moves = (turn - 1) * t->k + p;
	} else {
		res->turns = turn;
		res->moves = turn * t->k;
		res->end = j >= 0 ? TOWER_END_CYCLE : TOWER_END_LIMIT;
		if (j >= 0) {
			res->cycle_from = j;
			res->cycle_to = turn;
		}
	}
}

/*
 * After turn `turn` of the history phase: records the state, finds a
 * repeat, checks and opens split windows, and at the history's last turn
 * hands over to Brent.  True when the game ended (res->end says how).
 */
static bool history_turn(struct play *pl, int64_t turn)
{
	struct tower *t = pl->t;
	struct tower_result *res = pl->res;
	size_t k = pl->k;
	uint64_t h = keep_now(pl, t->words + (size_t)turn * pl->rw);
	int64_t j = tower_remember(t, pl->rw, turn, h, pl->mask);

	if (j >= 0) {
		res->end = TOWER_END_CYCLE;
		res->cycle_from = j;
		res->cycle_to = turn;
		return true;
	}
	if (pl->split && pl->window && ((turn - pl->window) & (split_every(pl->window) - 1)) == 0) {
		if (t->small_live)
			tower_small_split_groups(t);
		if (tower_split_check(t, pl->window, turn, res)) {
			t->tracking = false;
			res->end = TOWER_END_SPLIT;
			return true;
		}
	}
	if (pl->split && (turn == 8 || (pl->window && turn == 2 * pl->window)) &&
	    turn + 8 < pl->kept) {
		pl->window = turn;
		if (t->small_live)
			tower_small_split_begin(t);
		else
			tower_split_begin(t);
		t->tracking = true;
	}
	if (turn == pl->kept - 1) {
		/* The history is full: Brent from here on, and Brent-phase windows. */
		t->tracking = false;
		if (pl->split) {
			memcpy(pl->wbase, t->words + (size_t)turn * k, k * sizeof *pl->wbase);
			open_window(pl, turn, pl->kept);
		}
		if (pl->record)
			h = pack_now(t, pl->snap);   /* Brent compares a word per piece */
		else
			memmove(pl->snap, t->words + (size_t)turn * k, k * sizeof *pl->snap);
		pl->saved = turn;
		pl->saved_hash = h;
	}
	return false;
}

/*
 * After turn `turn` of the Brent phase: compares the state with the saved
 * one, steps the split window, and saves the state at each power of two.
 * True when the game ended (res->end says how; *rc from first_repeat).
 */
static bool brent_turn(struct play *pl, int64_t turn, enum bl_code *rc, struct bl_err *err)
{
	struct tower *t = pl->t;
	struct tower_result *res = pl->res;
	size_t k = pl->k;
	uint64_t h = pack_now(t, pl->cur);

	if (h == pl->saved_hash && memcmp(pl->cur, pl->snap, k * sizeof *pl->cur) == 0) {
		res->end = TOWER_END_CYCLE;
		if (t->small_live)
			tower_small_sync(t);
		t->small_live = false;
		t->tracking = false;
		*rc = first_repeat(t, pl->o, turn - pl->saved, turn, res, err);
		return true;
	}
	if (t->tracking) {
		if (t->small_live)
			tower_small_split_groups(t);
		if (tower_split_step(t, pl->window, turn, pl->wbase, pl->cur, res)) {
			t->tracking = false;
			res->end = TOWER_END_SPLIT;
			return true;
		}
		if (turn - pl->window == pl->wlen) {
			memcpy(pl->wbase, pl->cur, k * sizeof *pl->wbase);
			open_window(pl, turn, pl->wlen < (1 << 29) ? 2 * pl->wlen : pl->wlen);
		}
	}
	if (turn - pl->saved == pl->power) {
		memcpy(pl->snap, pl->cur, k * sizeof *pl->snap);
		pl->saved = turn;
		pl->saved_hash = h;
		pl->power = pl->power > INT64_MAX / 2 ? pl->power : pl->power * 2;
	}
	return false;
}

/* tower_play but for handing the compact engine's position back. */
static enum bl_code play(struct tower *t, const struct tower_opts *o, tower_step_fn fn, void *ctx,
			 struct tower_result *res, struct bl_err *err)
{
	struct play setup = { .t = t, .o = o, .res = res };
	enum bl_code rc = check_opts(o, err);

	if (rc != BL_OK)
		return rc;
	memset(res, 0, sizeof *res);
	res->answer = -1;
	tower_reset(t);
	/* No stack can be higher than the k pieces there are. */
	if (t->k < o->height && !o->play_few) {
		res->end = TOWER_END_FEW;
		return BL_OK;
	}
	if ((rc = play_setup(&setup, fn != NULL, err)) != BL_OK)
		return rc;
	/* A copy whose address no call outside this file sees, kept in registers. */
	struct play pl = setup;
	if (pl.recorded) {
		play_recorded(&pl);
		return BL_OK;
	}
	for (int64_t turn = 1; turn <= o->limit; turn++) {
		bool stop = false;
		if (play_one(&pl, turn, fn, ctx, &stop)) {
			if (stop) {
				res->end = TOWER_END_STOPPED;
				return BL_OK;
			}
			res->answer = turn;
			res->end = TOWER_END_STACK;
			res->moves += res->last.piece;
			return BL_OK;
		}
		res->turns = turn;
		res->moves += t->k;
		/*
		 * A callback that stops after this turn still sees how the turn
		 * ends the game: the limit, a repeat or a split found now.
		 */
		struct tower_step st = { t, turn, NULL };
		bool halt = fn && !fn(ctx, &st);
		if (halt && turn == o->limit)
			break;
		if (turn < pl.kept ? history_turn(&pl, turn) : brent_turn(&pl, turn, &rc, err))
			return rc;
		if (halt) {
			res->end = TOWER_END_STOPPED;
			return BL_OK;
		}
	}
	res->end = TOWER_END_LIMIT;
	return BL_OK;
}

enum bl_code tower_play(struct tower *t, const struct tower_opts *o, tower_step_fn fn, void *ctx,
			struct tower_result *res, struct bl_err *err)
{
	enum bl_code rc;

	/* A mistake is the plain variant engine's, so that the rules' path stays as it is. */
	if (o->mistake != TOWER_MISTAKE_NONE) {
		rc = check_opts(o, err);
		return rc != BL_OK ? rc : tower_variant_play(t, o, fn, ctx, res, err);
	}
	rc = play(t, o, fn, ctx, res, err);

	/* The final position goes back into the linked stacks. */
	if (t->small_live)
		tower_small_sync(t);
	t->small_live = false;
	/* Moves made after the game (render, tower_move) note nothing. */
	t->tracking = false;
	return rc;
}

enum bl_code tower_solve(struct tower *t, const struct tower_opts *o, struct tower_result *res,
			 struct bl_err *err)
{
	return tower_play(t, o, NULL, NULL, res, err);
}

enum bl_code tower_play_to(struct tower *t, const struct tower_opts *o, int64_t turn,
			   struct tower_result *res, struct bl_err *err)
{
	struct tower_opts g = *o;

	if (turn < 0 || turn > TOWER_OPT_MAX)
		return bl_fail(err, BL_ERR_ARG, "expected a turn from 0 to %lld, found %lld",
			       (long long)TOWER_OPT_MAX, (long long)turn);
	if (turn == 0) {
		g.limit = 1;   /* checks o as a game would */
		enum bl_code rc = check_opts(&g, err);
		if (rc != BL_OK)
			return rc;
		memset(res, 0, sizeof *res);
		res->answer = -1;
		res->end = TOWER_END_LIMIT;
		tower_reset(t);
		return BL_OK;
	}
	g.limit = turn;
	g.play_few = true;   /* the pieces move on though no stack can end the game */
	g.split = false;     /* a whole-state cycle gives any turn's position; groups would not */
	enum bl_code rc = tower_play(t, &g, NULL, NULL, res, err);
	if (rc != BL_OK || res->end != TOWER_END_CYCLE || o->mistake != TOWER_MISTAKE_NONE)
		return rc;
	/* The tower holds the state after cycle_from; the cycle never builds a stack. */
	int64_t rest = (turn - res->cycle_from) % (res->cycle_to - res->cycle_from);
	for (int64_t i = 0; i < rest; i++) {
		for (int p = 1; p <= t->k; p++) {
			struct tower_move mv;
			move_piece(t, g.rule, p, &mv);
		}
	}
	return BL_OK;
}
