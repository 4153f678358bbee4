/*
 * tower_small: the compact engine for small games (see tower_impl.h).
 *
 * A board of at most 256 cells, at most 255 pieces and a height of at most
 * TOWER_SMALL_HEIGHT_MAX.  Every stack stays below the height while the game
 * runs, so a stack is at most 4 pieces and fits in one 64-bit word with its
 * height (a byte a piece, and the height's byte: one load reads both, one
 * store writes both).  A move that would make a stack taller than 4 ends
 * the game, and is played by the linked engine instead (the moving group
 * has at most 4 pieces too, so the word arithmetic below never overflows).
 *
 * A piece is one 16-bit word, its direction, cell and level side by side
 * (POS below), and the table step[] is indexed by the word's low 10 bits,
 * direction and cell: it holds the direction after a bounce and the cell
 * the group lands on (the piece's own cell when it is blocked both ways)
 * in the same places.  So a piece that moves alone, most moves, is one
 * store of the table's entry and the level it lands at.  A piece blocked
 * both ways only turns round: its group stays where it is.
 *
 * The state is pos[1..k] and nothing else, so those entries, 4 to a word,
 * are the record tower_play keeps of a turn (tower_small_record): k / 4
 * words where a word per piece would be k.
 */
#include "tower_impl.h"

#include <stdlib.h>
#include <string.h>

/*
 * A piece's word: its direction - 1, its cell, and its level (0 at the
 * bottom) plus 1 times 8, the bits of the stack word up to the end of its
 * byte, so that the level shifts with no multiplication (bits 10-12 stay
 * 0: TOP_BITS is that count): the piece is on top when the stack word's
 * height bits are the same count, and its byte is PIECE_AT(p, TOP_BITS).
 * A step[] entry is the word less its level (a piece's own cell and
 * direction after the move).
 */
#define POS(dir, cell, level)                                                                  \
	((unsigned)(dir) | (unsigned)(cell) << 2 | ((unsigned)(level) + 1) << 13)
#define POS_DIR(a) ((a) & 3)
#define POS_CELL(a) ((a) >> 2 & 0xff)
#define POS_LEVEL(a) (((a) >> 13) - 1)
#define TOP_BITS(a) ((a) >> 10)
#define POS_LEVEL_STEP (1u << 13)   /* a level up */
#define POS_STEP 0x3ff   /* the bits of a piece's word that index step[] */

/*
 * The stack word of a piece's cell: the word's cell bits, as they are,
 * index 2-byte steps (which x86 addressing scales for free).
 */
#define CELL_WORD(stack, a) ((uint64_t *)(void *)((uint16_t *)(void *)(stack) + ((a) & 0x3fc)))

/*
 * A stack word: its height times 8 in byte 0, the bits its pieces take,
 * and its pieces a byte each from the bottom in bytes 1-4, so that the
 * height is a byte and changes by small constants.
 */
#define HEIGHT_BITS(w) ((unsigned)(w) & 0xff)
#define HEIGHT(w) (HEIGHT_BITS(w) >> 3)
#define HEIGHT_WORD(h) ((uint64_t)(h) << 3)
#define PIECES(w) ((uint32_t)((w) >> 8))   /* the pieces' bytes, the bottom one low */
#define PIECE_WORD(p, bits) ((uint64_t)(p) << 8 << (bits))   /* piece p, bits under it */
#define PIECE_AT(p, top) ((uint64_t)(p) << (top))   /* piece p, its byte ending at bit top */

struct tower_small {
	uint64_t stack[TOWER_SMALL_CELLS];   /* each cell's stack word */
	uint16_t pos[256 + 4];   /* each piece's word (entry 0: scratch); 0 past piece k,
	                            where the record reads up to 4 entries on */
	uint8_t root[256];       /* split window: each piece's group, its least piece */
	uint8_t owner[TOWER_SMALL_CELLS];    /* and each cell's group, 0 while unused */
	uint16_t step[4 * TOWER_SMALL_CELLS];   /* (cell << 2 | dir - 1): new direction - 1
	                                           | landing cell << 2 */
};


static inline uint64_t bswap(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_bswap64(x);
#else
	uint64_t y = 0;
	for (int i = 0; i < 8; i++, x >>= 8)
		y = y << 8 | (x & 0xff);
	return y;
#endif
}


bool tower_small_fits(const struct tower *t, const struct tower_opts *o)
{
	return (size_t)t->n * (size_t)t->n <= TOWER_SMALL_CELLS && t->k <= 255 &&
	       o->height <= TOWER_SMALL_HEIGHT_MAX;
}

void tower_small_release(struct tower *t)
{
	free(t->small);
	t->small = NULL;
}

uint16_t *tower_small_steps(struct tower *t)
{
	if (!t->small)
		t->small = malloc(sizeof *t->small);
	return t->small ? t->small->step : NULL;
}

void tower_small_load(struct tower *t)
{
	struct tower_small *s = t->small;
	int cells = t->n * t->n;

	memset(s->stack, 0, (size_t)cells * sizeof *s->stack);
	memset(s->pos + t->k + 1, 0, 4 * sizeof *s->pos);
	s->pos[0] = 0;
	/* Each linked stack from its bottom piece up. */
	for (int p = 1; p <= t->k; p++) {
		const struct tower_piece *q = &t->piece[p];
		if (!q->below) {
			uint64_t w = 0;
			int h = 0;
			for (int r = p; r; r = t->piece[r].above) {
				s->pos[r] = (uint16_t)POS(t->piece[r].dir - 1, q->cell, h);
				w |= PIECE_WORD(r, 8 * h++);
			}
			s->stack[q->cell] = w | HEIGHT_WORD(h);
		}
	}
}

void tower_small_sync(struct tower *t)
{
	const struct tower_small *s = t->small;

	for (int p = 1; p <= t->k; p++)
		t->top[t->piece[p].cell] = 0;
	for (int p = 1; p <= t->k; p++) {
		struct tower_piece *q = &t->piece[p];
		unsigned a = s->pos[p], c = POS_CELL(a), l = POS_LEVEL(a);
		uint64_t w = s->stack[c];
		q->cell = (int32_t)c;
		q->dir = (uint8_t)(POS_DIR(a) + 1);
		q->level = (int32_t)l;
		q->below = l ? (int32_t)(PIECES(w) >> (8 * (l - 1)) & 0xff) : 0;
		q->above = l < 3 ? (int32_t)(PIECES(w) >> (8 * (l + 1)) & 0xff) : 0;
		if (l + 1 == HEIGHT(w))
			t->top[c] = p;
	}
}

/*
 * The split window's bookkeeping (tower_impl.h) for the compact engine:
 * every piece holds its group's name, so that a landing on a cell of its
 * own group, the common case, costs one comparison; a merge renames the
 * groups' pieces and cells, O(k + cells), at most k - 1 times per window.
 */
static void note_slow(struct tower *t, struct tower_small *s, int p, unsigned cell)
{
	unsigned g = s->root[p], o = s->owner[cell];

	if (!o) {
		s->owner[cell] = (uint8_t)g;
		return;
	}
	unsigned keep = o < g ? o : g, gone = o < g ? g : o;
	for (int q = 1; q <= t->k; q++)
		if (s->root[q] == gone)
			s->root[q] = (uint8_t)keep;
	for (int c = 0; c < t->n * t->n; c++)
		if (s->owner[c] == gone)
			s->owner[c] = (uint8_t)keep;
}

void tower_small_split_begin(struct tower *t)
{
	struct tower_small *s = t->small;

	memset(s->owner, 0, (size_t)t->n * (size_t)t->n);
	for (int p = 0; p <= t->k; p++)
		s->root[p] = (uint8_t)p;
	for (int p = 1; p <= t->k; p++)
		if (s->owner[POS_CELL(s->pos[p])] != s->root[p])
			note_slow(t, s, p, POS_CELL(s->pos[p]));
}

void tower_small_split_groups(struct tower *t)
{
	for (int p = 0; p <= t->k; p++)
		t->uf[p] = t->small->root[p];
}

/*
 * Piece p's move when it carries others: they keep their directions, and a
 * red cell turns the group over.  a is the piece's word, e its step[]
 * entry, w the stack it leaves.  Returns false, with nothing changed, when
 * the move would build a stack of the height.
 */
static inline bool move_group(const struct tower *t, struct tower_small *s, unsigned p,
			      unsigned a, unsigned e, uint64_t w, unsigned height)
{
	uint64_t *stack = s->stack;
	uint16_t *pos = s->pos;
	unsigned c = POS_CELL(a), l = POS_LEVEL(a), to = POS_CELL(e);
	unsigned g = HEIGHT(w) - l;

	stack[c] = (uint64_t)(PIECES(w) & ~(~UINT32_C(0) << (8 * l))) << 8 | HEIGHT_WORD(l);
	uint64_t v = stack[to];
	unsigned below = HEIGHT(v);
	if (below + g >= height) {
		stack[c] = w;
		return false;
	}
	uint32_t group = PIECES(w) >> (8 * l);
	if (to != c && (t->colour[to] & TOWER_COLOUR_MASK) == TOWER_RED)
		group = (uint32_t)(bswap(group) >> (8 * (8 - g)));
	stack[to] = v + HEIGHT_WORD(g) + PIECE_WORD(group, 8 * below);
	/* The group's pieces bottom up, each word written once. */
	unsigned base = POS(0, to, below);
	for (unsigned i = 0; i < g; i++, group >>= 8, base += POS_LEVEL_STEP) {
		unsigned q = group & 0xff;
		pos[q] = (uint16_t)((q == p ? POS_DIR(e) : POS_DIR(pos[q])) | base);
	}
	return true;
}

/*
 * One turn, with the rule and the noting fixed at each call site so that
 * the compiler drops the tests.  A piece on top of its stack, more than 9
 * moves in 10 of random judge games, moves alone and a red cell changes
 * nothing: its byte and a height of 1 leave one stack word and join
 * another, and its word becomes the table's entry at the level it lands
 * at.  Both stack words are read before either is written, so that no
 * load of a move waits for a store of its own; a blocked move, whose
 * landing cell is its own, only turns the piece round.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int turn(struct tower *t, struct tower_small *s, bool bottom, int height, bool note)
{
	uint64_t *stack = s->stack;
	uint16_t *pos = s->pos;
	const uint16_t *step = s->step;
	unsigned k = (unsigned)t->k, top = 8 * (unsigned)height - 8;

	for (unsigned p = 1; p <= k; p++) {
		unsigned a = pos[p];
		if (bottom && TOP_BITS(a) != 8)
			continue;
		unsigned e = step[a & POS_STEP];
		uint64_t *from = CELL_WORD(stack, a), *dst = CELL_WORD(stack, e);
		uint64_t w = *from, v = *dst;
		if (HEIGHT_BITS(w) == TOP_BITS(a) && from != dst) {
			unsigned bb = HEIGHT_BITS(v) + 8;   /* its TOP_BITS where it lands */
			if (bb > top)
				return (int)p;   /* not played: the linked engine plays it */
			*from = w - PIECE_AT(p, TOP_BITS(a)) - HEIGHT_WORD(1);
			*dst = v + PIECE_AT(p, bb) + HEIGHT_WORD(1);
			pos[p] = (uint16_t)(e | bb << 10);
		} else if (from == dst) {
			/* Blocked both ways: the piece turns round, and nothing moves. */
			pos[p] = (uint16_t)((a & ~3u) | POS_DIR(e));
		} else if (!move_group(t, s, p, a, e, w, (unsigned)height)) {
			return (int)p;
		}
		/* A blocked move notes its own cell, which changes nothing. */
		if (note && s->owner[POS_CELL(e)] != s->root[p])
			note_slow(t, s, (int)p, POS_CELL(e));
	}
	return 0;
}

/* Each of the variants on its own, so that each gets the registers. */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

static NOINLINE int turn_carry(struct tower *t, int height)
{
	return turn(t, t->small, false, height, false);
}

static NOINLINE int turn_carry_note(struct tower *t, int height)
{
	return turn(t, t->small, false, height, true);
}

static NOINLINE int turn_bottom(struct tower *t, int height)
{
	return turn(t, t->small, true, height, false);
}

static NOINLINE int turn_bottom_note(struct tower *t, int height)
{
	return turn(t, t->small, true, height, true);
}

size_t tower_small_record_words(int k)
{
	return (2 * (size_t)k + 7) / 8;
}

/*
 * A turn's record (tower_small_record) is built from the pieces' own
 * entries, which the turn has just stored one by one, and not by a load of
 * 4 entries at once, which would wait for all 4 stores to land: word i
 * holds the pieces 1 + i + j n (n words), a stride that keeps the compiler
 * from merging the loads.
 */
static inline void record(const struct tower_small *s, size_t n, uint64_t *w)
{
	const uint16_t *a = s->pos + 1;

	for (size_t i = 0; i < n; i++)
		w[i] = a[i] | (uint64_t)a[i + n] << 16 | (uint64_t)a[i + 2 * n] << 32 |
		       (uint64_t)a[i + 3 * n] << 48;
}

/* record, and whether it is the same as record b. */
static inline bool record_same(const struct tower_small *s, size_t n, uint64_t *w,
			       const uint64_t *b)
{
	const uint16_t *a = s->pos + 1;
	uint64_t d = 0;

	for (size_t i = 0; i < n; i++) {
		w[i] = a[i] | (uint64_t)a[i + n] << 16 | (uint64_t)a[i + 2 * n] << 32 |
		       (uint64_t)a[i + 3 * n] << 48;
		d |= w[i] ^ b[i];
	}
	return d == 0;
}

/* Whether records a and b (n words) are the same. */
static inline bool same(const uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t d = 0;

	for (size_t i = 0; i < n; i++)
		d |= a[i] ^ b[i];
	return d == 0;
}

/* A record's hash (tower_small_record). */
static inline uint64_t record_hash(const uint64_t *w, size_t n)
{
	uint64_t h = UINT64_C(0x2545f4914f6cdd1d);

	for (size_t i = 0; i < n; i++)
		h = (h ^ w[i]) * UINT64_C(0x9e3779b97f4a7c15);
	return tower_fmix(h);
}

/* Puts the engine in the state of record w (n words). */
static void restore(struct tower *t, struct tower_small *s, const uint64_t *w, size_t n)
{
	memset(s->stack, 0, (size_t)t->n * (size_t)t->n * sizeof *s->stack);
	for (int p = 1; p <= t->k; p++) {
		size_t i = (size_t)(p - 1) % n, j = (size_t)(p - 1) / n;
		unsigned a = (unsigned)(w[i] >> (16 * j)) & 0xffff;
		s->pos[p] = (uint16_t)a;
		s->stack[POS_CELL(a)] += PIECE_AT(p, TOP_BITS(a)) + HEIGHT_WORD(1);
	}
}

/*
 * tower_small_play for one rule.  A repeat is looked for by Brent's method,
 * one comparison a turn with a saved record, which finds the cycle's length
 * lambda exactly but may find it late.  At the limit, a repeat within it
 * would put the last state on its cycle, so the last record alone is looked
 * for among the others, the nearest first, which gives lambda too.  Then
 * the least mu whose state comes back lambda turns later is the first
 * repeat.  A stack never forms after a repeat (the game would have gone
 * round the cycle, which built none), so a game that builds one needs no
 * more than the comparisons.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int64_t play(struct tower *t, bool bottom, int height, int64_t limit, int *piece,
			   int64_t *repeat)
{
	struct tower_small *s = t->small;
	size_t n = tower_small_record_words(t->k);
	const uint64_t *words = t->words;
	int64_t i, saved = 0, power = 1, lambda = 0;

	*repeat = -1;
	for (i = 1; i <= limit; i++) {
		if ((*piece = turn(t, s, bottom, height, false)) != 0)
			return i;
		if (record_same(s, n, t->words + (size_t)i * n, words + (size_t)saved * n)) {
			lambda = i - saved;
			break;
		}
		if (i - saved == power) {
			saved = i;
			power *= 2;
		}
	}
	int64_t now = lambda ? i : limit;   /* the turn whose state the engine holds */
	if (!lambda) {
		const uint64_t *last = words + (size_t)limit * n;
		for (int64_t j = limit - 1; j >= 0 && !lambda; j--)
			if (same(words + (size_t)j * n, last, n))
				lambda = limit - j;
		if (!lambda)
			return limit;
	}
	int64_t mu = 0;
	while (!same(words + (size_t)mu * n, words + (size_t)(mu + lambda) * n, n))
		mu++;
	*repeat = mu;
	if (mu + lambda != now)
		restore(t, s, words + (size_t)mu * n, n);
	return mu + lambda;
}

/*
 * tower_small_answer for one rule: Brent's method as in play, with no
 * record kept a turn.  A turn builds only its record's first word, pieces
 * 1, 1 + n, 1 + 2 n and 1 + 3 n, and compares it with the saved state's;
 * only when that word is the same does it build the rest, and the states
 * are the same only when every word is: a comparison as exact as play's.
 * The saved state is t->words[0..n), the next one after it.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int64_t answer(struct tower *t, bool bottom, int height, int64_t limit, int *piece,
			     int64_t *repeat)
{
	struct tower_small *s = t->small;
	size_t n = tower_small_record_words(t->k);
	uint64_t *saved_w = t->words, *now = t->words + n;
	const uint16_t *a = s->pos + 1;
	int64_t saved = 0, power = 1;

	*repeat = -1;
	for (int64_t i = 1; i <= limit; i++) {
		if ((*piece = turn(t, s, bottom, height, false)) != 0)
			return i;
		uint64_t w0 = a[0] | (uint64_t)a[n] << 16 | (uint64_t)a[2 * n] << 32 |
			      (uint64_t)a[3 * n] << 48;
		if (w0 == saved_w[0] && record_same(s, n, now, saved_w)) {
			*repeat = saved;
			return i;
		}
		if (i - saved == power) {
			record(s, n, saved_w);
			saved = i;
			power *= 2;
		}
	}
	return limit;
}

static NOINLINE int64_t answer_carry(struct tower *t, int height, int64_t limit, int *piece,
				     int64_t *repeat)
{
	return answer(t, false, height, limit, piece, repeat);
}

static NOINLINE int64_t answer_bottom(struct tower *t, int height, int64_t limit, int *piece,
				      int64_t *repeat)
{
	return answer(t, true, height, limit, piece, repeat);
}

int64_t tower_small_answer(struct tower *t, enum tower_rule rule, int height, int64_t limit,
			   int *piece, int64_t *repeat)
{
	if (rule == TOWER_BOTTOM)
		return answer_bottom(t, height, limit, piece, repeat);
	return answer_carry(t, height, limit, piece, repeat);
}

static NOINLINE int64_t play_carry(struct tower *t, int height, int64_t limit, int *piece,
				   int64_t *repeat)
{
	return play(t, false, height, limit, piece, repeat);
}

static NOINLINE int64_t play_bottom(struct tower *t, int height, int64_t limit, int *piece,
				    int64_t *repeat)
{
	return play(t, true, height, limit, piece, repeat);
}

int64_t tower_small_play(struct tower *t, enum tower_rule rule, int height, int64_t limit,
			 int *piece, int64_t *repeat)
{
	if (rule == TOWER_BOTTOM)
		return play_bottom(t, height, limit, piece, repeat);
	return play_carry(t, height, limit, piece, repeat);
}

int tower_small_turn(struct tower *t, enum tower_rule rule, int height, bool note)
{
	if (rule == TOWER_BOTTOM)
		return note ? turn_bottom_note(t, height) : turn_bottom(t, height);
	return note ? turn_carry_note(t, height) : turn_carry(t, height);
}

uint64_t tower_small_pack(const struct tower *t, uint64_t *w)
{
	const struct tower_small *s = t->small;
	uint64_t h0 = UINT64_C(0xcbf29ce484222325), h1 = UINT64_C(0x84222325cbf29ce4);
	int p = 1;

	/* Two folds side by side, so that the multiplications overlap. */
	for (; p < t->k; p += 2) {
		uint64_t x = s->pos[p], y = s->pos[p + 1];
		w[p - 1] = x;
		w[p] = y;
		h0 = (h0 ^ x) * UINT64_C(0x100000001b3);
		h1 = (h1 ^ y) * UINT64_C(0x100000001b3);
	}
	if (p == t->k) {
		uint64_t x = s->pos[p];
		w[p - 1] = x;
		h0 = (h0 ^ x) * UINT64_C(0x100000001b3);
	}
	return tower_fmix(h0 ^ (h1 << 32 | h1 >> 32));
}


uint64_t tower_small_record(const struct tower *t, uint64_t *w)
{
	size_t n = tower_small_record_words(t->k);

	record(t->small, n, w);
	return record_hash(w, n);
}
