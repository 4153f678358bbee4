/*
 * yut's benchmark workloads (bench/yut.c), which `boardlab yut bench` runs:
 * judge instances against the plain backtracking of bench/ref/yut_ref.c,
 * larger games and expectations timed alone.
 */
#ifndef BOARDLAB_BENCH_YUT_H
#define BOARDLAB_BENCH_YUT_H

#include <stdbool.h>

#include "boardlab/boardlab.h"

/*
 * Runs the workloads (small ones with quick) and appends the table to out.
 * A disagreement with the reference is BL_ERR_INTERNAL; a search's error
 * is passed on; BL_ERR_NOMEM.  The rows before a failure stay in out.
 */
enum bl_code yut_bench(struct bl_buf *out, bool quick, struct bl_err *err);

#endif
