/*
 * The runner of cli/run.c measured against programs of known behaviour.
 * The test runs itself as them ("t-run hog MODE [ARG]"): a busy loop is
 * stopped near its CPU limit, a 200 MiB allocation shows in the peak
 * memory, a sleep costs next to no CPU time, endless output is stopped at
 * the cap, a 1 GiB allocation is stopped by a 256 MiB limit (and 64 MiB
 * under it is not), processes that fork and leave their group are gone
 * when the run ends, and parallel jobs are measured apart.  The bounds are
 * on CPU time, or loose: the machine may be loaded.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run.h"
#include "tap.h"

#define MIB ((uint64_t)1 << 20)

static char *self;
static int64_t start_ms;   /* the CPU time of a run that does nothing (a sanitizer's start) */

static bool quick(void)
{
	return getenv("BL_TEST_QUICK") != NULL;
}

/* Touches n MiB, page by page, prints n and frees them. */
static int hog_alloc(long n)
{
	size_t bytes = (size_t)n * MIB;
	volatile char *m = malloc(bytes);

	if (!m)
		return 3;
	for (size_t i = 0; i < bytes; i += 4096)
		m[i] = 1;
	printf("%ld\n", n);
	free((void *)m);
	return 0;
}

/*
 * Forks a child that stays in the run's group and one that leaves it
 * (setsid) once it is on its own, prints both pids and exits: the runner
 * must kill them both.
 */
static int hog_fork(void)
{
	int p[2];
	char c;
	pid_t a, b;

	if (pipe(p) != 0 || (a = fork()) < 0)
		return 3;
	if (a == 0)
		for (;;)
			pause();
	if ((b = fork()) < 0)
		return 3;
	if (b == 0) {
		setsid();
		if (write(p[1], "x", 1) != 1)
			_exit(3);
		for (;;)
			pause();
	}
	if (read(p[0], &c, 1) != 1)
		return 3;
	printf("%ld %ld\n", (long)a, (long)b);
	return 0;
}

static int hog(char **argv)
{
	const char *mode = argv[2];
	long arg = argv[3] ? strtol(argv[3], NULL, 10) : 0;

	if (strcmp(mode, "spin") == 0)
		for (volatile unsigned long i = 0;; i++)
			;
	if (strcmp(mode, "alloc") == 0)
		return hog_alloc(arg);
	if (strcmp(mode, "sleep") == 0) {
		struct timespec t = { arg / 1000, (arg % 1000) * 1000000 };
		nanosleep(&t, NULL);
		puts("awake");
		return 0;
	}
	if (strcmp(mode, "flood") == 0) {
		static char line[65536];
		memset(line, 'y', sizeof line);
		for (;;)
			if (fwrite(line, 1, sizeof line, stdout) != sizeof line)
				return 1;
	}
	if (strcmp(mode, "fork") == 0)
		return hog_fork();
	return 2;
}

/* A runner of "t-run hog MODE ARG" with the limits lim, jobs slots, signals caught. */
static struct runner *runner_new(const char *mode, const char *arg, const struct run_limits *lim,
				 int jobs, struct runner_signals *sig)
{
	static char *cmd[5];
	struct runner *rn = malloc(sizeof *rn);

	cmd[0] = self;
	cmd[1] = "hog";
	cmd[2] = (char *)mode;
	cmd[3] = (char *)arg;
	cmd[4] = NULL;
	if (!rn)
		abort();
	runner_init(rn, cmd);
	rn->lim = *lim;
	rn->jobs = jobs;
	if (runner_open(rn) != CLI_OK || runner_catch(rn, sig) != CLI_OK)
		abort();
	return rn;
}

static void runner_free(struct runner *rn, struct runner_signals *sig)
{
	runner_restore(rn, sig);
	runner_release(rn);
	free(rn);
}

/* Runs one hog alone under lim; the runner stays for the checks (runner_free). */
static struct runner *run_hog(const char *mode, const char *arg, const struct run_limits *lim,
			      struct runner_signals *sig)
{
	struct runner *rn = runner_new(mode, arg, lim, 1, sig);
	int e = run_one(rn, &rn->job[0]);

	is_int(e, 0, "hog %s%s%s: run_one runs it", mode, arg ? " " : "", arg ? arg : "");
	return rn;
}

static bool killed(const struct job *j)
{
	return WIFSIGNALED(j->wstatus) && WTERMSIG(j->wstatus) == SIGKILL;
}

static void test_cpu(void)
{
	struct run_limits lim = { 300, 60000, 0, 0 };
	struct runner_signals sig;
	struct runner *rn = run_hog("spin", NULL, &lim, &sig);
	struct job *j = &rn->job[0];
	int64_t slack = quick() ? 2000 : 200;

	ok(j->cpu_over && !j->wall_over && killed(j), "a busy loop is stopped by its CPU limit");
	ok(j->cpu_ms >= 300 && j->cpu_ms <= 300 + slack, "a busy loop under a limit of 300 ms: %lld ms of CPU time",
	   (long long)j->cpu_ms);
	ok(j->wall_ms >= j->cpu_ms - 20, "its wall time, %lld ms, is not below its CPU time",
	   (long long)j->wall_ms);
	runner_free(rn, &sig);

	lim.cpu_ms = 1000;
	rn = run_hog("sleep", "0", &lim, &sig);
	start_ms = rn->job[0].cpu_ms;
	runner_free(rn, &sig);
	rn = run_hog("sleep", "300", &lim, &sig);
	j = &rn->job[0];
	ok(WIFEXITED(j->wstatus) && WEXITSTATUS(j->wstatus) == 0 && !j->cpu_over && !j->wall_over,
	   "a run that sleeps 0.3 s ends by itself");
	ok(j->cpu_ms <= start_ms + 50, "sleeping 0.3 s costs next to no CPU time: %lld ms, %lld ms without the sleep",
	   (long long)j->cpu_ms, (long long)start_ms);
	ok(j->wall_ms >= 300, "sleeping 0.3 s takes 0.3 s of wall time: %lld ms", (long long)j->wall_ms);
	is_int(j->out.len, 6, "and its output is read: 'awake'");
	runner_free(rn, &sig);

	/* The backstop stops a run that never uses its CPU. */
	lim.wall_ms = 300;
	rn = run_hog("sleep", "100000", &lim, &sig);
	j = &rn->job[0];
	ok(j->wall_over && !j->cpu_over && killed(j), "the wall-clock backstop stops a sleeper");
	ok(j->wall_ms >= 300 && j->wall_ms < 30000, "at about 300 ms: %lld ms", (long long)j->wall_ms);
	runner_free(rn, &sig);
}

static void test_memory(void)
{
	struct run_limits lim = { 0, 120000, 0, 0 };
	struct runner_signals sig;
	struct runner *rn = run_hog("alloc", "200", &lim, &sig);
	struct job *j = &rn->job[0];

	ok(WIFEXITED(j->wstatus) && WEXITSTATUS(j->wstatus) == 0, "200 MiB allocated and freed");
	ok(j->peak_rss >= 200 * MIB, "its peak resident memory, %llu MiB, is at least 200 MiB",
	   (unsigned long long)(j->peak_rss / MIB));
	is_str(runner_mem_name(rn), "no limit", "no memory limit: no mechanism");
	runner_free(rn, &sig);

	lim.mem_bytes = 256 * MIB;
	rn = run_hog("alloc", "1024", &lim, &sig);
	j = &rn->job[0];
	ok(j->mem_over && killed(j) && j->out.len == 0, "1 GiB under a limit of 256 MiB is stopped");
	ok(j->peak_rss > 256 * MIB && j->peak_rss < 512 * MIB,
	   "before it passes 512 MiB: its peak is %llu MiB", (unsigned long long)(j->peak_rss / MIB));
	ok(strcmp(runner_mem_name(rn), "rss polling") == 0 || strcmp(runner_mem_name(rn), "cgroup v2") == 0,
	   "the limit is held by %s", runner_mem_name(rn));
	runner_free(rn, &sig);

	rn = run_hog("alloc", "64", &lim, &sig);
	j = &rn->job[0];
	ok(!j->mem_over && WIFEXITED(j->wstatus) && WEXITSTATUS(j->wstatus) == 0,
	   "64 MiB under a limit of 256 MiB runs to its end (peak %llu MiB)",
	   (unsigned long long)(j->peak_rss / MIB));
	runner_free(rn, &sig);
}

static void test_output(void)
{
	struct run_limits lim = { 0, 60000, MIB, 0 };
	struct runner_signals sig;
	struct runner *rn = run_hog("flood", NULL, &lim, &sig);
	struct job *j = &rn->job[0];

	ok(j->out_over && !j->wall_over && killed(j), "endless output is stopped at the cap of 1 MiB");
	ok(j->out.len > MIB && j->out.len <= MIB + 8192, "the output kept: %zu bytes", j->out.len);
	ok(j->wall_ms < 20000, "promptly: %lld ms", (long long)j->wall_ms);
	runner_free(rn, &sig);
}

/* Whether process p is gone (a zombie counts as there: nobody reaped it). */
static bool gone(long p)
{
	return kill((pid_t)p, 0) != 0 && errno == ESRCH;
}

static void test_left_behind(void)
{
	struct run_limits lim = { 1000, 60000, 0, 0 };
	struct runner_signals sig;
	struct runner *rn = run_hog("fork", NULL, &lim, &sig);
	struct job *j = &rn->job[0];
	long a = 0, b = 0;
	char *cmd[] = { "./no-such-program", NULL };

	ok(sscanf(j->out.data ? j->out.data : "", "%ld %ld", &a, &b) == 2 && a > 0 && b > 0,
	   "the forking run prints its children's pids");
	ok(a > 0 && gone(a), "its child in the group is gone when the run ends");
	ok(b > 0 && gone(b), "its child that left the group (setsid) is gone too");
	rn->cmd = cmd;
	is_int(run_one(rn, &rn->job[0]), ENOENT, "a program that cannot be executed: its errno");
	runner_free(rn, &sig);
}

/* Two jobs at once, each measured apart: a busy loop and a sleeper. */
static void test_parallel(void)
{
	struct run_limits lim = { 300, 60000, 0, 0 };
	struct runner_signals sig;
	struct runner *rn = runner_new("spin", NULL, &lim, 2, &sig);
	char *sleeper[] = { self, "hog", "sleep", "200", NULL };
	struct job *first, *second;
	int e;

	e = runner_start(rn, &rn->job[0]);
	rn->cmd = sleeper;
	e = e ? e : runner_start(rn, &rn->job[1]);
	is_int(e, 0, "two jobs started");
	first = runner_wait(rn);
	second = first ? runner_wait(rn) : NULL;
	ok(first && second && first != second, "both end, each seen once");
	ok(rn->job[0].cpu_over && rn->job[0].cpu_ms >= 300, "the busy loop: %lld ms of CPU, over",
	   (long long)rn->job[0].cpu_ms);
	ok(!rn->job[1].cpu_over && rn->job[1].cpu_ms <= start_ms + 50 && rn->job[1].out.len == 6,
	   "the sleeper: %lld ms of CPU, its own output", (long long)rn->job[1].cpu_ms);
	runner_free(rn, &sig);
}

int main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "hog") == 0)
		return hog(argv);
	self = argv[0];
	test_cpu();
	test_memory();
	test_output();
	test_left_behind();
	test_parallel();
	return tap_done();
}
