#include "boardlab/rng.h"

#include <assert.h>

uint64_t bl_mix64(uint64_t x)
{
	x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
	return x ^ (x >> 31);
}

void bl_rng_init(struct bl_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++) {
		x += UINT64_C(0x9e3779b97f4a7c15);
		r->s[i] = bl_mix64(x);
	}
	/* splitmix64 is a bijection of distinct inputs: four zeros cannot occur. */
	assert(r->s[0] | r->s[1] | r->s[2] | r->s[3]);
}

void bl_rng_init_stream(struct bl_rng *r, uint64_t seed, uint64_t index)
{
	/* Mixing the pair keeps neighbouring (seed, index) streams unrelated. */
	bl_rng_init(r, bl_mix64(seed ^ bl_mix64(index + UINT64_C(0x632be59bd9b4e019))));
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t bl_rng_next(struct bl_rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

/* 64x64 -> 128 multiply, high and low halves, without relying on __int128. */
static uint64_t mul_hi_lo(uint64_t a, uint64_t b, uint64_t *lo)
{
	uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffffu, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
	*lo = (mid << 32) | (p00 & 0xffffffffu);
	return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

uint64_t bl_rng_below(struct bl_rng *r, uint64_t n)
{
	assert(n > 0);
	uint64_t lo;
	uint64_t hi = mul_hi_lo(bl_rng_next(r), n, &lo);
	if (lo < n) {
		uint64_t threshold = (0 - n) % n;
		while (lo < threshold)
			hi = mul_hi_lo(bl_rng_next(r), n, &lo);
	}
	return hi;
}

int64_t bl_rng_range(struct bl_rng *r, int64_t lo, int64_t hi)
{
	assert(lo <= hi);
	uint64_t span = (uint64_t)hi - (uint64_t)lo;
	if (span == UINT64_MAX)
		return (int64_t)bl_rng_next(r);
	return (int64_t)((uint64_t)lo + bl_rng_below(r, span + 1));
}

double bl_rng_double(struct bl_rng *r)
{
	return (double)(bl_rng_next(r) >> 11) * 0x1.0p-53;
}

int64_t bl_rng_wnext(struct bl_rng *r, int64_t lo, int64_t hi, int t)
{
	int64_t v = bl_rng_range(r, lo, hi);

	for (int k = 0; k < (t < 0 ? -t : t); k++) {
		int64_t w = bl_rng_range(r, lo, hi);
		v = (t > 0) == (w > v) ? w : v;
	}
	return v;
}

int bl_rng_pick(struct bl_rng *r, const unsigned *w, int n)
{
	uint64_t total = 0, x;
	int k = 0;

	for (int i = 0; i < n; i++)
		total += w[i];
	x = bl_rng_below(r, total);
	while (x >= w[k])
		x -= w[k++];
	return k;
}
