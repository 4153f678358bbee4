/* lib/witness_table.c: written by `make witnesses` (build/tests/t-witness --write); do not edit. */
#include "mistake_impl.h"

const struct bl_witness bl_witness_table[] = {
	{ NULL, NULL, BL_WITNESS_NONE, 0, NULL },
};
