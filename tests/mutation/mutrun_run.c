/*
 * The worker: a process forked from the harness that runs one solution on
 * a set of cases, calling its main in process.  Before each run the
 * solution's data is reset (mut_solution_reset), the case's input written
 * to the file on standard input and stdio's streams rewound; the CPU time
 * is bounded by a profiling timer, the wall clock by a real-time timer, the
 * output by RLIMIT_FSIZE.  A run that returns is judged by the worker; one
 * that kills it (a signal, the solution's own exit) is judged by the parent
 * from the worker's status and the output file, and a new worker goes on
 * after it when it passed.  So a fork costs once per solution and set, not
 * once per input.
 */
#define _XOPEN_SOURCE 700   /* setitimer, setrlimit */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mutrun.h"

#if defined(__SANITIZE_ADDRESS__)
#define MUT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MUT_ASAN 1
#endif
#endif

/* The worker's address space: 2 GiB (not under AddressSanitizer, whose shadow needs more). */
#define MUT_ADDRESS_MAX ((rlim_t)2 << 30)

static int temp_file(void)
{
	const char *dir = getenv("TMPDIR");
	char path[4096];

	snprintf(path, sizeof path, "%s/mutrun.XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	return fd;
}

/*
 * Maps the worker's report, r->sh_bytes rounded up to whole pages, between
 * two inaccessible pages: a solution's write past the end of its data (the
 * object is often mapped right next to the report) crashes it rather than
 * rewriting the report.  0 on failure.
 */
static int map_shared(struct mut_runner *r)
{
	long page = sysconf(_SC_PAGESIZE);

	r->guard = (size_t)(page > 0 ? page : 4096);
	r->sh_bytes = (r->sh_bytes + r->guard - 1) / r->guard * r->guard;
	if (ftruncate(r->shared_fd, (off_t)r->sh_bytes) != 0)
		return 0;
	char *area = mmap(NULL, r->sh_bytes + 2 * r->guard, PROT_NONE, MAP_SHARED, r->shared_fd, 0);
	if (area == MAP_FAILED)
		return 0;
	if (mmap(area + r->guard, r->sh_bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED,
		 r->shared_fd, 0) == MAP_FAILED) {
		munmap(area, r->sh_bytes + 2 * r->guard);
		return 0;
	}
	r->sh = (struct mut_shared *)(void *)(area + r->guard);
	return 1;
}

enum bl_code mut_runner_init(struct mut_runner *r, const struct bl_problem *p, size_t max_cases,
			     size_t max_input, struct bl_err *err)
{
	struct stat st;

	memset(r, 0, sizeof *r);
	r->problem = p;
	bl_buf_init(&r->got);
	r->max_cases = max_cases;
	r->sh_bytes = sizeof *r->sh + max_cases * sizeof r->sh->cpu_us[0];
	r->in_fd = temp_file();
	r->out_fd = temp_file();
	r->shared_fd = temp_file();
	r->null_fd = open("/dev/null", O_WRONLY);
	if (r->in_fd < 0 || r->out_fd < 0 || r->shared_fd < 0 || r->null_fd < 0 ||
	    !map_shared(r)) {
		mut_runner_release(r);
		return bl_fail(err, BL_ERR_IO, "cannot make the runner's temporary files");
	}
	/* inputs at 0 and at in_far, a block boundary past the largest (see prepare) */
	off_t block = fstat(r->in_fd, &st) == 0 && st.st_blksize > 4096 ? st.st_blksize : 4096;
	r->in_far = ((off_t)max_input / block + 1) * block;
	r->file_max = r->in_far + (off_t)max_input + 1;
	if (r->file_max < MUT_OUTPUT_MAX)
		r->file_max = MUT_OUTPUT_MAX;
	return BL_OK;
}

void mut_runner_release(struct mut_runner *r)
{
	if (r->sh)
		munmap((char *)r->sh - r->guard, r->sh_bytes + 2 * r->guard);
	r->sh = NULL;
	int *fds[] = { &r->in_fd, &r->out_fd, &r->shared_fd, &r->null_fd };
	for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++) {
		if (*fds[i] >= 0)
			close(*fds[i]);
		*fds[i] = -1;
	}
	bl_buf_release(&r->got);
}

/* Reads the run's output, at most MUT_OUTPUT_MAX bytes, into r->got; 0 on failure. */
static int collect(struct mut_runner *r)
{
	struct stat st;

	bl_buf_reset(&r->got);
	if (fstat(r->out_fd, &st) != 0)
		return 0;
	size_t n = st.st_size > MUT_OUTPUT_MAX ? MUT_OUTPUT_MAX : (size_t)st.st_size;
	if (!bl_buf_reserve(&r->got, n + 1))
		return 0;
	if (n > 0 && pread(r->out_fd, r->got.data, n, 0) != (ssize_t)n)
		return 0;
	r->got.len = n;
	r->got.data[n] = '\0';
	return 1;
}

/*
 * The verdict of a run that was killed by signal sig (0 for none) or ended
 * with exit status code, with output r->got.
 */
static void judge(int sig, int code, const struct mut_runner *r, const struct mut_case *c,
		  struct mut_verdict *v)
{
	memset(v, 0, sizeof *v);
	v->sig = sig;
	if (sig == SIGPROF || sig == SIGXCPU || sig == SIGALRM)
		v->outcome = MUT_TLE;
	else if (sig == SIGXFSZ)
		v->outcome = MUT_OLE;
	else if (sig != 0)
		v->outcome = MUT_RE;
	else if (code != 0)
		v->outcome = MUT_RE;
	else
		switch (bl_compare(r->problem, c->out.data, c->out.len, r->got.data, r->got.len,
				   NULL)) {
		case BL_VERDICT_AC:
			v->outcome = MUT_PASS;
			break;
		case BL_VERDICT_WA:
			v->outcome = MUT_WA;
			break;
		default:
			v->outcome = MUT_PE;
			break;
		}
	v->status = sig ? 0 : code;
}

static long cpu_now_us(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (long)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 +
	       (long)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

static void set_timers(long cpu_us)
{
	long wall_us = cpu_us ? 10 * cpu_us + 1000000 : 0;
	struct itimerval cpu = { { 0, 0 }, { cpu_us / 1000000, cpu_us % 1000000 } };
	struct itimerval wall = { { 0, 0 }, { wall_us / 1000000, wall_us % 1000000 } };

	setitimer(ITIMER_PROF, &cpu, NULL);
	setitimer(ITIMER_REAL, &wall, NULL);
}

static void set_limit(int resource, rlim_t value)
{
	struct rlimit rl = { value, value };

	setrlimit(resource, &rl);
}

/*
 * In the worker: c's input on standard input, an empty output file, stdio
 * rewound.  Inputs go at offset 0 and at offset r->in_far in turn: stdin
 * must never find the place it is sent to inside what it has buffered of
 * the last input (glibc would serve the old bytes from its buffer instead
 * of reading the new ones), and a libc reads from a block boundary, so
 * in_far is a block boundary past every input.
 */
static int prepare(struct mut_runner *r, const struct mut_case *c)
{
	off_t at = r->in_at == 0 ? r->in_far : 0;

	if (ftruncate(r->in_fd, 0) != 0 || ftruncate(r->out_fd, 0) != 0 ||
	    pwrite(r->in_fd, c->in.data, c->in.len, at) != (ssize_t)c->in.len)
		return 0;
	r->in_at = at;
	clearerr(stdin);
	clearerr(stdout);
	return fseeko(stdin, at, SEEK_SET) == 0 && fseeko(stdout, 0, SEEK_SET) == 0;
}

/* One run of case i in the worker; 1 when it passed. */
static int run_one(struct mut_runner *r, const struct mut_solution *so, const struct mut_cases *cs,
		   size_t i)
{
	const struct mut_case *c = &cs->v[i];
	struct mut_shared *sh = r->sh;

	if (!prepare(r, c))
		_exit(125);
	mut_solution_reset(so);
	sh->current = (long long)i;
	long start = cpu_now_us();
	set_timers(c->limit_us);
	int ret = so->fn();
	fflush(stdout);
	set_timers(0);
	sh->cpu_us[i] = cpu_now_us() - start;
	sh->current = -1;
	sh->runs++;
	if (!collect(r))
		_exit(125);
	judge(0, ret & 0xff, r, c, &sh->v);   /* as exit(ret) would end */
	return sh->v.outcome == MUT_PASS;
}

/*
 * The worker's body, never returning: cases from..to-1 until one fails, or
 * (isolated) case from alone, ending with the solution's own exit status
 * for the parent to judge, as a process per input would.
 */
static void worker(struct mut_runner *r, const struct mut_solution *so, const struct mut_cases *cs,
		   size_t from, size_t to, int isolated)
{
	if (dup2(r->in_fd, 0) < 0 || dup2(r->out_fd, 1) < 0 || dup2(r->null_fd, 2) < 0)
		_exit(125);
	set_limit(RLIMIT_FSIZE, (rlim_t)r->file_max);
	set_limit(RLIMIT_CORE, 0);
#ifndef MUT_ASAN
	set_limit(RLIMIT_AS, MUT_ADDRESS_MAX);
#endif
	if (isolated) {
		if (!prepare(r, &cs->v[from]))
			_exit(125);
		r->sh->current = (long long)from;
		set_timers(cs->v[from].limit_us);
		int ret = so->fn();
		fflush(stdout);
		_exit(ret & 0xff);
	}
	for (size_t i = from; i < to; i++)
		if (!run_one(r, so, cs, i)) {
			r->sh->failed = (long long)i;
			break;
		}
	r->sh->finished = 1;
	/* _exit: no atexit handler of the harness (a sanitizer's leak check) runs here */
	_exit(0);
}

/* Forks a worker for cases from..to-1; its wait status in *status. */
static enum bl_code spawn(struct mut_runner *r, const struct mut_solution *so,
			  const struct mut_cases *cs, size_t from, size_t to, int isolated,
			  int *status, struct bl_err *err)
{
	struct mut_shared *sh = r->sh;

	sh->current = sh->failed = -1;
	sh->finished = 0;
	sh->runs = 0;
	fflush(NULL);   /* else the worker would write out the parent's buffered text */
	pid_t pid = fork();
	if (pid < 0)
		return bl_fail(err, BL_ERR_IO, "cannot fork");
	if (pid == 0)
		worker(r, so, cs, from, to, isolated);
	while (waitpid(pid, status, 0) < 0)
		continue;
	return BL_OK;
}

/*
 * Whether the worker's report for cases from..to-1 makes sense: a solution
 * that writes far outside its data may have rewritten it.
 */
static int report_valid(const struct mut_shared *sh, size_t from, size_t to)
{
	long long at = sh->finished ? sh->failed : sh->current;

	if (sh->finished != 0 && sh->finished != 1)
		return 0;
	if (sh->runs < 0 || sh->runs > (long long)(to - from))
		return 0;
	if (sh->finished && at == -1)
		return 1;
	if (at < (long long)from || at >= (long long)to)
		return 0;
	return !sh->finished || (sh->v.outcome > MUT_PASS && sh->v.outcome <= MUT_OLE);
}

/* Judges the run of case at that ended the worker with wait status `status`. */
static enum bl_code judge_death(struct mut_runner *r, const struct mut_cases *cs, size_t at,
				int status, struct mut_verdict *v, struct bl_err *err)
{
	r->runs++;
	if (!collect(r))
		return bl_fail(err, BL_ERR_IO, "cannot read a run's output");
	judge(WIFSIGNALED(status) ? WTERMSIG(status) : 0,
	      WIFEXITED(status) ? WEXITSTATUS(status) : 0, r, &cs->v[at], v);
	return BL_OK;
}

enum bl_code mut_first_kill(struct mut_runner *r, const struct mut_solution *so,
			    const struct mut_cases *cs, struct mut_kill *k, long *cpu_us,
			    struct bl_err *err)
{
	struct mut_shared *sh = r->sh;
	size_t from = 0;
	int status, isolated = 0;
	enum bl_code rc;

	k->at = -1;
	if (cs->n > r->max_cases)
		return bl_fail(err, BL_ERR_ARG, "more cases than the runner was made for");
	while (from < cs->n) {
		size_t to = isolated ? from + 1 : cs->n;
		if ((rc = spawn(r, so, cs, from, to, isolated, &status, err)) != BL_OK)
			return rc;
		if (!isolated && !report_valid(sh, from, to)) {
			isolated = 1;   /* the rest of the set a process per input */
			r->garbled++;
			continue;
		}
		if (isolated && sh->current != (long long)from)
			return bl_fail(err, BL_ERR_IO, "a worker failed before its run (wait status %d)",
				       status);
		r->runs += isolated ? 0 : sh->runs;
		long long at = isolated ? (long long)from : sh->finished ? sh->failed : sh->current;
		if (cpu_us && !isolated)
			memcpy(cpu_us + from, sh->cpu_us + from,
			       ((at >= 0 ? (size_t)at : cs->n) - from) * sizeof *cpu_us);
		if (sh->finished) {
			if (at >= 0) {
				k->at = at;
				k->v = sh->v;
			}
			return BL_OK;
		}
		if ((rc = judge_death(r, cs, (size_t)at, status, &k->v, err)) != BL_OK)
			return rc;
		if (k->v.outcome != MUT_PASS) {
			k->at = at;
			return BL_OK;
		}
		from = (size_t)at + 1;   /* isolated, or the solution's exit(0) after a right answer */
	}
	return BL_OK;
}

static const struct {
	int sig;
	const char *name;
} signals[] = {
	{ SIGSEGV, "SIGSEGV" }, { SIGABRT, "SIGABRT" }, { SIGFPE, "SIGFPE" },
	{ SIGBUS, "SIGBUS" },   { SIGILL, "SIGILL" },   { SIGKILL, "SIGKILL" },
	{ SIGPIPE, "SIGPIPE" }, { SIGTRAP, "SIGTRAP" }, { SIGPROF, "SIGPROF" },
	{ SIGXCPU, "SIGXCPU" }, { SIGALRM, "SIGALRM" }, { SIGXFSZ, "SIGXFSZ" },
};

const char *mut_verdict_text(const struct mut_verdict *v, char *buf, size_t cap)
{
	static const char *const names[] = { "AC", "WA", "PE", "RE", "TLE", "OLE" };
	const char *sig = NULL;

	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
		if (signals[i].sig == v->sig)
			sig = signals[i].name;
	if (v->outcome == MUT_RE && v->sig)
		snprintf(buf, cap, "RE (%s)", sig ? sig : "a signal");
	else if (v->outcome == MUT_RE)
		snprintf(buf, cap, "RE (exit %d)", v->status);
	else if (v->outcome == MUT_TLE)
		snprintf(buf, cap, "TLE (%s)", sig ? sig : "a signal");
	else
		snprintf(buf, cap, "%s", names[v->outcome]);
	return buf;
}
