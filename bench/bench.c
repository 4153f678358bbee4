/*
* bench: what every game's `bench` verb shares: a monotonic clock and one
 * table layout, so that `make bench` prints the four games' figures alike.
 */
#include "bench.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void bench_head(struct bl_buf *out, const char *title)
{
	bl_buf_printf(out, "%s\n%-44s %14s %14s %9s  %s\n", title, "workload", "boardlab",
		      "reference", "ratio", "unit");
}

void bench_row(struct bl_buf *out, const char *what, const char *unit, double ours,
		   double ref, bool higher_better)
{
	bl_buf_printf(out, "%-44s %14.4g ", what, ours);
	if (ref > 0 && ours > 0)
		bl_buf_printf(out, "%14.4g %8.1fx  %s\n", ref,
			      higher_better ? ours / ref : ref / ours, unit);
	else
		bl_buf_printf(out, "%14s %9s  %s\n", "-", "-", unit);
}

void bench_note(struct bl_buf *out, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	bl_buf_printf(out, "  %s\n", line);
}
