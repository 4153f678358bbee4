/*
 * run: running a user's program, CMD, as a judge does: for stress (the
 * solution under test) and judge.  Each run is a child in its own process
 * group, standard input from a file in the temporary folder, standard
 * output and error read through pipes.  Every run is measured (CPU time and
 * peak memory from the kernel, wall time) and held to the runner's limits:
 * CPU time, a wall-clock backstop, output and memory.  A run that ends or is
 * stopped has its whole group killed; on Linux the runner is the runs'
 * subreaper and kills what escaped the group too, so no process is left
 * behind.  A stop signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE) stops every run.
 * The judge's and stress's runs go through one loop over it (sched_run).
 */
#ifndef BOARDLAB_RUN_H
#define BOARDLAB_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "cli.h"

#define RUN_MAX_JOBS 64
#define RUN_ERR_KEEP 4096             /* the bytes of a run's standard error kept */

/* The limits of every run of a runner; 0 is no limit. */
struct run_limits {
	int64_t cpu_ms;       /* CPU time, user + system: the run is stopped just past it */
	int64_t wall_ms;      /* the wall-clock backstop: the run's group is killed at it */
	size_t out_cap;       /* standard output kept; a run that passes it is stopped (OLE) */
	uint64_t mem_bytes;   /* peak resident memory; how it is enforced: runner_mem_name */
};

/* How the memory limit is held (runner_catch chooses; runner_mem_name names it). */
enum run_mem {
	RUN_MEM_OFF,          /* no limit */
	RUN_MEM_AFTER,        /* decided on the peak after the run; nothing stops it */
	RUN_MEM_POLL,         /* the run's resident memory read from /proc every few ms */
	RUN_MEM_CGROUP,       /* cgroup v2 memory.max: the kernel stops it */
};

/*
 * One run of CMD: its input, what it printed, how it ended.  The caller
 * sets input (and path, by runner_open); runner_start resets the rest,
 * runner_end fills it.
 */
struct job {
	struct bl_buf input;
	const char *input_file;   /* NULL: input is written to path first; else the run reads
	                             this file as it is (read at runner_start only) */
	char path[64];        /* the input file, relative to the temporary folder */
	int64_t instance;     /* the caller's: which instance or test */
	struct bl_buf expected;   /* the caller's: its expected output */

	struct bl_buf out, err;
	size_t out_more, err_more;   /* bytes read but not kept (past the caps) */
	int wstatus;          /* from wait4 */
	int64_t cpu_ms;       /* user + system CPU time of the run's process and its waited-for children */
	int64_t wall_ms;      /* from its start until the runner saw its end */
	uint64_t peak_rss;    /* bytes: the kernel's peak (ru_maxrss), or the most polled */
	bool cpu_over;        /* CPU time over the limit (stopped, SIGXCPU, or it ended over it) */
	bool wall_over;       /* stopped by the wall-clock backstop */
	bool out_over;        /* standard output passed the cap: stopped (OLE) */
	bool mem_over;        /* peak memory over the limit (stopped, or it ended over it) */

	pid_t pid;            /* 0: the slot is free */
	int fd[2];            /* read ends of the run's stdout and stderr; -1 once closed */
	uint64_t start_ns, check_ns;   /* its start, and when to read its usage next */
	int64_t seen_cpu_ms;  /* the most CPU time /proc showed for its processes */
	uint64_t oom_base;    /* cgroup v2: memory.events' oom_kill count at its start */
};

/* The runs of CMD and what they share. */
struct runner {
	char *const *cmd;     /* CMD and its arguments, NULL-terminated, not owned */
	struct run_limits lim;
	int64_t jobs;         /* the slots of job[] in use, 1 to RUN_MAX_JOBS */
	char tmp[4096];       /* the temporary folder, "" before runner_open */
	bool subreaper;       /* orphans of the runs become the runner's children */
	pid_t *pre;           /* the runner's children before it ran anything: not touched */
	size_t npre;
	enum run_mem mem;
	char cgroup[512];     /* RUN_MEM_CGROUP: the folder the runs' cgroups are made in */
	char cgroup_self[560];   /* the leaf boardlab moved itself into, "" if none */
	bool cgroup_enabled;  /* boardlab enabled memory in cgroup's subtree_control */
	struct job job[RUN_MAX_JOBS];
};

/* The signal handlers the runner replaced, and its wake-up pipe. */
#define RUNNER_NSTOP 4
struct runner_signals {
	struct sigaction old[RUNNER_NSTOP], old_chld;
	int pipe[2];
};

/*
 * Empties rn for CMD cmd: no limits, one job, every slot free.  Then set
 * rn->lim and rn->jobs, and call runner_open.
 */
void runner_init(struct runner *rn, char *const *cmd);

/*
 * Makes the temporary folder (mkdtemp in $TMPDIR, else /tmp) and names the
 * jobs' input files in it.  CLI_OK, or CLI_FAIL (printed).
 */
int runner_open(struct runner *rn);

/*
 * Frees the jobs' buffers and rn->pre, removes the jobs' input files and
 * the temporary folder (if nothing else is left in it).  rn may be only
 * runner_init'ed.
 */
void runner_release(struct runner *rn);

/* A monotonic clock in nanoseconds: the runs' and stress's shrinking budget. */
uint64_t runner_now_ns(void);

/* The path of file name in the temporary folder into dst. */
void runner_path(const struct runner *rn, const char *name, char *dst, size_t cap);

/*
 * Writes data[0..len) into the file path (made or emptied): a run's input,
 * stress's saved files, the judge's staged inputs and --export; false with
 * errno on failure.
 */
bool runner_write_file(const char *path, const char *data, size_t len);

/*
 * Starts CMD on j->input (written to j->path first).  Returns 0, or the
 * errno of a CMD that could not be executed (the child is then reaped).
 */
int runner_start(struct runner *rn, struct job *j);

/*
 * The run of j is over (exited, or to be stopped; nothing when it ended
 * already, as runner_wait's jobs have): kills what is left of
 * its process group, reaps it (its measurements and flags are final), takes
 * the rest of its output, and kills what escaped the group.
 */
void runner_end(struct runner *rn, struct job *j);

/*
 * Waits until a running job ends (or is stopped by a limit); returns it,
 * measured.  On a stop signal every run is killed and the result is NULL.
 */
struct job *runner_wait(struct runner *rn);

/*
 * Runs j alone, as a judge times a test: starts it and waits for its end.
 * No other job may be running.  Returns 0, the errno of a CMD that could
 * not be executed, or EINTR on a stop signal (the run is killed).
 */
int run_one(struct runner *rn, struct job *j);

/*
 * Catches SIGCHLD and the stop signals into the wake-up pipe, makes the
 * runner the subreaper of its runs where it can (Linux), and chooses how
 * the memory limit is held (rn->mem; with a limit, cgroup v2 where the
 * memory controller is there for boardlab to use, else /proc polling):
 * so rn->lim and rn->jobs are set before.  One runner catches at a time.
 * CLI_OK, or CLI_FAIL (printed) without a pipe.  Undone by runner_restore,
 * which first kills and reaps what the runs left (call it before
 * runner_release).
 */
int runner_catch(struct runner *rn, struct runner_signals *sig);
void runner_restore(struct runner *rn, struct runner_signals *sig);

/*
 * How the memory limit is held, for reports: "cgroup v2", "rss polling",
 * "peak after the run" (no /proc: nothing stops a run) or "no limit".
 */
const char *runner_mem_name(const struct runner *rn);

/*
 * What was measured of j's finished run, as the library judges it
 * (boardlab/judge.h): its times, peak, how it ended, the flags and its
 * output (f->out points into j->out).
 */
void run_facts(const struct job *j, struct bl_judge_run *f);

/* The stop signal that came since runner_catch, or 0. */
int runner_stop_signal(void);

/*
 * The runs of the judge and stress, one loop for both (sched.c).  Items
 * (the judge's tests, stress's instances) start in the free slots while
 * the caller sets one up; each finished run is the caller's to judge; a
 * near miss beside other runs (close to the time limit: the others may
 * have starved it of a processor) runs again alone once they are over, the
 * lowest item first, and that run counts.
 */
enum sched_end {
	SCHED_COUNTS,      /* the run counts as it ended */
	SCHED_MAY_AGAIN,   /* it ran beside others: a near miss may go again (SCHED_AGAIN) */
	SCHED_ALONE,       /* a near miss run again alone: it counts */
};

#define SCHED_AGAIN (-1)   /* ended's answer to SCHED_MAY_AGAIN: run it again alone */
#define SCHED_NONE (-2)    /* start's answer: the item does not start */

struct sched {
	struct runner *rn;    /* opened, its signals caught (runner_catch) */
	void *ctx;            /* the caller's, passed to each function below */
	int64_t first;        /* the first item; the next ones count up from it */
	int64_t again_max;    /* the near misses kept to run again; past them, SCHED_COUNTS */
	/*
	 * Sets job j up for item i (j->input, or j->input_file), a new one
	 * beside others or one alone (a near miss, or sched_one's): CLI_OK,
	 * the error (said), or SCHED_NONE when i does not start (a near miss
	 * then counts as it first ended, the caller's to count).
	 */
	int (*start)(void *ctx, struct job *j, int64_t i, bool alone);
	void (*started)(void *ctx, int64_t i);   /* i started beside others; NULL: nothing */
	/* The run of item j->instance ended, measured: CLI_OK, SCHED_AGAIN or the error (said). */
	int (*ended)(void *ctx, struct job *j, enum sched_end how);
};

/*
 * Runs the items, rn->jobs at a time, then the near misses again alone.
 * CLI_OK, a callback's error, or CLI_FAIL when CMD cannot be executed
 * (said) or on a stop signal (runner_stop_signal says).  No run is left
 * running.  sched_one: item i alone in job 0 to its end, ended not called.
 */
int sched_run(const struct sched *sc);
int sched_one(const struct sched *sc, int64_t i);

/* The progress line of the runs on standard error, when it is a terminal. */
struct sched_progress {
	bool on;              /* standard error is a terminal */
	char what[64];        /* "judge 17837", "stress tower" */
	const char *unit;     /* "tests", "runs" */
	uint64_t t0, drawn_ns;   /* the first run's start; when the line was drawn (0: cleared) */
};

/*
 * Draws bl_judge_progress's line of done runs of total, failed of them (or
 * line as it is) now, or when none was drawn in the last 100 ms; clear
 * takes a line drawn away, before other lines.
 */
void sched_progress(struct sched_progress *p, int64_t done, int64_t total, int64_t failed,
		    bool now);
void sched_progress_line(struct sched_progress *p, const char *line, bool now);
void sched_progress_clear(struct sched_progress *p);

#endif
