/*
 * grundy_variant: the values and their combination as a solution with one
 * known mistake computes them (enum grundy_mistake), for the diagnosis of
 * wrong solutions: the wrong closed forms, the palace's table under the
 * write-up's slip "x > 1, y > 1" (or that slip in the closed form), the
 * XOR's brackets left out, and the sum for the XOR.  grundy_stones
 * (lib/grundy_input.c) reads the pieces; the closed forms of the rules
 * are lib/grundy_piece.c's.
 */
#include "grundy_impl.h"

#include <stdlib.h>
#include <string.h>

void grundy_variant_init(struct grundy_variant *v, enum grundy_mistake m)
{
	memset(v, 0, sizeof *v);
	v->m = m;
}

void grundy_variant_release(struct grundy_variant *v)
{
	if (v)
		free(v->table);
}

/*
 * The palace with its diagonal only from x > 1 and y > 1, by brute force
 * on (w + 1) x (h + 1) cells: each value is the mex of its row and column
 * so far (bitsets) and the diagonal's cell.  No value passes w + h + 1.
 */
enum bl_code grundy_variant_table(struct grundy_variant *v, uint64_t w, uint64_t h,
				  struct bl_err *err)
{
	if (w >= GRUNDY_MISTAKE_TABLE_MAX || h >= GRUNDY_MISTAKE_TABLE_MAX)
		return bl_fail(err, BL_ERR_LIMIT, "the mistake palace-x1 is valued from a table: "
			       "coordinates below %d, not %llu", GRUNDY_MISTAKE_TABLE_MAX,
			       (unsigned long long)(w > h ? w : h));
	size_t cols = (size_t)h + 1, words = (size_t)(w + h + 2) / 64 + 1;
	uint64_t *row = calloc(words, sizeof *row), *col = calloc(cols * words, sizeof *col);
	free(v->table);
	v->table = malloc(((size_t)w + 1) * cols * sizeof *v->table);
	v->w = w;
	v->h = h;
	if (!row || !col || !v->table) {
		free(row);
		free(col);
		free(v->table);
		v->table = NULL;
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for a %llux%llu table",
			       (unsigned long long)w + 1, (unsigned long long)h + 1);
	}
	for (size_t x = 0; x <= w; x++) {
		memset(row, 0, words * sizeof *row);
		for (size_t y = 0; y < cols; y++) {
			uint64_t *c = col + y * words;
			size_t diag = x > 1 && y > 1 ? v->table[(x - 1) * cols + y - 1] : SIZE_MAX;
			size_t i = 0;
			uint64_t m;
			for (;; i++) {
				m = row[i] | c[i];
				if (diag / 64 == i)
					m |= UINT64_C(1) << (diag % 64);
				if (~m)
					break;
			}
			size_t val = 64 * i;
			while (m >> (val % 64) & 1)
				val++;
			v->table[x * cols + y] = (uint16_t)val;
			row[val / 64] |= UINT64_C(1) << (val % 64);
			c[val / 64] |= UINT64_C(1) << (val % 64);
		}
	}
	free(row);
	free(col);
	return BL_OK;
}

uint64_t grundy_variant_value(const struct grundy_variant *v, int piece, uint64_t x, uint64_t y)
{
	uint64_t lo = x < y ? x : y;

	switch (v->m) {
	case GRUNDY_MISTAKE_PALACE_X1:
		if (piece == GRUNDY_PALACE && v->table && x <= v->w && y <= v->h)
			return v->table[x * (v->h + 1) + y];
		break;
	case GRUNDY_MISTAKE_KNIGHT_WRONG:
		if (piece == GRUNDY_KNIGHT)
			return lo % 3;
		break;
	case GRUNDY_MISTAKE_KING_WRONG:
		if (piece == GRUNDY_KING)
			return (x & 1) == (y & 1) ? 2 * (x & 1) : 1;
		break;
	case GRUNDY_MISTAKE_FORMULA_NO_XOR:
		if (piece == GRUNDY_PALACE)
			return 3 * (x / 3 + y / 3) + (x % 3 + y % 3) % 3;
		break;
	case GRUNDY_MISTAKE_PALACE_X1_FORMULA:
		if (piece == GRUNDY_PALACE && (x <= 1 || y <= 1))
			return x ^ y;
		break;
	case GRUNDY_MISTAKE_XOR_PRECEDENCE:
		if (piece == GRUNDY_PALACE)
			return ((x % 3 + y % 3) % 3 + 3 * (x / 3)) ^ (y / 3);
		break;
	default:
		break;
	}
	return grundy_closed((enum grundy_piece_id)piece, x, y);
}

uint64_t grundy_variant_add(const struct grundy_variant *v, uint64_t acc, uint64_t value)
{
	if (v->m == GRUNDY_MISTAKE_SUM_NOT_XOR)
		return acc + value < acc ? UINT64_MAX : acc + value;
	return acc ^ value;
}

uint64_t grundy_variant_end(const struct grundy_variant *v, uint64_t acc)
{
	return v->m == GRUNDY_MISTAKE_NAMES_SWAPPED ? acc == 0 : acc;
}
