/*
 * tower_small: the compact engine for small games (see tower_impl.h).
 *
 * A board of at most 256 cells, at most 255 pieces and a height of at most
 * TOWER_SMALL_HEIGHT_MAX.  Every stack stays below the height while the game
 * runs, so a stack is at most 4 pieces and fits in one 64-bit word, a byte
 * per piece from the bottom (byte 0) up, with its height beside it; a move
 * that would make it taller than 4 ends the game, and is played by the
 * linked engine instead (the moving group has at most 4 pieces too, so the
 * word arithmetic below never overflows 8 bytes).
 *
 * A move is the same few operations whatever happens: the table step[]
 * holds, for every cell and direction, the direction after a bounce, the
 * cell the group lands on (the piece's own cell when it is blocked both
 * ways) and whether the landing cell is red.  Lifting the group off its cell
 * and putting it back on the same cell is the identity (it is the top of the
 * stack, and a blocked move is never red), so a blocked move needs no branch.
 */
#include "tower_impl.h"

#include <stdlib.h>
#include <string.h>


struct tower_small {
	uint64_t stack[TOWER_SMALL_CELLS];   /* each cell's pieces, a byte each from the bottom */
	uint8_t height[TOWER_SMALL_CELLS];   /* each cell's piece count */
	uint16_t pos[256];       /* each piece's cell | its level << 8 (entry 0: scratch) */
	uint8_t dir[256];        /* each piece's direction - 1 */
	uint8_t root[256];       /* split window: each piece's group, its least piece */
	uint8_t owner[TOWER_SMALL_CELLS];    /* and each cell's group, 0 while unused */
	uint16_t step[4 * TOWER_SMALL_CELLS];   /* (cell << 2 | dir - 1): landing cell,
	                                           red << 8, new direction - 1 << 9 */
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
	memset(s->height, 0, (size_t)cells);
	s->pos[0] = 0;
	s->dir[0] = 0;
	for (int p = 1; p <= t->k; p++) {
		const struct tower_piece *q = &t->piece[p];
		s->dir[p] = (uint8_t)(q->dir - 1);
	}
	/* Each linked stack from its bottom piece up. */
	for (int p = 1; p <= t->k; p++) {
		const struct tower_piece *q = &t->piece[p];
		if (!q->below) {
			uint64_t w = 0;
			int h = 0;
			for (int r = p; r; r = t->piece[r].above) {
				s->pos[r] = (uint16_t)(q->cell | h << 8);
				w |= (uint64_t)r << (8 * h++);
			}
			s->stack[q->cell] = w;
			s->height[q->cell] = (uint8_t)h;
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
		int c = s->pos[p] & 0xff;
		uint64_t w = s->stack[c];
		unsigned l = s->pos[p] >> 8;
		q->cell = c;
		q->dir = (uint8_t)(s->dir[p] + 1);
		q->level = (int32_t)l;
		q->below = l ? (int32_t)(w >> (8 * (l - 1)) & 0xff) : 0;
		q->above = l < 7 ? (int32_t)(w >> (8 * (l + 1)) & 0xff) : 0;
		if (l + 1 == s->height[c])
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
		if (s->owner[s->pos[p] & 0xff] != s->root[p])
			note_slow(t, s, p, s->pos[p] & 0xff);
}

void tower_small_split_groups(struct tower *t)
{
	for (int p = 0; p <= t->k; p++)
		t->uf[p] = t->small->root[p];
}

/*
 * One turn, with the rule and the noting fixed at each call site so that
 * the compiler drops the tests.  Every step of a move is arithmetic and
 * table reads: the group is lifted off (the cell keeps the pieces under it)
 * before the landing cell is read, so a blocked move, whose landing cell is
 * its own, finds the stack it left and puts the group back where it was.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int turn(struct tower *t, struct tower_small *s, bool bottom, int height, bool note)
{
	uint64_t *stack = s->stack;
	uint8_t *hgt = s->height, *dir = s->dir;
	uint16_t *pos = s->pos;
	const uint16_t *step = s->step;
	int k = t->k;

	for (int p = 1; p <= k; p++) {
		unsigned at = pos[p], c = at & 0xff, l = at >> 8;
		unsigned e = step[c << 2 | dir[p]];
		unsigned to = e & 0xff;
		uint64_t w = stack[c];
		unsigned h = hgt[c];
		if (bottom && l)
			continue;
		unsigned g = h - l;
		stack[c] = w & ~(~UINT64_C(0) << (8 * l));
		hgt[c] = (uint8_t)l;
		unsigned below = hgt[to];
		if ((int)(below + g) >= height) {
			/* Not played: the linked engine plays it. */
			stack[c] = w;
			hgt[c] = (uint8_t)h;
			return p;
		}
		uint64_t group = w >> (8 * l);
		uint64_t flipped = bswap(group) >> (8 * (8 - g));
		uint64_t red = -(uint64_t)(e >> 8 & 1);
		group = (flipped & red) | (group & ~red);
		stack[to] |= group << (8 * below);
		hgt[to] = (uint8_t)(below + g);
		/* The group's pieces, bottom up, and piece 0 for the bytes past it. */
		unsigned base = to | below << 8;
		pos[group & 0xff] = (uint16_t)base;
		pos[group >> 8 & 0xff] = (uint16_t)(base + 0x100);
		pos[group >> 16 & 0xff] = (uint16_t)(base + 0x200);
		pos[group >> 24 & 0xff] = (uint16_t)(base + 0x300);
		dir[p] = (uint8_t)(e >> 9);
		/* A blocked move notes its own cell, which changes nothing. */
		if (note && s->owner[to] != s->root[p])
			note_slow(t, s, p, to);
	}
	return 0;
}

int tower_small_turn(struct tower *t, enum tower_rule rule, int height, bool note)
{
	struct tower_small *s = t->small;

	if (rule == TOWER_BOTTOM)
		return note ? turn(t, s, true, height, true) : turn(t, s, true, height, false);
	return note ? turn(t, s, false, height, true) : turn(t, s, false, height, false);
}

uint64_t tower_small_pack(const struct tower *t, uint64_t *w)
{
	const struct tower_small *s = t->small;
	uint64_t h0 = UINT64_C(0xcbf29ce484222325), h1 = UINT64_C(0x84222325cbf29ce4);
	int p = 1;

	/* Two folds side by side, so that the multiplications overlap. */
	for (; p < t->k; p += 2) {
		uint64_t x = s->pos[p] | (uint64_t)s->dir[p] << 16;
		uint64_t y = s->pos[p + 1] | (uint64_t)s->dir[p + 1] << 16;
		w[p - 1] = x;
		w[p] = y;
		h0 = (h0 ^ x) * UINT64_C(0x100000001b3);
		h1 = (h1 ^ y) * UINT64_C(0x100000001b3);
	}
	if (p == t->k) {
		uint64_t x = s->pos[p] | (uint64_t)s->dir[p] << 16;
		w[p - 1] = x;
		h0 = (h0 ^ x) * UINT64_C(0x100000001b3);
	}
	return tower_fmix(h0 ^ (h1 << 32 | h1 >> 32));
}
