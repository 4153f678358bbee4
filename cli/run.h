/*
 * run: running a user's program, CMD (stress's solution under test).  Each run is a
 * child in its own process group, standard input from a file in the
 * temporary folder, standard output and error read through pipes
 * (capped); a run over its time limit has its whole group killed, and so
 * has every run that ends; on Linux the runner is the runs' subreaper and
 * kills what escaped the group too, so no process is left behind.  A stop
 * signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE) stops every run.
 */
#ifndef BOARDLAB_RUN_H
#define BOARDLAB_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli.h"

#define MAX_JOBS 64
#define OUT_CAP ((size_t)1 << 20)     /* a run's standard output beyond this is a PE */
#define ERR_KEEP 4096                 /* the bytes of a run's standard error kept */

/* One run of CMD: its input, what it printed, how it ended. */
struct job {
	pid_t pid;            /* 0: the slot is free */
	int fd[2];            /* read ends of the run's stdout and stderr; -1 once closed */
	struct bl_buf out, err;
	size_t out_more, err_more;   /* bytes read but not kept (after the cap) */
	bool cut;             /* stdout passed OUT_CAP: the run was killed */
	bool timed_out;
	int wstatus;
	uint64_t deadline;
	int64_t instance;
	struct bl_buf input, expected;
	char path[64];        /* the input file, relative to the temporary folder */
};

/* The runs of CMD and what they share. */
struct runner {
	char **cmd;           /* CMD and its arguments, NULL-terminated */
	int64_t timeout_ms;   /* a run's time limit */
	int64_t jobs;         /* the slots of job[] in use, 1 to MAX_JOBS */
	char tmp[4096];       /* the temporary folder */
	bool subreaper;       /* orphans of the runs become stress's children */
	pid_t *pre;           /* stress's children before it ran anything: not touched */
	size_t npre;
	struct job job[MAX_JOBS];
};

/* The signal handlers the runner replaced, and its wake-up pipe. */
#define RUNNER_NSTOP 4
struct runner_signals {
	struct sigaction old[RUNNER_NSTOP], old_chld;
	int pipe[2];
};

/* The path of file name in the temporary folder into dst. */
void runner_path(const struct runner *rn, const char *name, char *dst, size_t cap);

/* Writes b into the file path (made or emptied); false with errno on failure. */
bool runner_write_file(const char *path, const struct bl_buf *b);

/*
 * Starts CMD on j->input (written to j->path first).  Returns 0, or the
 * errno of a CMD that could not be executed (the child is then reaped).
 */
int runner_start(struct runner *rn, struct job *j);

/*
 * The run of j is over (exited, or to be killed): kills what is left of its
 * process group, reaps it, takes the rest of its output, and kills what
 * escaped the group.
 */
void runner_end(struct runner *rn, struct job *j);

/*
 * Waits until a running job ends; returns it.  On a stop signal every run
 * is killed and the result is NULL.
 */
struct job *runner_wait(struct runner *rn);

/*
 * Catches SIGCHLD and the stop signals into the wake-up pipe, and makes
 * stress the subreaper of its runs where it can (Linux).  CLI_OK, or
 * CLI_FAIL (printed) without a pipe.  Undone by runner_restore, which
 * first kills and reaps what the runs left.
 */
int runner_catch(struct runner *rn, struct runner_signals *sig);
void runner_restore(struct runner *rn, struct runner_signals *sig);

/* The stop signal that came since runner_catch, or 0. */
int runner_stop_signal(void);

#endif
