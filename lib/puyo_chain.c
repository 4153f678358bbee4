/*
 * The chain engine on bitboards.  A plane is one bit per cell: 6 columns of
 * 16 bits, row 0 (the floor) at each column's lowest bit, columns 0-3 in
 * w[0] and 4-5 in w[1].  Bit 15 of a column and rows past the field's are
 * always 0, so a shift that carries a bit out of its column is undone by
 * masking with a plane of the field.
 *
 * The board holds the three planes of the cells' code bits; two neighbours
 * are of one colour when their codes are equal, which gives the same-colour
 * links of the whole field in a few operations.  Groups of 4 or more, every
 * colour at once, take one expansion of their seeds along the links, no
 * loop (pop4).  Other pop sizes flood one group of one colour plane at a
 * time.  The score's group bonus needs each group's size only where a
 * colour pops 8 or more; up to 11, the Euler number of its cells tells one
 * group from two (bonus_big).
 * Gravity compresses each column's bits towards the floor (fall): pext/pdep
 * where the CPU has BMI2; else, on SSE2, the two lowest removed cells of
 * every column at a time, and on the two-word planes a parallel-suffix
 * compress (Hacker's Delight 7-4, in 16-bit lanes).  Loading a field into
 * planes and storing it back: movemask and pext/pdep with BMI2, SSE2 row
 * by row on the portable path, and cell by cell for the two-word planes;
 * struct puyo_bits keeps the planes between calls, so a search pays that
 * once.  The whole chain and its count run on three paths (PATH_*), each
 * compiled for its instructions and chosen once, at puyo_bits_load.
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
 * The instructions a chain runs on: the portable engine with no popcnt
 * (SSE2 counts the bits; the two-word planes, SWAR), the portable engine
 * where the CPU has popcnt (every x86-64 CPU since 2008; PUYO_NO_POPCNT
 * keeps the first, for the tests), the BMI2 engine (pext, pdep, popcnt).
 */
enum { PATH_PORTABLE, PATH_POPCNT, PATH_BMI2 };

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

#if !BB_SSE2
static ALWAYS_INLINE int pop64_swar(uint64_t x)
{
	x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
	x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
	x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}
#endif

/*
 * Bits set in a; hw: the popcnt instruction may be used.  Without it, SSE2
 * counts the bits of each byte and sums them (psadbw), all 128 at once.
 */
static ALWAYS_INLINE int bb_count(struct bb a, bool hw)
{
	if (hw)
		return __builtin_popcountll(bb_word(a, 0)) + __builtin_popcountll(bb_word(a, 1));
#if BB_SSE2
	const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
	__m128i x = a.v;
	x = _mm_sub_epi8(x, _mm_and_si128(_mm_srli_epi16(x, 1), m1));
	x = _mm_add_epi8(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi16(x, 2), m2));
	x = _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi16(x, 4)), m4);
	x = _mm_sad_epu8(x, _mm_setzero_si128());
	return _mm_cvtsi128_si32(_mm_add_epi32(x, _mm_unpackhi_epi64(x, x)));
#else
	return pop64_swar(bb_word(a, 0)) + pop64_swar(bb_word(a, 1));
#endif
}

/* The group of plane p that seed touches: seed grown within p to a fixed point. */
static ALWAYS_INLINE struct bb flood(struct bb seed, struct bb p)
{
	struct bb g = bb_and(seed, p);
	for (;;) {   /* two steps a test: the test's branch costs more than a step */
		struct bb n = bb_and(bb_grow(g), p);
		g = bb_and(bb_grow(n), p);
		if (bb_eq(n, g))
			return g;
	}
}

/*
 * The cells in groups of 4 or more, every colour at once, with no loop.
 * Two neighbours are of one colour when their three code bits are equal,
 * so the same-colour links up (u) and right (r) come from the code planes;
 * those down (d) and left (l) are the same links seen from the other end.
 * In a group, call a puyo linked to 2 or more of its colour a "two", to 3
 * or more a "three".  A group of 4 or more holds a three, or two linked
 * twos (its puyos linked to 2 or more form a connected part of it, of 2
 * puyos or more unless one puyo is linked to all the others, a three);
 * a group of 3 or fewer holds neither.  And every puyo of a group of 4 or
 * more is a three or a two linked to a two, or linked to one: so those
 * seeds and their linked neighbours are the whole groups (puyoai's
 * findVanishingBits, on one colour plane at a time, does the same).
 * occ: the coloured puyos that may pop (the visible ones).
 */
static ALWAYS_INLINE struct bb pop4(const struct bb code[3], struct bb occ)
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
	struct bb pv = bb_and(bb_and(two, u), bb_down(two));      /* a two under a linked two */
	struct bb ph = bb_and(bb_and(two, r), bb_left(two));      /* a two left of a linked two */
	struct bb seed = bb_or(bb_or(three, bb_or(pv, bb_up(pv))), bb_or(ph, bb_right(ph)));

	return bb_or(bb_or(bb_or(seed, bb_and(bb_down(seed), u)), bb_and(bb_up(seed), d)),
		     bb_or(bb_and(bb_left(seed), r), bb_and(bb_right(seed), l)));
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

#if !BB_SSE2
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

#endif

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

/*
 * Gravity on the three code planes, the removed cells taken out: each
 * column's kept cells compressed towards the floor.  any: every puyo
 * before the removal.  The BMI2 form takes each word through pext and
 * pdep whether it lost a cell or not (a word that lost none comes back
 * the same), with no branch and no round trip through memory.
 */
static ALWAYS_INLINE void fall(struct bb code[3], struct bb any, struct bb removed, bool bmi2)
{
#if HAVE_BMI2_PATH
	if (bmi2) {
		uint64_t k0 = bb_word(any, 0) & ~bb_word(removed, 0);
		uint64_t k1 = bb_word(any, 1) & ~bb_word(removed, 1);
		uint64_t d0 = lane_fill_hw(k0), d1 = lane_fill_hw(k1);
		for (int j = 0; j < 3; j++)
			code[j] = bb_make(pextdep(bb_word(code[j], 0), k0, d0),
					  pextdep(bb_word(code[j], 1), k1, d1));
		return;
	}
#endif
#if BB_SSE2
	/*
	 * Without BMI2: the two lowest removed cells of every column taken
	 * out at once, the cells between them moved down one and those above
	 * both down two, until none is left: a round for each two cells a
	 * column loses, at least two rounds (a round with nothing left to take
	 * out changes nothing, and costs less than a mispredicted exit).  The removed cells are read
	 * where they were (the k taken out below them moved them down k), so
	 * a round's masks do not wait for the last round's planes.  (On F19
	 * this took the portable path from 1.55 times the BMI2 path's time
	 * to about 1.1; the parallel-suffix compress the two-word planes use
	 * costs as much as 6 or 7 single rounds.)
	 */
	const __m128i one = _mm_set1_epi16(1), zero = _mm_setzero_si128();
	__m128i r = removed.v;

	(void)any;
	(void)bmi2;
	int k = 0;

	do {
		__m128i x = _mm_and_si128(r, _mm_sub_epi16(zero, r));   /* the lowest of a column */
		r = _mm_xor_si128(r, x);
		__m128i y = _mm_and_si128(r, _mm_sub_epi16(zero, r));   /* the next */
		r = _mm_xor_si128(r, y);
		/* Below x, below y once x is out (all of a column without them), between. */
		__m128i b1 = _mm_sub_epi16(_mm_srl_epi16(x, _mm_cvtsi32_si128(k)), one);
		__m128i b2 = _mm_sub_epi16(_mm_srl_epi16(y, _mm_cvtsi32_si128(k + 1)), one);
		__m128i m1 = _mm_andnot_si128(b1, b2);
		for (int j = 0; j < 3; j++) {
			__m128i p = code[j].v;
			code[j].v = _mm_or_si128(_mm_or_si128(_mm_and_si128(p, b1),
							      _mm_and_si128(_mm_srli_epi16(p, 1), m1)),
						 _mm_andnot_si128(b2, _mm_srli_epi16(p, 2)));
		}
		k += 2;
	} while (k < 4 || _mm_movemask_epi8(_mm_cmpeq_epi8(r, zero)) != 0xffff);   /* 2 rounds, no test */
#else
	struct bb mv[4];

	(void)bmi2;
	compress_masks(bb_andnot(any, removed), mv);
	for (int j = 0; j < 3; j++)
		code[j] = compress(bb_andnot(code[j], removed), mv);
#endif
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

/*
 * The sizes of the groups in g (all of one colour, n cells, every one in
 * a group of pop or more), summed as group bonus.  Fewer than 2 * pop
 * cells are one group; so are the cells left once a flood has taken one
 * group off, when they are fewer than 2 * pop: most of the time one flood
 * does.
 */
static ALWAYS_INLINE int bonus_of(struct bb g, int n, int pop, bool hw)
{
	int gb = 0;

	while (n >= 2 * pop) {
		struct bb one = flood(bb_lowest(g), g);
		int k = bb_count(one, hw);
		g = bb_andnot(g, one);
		gb += puyo_group_bonus(k);
		n -= k;
	}
	return gb + puyo_group_bonus(n);
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
		all = pop4(code, bb_and(bb_andnot(any, ojama), b->visible));
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
	fall(code, any, removed, bmi2);
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

/*
 * The group bonus of p, 8 or more cells of one colour popping (pop size
 * 4), without a flood when they are at most 11.  The Euler number of a
 * set of cells, its cells less its pairs of neighbours plus its 2 x 2
 * blocks, is its groups less its holes; a group around a hole has 8 cells
 * or more, so with at most 11 cells it is 1 or less for one group and 2
 * for two (no third group has room).  Two groups of 8 or 9 cells are 4
 * and 4 or 4 and 5; of 10 or 11, one flood tells.
 */
static ALWAYS_INLINE int bonus_big(struct bb p, int n, bool hw)
{
	if (n <= 11) {
		struct bb ev = bb_and(p, bb_down(p)), eh = bb_and(p, bb_left(p));
		int euler = n - bb_count(ev, hw) - bb_count(eh, hw) +
			    bb_count(bb_and(ev, bb_left(ev)), hw);
		if (euler <= 1)
			return puyo_group_bonus(n);
		if (n <= 9)
			return n == 9 ? puyo_group_bonus(5) : 0;
	}
	return bonus_of(p, n, 4, hw);
}

/*
 * The bits of each of the 5 planes k, at once: with popcnt, two a plane;
 * with SSE2 alone, each plane's bytes counted and summed (psadbw), the
 * sums of four planes then gathered into the 16-bit fields of one word.
 */
static ALWAYS_INLINE void count5(const struct bb k[PUYO_COLOURS], int n[PUYO_COLOURS], bool hw)
{
	if (hw) {
		for (int i = 0; i < PUYO_COLOURS; i++)
			n[i] = bb_count(k[i], true);
		return;
	}
#if BB_SSE2
	const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
	__m128i sad[PUYO_COLOURS];
	for (int i = 0; i < PUYO_COLOURS; i++) {
		__m128i x = k[i].v;
		x = _mm_sub_epi8(x, _mm_and_si128(_mm_srli_epi16(x, 1), m1));
		x = _mm_add_epi8(_mm_and_si128(x, m2), _mm_and_si128(_mm_srli_epi16(x, 2), m2));
		x = _mm_and_si128(_mm_add_epi8(x, _mm_srli_epi16(x, 4)), m4);
		sad[i] = _mm_sad_epu8(x, _mm_setzero_si128());   /* a sum in each 64-bit half */
	}
	__m128i four = _mm_or_si128(_mm_or_si128(sad[0], _mm_slli_epi64(sad[1], 16)),
				    _mm_or_si128(_mm_slli_epi64(sad[2], 32), _mm_slli_epi64(sad[3], 48)));
	four = _mm_add_epi16(four, _mm_unpackhi_epi64(four, four));
	__m128i last = _mm_add_epi16(sad[4], _mm_unpackhi_epi64(sad[4], sad[4]));
	uint64_t w = (uint64_t)_mm_cvtsi128_si64(four);
	for (int i = 0; i < 4; i++)
		n[i] = (int)(w >> (16 * i) & 0xffff);
	n[4] = _mm_cvtsi128_si32(last) & 0xffff;
#else
	for (int i = 0; i < PUYO_COLOURS; i++)
		n[i] = bb_count(k[i], false);
#endif
}

/*
 * The colours and the group bonus of the cells g popping in a step (pop
 * size 4, 8 cells or more): each colour's cells are one group when fewer
 * than 8 (bonus_big otherwise).  Counting all five colours, the ones
 * that do not pop too, costs less than the branches of skipping them.
 * Codes: R 001, G 010, B 011, P 100, Y 101.
 */
static ALWAYS_INLINE void colour_terms(const struct bb code[3], struct bb g, int *colours, int *gb,
				       bool hw)
{
	static const unsigned char small[8] = { 0, 0, 0, 0, 0, 2, 3, 4 };   /* puyo_group_bonus */
	struct bb lo = bb_andnot(g, code[2]), hi = bb_and(g, code[2]);
	struct bb k[PUYO_COLOURS] = {
		bb_andnot(bb_and(lo, code[0]), code[1]), bb_andnot(bb_and(lo, code[1]), code[0]),
		bb_and(bb_and(lo, code[0]), code[1]), bb_andnot(hi, code[0]), bb_and(hi, code[0]),
	};
	int n[PUYO_COLOURS];

	count5(k, n, hw);
	*colours = 0;
	*gb = 0;
	for (int i = 0; i < PUYO_COLOURS; i++) {
		*colours += n[i] > 0;
		*gb += n[i] < 8 ? small[n[i]] : bonus_big(k[i], n[i], hw);
	}
}

/*
 * What pops under any pop size other than 4: each colour's groups, one at
 * a time, skipping the colours no cell of which moved in the last step
 * (their groups are the same as before, too small).  Fills the colour and
 * group bonus when colours is not NULL.
 */
static ALWAYS_INLINE struct bb pop_any(const struct bb code[3], struct bb occ, struct bb moved,
				       int pop, int *colours, int *gb, bool hw)
{
	struct bb p[PLANES], all = bb_zero();

	planes_decode(code, p);
	if (colours) {
		*colours = 0;
		*gb = 0;
	}
	for (int k = 0; k < PLANES - 1; k++) {
		struct bb pk = bb_and(p[k], occ);
		if (bb_empty(bb_and(pk, moved)))
			continue;
		struct bb g = groups_of(pk, pop, hw);
		if (bb_empty(g))
			continue;
		all = bb_or(all, g);
		if (colours) {
			++*colours;
			*gb += bonus_of(g, bb_count(g, hw), pop, hw);
		}
	}
	return all;
}

/*
 * The chain of the planes code to its end, under pop size pop (a constant
 * 4 inlines the loop-free search), vis the rows that pop, ojama whether
 * the field may hold ojama.  The planes become the final field.  full:
 * fills the totals of *res but final; else only counts.  path: the
 * instructions (PATH_*).  Returns the number of chains.
 */
static ALWAYS_INLINE int run_chain(struct bb code[3], struct bb vis, int pop, bool ojama,
				   struct puyo_result *res, bool full, int path)
{
	const bool pext = path == PATH_BMI2, hw = path != PATH_PORTABLE;
	static const int colour_bonus[PUYO_COLOURS + 1] = { 0, 0, 3, 6, 12, 24 };
	int chains = 0, popped = 0, cleared = 0;
	long long score = 0;
	struct bb moved = bb_make(~UINT64_C(0), ~UINT64_C(0));

	for (;;) {
		struct bb any = bb_or(bb_or(code[0], code[1]), code[2]), oj = bb_zero(), g;
		int n = 0, colours = 0, gb = 0;

		if (ojama)
			oj = bb_and(bb_and(code[0], code[1]), code[2]);
		struct bb occ = bb_and(ojama ? bb_andnot(any, oj) : any, vis);
		if (pop == 4) {
			g = pop4(code, occ);
			if (bb_empty(g))
				break;
			if (full) {
				n = bb_count(g, hw);
				if (n < 8) {   /* one group */
					colours = 1;
					gb = puyo_group_bonus(n);
				} else {
					colour_terms(code, g, &colours, &gb, hw);
				}
			}
		} else {
			g = pop_any(code, occ, moved, pop, full ? &colours : NULL, &gb, hw);
			if (bb_empty(g))
				break;
			if (full)
				n = bb_count(g, hw);
		}
		chains++;
		struct bb removed = g;
		if (ojama) {
			struct bb oc = bb_and(bb_and(bb_grow(g), oj), vis);
			removed = bb_or(g, oc);
			if (full)
				cleared += bb_count(oc, hw);
		}
		fall(code, any, removed, pext);
		if (pop != 4)
			moved = bb_above(removed);
		if (full) {
			int cp = chains <= 3 ? 8 * (chains - 1) : chains == 4 ? 32 : 64 + 32 * (chains - 5);
			int mult = cp + colour_bonus[colours] + gb;
			mult = mult < 1 ? 1 : mult > 999 ? 999 : mult;
			popped += n;
			score += 10 * n * mult;
		}
	}
	if (full) {
		res->chains = chains;
		res->popped = popped;
		res->score = score;
		res->ojama_sent = score / 70;   /* what each step sends, the remainder carried, adds up to this */
		res->ojama_cleared = cleared;
		res->all_clear = chains > 0 && bb_empty(bb_or(bb_or(code[0], code[1]), code[2]));
	}
	return chains;
}

/*
 * run_chain on the planes in words (struct puyo_bits's form), pop size 4,
 * the rules' default, made a constant.
 */
static ALWAYS_INLINE int run_words(uint64_t w[3][2], const uint64_t vis[2], int pop, bool ojama,
				   struct puyo_result *res, bool full, int path)
{
	struct bb code[3];
	int n;

	for (int j = 0; j < 3; j++)
		code[j] = bb_make(w[j][0], w[j][1]);
	if (pop == 4)
		n = run_chain(code, bb_make(vis[0], vis[1]), 4, ojama, res, full, path);
	else
		n = run_chain(code, bb_make(vis[0], vis[1]), pop, ojama, res, full, path);
	for (int j = 0; j < 3; j++) {
		w[j][0] = bb_word(code[j], 0);
		w[j][1] = bb_word(code[j], 1);
	}
	return n;
}

/*
 * The chain of struct puyo_bits's words on each path, the whole chain
 * (NAME_run) or its count (NAME_count), each compiled for its
 * instructions and apart from the other (one function holding both loops
 * spilled registers in the count's).
 */
#define RUN_ON(target, name, path)                                                            \
	target static void name##_run(uint64_t w[3][2], const uint64_t vis[2], int pop,       \
				      bool ojama, struct puyo_result *res)                     \
	{                                                                                     \
		run_words(w, vis, pop, ojama, res, true, path);                                \
	}                                                                                     \
	target static int name##_count(uint64_t w[3][2], const uint64_t vis[2], int pop,      \
				       bool ojama)                                             \
	{                                                                                     \
		return run_words(w, vis, pop, ojama, NULL, false, path);                       \
	}

RUN_ON(, words_portable, PATH_PORTABLE)
#if HAVE_BMI2_PATH
RUN_ON(__attribute__((target("popcnt"))), words_popcnt, PATH_POPCNT)
RUN_ON(__attribute__((target("bmi2,popcnt"))), words_bmi2, PATH_BMI2)
#endif

/* The field may hold ojama: the planes have a cell of code 7. */
static ALWAYS_INLINE bool has_ojama(const struct bb code[3])
{
	return !bb_empty(bb_and(bb_and(code[0], code[1]), code[2]));
}

#if HAVE_BMI2_PATH
/*
 * What the CPU has of POPCNT and BMI2, asked the first time an engine is
 * chosen and kept (the one mutable global of the library: a fact of the
 * machine, the same whoever asks first).  __builtin_cpu_supports would
 * have libgcc ask before main, at every start of the tool, with CPUID,
 * which traps in a virtual machine.
 */
enum { CPU_KNOWN = 1, CPU_POPCNT = 2, CPU_BMI2 = 4 };

static int cpu_features(void)
{
	static _Atomic int known;   /* 0: not asked yet; else CPU_KNOWN and what it has */
	int k = atomic_load_explicit(&known, memory_order_relaxed);

	if (!k) {
		unsigned a, b, c, d;
		k = CPU_KNOWN;
		if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_POPCNT))
			k |= CPU_POPCNT;
		if (__get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_BMI2))
			k |= CPU_BMI2;
		atomic_store_explicit(&known, k, memory_order_relaxed);
	}
	return k;
}

static bool cpu_has_bmi2(void)
{
	return (cpu_features() & (CPU_POPCNT | CPU_BMI2)) == (CPU_POPCNT | CPU_BMI2);
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

/* The path engine (resolved) runs on, on this CPU. */
static int path_of(enum puyo_engine engine)
{
#if HAVE_BMI2_PATH
	if (engine == PUYO_ENGINE_BMI2)
		return PATH_BMI2;
#ifndef PUYO_NO_POPCNT
	if (cpu_features() & CPU_POPCNT)
		return PATH_POPCNT;
#endif
#endif
	(void)engine;
	return PATH_PORTABLE;
}

/* The chain of the words w on path: the whole (res), or the count (res NULL). */
static int run_path(int path, uint64_t w[3][2], const uint64_t vis[2], int pop, bool ojama,
		    struct puyo_result *res)
{
#if HAVE_BMI2_PATH
	if (path == PATH_BMI2) {
		if (!res)
			return words_bmi2_count(w, vis, pop, ojama);
		words_bmi2_run(w, vis, pop, ojama, res);
		return res->chains;
	}
	if (path == PATH_POPCNT) {
		if (!res)
			return words_popcnt_count(w, vis, pop, ojama);
		words_popcnt_run(w, vis, pop, ojama, res);
		return res->chains;
	}
#endif
	(void)path;
	if (!res)
		return words_portable_count(w, vis, pop, ojama);
	words_portable_run(w, vis, pop, ojama, res);
	return res->chains;
}

/*
 * ---- The field as bitboards across calls (struct puyo_bits) ----
 * The planes kept in the caller's struct, as words: the conversions of
 * a field to planes and back are paid at puyo_bits_load and
 * puyo_bits_store only.
 */
#if HAVE_BMI2_PATH
__attribute__((target("bmi2,popcnt"))) static void load_bmi2(struct board *bd,
							      const struct puyo_field *f,
							      const struct puyo_rules *rules)
{
	board_load_bmi2(bd, f, rules);
}

__attribute__((target("bmi2,popcnt"))) static void store_bmi2(const struct board *bd,
							       struct puyo_field *f)
{
	board_store_bmi2(bd, f);
}
#endif

void puyo_bits_load_engine(struct puyo_bits *b, const struct puyo_field *f,
			   const struct puyo_rules *rules, enum puyo_engine engine)
{
	struct board bd;

	assert(rules->pop >= 1);
	engine = puyo_engine_resolve(engine);
	assert(puyo_engine_available(engine));
	b->path = path_of(engine);
#if HAVE_BMI2_PATH
	if (b->path == PATH_BMI2)
		load_bmi2(&bd, f, rules);
	else
		board_load_sse2(&bd, f, rules);
#else
	board_load_sse2(&bd, f, rules);
#endif
	for (int j = 0; j < 3; j++)
		for (int i = 0; i < 2; i++)
			b->code[j][i] = bb_word(bd.code[j], i);
	for (int i = 0; i < 2; i++)
		b->visible[i] = bb_word(bd.visible, i);
	b->rows = rules->rows;
	b->pop = rules->pop;
	b->ojama = has_ojama(bd.code);
}

void puyo_bits_store(const struct puyo_bits *b, struct puyo_field *f)
{
	struct board bd;

	for (int j = 0; j < 3; j++)
		bd.code[j] = bb_make(b->code[j][0], b->code[j][1]);
	f->rows = b->rows;
#if HAVE_BMI2_PATH
	if (b->path == PATH_BMI2) {
		store_bmi2(&bd, f);
		return;
	}
#endif
	board_store_sse2(&bd, f);
}

void puyo_bits_simulate(struct puyo_bits *b, struct puyo_result *res)
{
	run_path(b->path, b->code, b->visible, b->pop, b->ojama, res);
}

int puyo_bits_chains(struct puyo_bits *b)
{
	return run_path(b->path, b->code, b->visible, b->pop, b->ojama, NULL);
}

void puyo_chain_run_engine(const struct puyo_field *f, const struct puyo_rules *rules,
			   enum puyo_engine engine, struct puyo_result *res)
{
	struct puyo_bits b;

	puyo_bits_load_engine(&b, f, rules, engine);
	puyo_bits_simulate(&b, res);
	puyo_bits_store(&b, &res->final);
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
