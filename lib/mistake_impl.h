/*
 * mistake_impl: internal to lib/mistake.c, not an interface: the stored
 * witnesses, which lib/witness_table.c holds (written by `make witnesses`).
 */
#ifndef BOARDLAB_MISTAKE_IMPL_H
#define BOARDLAB_MISTAKE_IMPL_H

#include "boardlab/mistake.h"

/* Every stored witness, ended by a row whose problem is NULL. */
extern const struct bl_witness bl_witness_table[];

#endif
