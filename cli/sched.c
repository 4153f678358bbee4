/*
 * sched: the runs of the judge and stress over the runner, and their
 * progress line (run.h).
 */
#include "run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A free slot of the runner, or NULL. */
static struct job *free_slot(struct runner *rn)
{
	for (int i = 0; i < rn->jobs; i++)
		if (rn->job[i].pid == 0)
			return &rn->job[i];
	return NULL;
}

/* Starts item i in job j: beside the others, or alone to its end.  As sc->start, or CLI_FAIL. */
static int start(const struct sched *sc, struct job *j, int64_t i, bool alone)
{
	int status, e;

	j->instance = i;
	if ((status = sc->start(sc->ctx, j, i, alone)) != CLI_OK)
		return status;
	e = alone ? run_one(sc->rn, j) : runner_start(sc->rn, j);
	j->input_file = NULL;
	if (e == EINTR && alone)
		return CLI_FAIL;   /* a stop signal */
	if (e != 0) {
		fprintf(stderr, "boardlab: error: cannot execute '%s': %s\n", sc->rn->cmd[0],
			strerror(e));
		return CLI_FAIL;
	}
	if (!alone && sc->started)
		sc->started(sc->ctx, i);
	return CLI_OK;
}

int sched_one(const struct sched *sc, int64_t i)
{
	return start(sc, &sc->rn->job[0], i, true);
}

int sched_run(const struct sched *sc)
{
	struct runner *rn = sc->rn;
	int64_t *again = malloc((size_t)(sc->again_max ? sc->again_max : 1) * sizeof *again);
	int64_t next = sc->first, nagain = 0;
	int running = 0, status = again ? CLI_OK : cli_fail(NULL, ENOMEM);
	struct job *j;

	while (status == CLI_OK) {
		while (status == CLI_OK && (j = free_slot(rn)) != NULL &&
		       (status = start(sc, j, next, false)) == CLI_OK) {
			next++;
			running++;
		}
		if (status == SCHED_NONE)
			status = CLI_OK;   /* no more new ones */
		if (status != CLI_OK || running == 0)
			break;
		if ((j = runner_wait(rn)) == NULL) {
			status = CLI_FAIL;   /* a stop signal: every run is over */
			break;
		}
		running--;
		bool may = rn->jobs > 1 && nagain < sc->again_max;
		status = sc->ended(sc->ctx, j, may ? SCHED_MAY_AGAIN : SCHED_COUNTS);
		if (status == SCHED_AGAIN) {
			int64_t k = nagain++;   /* kept in order: the lowest runs again first */
			for (; k > 0 && again[k - 1] > j->instance; k--)
				again[k] = again[k - 1];
			again[k] = j->instance;
			status = CLI_OK;
		}
	}
	/* On an error, the runs under way are stopped. */
	for (int i = 0; i < rn->jobs; i++)
		if (rn->job[i].pid > 0)
			runner_end(rn, &rn->job[i]);
	for (int64_t k = 0; k < nagain && status == CLI_OK; k++)
		if ((status = start(sc, &rn->job[0], again[k], true)) == CLI_OK)
			status = sc->ended(sc->ctx, &rn->job[0], SCHED_ALONE);
		else if (status == SCHED_NONE)
			status = CLI_OK;   /* it counts as it first ended */
	free(again);
	return status;
}

void sched_progress_line(struct sched_progress *p, const char *line, bool now)
{
	uint64_t t = runner_now_ns();

	if (!p->on || !line || (!now && t - p->drawn_ns < 100000000u))
		return;
	p->drawn_ns = t;
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
}

void sched_progress(struct sched_progress *p, int64_t done, int64_t total, int64_t failed,
		    bool now)
{
	struct bl_buf line;

	if (!p->on)
		return;
	bl_buf_init(&line);
	bl_judge_progress(p->what, p->unit, done, total, failed, runner_now_ns() - p->t0, &line);
	sched_progress_line(p, line.data, now);
	bl_buf_release(&line);
}

void sched_progress_clear(struct sched_progress *p)
{
	if (p->on && p->drawn_ns) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		p->drawn_ns = 0;
	}
}
