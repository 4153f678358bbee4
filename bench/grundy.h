/*
 * grundy's benchmark workloads (bench/grundy.c), which `boardlab grundy
 * bench` runs: the reader on 10^7 judge pieces against a scanf reader
 * (bench/ref/grundy_ref.c), and the rook's and palace's tables, each
 * checked against the reference's formulas.
 */
#ifndef BOARDLAB_BENCH_GRUNDY_H
#define BOARDLAB_BENCH_GRUNDY_H

#include <stdbool.h>

#include "boardlab/boardlab.h"

/*
 * Runs the workloads (small ones with quick) and appends the table to out.
 * A disagreement with the reference is BL_ERR_INTERNAL; a table's error
 * is passed on; BL_ERR_NOMEM.  The rows before a failure stay in out.
 */
enum bl_code grundy_bench(struct bl_buf *out, bool quick, struct bl_err *err);

#endif
