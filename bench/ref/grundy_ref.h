/*
 * grundy_ref: the plain reference the grundy tests compare the engine with,
 * written apart from lib/grundy.c.  Grundy tables by brute force, straight
 * from the statement's move lists, on the GRUNDY_REF_W square; beyond it,
 * formulas of its own, which the tests check against its tables first.  It
 * parses the judge's text with strtoll, trusting it to be valid.
 */
#ifndef GRUNDY_REF_H
#define GRUNDY_REF_H

#include <stddef.h>

#define GRUNDY_REF_W 256
#define GRUNDY_REF_PIECES "RBKNP"

struct grundy_ref {
	int *table[5];   /* by the letter's place in GRUNDY_REF_PIECES: [x * W + y] */
};

/* Fills the five tables; 0 on success, -1 when out of memory. */
int grundy_ref_init(struct grundy_ref *ref);
void grundy_ref_release(struct grundy_ref *ref);

/* The brute-force value of piece ('R'...) at (x, y), both below GRUNDY_REF_W. */
int grundy_ref_table(const struct grundy_ref *ref, char piece, int x, int y);

/* The reference's own formula for the value of piece at (x, y), 0 <= x, y <= 10^18. */
long long grundy_ref_formula(char piece, long long x, long long y);

/* The table inside the window, the formula outside it. */
long long grundy_ref_value(const struct grundy_ref *ref, char piece, long long x, long long y);

/*
 * Solves one instance of judge text: N, then N lines "x y c", or "x y" with
 * every piece `only` when only is not 0.  1 when the first player (koosaga)
 * wins, 0 when not, -1 when the text cannot be read.  *by_table, if not
 * NULL, receives how many pieces lay inside the window.
 */
int grundy_ref_solve(const struct grundy_ref *ref, const char *text, char only, long *by_table);

/*
 * The bench's baseline reader: fscanf("%lld %lld %c") over the text (through
 * fmemopen), N then N lines "x y c".  Returns the xor of the values by the
 * reference's formulas, or -1 when the text cannot be read; *count gets N.
 */
long long grundy_ref_scan(const char *text, size_t len, long *count);

#endif
