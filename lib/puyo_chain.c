/*
 * The chain engine on bitboards.  A plane is one bit per cell: 6 columns of
 * 16 bits, row 0 (the floor) at each column's lowest bit, columns 0-3 in
 * w[0] and 4-5 in w[1].  Bit 15 of a column and rows past the field's are
 * always 0, so a shift that carries a bit out of its column is undone by
 * masking with a plane of the field.
 *
 * The board holds the three planes of the cells' code bits; two neighbours
 * are of one colour when their codes are equal, which gives the same-colour
 * links of the whole field in a few operations.  Groups: a group of 4 or
 * more has a puyo with 3 neighbours of its colour, or two neighbouring
 * puyos with 2 each (the grid has no triangles, so their outer neighbours
 * differ); those seeds, for every colour at once, grow into their whole
 * groups by flood fill along the links.  Other pop sizes flood one group of
 * one colour plane at a time.
 * Gravity compresses each column's bits towards the floor: pext/pdep where
 * the CPU has BMI2, else a parallel-suffix compress over all columns at once
 * (Hacker's Delight 7-4, in 16-bit lanes).  Loading a field into planes and
 * storing it back: movemask and pext/pdep with BMI2, SSE2 row by row on the
 * portable path, and cell by cell for the two-word planes.
 */
#include "boardlab/puyo.h"

#include <assert.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define HAVE_BMI2_PATH 1
#include <cpuid.h>
#include <immintrin.h>
#include <stdatomic.h>
#else
#define HAVE_BMI2_PATH 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

#define LANES UINT64_C(0x0001000100010001)   /* bit 0 of each column of a word */
#define PLANES 6                            /* R G B P Y, then ojama */
#define OJAMA_PLANE 5

/*
 * A plane: with SSE2, one __m128i whose 16-bit lanes are the columns (lanes
 * 6 and 7 empty), so a vertical shift is one lane shift and a sideways one
 * a 2-byte shift; elsewhere two uint64_t.  Either way word 0 holds columns
 * 0-3 and word 1 columns 4-5, for the code that works per word (gravity,
 * loading and storing).  PUYO_NO_SIMD forces the two-word form.
 */
#if defined(__SSE2__) && defined(__x86_64__) && !defined(PUYO_NO_SIMD)
#define BB_SSE2 1
#include <emmintrin.h>

struct bb {
	__m128i v;
};

static ALWAYS_INLINE struct bb bb_make(uint64_t lo, uint64_t hi)
{
	return (struct bb){ _mm_set_epi64x((long long)hi, (long long)lo) };
}

static ALWAYS_INLINE uint64_t bb_word(struct bb a, int i)
{
	if (i == 0)
		return (uint64_t)_mm_cvtsi128_si64(a.v);
	return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(a.v, a.v));
}

static ALWAYS_INLINE struct bb bb_or(struct bb a, struct bb b)
{
	return (struct bb){ _mm_or_si128(a.v, b.v) };
}

static ALWAYS_INLINE struct bb bb_and(struct bb a, struct bb b)
{
	return (struct bb){ _mm_and_si128(a.v, b.v) };
}

/* a without the cells of b. */
static ALWAYS_INLINE struct bb bb_andnot(struct bb a, struct bb b)
{
	return (struct bb){ _mm_andnot_si128(b.v, a.v) };
}

static ALWAYS_INLINE struct bb bb_xor(struct bb a, struct bb b)
{
	return (struct bb){ _mm_xor_si128(a.v, b.v) };
}

static ALWAYS_INLINE bool bb_eq(struct bb a, struct bb b)
{
	return _mm_movemask_epi8(_mm_cmpeq_epi8(a.v, b.v)) == 0xffff;
}

static ALWAYS_INLINE bool bb_empty(struct bb a)
{
	return bb_eq(a, (struct bb){ _mm_setzero_si128() });
}

/* The cells above, below, right of and left of each bit (unmasked). */
static ALWAYS_INLINE struct bb bb_up(struct bb a)
{
	return (struct bb){ _mm_slli_epi16(a.v, 1) };
}

static ALWAYS_INLINE struct bb bb_down(struct bb a)
{
	return (struct bb){ _mm_srli_epi16(a.v, 1) };
}

static ALWAYS_INLINE struct bb bb_right(struct bb a)
{
	return (struct bb){ _mm_slli_si128(a.v, 2) };
}

static ALWAYS_INLINE struct bb bb_left(struct bb a)
{
	return (struct bb){ _mm_srli_si128(a.v, 2) };
}

/* Shifts within each column: what leaves it is lost. */
static ALWAYS_INLINE struct bb bb_lane_shl(struct bb a, int k)
{
	return (struct bb){ _mm_slli_epi16(a.v, k) };
}

static ALWAYS_INLINE struct bb bb_lane_shr(struct bb a, int k)
{
	return (struct bb){ _mm_srli_epi16(a.v, k) };
}

/* Each column of a from its lowest bit up to bit 15. */
static ALWAYS_INLINE struct bb bb_above(struct bb a)
{
	__m128i x = a.v;
	x = _mm_or_si128(x, _mm_slli_epi16(x, 1));
	x = _mm_or_si128(x, _mm_slli_epi16(x, 2));
	x = _mm_or_si128(x, _mm_slli_epi16(x, 4));
	x = _mm_or_si128(x, _mm_slli_epi16(x, 8));
	return (struct bb){ x };
}
#else
#define BB_SSE2 0

struct bb {
	uint64_t w[2];
};

static ALWAYS_INLINE struct bb bb_make(uint64_t lo, uint64_t hi)
{
	return (struct bb){ { lo, hi } };
}

static ALWAYS_INLINE uint64_t bb_word(struct bb a, int i)
{
	return a.w[i];
}

static ALWAYS_INLINE struct bb bb_or(struct bb a, struct bb b)
{
	return (struct bb){ { a.w[0] | b.w[0], a.w[1] | b.w[1] } };
}

static ALWAYS_INLINE struct bb bb_and(struct bb a, struct bb b)
{
	return (struct bb){ { a.w[0] & b.w[0], a.w[1] & b.w[1] } };
}

/* a without the cells of b. */
static ALWAYS_INLINE struct bb bb_andnot(struct bb a, struct bb b)
{
	return (struct bb){ { a.w[0] & ~b.w[0], a.w[1] & ~b.w[1] } };
}

static ALWAYS_INLINE struct bb bb_xor(struct bb a, struct bb b)
{
	return (struct bb){ { a.w[0] ^ b.w[0], a.w[1] ^ b.w[1] } };
}

static ALWAYS_INLINE bool bb_empty(struct bb a)
{
	return (a.w[0] | a.w[1]) == 0;
}

static ALWAYS_INLINE bool bb_eq(struct bb a, struct bb b)
{
	return ((a.w[0] ^ b.w[0]) | (a.w[1] ^ b.w[1])) == 0;
}

/* The cells above, below, right of and left of each bit (unmasked). */
static ALWAYS_INLINE struct bb bb_up(struct bb a)
{
	return (struct bb){ { a.w[0] << 1, a.w[1] << 1 } };
}

static ALWAYS_INLINE struct bb bb_down(struct bb a)
{
	return (struct bb){ { a.w[0] >> 1, a.w[1] >> 1 } };
}

static ALWAYS_INLINE struct bb bb_right(struct bb a)
{
	return (struct bb){ { a.w[0] << 16, (a.w[1] << 16) | (a.w[0] >> 48) } };
}

static ALWAYS_INLINE struct bb bb_left(struct bb a)
{
	return (struct bb){ { (a.w[0] >> 16) | (a.w[1] << 48), a.w[1] >> 16 } };
}

/* Shifts within each column: what leaves it is lost. */
static ALWAYS_INLINE struct bb bb_lane_shl(struct bb a, int k)
{
	uint64_t keep = ~(LANES * ((UINT64_C(1) << k) - 1));   /* not the k low bits of a lane */
	return (struct bb){ { (a.w[0] << k) & keep, (a.w[1] << k) & keep } };
}

static ALWAYS_INLINE struct bb bb_lane_shr(struct bb a, int k)
{
	uint64_t keep = LANES * (UINT64_C(0xffff) >> k);        /* not the k high bits of a lane */
	return (struct bb){ { (a.w[0] >> k) & keep, (a.w[1] >> k) & keep } };
}

static ALWAYS_INLINE uint64_t lane_above(uint64_t x)
{
	x |= (x << 1) & ~LANES;
	x |= (x << 2) & ~(LANES * 3);
	x |= (x << 4) & ~(LANES * 15);
	x |= (x << 8) & ~(LANES * 255);
	return x;
}

/* Each column of a from its lowest bit up to bit 15. */
static ALWAYS_INLINE struct bb bb_above(struct bb a)
{
	return (struct bb){ { lane_above(a.w[0]), lane_above(a.w[1]) } };
}
#endif

static ALWAYS_INLINE struct bb bb_zero(void)
{
	return bb_make(0, 0);
}

/*
 * A field as the three planes of its cells' code bits (R 1, G 2, B 3, P 4,
 * Y 5, ojama 7: a cell's colour is its code, so gravity moves three planes,
 * and two neighbours are of one colour when their codes are equal), the
 * rows that are in it and that pop, and the cells that moved in the last
 * step: a new group must hold one of them, since the others were in groups
 * too small to pop and still are.
 */
struct board {
	struct bb code[3];
	struct bb field, visible, moved;
};

#if !BB_SSE2
/* One plane per kind (R G B P Y, ojama) to the code planes (board_load's). */
static ALWAYS_INLINE void planes_encode(const struct bb p[PLANES], struct bb code[3])
{
	code[0] = bb_or(bb_or(p[0], p[2]), bb_or(p[4], p[OJAMA_PLANE]));
	code[1] = bb_or(bb_or(p[1], p[2]), p[OJAMA_PLANE]);
	code[2] = bb_or(bb_or(p[3], p[4]), p[OJAMA_PLANE]);
}
#endif

/* The code planes to one plane per kind (R G B P Y, ojama). */
static ALWAYS_INLINE void planes_decode(const struct bb code[3], struct bb p[PLANES])
{
	struct bb low = bb_andnot(code[0], code[2]), none2 = bb_andnot(code[1], code[2]);

	p[0] = bb_andnot(low, code[1]);
	p[1] = bb_andnot(none2, code[0]);
	p[2] = bb_and(low, code[1]);
	p[3] = bb_andnot(bb_andnot(code[2], code[0]), code[1]);
	p[4] = bb_andnot(bb_and(code[0], code[2]), code[1]);
	p[OJAMA_PLANE] = bb_and(bb_and(code[0], code[1]), code[2]);
}

/* a and its four neighbours (unmasked). */
static ALWAYS_INLINE struct bb bb_grow(struct bb a)
{
	struct bb v = bb_or(bb_up(a), bb_down(a)), h = bb_or(bb_left(a), bb_right(a));
	return bb_or(bb_or(a, v), h);
}

static ALWAYS_INLINE struct bb bb_bit(int row, int col)
{
	uint64_t bit = UINT64_C(1) << ((col & 3) * 16 + row);
	return col < 4 ? bb_make(bit, 0) : bb_make(0, bit);
}

/* The lowest bit of a (not empty), alone. */
static ALWAYS_INLINE struct bb bb_lowest(struct bb a)
{
	uint64_t lo = bb_word(a, 0), hi;
	if (lo)
		return bb_make(lo & (0 - lo), 0);
	hi = bb_word(a, 1);
	return bb_make(0, hi & (0 - hi));
}

/* A mask of the lowest rows rows of every column. */
static struct bb bb_rows(int rows)
{
	uint64_t col = (UINT64_C(1) << rows) - 1;
	return bb_make(col * LANES, (col * LANES) & UINT64_C(0xffffffff));
}

static ALWAYS_INLINE int pop64_swar(uint64_t x)
{
	x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
	x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
	x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* Bits set in a; hw: the popcnt instruction may be used. */
static ALWAYS_INLINE int bb_count(struct bb a, bool hw)
{
	if (hw)
		return __builtin_popcountll(bb_word(a, 0)) + __builtin_popcountll(bb_word(a, 1));
	return pop64_swar(bb_word(a, 0)) + pop64_swar(bb_word(a, 1));
}

/* The group of plane p that seed touches: seed grown within p to a fixed point. */
static ALWAYS_INLINE struct bb flood(struct bb seed, struct bb p)
{
	struct bb g = bb_and(seed, p);
	for (;;) {
		struct bb n = bb_and(bb_grow(g), p);
		if (bb_eq(n, g))
			return g;
		g = n;
	}
}

/*
 * The cells in groups of 4 or more, every colour at once.  Two neighbours
 * are of one colour when their three code bits are equal, so the
 * same-colour links up (u) and right (r) come from the code planes, those
 * down and left are the same links seen from the other end; the seeds are
 * those of groups_of_4, with "a neighbour in two" taken along the links,
 * and the flood follows the links only.  occ: the coloured puyos that may
 * pop (the visible ones).
 */
static ALWAYS_INLINE struct bb groups_of_4_all(const struct bb code[3], struct bb occ)
{
	struct bb dv = bb_or(bb_or(bb_xor(code[0], bb_down(code[0])),
				   bb_xor(code[1], bb_down(code[1]))),
			     bb_xor(code[2], bb_down(code[2])));
	struct bb dh = bb_or(bb_or(bb_xor(code[0], bb_left(code[0])),
				   bb_xor(code[1], bb_left(code[1]))),
			     bb_xor(code[2], bb_left(code[2])));
	struct bb u = bb_andnot(bb_and(occ, bb_down(occ)), dv);   /* the cell above: same colour */
	struct bb r = bb_andnot(bb_and(occ, bb_left(occ)), dh);   /* the cell right: same colour */
	struct bb d = bb_up(u), l = bb_right(r);
	struct bb ud_and = bb_and(u, d), lr_and = bb_and(l, r);
	struct bb ud_or = bb_or(u, d), lr_or = bb_or(l, r);
	struct bb three = bb_or(bb_and(ud_and, lr_or), bb_and(lr_and, ud_or));
	struct bb two = bb_or(bb_or(ud_and, lr_and), bb_and(ud_or, lr_or));
	struct bb linked = bb_or(bb_or(bb_and(bb_down(two), u), bb_and(bb_up(two), d)),
				 bb_or(bb_and(bb_left(two), r), bb_and(bb_right(two), l)));
	struct bb g = bb_or(three, bb_and(two, linked));

	if (bb_empty(g))
		return g;
	for (;;) {
		struct bb n = bb_or(bb_or(bb_or(g, bb_and(bb_down(g), u)), bb_and(bb_up(g), d)),
				    bb_or(bb_and(bb_left(g), r), bb_and(bb_right(g), l)));
		if (bb_eq(n, g))
			return g;
		g = n;
	}
}

/* The cells of p in groups of pop or more, one group at a time. */
static ALWAYS_INLINE struct bb groups_of(struct bb p, int pop, bool hw)
{
	struct bb out = bb_zero();
	while (!bb_empty(p)) {
		struct bb g = flood(bb_lowest(p), p);
		p = bb_andnot(p, g);
		if (bb_count(g, hw) >= pop)
			out = bb_or(out, g);
	}
	return out;
}

/*
 * Gravity: every plane's columns compressed towards the floor, keeping the
 * cells of keep (the puyos that stay).  With BMI2 only the words that lost
 * a cell change; the portable compress works on whole planes.
 */
struct gravity {
	struct bb mv[4];     /* portable: the bits moving 1, 2, 4, 8 places down in round i */
	struct bb keep;
	uint64_t keepw[2], dest[2];
	bool changed[2];
};

/* The parallel suffix (XOR of the bits at and below each bit) within columns. */
static ALWAYS_INLINE struct bb lane_suffix(struct bb x)
{
	x = bb_xor(x, bb_lane_shl(x, 1));
	x = bb_xor(x, bb_lane_shl(x, 2));
	x = bb_xor(x, bb_lane_shl(x, 4));
	return bb_xor(x, bb_lane_shl(x, 8));
}

/* One round of Hacker's Delight's compress (7-4): the bits of m moving by `by`. */
#define COMPRESS_ROUND(i, by)                              \
	do {                                               \
		struct bb mp = lane_suffix(mk);            \
		struct bb v = bb_and(mp, m);               \
		m = bb_or(bb_xor(m, v), bb_lane_shr(v, by)); \
		mv[i] = v;                                 \
		mk = bb_andnot(mk, mp);                    \
	} while (0)

/* The masks of the compress of every column by the cells of m. */
static ALWAYS_INLINE void compress_masks(struct bb m, struct bb mv[4])
{
	/* The empty cells below each cell of its column, shifted onto it. */
	struct bb mk = bb_lane_shl(bb_xor(m, bb_make(~UINT64_C(0), ~UINT64_C(0))), 1);

	COMPRESS_ROUND(0, 1);
	COMPRESS_ROUND(1, 2);
	COMPRESS_ROUND(2, 4);
	COMPRESS_ROUND(3, 8);
}

static ALWAYS_INLINE struct bb compress(struct bb x, const struct bb mv[4])
{
	struct bb t;

	t = bb_and(x, mv[0]);
	x = bb_or(bb_xor(x, t), bb_lane_shr(t, 1));
	t = bb_and(x, mv[1]);
	x = bb_or(bb_xor(x, t), bb_lane_shr(t, 2));
	t = bb_and(x, mv[2]);
	x = bb_or(bb_xor(x, t), bb_lane_shr(t, 4));
	t = bb_and(x, mv[3]);
	return bb_or(bb_xor(x, t), bb_lane_shr(t, 8));
}

#if HAVE_BMI2_PATH
/* Each lane of m: as many low bits set as m has bits in that lane. */
__attribute__((target("bmi2,popcnt"))) static inline uint64_t lane_fill_hw(uint64_t m)
{
	const uint64_t ones = ~UINT64_C(0);
	uint64_t l0 = _bzhi_u64(ones, (unsigned)__builtin_popcountll(m & 0xffff));
	uint64_t l1 = _bzhi_u64(ones, (unsigned)__builtin_popcountll(m & UINT64_C(0xffff0000)));
	uint64_t l2 = _bzhi_u64(ones, (unsigned)__builtin_popcountll(m & UINT64_C(0xffff00000000)));
	uint64_t l3 = _bzhi_u64(ones, (unsigned)__builtin_popcountll(m >> 48));
	return l0 | l1 << 16 | l2 << 32 | l3 << 48;
}

__attribute__((target("bmi2,popcnt"))) static inline uint64_t pextdep(uint64_t x, uint64_t keep,
								      uint64_t dest)
{
	return _pdep_u64(_pext_u64(x, keep), dest);
}
#endif

static ALWAYS_INLINE void gravity_init(struct gravity *g, struct bb keep, struct bb removed,
				       bool bmi2)
{
	g->keep = keep;
#if HAVE_BMI2_PATH
	if (bmi2) {
		for (int i = 0; i < 2; i++) {
			g->changed[i] = bb_word(removed, i) != 0;
			g->keepw[i] = bb_word(keep, i);
			g->dest[i] = g->changed[i] ? lane_fill_hw(g->keepw[i]) : 0;
		}
		return;
	}
#endif
	(void)bmi2;
	(void)removed;
	compress_masks(keep, g->mv);
}

static ALWAYS_INLINE struct bb gravity_apply(const struct gravity *g, struct bb p, bool bmi2)
{
#if HAVE_BMI2_PATH
	if (bmi2) {
		uint64_t w[2] = { bb_word(p, 0), bb_word(p, 1) };
		for (int i = 0; i < 2; i++)
			if (g->changed[i])
				w[i] = pextdep(w[i], g->keepw[i], g->dest[i]);
		return bb_make(w[0], w[1]);
	}
#endif
	(void)bmi2;
	return compress(bb_and(p, g->keep), g->mv);
}

#if !BB_SSE2
/* Loading and storing cell by cell, for the two-word planes. */
static void board_load(struct board *b, const struct puyo_field *f, const struct puyo_rules *rules)
{
	static const signed char plane_of[8] = { -1, 0, 1, 2, 3, 4, -1, OJAMA_PLANE };
	uint64_t w[8][2];

	assert(f->rows == rules->rows && rules->visible <= rules->rows);
	memset(w, 0, sizeof w);
	for (int c = 0; c < PUYO_COLS; c++) {
		int word = c >> 2, shift = (c & 3) * 16;
		for (int r = 0; r < f->rows; r++)
			w[f->cell[r][c] & 7][word] |= UINT64_C(1) << (shift + r);
	}
	struct bb p[PLANES];
	for (int k = 0; k < 8; k++)
		if (plane_of[k] >= 0)
			p[plane_of[k]] = bb_make(w[k][0], w[k][1]);
	planes_encode(p, b->code);
	b->field = bb_rows(rules->rows);
	b->visible = bb_rows(rules->visible);
	b->moved = b->field;
}


static void board_store(const struct board *b, struct puyo_field *f)
{
	static const unsigned char cell_of[PLANES] = { PUYO_RED, PUYO_GREEN, PUYO_BLUE,
						       PUYO_PURPLE, PUYO_YELLOW, PUYO_OJAMA };
	struct bb p[PLANES];

	planes_decode(b->code, p);
	memset(f->cell, PUYO_EMPTY, sizeof f->cell);
	for (int k = 0; k < PLANES; k++)
		for (int i = 0; i < 2; i++)
			for (uint64_t x = bb_word(p[k], i); x; x &= x - 1) {
				int bit = __builtin_ctzll(x);
				f->cell[bit & 15][i * 4 + (bit >> 4)] = cell_of[k];
			}
}

#endif

#if BB_SSE2
/*
 * Loading and storing with SSE2 alone (every x86-64 CPU has it), for the
 * portable path: one row at a time, its 6 cells widened to the 16-bit lanes
 * of the columns; each code plane takes its bit of every cell as the row's
 * bit (load), or gives it back (store).  The byte loops of board_load and
 * board_store cost as much as the chain itself on a full field.
 */
static void board_load_sse2(struct board *b, const struct puyo_field *f,
			    const struct puyo_rules *rules)
{
	unsigned char buf[96];
	const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi16(1);
	__m128i a0 = zero, a1 = zero, a2 = zero;

	assert(f->rows == rules->rows && rules->visible <= rules->rows);
	_Static_assert(sizeof f->cell == 84, "14 rows of 6 cells");
	memcpy(buf, f->cell, sizeof f->cell);
	memset(buf + sizeof f->cell, 0, sizeof buf - sizeof f->cell);
	for (int r = f->rows - 1; r >= 0; r--) {
		__m128i v = _mm_loadl_epi64((const __m128i *)(const void *)(buf + PUYO_COLS * r));
		v = _mm_unpacklo_epi8(v, zero);   /* lanes 6 and 7: the next row's, masked below */
		a0 = _mm_or_si128(_mm_add_epi16(a0, a0), _mm_and_si128(v, one));
		a1 = _mm_or_si128(_mm_add_epi16(a1, a1), _mm_and_si128(_mm_srli_epi16(v, 1), one));
		a2 = _mm_or_si128(_mm_add_epi16(a2, a2), _mm_and_si128(_mm_srli_epi16(v, 2), one));
	}
	const __m128i cols = _mm_set_epi16(0, 0, -1, -1, -1, -1, -1, -1);
	b->code[0].v = _mm_and_si128(a0, cols);
	b->code[1].v = _mm_and_si128(a1, cols);
	b->code[2].v = _mm_and_si128(a2, cols);
	b->field = bb_rows(rules->rows);
	b->visible = bb_rows(rules->visible);
	b->moved = b->field;
}

static void board_store_sse2(const struct board *b, struct puyo_field *f)
{
	unsigned char buf[96];
	const __m128i one = _mm_set1_epi16(1), two = _mm_set1_epi16(2), four = _mm_set1_epi16(4);
	__m128i c0 = b->code[0].v, c1 = _mm_slli_epi16(b->code[1].v, 1);
	__m128i c2 = _mm_slli_epi16(b->code[2].v, 2);

	for (int r = 0; r < PUYO_ROWS_MAX; r++) {
		__m128i x = _mm_or_si128(_mm_and_si128(c0, one),
					 _mm_or_si128(_mm_and_si128(c1, two), _mm_and_si128(c2, four)));
		_mm_storel_epi64((__m128i *)(void *)(buf + PUYO_COLS * r), _mm_packus_epi16(x, x));
		c0 = _mm_srli_epi16(c0, 1);
		c1 = _mm_srli_epi16(c1, 1);
		c2 = _mm_srli_epi16(c2, 1);
	}
	memcpy(f->cell, buf, sizeof f->cell);
}
#else
#define board_load_sse2 board_load
#define board_store_sse2 board_store
#endif

#if HAVE_BMI2_PATH && BB_SSE2
/*
 * Loading and storing with BMI2 and SSE2: the cells' three code bits
 * gathered 16 cells at a time (movemask), then each column's bits pulled
 * out of the rows (pext) or put back (pdep).  col_bits[c]: the bits of
 * column c among the 84 cells in reading order of the array (row from the
 * floor, then column), in the first 64 and in the rest.
 */
static const struct {
	uint64_t lo, hi;
	int nlo;
} col_bits[PUYO_COLS] = {
	{ UINT64_C(0x1041041041041041), UINT64_C(0x0000000000004104), 11 },
	{ UINT64_C(0x2082082082082082), UINT64_C(0x0000000000008208), 11 },
	{ UINT64_C(0x4104104104104104), UINT64_C(0x0000000000010410), 11 },
	{ UINT64_C(0x8208208208208208), UINT64_C(0x0000000000020820), 11 },
	{ UINT64_C(0x0410410410410410), UINT64_C(0x0000000000041041), 10 },
	{ UINT64_C(0x0820820820820820), UINT64_C(0x0000000000082082), 10 },
};

__attribute__((target("bmi2,popcnt"))) static inline void
board_load_bmi2(struct board *b, const struct puyo_field *f, const struct puyo_rules *rules)
{
	unsigned char buf[96];
	struct bb *code = b->code;

	assert(f->rows == rules->rows && rules->visible <= rules->rows);
	_Static_assert(sizeof f->cell == 84, "14 rows of 6 cells");
	memcpy(buf, f->cell, sizeof f->cell);
	memset(buf + sizeof f->cell, 0, sizeof buf - sizeof f->cell);
	uint64_t m[3][6];
	for (int v = 0; v < 6; v++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(buf + 16 * v));
		m[0][v] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 7));
		m[1][v] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 6));
		m[2][v] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 5));
	}
	for (int j = 0; j < 3; j++) {
		uint64_t lo = m[j][0] | m[j][1] << 16 | m[j][2] << 32 | m[j][3] << 48;
		uint64_t hi = m[j][4] | m[j][5] << 16, lane[PUYO_COLS];
		for (int c = 0; c < PUYO_COLS; c++)
			lane[c] = _pext_u64(lo, col_bits[c].lo) |
				  _pext_u64(hi, col_bits[c].hi) << col_bits[c].nlo;
		code[j] = bb_make(lane[0] | lane[1] << 16 | lane[2] << 32 | lane[3] << 48,
				  lane[4] | lane[5] << 16);
	}
	b->field = bb_rows(rules->rows);
	b->visible = bb_rows(rules->visible);
	b->moved = b->field;
}

/*
 * The store: each code plane shifted so that one row at a time is at the
 * top bit of the columns' lanes, whose top bits movemask gathers (the odd
 * bits of its mask), then spread into that row's 6 bytes.
 */
__attribute__((target("bmi2,popcnt"))) static inline void board_store_bmi2(const struct board *b,
									  struct puyo_field *f)
{
	const uint64_t bytes = UINT64_C(0x010101010101);
	unsigned char buf[sizeof f->cell];
	const struct bb *code = b->code;

	__m128i c0 = _mm_slli_epi16(code[0].v, 16 - PUYO_ROWS_MAX);
	__m128i c1 = _mm_slli_epi16(code[1].v, 16 - PUYO_ROWS_MAX);
	__m128i c2 = _mm_slli_epi16(code[2].v, 16 - PUYO_ROWS_MAX);
	for (int r = PUYO_ROWS_MAX - 1; r >= 0; r--) {
		uint64_t m0 = _pext_u64((uint64_t)(unsigned)_mm_movemask_epi8(c0), 0xaaa);
		uint64_t m1 = _pext_u64((uint64_t)(unsigned)_mm_movemask_epi8(c1), 0xaaa);
		uint64_t m2 = _pext_u64((uint64_t)(unsigned)_mm_movemask_epi8(c2), 0xaaa);
		uint64_t row = _pdep_u64(m0, bytes) | _pdep_u64(m1, bytes) << 1 |
			       _pdep_u64(m2, bytes) << 2;
		memcpy(buf + PUYO_COLS * r, &row, PUYO_COLS);   /* x86: little-endian */
		c0 = _mm_slli_epi16(c0, 1);
		c1 = _mm_slli_epi16(c1, 1);
		c2 = _mm_slli_epi16(c2, 1);
	}
	memcpy(f->cell, buf, sizeof f->cell);
}
#elif HAVE_BMI2_PATH
/* Planes in two words (PUYO_NO_SIMD): the BMI2 path loads and stores byte by byte. */
#define board_load_bmi2 board_load
#define board_store_bmi2 board_store
#endif

int puyo_chain_power(int chain)
{
	static const int table[] = { 0, 8, 16, 32, 64 };
	assert(chain >= 1);
	return chain <= 5 ? table[chain - 1] : 64 + 32 * (chain - 5);
}

int puyo_colour_bonus(int colours)
{
	static const int table[] = { 0, 0, 3, 6, 12, 24 };
	assert(colours >= 0 && colours <= PUYO_COLOURS);
	return table[colours];
}

int puyo_group_bonus(int size)
{
	static const int table[] = { 0, 2, 3, 4, 5, 6, 7 };
	if (size < 4)
		return 0;
	return size >= 11 ? 10 : table[size - 4];
}

/* What one pop did, before the step's number is known. */
struct pop {
	struct bb group[PLANES - 1];   /* the cells popping, by colour */
	struct bb all, ojama;          /* every colour cell popping; the ojama cleared */
	int popped, colours, gb;
};

/* The sizes of the groups in g (all of one colour), summed as group bonus. */
static ALWAYS_INLINE int bonus_of(struct bb g, int n, int pop, bool hw)
{
	if (n < 2 * pop)   /* room for one group only */
		return puyo_group_bonus(n);
	int gb = 0;
	while (!bb_empty(g)) {
		struct bb one = flood(bb_lowest(g), g);
		g = bb_andnot(g, one);
		gb += puyo_group_bonus(bb_count(one, hw));
	}
	return gb;
}

/*
 * Finds what pops on b under pop size pop: returns false when nothing does.
 * Otherwise removes it, lets the columns fall and fills *out.
 */
static ALWAYS_INLINE bool board_step(struct board *b, int pop, struct pop *out, bool bmi2)
{
	struct bb *code = b->code, p[PLANES], all = bb_zero();
	struct bb any = bb_or(bb_or(code[0], code[1]), code[2]);
	struct bb ojama = bb_and(bb_and(code[0], code[1]), code[2]);
	int colours = 0, popped = 0, gb = 0;

	if (pop == 4) {
		all = groups_of_4_all(code, bb_and(bb_andnot(any, ojama), b->visible));
		if (bb_empty(all))
			return false;
	}
	planes_decode(code, p);
	for (int k = 0; k < PLANES - 1; k++) {
		struct bb g, pk = bb_and(p[k], b->visible);
		if (pop == 4) {
			g = bb_and(all, pk);
		} else if (bb_empty(bb_and(pk, b->moved))) {
			g = bb_zero();
		} else {
			g = groups_of(pk, pop, bmi2);
			all = bb_or(all, g);
		}
		out->group[k] = g;
		if (bb_empty(g))
			continue;
		int n = bb_count(g, bmi2);
		colours++;
		popped += n;
		gb += bonus_of(g, n, pop, bmi2);
	}
	if (popped == 0)
		return false;
	struct bb oj = bb_and(bb_and(ojama, b->visible), bb_grow(all));
	struct bb removed = bb_or(all, oj);
	struct gravity grav;
	/* The removed cells are not kept, so gravity drops them from the codes. */
	gravity_init(&grav, bb_andnot(any, removed), removed, bmi2);
	for (int j = 0; j < 3; j++)
		code[j] = gravity_apply(&grav, code[j], bmi2);
	b->moved = bb_above(removed);
	out->all = all;
	out->ojama = oj;
	out->popped = popped;
	out->colours = colours;
	out->gb = gb;
	return true;
}

static ALWAYS_INLINE long long step_score(int chain, const struct pop *p, int *cp, int *cb)
{
	static const int colour_bonus[PUYO_COLOURS + 1] = { 0, 0, 3, 6, 12, 24 };
	*cp = chain <= 3 ? 8 * (chain - 1) : chain == 4 ? 32 : 64 + 32 * (chain - 5);
	*cb = colour_bonus[p->colours];
	int mult = *cp + *cb + p->gb;
	mult = mult < 1 ? 1 : mult > 999 ? 999 : mult;
	return 10LL * p->popped * mult;
}

static ALWAYS_INLINE void run_board(struct board *b, int pop, struct puyo_result *res, bool bmi2)
{
	struct pop p;
	long long carry = 0;

	while (board_step(b, pop, &p, bmi2)) {
		int cp, cb;
		res->chains++;
		res->popped += p.popped;
		res->ojama_cleared += bb_count(p.ojama, bmi2);
		long long s = step_score(res->chains, &p, &cp, &cb);
		res->score += s;
		carry += s;
		res->ojama_sent += carry / 70;
		carry %= 70;
	}
}

#if HAVE_BMI2_PATH
/* The whole run with BMI2: load, chain, store (res zeroed). */
__attribute__((target("bmi2,popcnt"))) static void run_bmi2(struct board *b,
							     const struct puyo_field *f,
							     const struct puyo_rules *rules,
							     struct puyo_result *res)
{
	board_load_bmi2(b, f, rules);
	run_board(b, rules->pop, res, true);
	res->final.rows = f->rows;
	board_store_bmi2(b, &res->final);
}
#endif

static void run_portable(struct board *b, const struct puyo_field *f,
			 const struct puyo_rules *rules, struct puyo_result *res)
{
	board_load_sse2(b, f, rules);
	run_board(b, rules->pop, res, false);
	res->final.rows = f->rows;
	board_store_sse2(b, &res->final);
}

#if HAVE_BMI2_PATH
/*
 * Whether the CPU has BMI2 and POPCNT, asked the first time an engine is
 * chosen and kept (the one mutable global of the library: a fact of the
 * machine, the same whoever asks first).  __builtin_cpu_supports would
 * have libgcc ask before main, at every start of the tool, with CPUID,
 * which traps in a virtual machine.
 */
static bool cpu_has_bmi2(void)
{
	static _Atomic int known;   /* 0: not asked yet, 1: no, 2: yes */
	int k = atomic_load_explicit(&known, memory_order_relaxed);

	if (!k) {
		unsigned a, b, c, d;
		bool popcnt = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_POPCNT);
		bool bmi2 = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_BMI2);
		k = popcnt && bmi2 ? 2 : 1;
		atomic_store_explicit(&known, k, memory_order_relaxed);
	}
	return k == 2;
}
#endif

bool puyo_engine_available(enum puyo_engine engine)
{
	if (engine != PUYO_ENGINE_BMI2)
		return true;
#if HAVE_BMI2_PATH
	return cpu_has_bmi2();
#else
	return false;
#endif
}

bool puyo_engine_parse(const char *name, enum puyo_engine *e)
{
	static const char *const names[] = { "auto", "portable", "bmi2" };

	for (int i = PUYO_ENGINE_AUTO; i <= PUYO_ENGINE_BMI2; i++)
		if (strcmp(name, names[i]) == 0) {
			*e = (enum puyo_engine)i;
			return true;
		}
	return false;
}

enum puyo_engine puyo_engine_resolve(enum puyo_engine engine)
{
	if (engine == PUYO_ENGINE_AUTO)
		return puyo_engine_available(PUYO_ENGINE_BMI2) ? PUYO_ENGINE_BMI2
							       : PUYO_ENGINE_PORTABLE;
	return engine;
}

void puyo_chain_run_engine(const struct puyo_field *f, const struct puyo_rules *rules,
			   enum puyo_engine engine, struct puyo_result *res)
{
	struct board b;

	assert(rules->pop >= 1);
	memset(res, 0, sizeof *res);
	engine = puyo_engine_resolve(engine);
	assert(puyo_engine_available(engine));
#if HAVE_BMI2_PATH
	if (engine == PUYO_ENGINE_BMI2)
		run_bmi2(&b, f, rules, res);
	else
		run_portable(&b, f, rules, res);
#else
	run_portable(&b, f, rules, res);
#endif
	struct bb left = bb_or(bb_or(b.code[0], b.code[1]), b.code[2]);
	res->all_clear = res->chains > 0 && bb_empty(left);
}

#if HAVE_BMI2_PATH
/* One step of f with BMI2: load, step and, when something popped, store. */
__attribute__((target("bmi2,popcnt"))) static bool step_bmi2(struct board *b, struct puyo_field *f,
							      const struct puyo_rules *rules,
							      struct pop *p)
{
	board_load_bmi2(b, f, rules);
	if (!board_step(b, rules->pop, p, true))
		return false;
	board_store_bmi2(b, f);
	return true;
}
#endif

/* One step of f by engine (resolved): false, f unchanged, when nothing pops. */
static bool step_engine(struct board *b, struct puyo_field *f, const struct puyo_rules *rules,
			struct pop *p, enum puyo_engine engine)
{
#if HAVE_BMI2_PATH
	if (engine == PUYO_ENGINE_BMI2)
		return step_bmi2(b, f, rules, p);
#endif
	(void)engine;
	board_load_sse2(b, f, rules);
	if (!board_step(b, rules->pop, p, false))
		return false;
	board_store_sse2(b, f);
	return true;
}

/* The reading-order index of a cell: top row first, then left to right. */
static int reading_index(int rows, int row, int col)
{
	return (rows - 1 - row) * PUYO_COLS + col;
}

static bool bb_has(struct bb a, int row, int col)
{
	return !bb_empty(bb_and(a, bb_bit(row, col)));
}

/* Fills step's groups and cells, in reading order, from what popped. */
static void record(struct puyo_step *step, const struct pop *p, int rows)
{
	static const unsigned char cell_of[PLANES - 1] = { PUYO_RED, PUYO_GREEN, PUYO_BLUE,
							   PUYO_PURPLE, PUYO_YELLOW };
	struct bb groups[PUYO_CELLS_MAX];
	int first[PUYO_CELLS_MAX], n = 0, fill = 0;

	for (int k = 0; k < PLANES - 1; k++) {
		struct bb g = p->group[k];
		while (!bb_empty(g)) {
			struct bb one = flood(bb_lowest(g), g);
			g = bb_andnot(g, one);
			groups[n] = one;
			first[n] = PUYO_CELLS_MAX;
			for (int r = 0; r < rows; r++)
				for (int c = 0; c < PUYO_COLS; c++)
					if (bb_has(one, r, c) && reading_index(rows, r, c) < first[n])
						first[n] = reading_index(rows, r, c);
			step->group[n].colour = cell_of[k];
			step->group[n].size = (unsigned char)bb_count(one, false);
			n++;
		}
	}
	/* Insertion sort by first cell: a step has few groups. */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && first[j] < first[j - 1]; j--) {
			struct bb tb = groups[j];
			struct puyo_group tg = step->group[j];
			int tf = first[j];
			groups[j] = groups[j - 1];
			step->group[j] = step->group[j - 1];
			first[j] = first[j - 1];
			groups[j - 1] = tb;
			step->group[j - 1] = tg;
			first[j - 1] = tf;
		}
	for (int i = 0; i < n; i++) {
		step->group[i].first = (unsigned char)fill;
		for (int r = rows - 1; r >= 0; r--)
			for (int c = 0; c < PUYO_COLS; c++)
				if (bb_has(groups[i], r, c))
					step->cell[fill++] = (unsigned char)(r * PUYO_COLS + c);
	}
	step->ngroups = n;
	step->npopped = p->popped;
	step->nojama = 0;
	for (int r = rows - 1; r >= 0; r--)
		for (int c = 0; c < PUYO_COLS; c++)
			if (bb_has(p->ojama, r, c))
				step->ojama[step->nojama++] = (unsigned char)(r * PUYO_COLS + c);
	step->colours = p->colours;
}

void puyo_chain_start(struct puyo_chain *c, const struct puyo_field *f,
		      const struct puyo_rules *rules)
{
	puyo_chain_start_engine(c, f, rules, rules->engine);
}

void puyo_chain_start_engine(struct puyo_chain *c, const struct puyo_field *f,
			     const struct puyo_rules *rules, enum puyo_engine engine)
{
	c->engine = puyo_engine_resolve(engine);
	assert(puyo_engine_available(c->engine));
	c->field = *f;
	c->rules = *rules;
	c->chains = 0;
	c->popped = 0;
	c->score = 0;
	c->ojama_sent = 0;
	c->ojama_cleared = 0;
	c->carry = 0;
}

bool puyo_chain_next(struct puyo_chain *c, struct puyo_step *step)
{
	struct board b;
	struct pop p;
	int cp, cb;

	if (!step_engine(&b, &c->field, &c->rules, &p, c->engine))
		return false;
	c->chains++;
	c->popped += p.popped;
	c->ojama_cleared += bb_count(p.ojama, false);
	long long s = step_score(c->chains, &p, &cp, &cb);
	long long carry = c->carry + s;
	c->score += s;
	c->ojama_sent += carry / 70;
	c->carry = (int)(carry % 70);
	if (step) {
		record(step, &p, c->field.rows);
		step->chain = c->chains;
		step->cp = cp;
		step->cb = cb;
		step->gb = p.gb;
		step->score = s;
		step->ojama_sent = carry / 70;
		step->field = c->field;
	}
	return true;
}

void puyo_chain_result(const struct puyo_chain *c, struct puyo_result *res)
{
	res->chains = c->chains;
	res->popped = c->popped;
	res->final = c->field;
	res->score = c->score;
	res->ojama_sent = c->ojama_sent;
	res->ojama_cleared = c->ojama_cleared;
	res->all_clear = c->chains > 0 && puyo_field_count(&c->field) == 0;
}

bool puyo_chain_step(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_step *step)
{
	struct puyo_chain c;

	puyo_chain_start(&c, f, rules);
	if (!puyo_chain_next(&c, step))
		return false;
	*f = c.field;
	return true;
}
