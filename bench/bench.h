/*
 * bench: what every game's benchmark shares (bench/bench.c): one table,
 * one row per figure, boardlab beside the plain reference of bench/ref/
 * measured in the same run, and the ratio in boardlab's favour, so that
 * `make bench` prints the four games' figures alike; and each game's
 * workloads (bench/GAME.c), which its `bench` verb runs.
 */
#ifndef BOARDLAB_BENCH_H
#define BOARDLAB_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "boardlab/boardlab.h"

/* A monotonic clock in nanoseconds. */
uint64_t bench_now_ns(void);

/* The title line and the column heads. */
void bench_head(struct bl_buf *out, const char *title);

/*
 * One figure: what was measured, its unit ("inst/s", "ns/chain", "s"),
 * boardlab's value and the reference's (ref <= 0: not measured, printed
 * "-", no ratio).  higher_better says which way the ratio goes: for rates
 * ours / ref, for times ref / ours.
 */
void bench_row(struct bl_buf *out, const char *what, const char *unit, double ours,
	       double ref, bool higher_better);

/* A note under the table, indented: how a figure was obtained. */
void bench_note(struct bl_buf *out, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/*
 * Each game's workloads (bench/GAME.c), which its `bench` verb runs: they
 * time boardlab against the reference (small workloads with quick) and
 * append the table to out.  A disagreement with the reference is
 * BL_ERR_INTERNAL with the reason in err; an engine's error is passed on;
 * BL_ERR_NOMEM.  The rows before a failure stay in out.
 */
enum bl_code tower_bench(struct bl_buf *out, bool quick, struct bl_err *err);
enum bl_code yut_bench(struct bl_buf *out, bool quick, struct bl_err *err);
enum bl_code grundy_bench(struct bl_buf *out, bool quick, struct bl_err *err);
enum bl_code puyo_bench(struct bl_buf *out, bool quick, struct bl_err *err);

#endif
