/*
 * Random puyo fields for the differential tests (t-puyo-bits,
 * t-puyo-bits-diff): fields as the one-line text of their cells, row 0
 * the top line, which both the library's parser and the plain BFS of
 * bench/ref/puyo_ref.c read.
 */
#ifndef BOARDLAB_TESTS_PUYO_FIELDS_H
#define BOARDLAB_TESTS_PUYO_FIELDS_H

#include <stdbool.h>

#include "boardlab/boardlab.h"

/*
 * Rules and a field drawn from rng: Tsu or BOJ, now and then 14 rows or
 * another pop size; the field settled, its heights from a profile (any,
 * nearly full, a few puyos for all clears, full to the visible rows as the
 * benchmark's, tall), cells copying the one below or to the left often
 * enough to chain, ojama under Tsu.  g (PUYO_CELLS_MAX + 1 bytes) gets the
 * rules' rows of cells and a NUL.
 */
void tp_random_instance(struct bl_rng *rng, struct puyo_rules *rules, char *g);

/* Parses the cells g under rules into *f (any limits); false when they are not a field. */
bool tp_parse_cells(const char *g, const struct puyo_rules *rules, struct puyo_field *f);

/* The cells of f as tp_random_instance writes them, NUL-terminated. */
void tp_field_cells(const struct puyo_field *f, char *dst);

#endif
