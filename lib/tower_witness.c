/*
 * tower_witness: the exhaustive search for the smallest input on which a
 * mistake's game (lib/tower_variant.c) answers otherwise than the rules,
 * for one board side, piece count and right answer (see tower_witness in
 * boardlab/tower.h).  Every placement of the pieces is tried, up to the
 * board's reflections; a cell's colour is decided only when a game looks
 * at it, all three ways; a game that can no longer gather its pieces into
 * one stack by the turn sought is cut short.
 */
#include "boardlab/tower.h"
#include "tower_impl.h"

#include <stdlib.h>
#include <string.h>

#define WN TOWER_BOJ_N_MAX
#define WK TOWER_BOJ_K_MAX
#define KEY_MAX (2 + WN * WN + 3 * WK)

struct wsearch {
	struct tower t;
	struct tower_opts right, wrong;
	int n, k;
	signed char col[WN * WN];   /* a cell's colour, -1 not decided */
	int cell[WK + 1], dir[WK + 1];
	struct tower_witness_job *jobs;
	int njobs;
	bool found[TOWER_MISTAKE_COUNT];
	int best[TOWER_MISTAKE_COUNT][KEY_MAX], nkey;
	bool cycle_only;            /* every job is cycle-no-order: its own cut applies */
	uint64_t sig[TOWER_LIMIT + 1][WK];   /* cycle_only: the cells and directions after each turn */
	bool false_repeat;          /* cycle_only: a turn's cells and directions repeated an earlier
	                               turn's with the stacks in another order */
	bool stacked;               /* cycle_only: two pieces shared a cell after a turn */
	uint64_t full[TOWER_LIMIT + 1][WK];
	uint64_t nodes, max_nodes;
};

/* The input's numbers in order, undecided colours 0, under reflection f (bit 0 left-right, bit 1 up-down). */
static void key_of(const struct wsearch *w, int f, int *key)
{
	int n = w->n, at = 0;

	key[at++] = n;
	key[at++] = w->k;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int sr = f & 2 ? n - 1 - r : r, sc = f & 1 ? n - 1 - c : c;
			key[at++] = w->col[sr * n + sc] < 0 ? 0 : w->col[sr * n + sc];
		}
	for (int p = 1; p <= w->k; p++) {
		int r = w->cell[p] / n, c = w->cell[p] % n, d = w->dir[p];
		if (f & 1) {
			c = n - 1 - c;
			d = d == TOWER_RIGHT ? TOWER_LEFT : d == TOWER_LEFT ? TOWER_RIGHT : d;
		}
		if (f & 2) {
			r = n - 1 - r;
			d = d == TOWER_UP ? TOWER_DOWN : d == TOWER_DOWN ? TOWER_UP : d;
		}
		key[at++] = r + 1;
		key[at++] = c + 1;
		key[at++] = d;
	}
}

static int key_cmp(const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* A witness of job j: its smallest reflection against the best so far. */
static void note_witness(struct wsearch *w, int j)
{
	int key[KEY_MAX];

	for (int f = 0; f < 4; f++) {
		key_of(w, f, key);
		if (!w->found[j] || key_cmp(key, w->best[j], w->nkey) < 0)
			memcpy(w->best[j], key, sizeof key);
		w->found[j] = true;
	}
}

/* cycle_only: records the turn's end and whether it falsely repeats an earlier one. */
static void note_turn(struct wsearch *w, const struct tower *t, int64_t turn)
{
	for (int p = 1; p <= w->k; p++) {
		const struct tower_piece *q = &t->piece[p];
		w->sig[turn][p - 1] = (uint64_t)q->cell << 3 | q->dir;
		w->full[turn][p - 1] = (uint64_t)q->below << 16 | w->sig[turn][p - 1];
	}
	for (int64_t s = 0; s < turn; s++)
		if (memcmp(w->sig[s], w->sig[turn], sizeof w->sig[s]) == 0 &&
		    memcmp(w->full[s], w->full[turn], sizeof w->full[s]) != 0)
			w->false_repeat = true;
	for (int p = 1; p <= w->k; p++)
		w->stacked |= t->piece[p].below != 0;
}

/*
 * The rules' game, watched: it stops at an undecided colour, and when the
 * pieces cannot all stand in one stack by the end of the turn sought (only
 * asked when the height is the piece count): every move brings at most two
 * stacks together and narrows the pieces' rows and columns by one at most.
 */
static bool watch_right(void *ctx, const struct tower_step *st)
{
	const struct wsearch *w = ctx;
	int n = w->n, lo_r = n, hi_r = -1, lo_c = n, hi_c = -1, stacks = 0;

	if (st->t->unknown)
		return false;
	if (!st->mv && w->cycle_only) {
		/*
		 * Its -1 needs a false repeat after a turn before the last, of a
		 * turn after which two pieces shared a cell (the stacks' order
		 * differs) and before the last but one.
		 */
		note_turn((struct wsearch *)w, st->t, st->turn);
		if (st->turn + 2 == w->right.limit && !w->stacked && !w->false_repeat)
			return false;
		return st->turn + 1 < w->right.limit || w->false_repeat;
	}
	if (!st->mv || w->k != w->right.height)
		return true;
	int64_t left = (w->right.limit - st->turn) * w->k + (w->k - st->mv->piece);
	for (int p = 1; p <= w->k; p++) {
		const struct tower_piece *q = &st->t->piece[p];
		int r = q->cell / n, c = q->cell % n;
		stacks += q->below == 0;
		lo_r = r < lo_r ? r : lo_r;
		hi_r = r > hi_r ? r : hi_r;
		lo_c = c < lo_c ? c : lo_c;
		hi_c = c > hi_c ? c : hi_c;
	}
	return stacks - 1 <= left && (hi_r - lo_r) + (hi_c - lo_c) <= left;
}

static bool watch_wrong(void *ctx, const struct tower_step *st)
{
	(void)ctx;
	return !st->t->unknown;
}

/* Plays o on the colours decided so far: the answer, or -2 and *need at an undecided cell. */
static int64_t play(struct wsearch *w, const struct tower_opts *o, tower_step_fn fn, int *need)
{
	struct tower_result res;

	for (int c = 0; c < w->n * w->n; c++)
		w->t.colour[c] = (uint8_t)((w->t.colour[c] & ~TOWER_COLOUR_MASK) |
					   (w->col[c] < 0 ? TOWER_UNKNOWN : (unsigned)w->col[c]));
	w->t.unknown = 0;
	tower_variant_play(&w->t, o, fn, w, &res, NULL);
	if (w->t.unknown) {
		*need = w->t.unknown - 1;
		return -2;
	}
	return res.end == TOWER_END_STACK ? res.answer : -1;
}

/*
 * Every colouring of the cells the games look at, from the colours decided
 * so far, for the jobs in the mask `active` (bit j: job j is still open).
 */
static void explore(struct wsearch *w, uint32_t active)
{
	int need = -1, cell;
	uint32_t open = 0;

	if (w->max_nodes && w->nodes >= w->max_nodes)
		return;
	w->nodes++;
	if (w->cycle_only) {
		w->false_repeat = false;
		w->stacked = false;
		tower_reset(&w->t);
		note_turn(w, &w->t, 0);
	}
	int64_t a = play(w, &w->right, watch_right, &need);
	if (a == -2) {
		open = active;
		cell = need;
	} else if (a != w->right.limit) {
		return;
	}
	for (int j = 0; a != -2 && j < w->njobs; j++) {
		if (!(active >> j & 1))
			continue;
		w->wrong.mistake = w->jobs[j].mistake;
		int64_t b = play(w, &w->wrong, watch_wrong, &need);
		if (b == -2) {
			cell = open ? cell : need;
			open |= UINT32_C(1) << j;
		} else if (b != a) {
			note_witness(w, j);
		}
	}
	if (!open)
		return;
	for (int v = 0; v < 3; v++) {
		w->col[cell] = (signed char)v;
		explore(w, open);
	}
	w->col[cell] = -1;
}

/* Whether the placement is the smallest of its reflections (ties kept). */
static bool canonical(const struct wsearch *w)
{
	int base[KEY_MAX], img[KEY_MAX], off = 2 + w->n * w->n, len = 3 * w->k;

	key_of(w, 0, base);
	for (int f = 1; f < 4; f++) {
		key_of(w, f, img);
		if (key_cmp(img + off, base + off, len) < 0)
			return false;
	}
	return true;
}

/* Places piece p and the pieces after it, every free cell and direction, then explores. */
static void place(struct wsearch *w, int p, bool *used)
{
	if (w->max_nodes && w->nodes >= w->max_nodes)
		return;
	if (p > w->k) {
		if (!canonical(w))
			return;
		for (int q = 1; q <= w->k; q++) {
			w->t.piece[q].start_cell = w->cell[q];
			w->t.piece[q].start_dir = (uint8_t)w->dir[q];
		}
		tower_reset(&w->t);
		explore(w, (UINT32_C(1) << w->njobs) - 1);
		return;
	}
	for (int c = 0; c < w->n * w->n; c++) {
		if (used[c])
			continue;
		used[c] = true;
		w->cell[p] = c;
		for (int d = TOWER_RIGHT; d <= TOWER_DOWN; d++) {
			w->dir[p] = d;
			place(w, p + 1, used);
		}
		used[c] = false;
	}
}

enum bl_code tower_witness(const struct tower_opts *o, struct tower_witness_job *jobs, int njobs,
			   int n, int k, uint64_t max_nodes, uint64_t *nodes, struct bl_err *err)
{
	static struct wsearch zero;
	struct wsearch *w;
	struct tower_limits lim;
	struct bl_reader rd;
	struct bl_buf text;
	bool used[WN * WN] = { false };
	enum bl_code code;

	for (int j = 0; j < njobs; j++) {
		enum tower_mistake m = jobs[j].mistake;
		jobs[j].found = false;
		if (m == TOWER_MISTAKE_NONE || m == TOWER_MISTAKE_LIMIT_SHORT ||
		    m == TOWER_MISTAKE_LIMIT_LONG || (unsigned)m >= TOWER_MISTAKE_COUNT)
			return bl_fail(err, BL_ERR_ARG, "no witness search for mistake %d", (int)m);
	}
	if (n < TOWER_BOJ_N_MIN || n > WN || k < TOWER_BOJ_K_MIN || k > WK || k > n * n ||
	    njobs < 1 || njobs > 32 || o->limit < 1 || o->limit > TOWER_LIMIT)
		return bl_fail(err, BL_ERR_ARG, "no witness search for that side, piece count or "
			       "turn");
	if (!(w = malloc(sizeof *w)))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for the witness search");
	*w = zero;
	w->n = n;
	w->k = k;
	w->nkey = 2 + n * n + 3 * k;
	w->max_nodes = max_nodes;
	w->jobs = jobs;
	w->njobs = njobs;
	w->cycle_only = true;
	for (int j = 0; j < njobs; j++)
		w->cycle_only &= jobs[j].mistake == TOWER_MISTAKE_CYCLE_NO_ORDER;
	w->wrong = *o;
	w->right = *o;
	w->right.mistake = TOWER_MISTAKE_NONE;
	memset(w->col, -1, sizeof w->col);
	/* A board of n x n with k pieces on the first cells, whose places the search sets. */
	bl_buf_init(&text);
	bl_buf_printf(&text, "%d %d\n", n, k);
	for (int c = 0; c < n * n; c++)
		bl_buf_puts(&text, (c + 1) % n ? "0 " : "0\n");
	for (int p = 0; p < k; p++)
		bl_buf_printf(&text, "%d %d 1\n", p / n + 1, p % n + 1);
	tower_limits_boj(&lim);
	tower_init(&w->t);
	bl_reader_init(&rd, text.data, text.len);
	code = bl_buf_failed(&text) ? bl_fail(err, BL_ERR_NOMEM, "out of memory")
				    : tower_parse(&w->t, &rd, &lim, err);
	if (code == BL_OK) {
		place(w, 1, used);
		if (w->max_nodes && w->nodes >= w->max_nodes)
			code = bl_fail(err, BL_ERR_LIMIT, "the witness search passed %llu games",
				       (unsigned long long)w->max_nodes);
	}
	for (int j = 0; code == BL_OK && j < njobs; j++) {
		const int *key = w->best[j];
		int at = 2;
		if (!(jobs[j].found = w->found[j]))
			continue;
		bl_buf_printf(&jobs[j].input, "%d %d\n", n, k);
		for (int c = 0; c < n * n; c++)
			bl_buf_printf(&jobs[j].input, "%d%c", key[at++], (c + 1) % n ? ' ' : '\n');
		for (int p = 0; p < k; p++, at += 3)
			bl_buf_printf(&jobs[j].input, "%d %d %d\n", key[at], key[at + 1], key[at + 2]);
	}
	if (nodes)
		*nodes = w->nodes;
	tower_release(&w->t);
	bl_buf_release(&text);
	free(w);
	return code;
}
