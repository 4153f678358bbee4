/*
 * bench/puyo: puyo's benchmark workloads (bench/puyo.c), run by the bench
 * verb of `boardlab puyo`.
 */
#ifndef BOARDLAB_BENCH_PUYO_H
#define BOARDLAB_BENCH_PUYO_H

#include <stdbool.h>

#include "boardlab/boardlab.h"

/*
 * Checks that every engine and the reference agree on the workloads, then
 * times them and appends the table to out (quick: small workloads, one
 * round).  Returns false, the reason in why ("out of memory", "bench: the
 * engines disagree: ..."), when they cannot be built or disagree.
 */
bool puyo_bench(bool quick, struct bl_buf *out, struct bl_buf *why);

#endif
