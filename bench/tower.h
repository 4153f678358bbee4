/*
 * tower's benchmark workloads (bench/tower.c), run by `boardlab tower
 * bench`: judge-size games in a batch, one large board, one cycling game
 * with a limit of 10^18, each against the plain reference of
 * bench/ref/tower_ref.c where it can be.
 */
#ifndef BOARDLAB_BENCH_TOWER_H
#define BOARDLAB_BENCH_TOWER_H

#include <stdbool.h>

#include "boardlab/boardlab.h"

/*
 * Runs the workloads (small ones with quick) and appends their table to
 * out.  A disagreement with the reference, or a workload that cannot run,
 * is BL_ERR_INTERNAL (or BL_ERR_NOMEM) with the reason in err; the table
 * then stops at the rows before it.
 */
enum bl_code tower_bench(bool quick, struct bl_buf *out, struct bl_err *err);

#endif
