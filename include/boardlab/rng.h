/*
 * rng: the seeded random generator behind every random choice (gen, stress,
 * tests).  xoshiro256** with its state seeded through splitmix64, held in a
 * caller-owned struct: the same seed gives the same stream on every machine.
 */
#ifndef BOARDLAB_RNG_H
#define BOARDLAB_RNG_H

#include <stdint.h>

struct bl_rng {
	uint64_t s[4];   /* xoshiro256** state, never all zero */
};

/* Seeds *r from any 64-bit value (0 included) by running splitmix64. */
void bl_rng_init(struct bl_rng *r, uint64_t seed);

/*
 * Seeds *r for sub-stream `index` of run `seed`: instance i of a run can be
 * regenerated alone, without drawing instances 0..i-1 first.
 */
void bl_rng_init_stream(struct bl_rng *r, uint64_t seed, uint64_t index);

/* The next 64 random bits. */
uint64_t bl_rng_next(struct bl_rng *r);

/* A uniform integer in [0, n); n must be positive.  Unbiased (Lemire). */
uint64_t bl_rng_below(struct bl_rng *r, uint64_t n);

/* A uniform integer in [lo, hi]; lo <= hi. */
int64_t bl_rng_range(struct bl_rng *r, int64_t lo, int64_t hi);

/* A uniform double in [0, 1) with 53 random bits. */
double bl_rng_double(struct bl_rng *r);

/* splitmix64's output function: a strong 64-bit mixer, exposed for hashing. */
uint64_t bl_mix64(uint64_t x);

#endif
