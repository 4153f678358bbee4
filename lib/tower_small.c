/*
 * tower_small: the compact engine for small games (see tower_impl.h).
 *
 * A board of at most 256 cells, at most 255 pieces and a height of at most
 * TOWER_SMALL_HEIGHT_MAX.  Every stack stays below the height while the game
 * runs, so a stack is at most 4 pieces and fits in one 64-bit word: a byte
 * per piece from the bottom (byte 0) up in the low half, its height in the
 * high half, so that one load reads both and one store writes both.  A move
 * that would make a stack taller than 4 ends the game, and is played by the
 * linked engine instead (the moving group has at most 4 pieces too, so the
 * word arithmetic below never overflows the low half).
 *
 * A piece is one 16-bit word, its direction, cell and level side by side
 * (POS below), and the table step[] is indexed by the word's low 10 bits,
 * direction and cell: it holds the direction after a bounce and the cell
 * the group lands on (the piece's own cell when it is blocked both ways)
 * in the same places, and whether the landing cell is red.  So a piece
 * moving alone, most moves, is one store of the table's entry and the level
 * it lands at.  Lifting the group off its cell and putting it back on the
 * same cell is the identity (it is the top of the stack, and a blocked move
 * is never red), so a blocked move needs no branch.
 *
 * The state is pos[1..k] and nothing else, so its bytes, read a word at a
 * time, are the record tower_play's history keeps of a turn
 * (tower_small_record): k / 4 words where a word per piece would be k.
 */
#include "tower_impl.h"

#include <stdlib.h>
#include <string.h>

/*
 * A piece's word: its direction - 1, its cell, its level (0 at the bottom)
 * times 8, the bits of its byte in the stack word, so that the level
 * shifts with no multiplication (bits 10-12 stay 0: POS_BITS is the level's
 * shift count).
 */
#define POS(dir, cell, level) ((unsigned)(dir) | (unsigned)(cell) << 2 | (unsigned)(level) << 13)
#define POS_DIR(a) ((a) & 3)
#define POS_CELL(a) ((a) >> 2 & 0xff)
#define POS_LEVEL(a) ((a) >> 13)
#define POS_BITS(a) ((a) >> 10)
#define POS_STEP 0x3ff   /* the bits of a piece's word that index step[] */
#define STEP_RED 0x400   /* step[]: the landing cell is red */

/*
 * A stack word's height, and the word of a height (the low half its
 * pieces); the height sits 3 bits up, so that the high half is the bits
 * its pieces take, HEIGHT_BITS.
 */
#define HEIGHT(w) ((unsigned)((w) >> 35))
#define HEIGHT_BITS(w) ((unsigned)((w) >> 32))
#define HEIGHT_WORD(h) ((uint64_t)(h) << 35)

struct tower_small {
	uint64_t stack[TOWER_SMALL_CELLS];   /* each cell's pieces, a byte each from the bottom
	                                        in bits 0-31; their count in bits 32-63 */
	uint16_t pos[256 + 4];   /* each piece's word (entry 0: scratch); 0 past piece k,
	                            where the record reads up to 4 entries on */
	uint8_t root[256];       /* split window: each piece's group, its least piece */
	uint8_t owner[TOWER_SMALL_CELLS];    /* and each cell's group, 0 while unused */
	uint16_t step[4 * TOWER_SMALL_CELLS];   /* (cell << 2 | dir - 1): new direction - 1
	                                           | landing cell << 2 | red << 10 */
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

bool tower_small_load(struct tower *t, const uint16_t *steps)
{
	struct tower_small *s = t->small;
	int cells = t->n * t->n;

	if (!s) {
		s = malloc(sizeof *s);
		if (!s)
			return false;
		t->small = s;
	}
	memcpy(s->step, steps, 4 * (size_t)cells * sizeof *s->step);
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
				w |= (uint64_t)r << (8 * h++);
			}
			s->stack[q->cell] = w | HEIGHT_WORD(h);
		}
	}
	return true;
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
		q->below = l ? (int32_t)(w >> (8 * (l - 1)) & 0xff) : 0;
		q->above = l < 3 ? (int32_t)(w >> (8 * (l + 1)) & 0xff) : 0;
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
 * Piece p's move when it carries others, which keep their directions (a
 * red cell turns the group over): a the piece's word, e its step[] entry,
 * w the stack it leaves.  Returns false, with nothing changed, when the
 * move would build a stack of the height.
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool move_group(struct tower_small *s, unsigned p, unsigned a, unsigned e, uint64_t w,
		       unsigned height)
{
	uint64_t *stack = s->stack;
	uint16_t *pos = s->pos;
	unsigned c = POS_CELL(a), l = POS_LEVEL(a), to = POS_CELL(e);
	unsigned g = HEIGHT(w) - l;

	stack[c] = ((uint32_t)w & ~(~UINT32_C(0) << (8 * l))) | HEIGHT_WORD(l);
	uint64_t v = stack[to];
	unsigned below = HEIGHT(v);
	if (below + g >= height) {
		stack[c] = w;
		return false;
	}
	uint32_t group = (uint32_t)w >> (8 * l);
	if (e & STEP_RED)
		group = (uint32_t)(bswap(group) >> (8 * (8 - g)));
	stack[to] = v + HEIGHT_WORD(g) + ((uint64_t)group << (8 * below));
	/* The group's pieces bottom up, and piece 0 for the bytes past it. */
	pos[p] = (uint16_t)((a & ~3u) | POS_DIR(e));
	for (unsigned i = 0; i < 4; i++, group >>= 8)
		pos[group & 0xff] = (uint16_t)((pos[group & 0xff] & 3) | POS(0, to, below + i));
	return true;
}

/*
 * One turn, with the rule and the noting fixed at each call site so that
 * the compiler drops the tests.  A piece on top of its stack, nearly 9
 * moves in 10 of random judge games, moves alone: its byte leaves one
 * stack word and joins another, and its word becomes the table's entry at
 * the level it lands on.  It is lifted off (the cell keeps the pieces under
 * it) before the landing cell is read, so a blocked move, whose landing
 * cell is its own, finds the stack it left and puts the piece back where it
 * was: no branch.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int turn(struct tower *t, struct tower_small *s, bool bottom, int height, bool note)
{
	uint64_t *stack = s->stack;
	uint16_t *pos = s->pos;
	const uint16_t *step = s->step;
	unsigned k = (unsigned)t->k, top = 8 * (unsigned)height;

	for (unsigned p = 1; p <= k; p++) {
		unsigned a = pos[p], lb = POS_BITS(a);
		if (bottom && lb)
			continue;
		unsigned e = step[a & POS_STEP];
		uint64_t w = stack[POS_CELL(a)];
		if (HEIGHT_BITS(w) - lb == 8) {
			uint64_t me = ((uint64_t)p << lb) + HEIGHT_WORD(1);
			stack[POS_CELL(a)] = w - me;
			uint64_t v = stack[POS_CELL(e)];
			unsigned bb = HEIGHT_BITS(v);
			if (bb + 8 >= top) {
				/* Not played: the linked engine plays it. */
				stack[POS_CELL(a)] = w;
				return (int)p;
			}
			stack[POS_CELL(e)] = v + ((uint64_t)p << bb) + HEIGHT_WORD(1);
			pos[p] = (uint16_t)((e & POS_STEP) | bb << 10);
		} else if (!move_group(s, p, a, e, w, (unsigned)height)) {
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

size_t tower_small_record_words(int k)
{
	return (2 * (size_t)k + 7) / 8;
}

uint64_t tower_small_record(const struct tower *t, uint64_t *w)
{
	const unsigned char *a = (const unsigned char *)(t->small->pos + 1);
	size_t n = tower_small_record_words(t->k);
	uint64_t h = UINT64_C(0x2545f4914f6cdd1d);

	for (size_t i = 0; i < n; i++) {
		uint64_t x;
		memcpy(&x, a + 8 * i, sizeof x);
		w[i] = x;
		h = (h ^ x) * UINT64_C(0x9e3779b97f4a7c15);
		h ^= h >> 29;
	}
	return tower_fmix(h);
}
