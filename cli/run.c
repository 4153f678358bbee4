/*
 * run: running a user's program (run.h).
 *
 * How a run is measured.  CPU time (user + system) and the peak resident
 * memory are the kernel's, from wait4's rusage of the run's process (its
 * own and its waited-for children's); wall time is the runner's clock from
 * the fork until it saw the end.  While it runs, the runner reads its
 * usage from /proc (the process and its descendants), to stop it just past
 * the CPU limit (RLIMIT_CPU, whole seconds, is set a little above in the
 * child too, and the wall-clock backstop stops a run that never uses its
 * CPU) and, without cgroup v2, past the memory limit (rss polling).  The
 * verdicts are the caller's; the flags say what was passed.
 */
#define _DEFAULT_SOURCE      /* wait4 (glibc, musl) */
#define _DARWIN_C_SOURCE     /* wait4 (macOS) */
#include "run.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define RUN_POLL_MS 5         /* how often a polled run's memory is read */
#define RUN_CHECK_MS 100      /* the longest a CPU-limited run goes unread */

uint64_t runner_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void runner_init(struct runner *rn, char *const *cmd)
{
	memset(rn, 0, sizeof *rn);
	rn->cmd = cmd;
	rn->jobs = 1;
	for (int i = 0; i < RUN_MAX_JOBS; i++)
		rn->job[i].fd[0] = rn->job[i].fd[1] = -1;
}

int runner_open(struct runner *rn)
{
	const char *tmpdir = getenv("TMPDIR");

	snprintf(rn->tmp, sizeof rn->tmp, "%s/boardlab-run.XXXXXX",
		 tmpdir && *tmpdir ? tmpdir : "/tmp");
	if (!mkdtemp(rn->tmp)) {
		fprintf(stderr, "boardlab: %s: error: cannot make a temporary folder: %s\n", rn->tmp,
			strerror(errno));
		rn->tmp[0] = '\0';
		return CLI_FAIL;
	}
	for (int i = 0; i < rn->jobs; i++)
		snprintf(rn->job[i].path, sizeof rn->job[i].path, "run-%d.in", i);
	return CLI_OK;
}

void runner_release(struct runner *rn)
{
	char path[4200];

	for (int i = 0; i < RUN_MAX_JOBS; i++) {
		struct job *j = &rn->job[i];
		if (rn->tmp[0] && j->path[0]) {
			runner_path(rn, j->path, path, sizeof path);
			unlink(path);
		}
		bl_buf_release(&j->input);
		bl_buf_release(&j->expected);
		bl_buf_release(&j->out);
		bl_buf_release(&j->err);
	}
	if (rn->tmp[0])
		rmdir(rn->tmp);
	rn->tmp[0] = '\0';
	free(rn->pre);
	rn->pre = NULL;
	rn->npre = 0;
}

void runner_path(const struct runner *rn, const char *name, char *dst, size_t cap)
{
	snprintf(dst, cap, "%s/%s", rn->tmp, name);
}

bool runner_write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	bool ok;

	if (!f)
		return false;
	ok = fwrite(data ? data : "", 1, len, f) == len;
	return fclose(f) == 0 && ok;
}

/* ---- small files: /proc and cgroup v2 ---- */

/* At most cap - 1 bytes of the file path, NUL-ended, into buf; their count, or -1. */
static ssize_t read_small(const char *path, char *buf, size_t cap)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n, got = 0;

	if (fd < 0)
		return -1;
	while ((size_t)got < cap - 1 && (n = read(fd, buf + got, cap - 1 - (size_t)got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return got;
}

/* Writes text into the file path, which exists (a cgroup's control file). */
static bool write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	size_t len = strlen(text);
	bool ok;

	if (fd < 0)
		return false;
	ok = write(fd, text, len) == (ssize_t)len;
	return close(fd) == 0 && ok;
}

/* Whether the file path holds word, between blanks or the ends. */
static bool has_word(const char *path, const char *word)
{
	char buf[1024];
	size_t len = strlen(word);

	if (read_small(path, buf, sizeof buf) < 0)
		return false;
	for (char *at = buf; (at = strstr(at, word)) != NULL; at += len)
		if ((at == buf || at[-1] == ' ' || at[-1] == '\n') &&
		    (at[len] == '\0' || at[len] == ' ' || at[len] == '\n'))
			return true;
	return false;
}

/*
 * The usage of the run led by pid, from /proc: its CPU time in ms (each
 * process's own and its waited-for children's) and its resident bytes,
 * summed over pid and its descendants (found through the children of each
 * one's main thread).  False when /proc has no stat of pid.
 */
static bool run_usage(pid_t pid, int64_t *cpu_ms, uint64_t *rss)
{
	pid_t todo[512];
	size_t n = 0, seen = 0;
	long long ticks = 0, pages = 0;
	char path[64], buf[4096];

	todo[n++] = pid;
	while (n > 0 && seen++ < 4096) {
		pid_t p = todo[--n];
		long long ut, st, cut, cst, rs;
		char *at, *end;
		snprintf(path, sizeof path, "/proc/%ld/stat", (long)p);
		/* pid (comm) state ppid ...: comm may hold spaces and parentheses. */
		if (read_small(path, buf, sizeof buf) <= 0 || (at = strrchr(buf, ')')) == NULL ||
		    sscanf(at + 1, " %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %lld %lld %lld %lld"
				   " %*s %*s %*s %*s %*s %*s %lld",
			   &ut, &st, &cut, &cst, &rs) != 5) {
			if (p == pid)
				return false;
			continue;
		}
		ticks += ut + st + cut + cst;
		pages += rs;
		snprintf(path, sizeof path, "/proc/%ld/task/%ld/children", (long)p, (long)p);
		if (read_small(path, buf, sizeof buf) <= 0)
			continue;
		for (at = buf; n < sizeof todo / sizeof todo[0]; at = end) {
			long c = strtol(at, &end, 10);
			if (end == at)
				break;
			todo[n++] = (pid_t)c;
		}
	}
	*cpu_ms = (int64_t)(ticks * 1000 / sysconf(_SC_CLK_TCK));
	*rss = (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
	return true;
}

/* ---- cgroup v2 ---- */

/*
 * boardlab's cgroup v2 folder into dir: its path in /proc/self/cgroup (the
 * line "0::PATH") under the mount point of cgroup2 in /proc/self/mountinfo.
 */
static bool cgroup_dir(char *dir, size_t cap)
{
	char buf[4096], line[4096], *rel = NULL;
	bool found = false;
	FILE *f;

	if (read_small("/proc/self/cgroup", buf, sizeof buf) <= 0)
		return false;
	for (char *at = buf; at && *at;) {
		char *nl = strchr(at, '\n');
		if (nl)
			*nl = '\0';
		if (strncmp(at, "0::", 3) == 0)
			rel = at + 3;
		at = nl ? nl + 1 : NULL;
	}
	if (!rel || (f = fopen("/proc/self/mountinfo", "r")) == NULL)
		return false;
	while (!found && fgets(line, sizeof line, f)) {
		char root[1024], point[1024], type[64], *dash = strstr(line, " - ");
		size_t rl;
		if (!dash || sscanf(dash + 3, "%63s", type) != 1 || strcmp(type, "cgroup2") != 0 ||
		    sscanf(line, "%*s %*s %*s %1023s %1023s", root, point) != 2)
			continue;
		/* The mount shows the hierarchy from root: PATH must be under it. */
		rl = strcmp(root, "/") == 0 ? 0 : strlen(root);
		if (strncmp(rel, root, rl) != 0 || (rel[rl] != '/' && rel[rl] != '\0'))
			continue;
		found = (size_t)snprintf(dir, cap, "%s%s", point, rel + rl) < cap;
	}
	fclose(f);
	return found;
}

/* The file name of job slot i's cgroup (name "": the folder) into dst. */
static void cgroup_slot(const struct runner *rn, int i, const char *name, char *dst, size_t cap)
{
	snprintf(dst, cap, "%s/boardlab-%ld-%d%s%s", rn->cgroup, (long)getpid(), i,
		 *name ? "/" : "", name);
}

/* The oom_kill count of slot i's memory.events (0 when unread). */
static uint64_t cgroup_oom_kills(const struct runner *rn, int i)
{
	char path[640], buf[1024], *at;

	cgroup_slot(rn, i, "memory.events", path, sizeof path);
	if (read_small(path, buf, sizeof buf) <= 0 || (at = strstr(buf, "oom_kill ")) == NULL)
		return 0;
	return strtoull(at + 9, NULL, 10);
}

/*
 * Undoes cgroup_setup: removes the slots' cgroups (a killed run can take a
 * moment to leave), hands the memory controller back and moves boardlab
 * back where it was.
 */
static void cgroup_teardown(struct runner *rn)
{
	char path[640];

	for (int i = 0; rn->cgroup[0] && i < rn->jobs; i++) {
		struct timespec ms = { 0, 1000000 };
		cgroup_slot(rn, i, "", path, sizeof path);
		for (int k = 0; k < 100 && rmdir(path) != 0 && errno == EBUSY; k++)
			nanosleep(&ms, NULL);
	}
	if (rn->cgroup_enabled) {
		snprintf(path, sizeof path, "%s/cgroup.subtree_control", rn->cgroup);
		write_text(path, "-memory");
	}
	if (rn->cgroup_self[0]) {
		snprintf(path, sizeof path, "%s/cgroup.procs", rn->cgroup);
		write_text(path, "0");
		rmdir(rn->cgroup_self);
	}
	rn->cgroup_enabled = false;
	rn->cgroup_self[0] = rn->cgroup[0] = '\0';
}

/*
 * cgroup v2 holds the memory limit when boardlab's cgroup has the memory
 * controller and hands it down: already (subtree_control; only the root
 * cgroup may while it holds processes), or once boardlab has moved itself
 * into a leaf of its own (a delegated cgroup it is alone in, as
 * `systemd-run --user --scope -p Delegate=yes` makes).  Then each job slot
 * gets a cgroup beside it whose memory.max is a quarter above the limit:
 * the limit is decided on the peak, as without cgroups, and the kernel
 * stops a runaway allocation before it costs the machine (no swap).  False,
 * with everything undone, otherwise.
 */
static bool cgroup_setup(struct runner *rn)
{
	char dir[512], path[640], num[32];

	if (!cgroup_dir(dir, sizeof dir))
		return false;
	snprintf(path, sizeof path, "%s/cgroup.controllers", dir);
	if (!has_word(path, "memory"))
		return false;
	memcpy(rn->cgroup, dir, sizeof dir);
	snprintf(path, sizeof path, "%s/cgroup.subtree_control", dir);
	if (!has_word(path, "memory")) {
		/* Only a cgroup boardlab is alone in: nobody else's is touched. */
		char procs[64];
		snprintf(path, sizeof path, "%s/cgroup.procs", dir);
		snprintf(num, sizeof num, "%ld\n", (long)getpid());
		if (read_small(path, procs, sizeof procs) < 0 || strcmp(procs, num) != 0) {
			rn->cgroup[0] = '\0';
			return false;
		}
		snprintf(rn->cgroup_self, sizeof rn->cgroup_self, "%s/boardlab-%ld", dir, (long)getpid());
		if (mkdir(rn->cgroup_self, 0755) != 0) {
			rn->cgroup_self[0] = rn->cgroup[0] = '\0';
			return false;
		}
		snprintf(num, sizeof num, "%ld", (long)getpid());
		snprintf(path, sizeof path, "%s/cgroup.procs", rn->cgroup_self);
		if (!write_text(path, num)) {
			cgroup_teardown(rn);
			return false;
		}
		snprintf(path, sizeof path, "%s/cgroup.subtree_control", dir);
		rn->cgroup_enabled = write_text(path, "+memory");
		if (!rn->cgroup_enabled) {
			cgroup_teardown(rn);
			return false;
		}
	}
	snprintf(num, sizeof num, "%llu",
		 (unsigned long long)(rn->lim.mem_bytes + rn->lim.mem_bytes / 4));
	for (int i = 0; i < rn->jobs; i++) {
		cgroup_slot(rn, i, "", path, sizeof path);
		if (mkdir(path, 0755) != 0 && errno != EEXIST)
			break;
		cgroup_slot(rn, i, "memory.max", path, sizeof path);
		if (!write_text(path, num))
			break;
		cgroup_slot(rn, i, "memory.swap.max", path, sizeof path);
		write_text(path, "0");        /* absent without swap accounting */
		cgroup_slot(rn, i, "memory.oom.group", path, sizeof path);
		write_text(path, "1");        /* the whole run goes, not one of its processes */
		if (i + 1 == rn->jobs)
			return true;
	}
	cgroup_teardown(rn);
	return false;
}

/* ---- a run ---- */

static void set_flags(int fd, bool nonblock)
{
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (nonblock)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

/* The pipes of a run: its stdout, its stderr, and exec's errno.  0 or an errno. */
static int open_pipes(int p[3][2])
{
	for (int i = 0; i < 3; i++) {
		if (pipe(p[i]) != 0) {
			int e = errno;
			while (i-- > 0) {
				close(p[i][0]);
				close(p[i][1]);
			}
			return e;
		}
	}
	set_flags(p[0][0], true);
	set_flags(p[1][0], true);
	set_flags(p[2][0], false);
	set_flags(p[2][1], false);
	return 0;
}

/*
 * The child: its own process group, its cgroup (cg: the cgroup.procs to
 * write into, or NULL), RLIMIT_CPU a little above the limit (it counts
 * whole seconds), its files, then CMD.  What stops it, its errno goes up
 * the third pipe.
 */
static void child(const struct runner *rn, const char *in_path, const char *cg, int p[3][2])
{
	int e = 0, in;

	setpgid(0, 0);
	signal(SIGPIPE, SIG_DFL);
	if (cg)
		write_text(cg, "0");
	if (rn->lim.cpu_ms > 0) {
		struct rlimit rl, old;
		rl.rlim_cur = (rlim_t)(rn->lim.cpu_ms / 1000 + 2);
		rl.rlim_max = rl.rlim_cur + 1;
		if (getrlimit(RLIMIT_CPU, &old) == 0 && old.rlim_max != RLIM_INFINITY &&
		    old.rlim_max < rl.rlim_max)
			rl.rlim_max = rl.rlim_cur = old.rlim_max;
		setrlimit(RLIMIT_CPU, &rl);
	}
	in = open(in_path, O_RDONLY);
	if (in < 0 || dup2(in, 0) < 0 || dup2(p[0][1], 1) < 0 || dup2(p[1][1], 2) < 0) {
		e = errno;
	} else {
		close(in);
		close(p[0][1]);
		close(p[1][1]);
		execvp(rn->cmd[0], rn->cmd);
		e = errno;
	}
	if (write(p[2][1], &e, sizeof e) < 0)
		_exit(126);
	_exit(127);
}

int runner_start(struct runner *rn, struct job *j)
{
	char path[4200], cg[640];
	int p[3][2], slot = (int)(j - rn->job);
	pid_t pid;
	int e = 0;

	assert(slot >= 0 && slot < rn->jobs);
	if (j->input_file) {
		snprintf(path, sizeof path, "%s", j->input_file);
	} else {
		runner_path(rn, j->path, path, sizeof path);
		if (!runner_write_file(path, j->input.data, j->input.len))
			return errno ? errno : EIO;
	}
	if ((e = open_pipes(p)) != 0)
		return e;
	if (rn->mem == RUN_MEM_CGROUP) {
		cgroup_slot(rn, slot, "cgroup.procs", cg, sizeof cg);
		j->oom_base = cgroup_oom_kills(rn, slot);
	}
	fflush(stdout);
	fflush(stderr);
	j->start_ns = runner_now_ns();
	pid = fork();
	if (pid == 0)
		child(rn, path, rn->mem == RUN_MEM_CGROUP ? cg : NULL, p);
	if (pid < 0)
		e = errno;
	close(p[0][1]);
	close(p[1][1]);
	close(p[2][1]);
	if (pid > 0) {
		setpgid(pid, pid);   /* also here: the group exists whoever runs first */
		ssize_t n;
		while ((n = read(p[2][0], &e, sizeof e)) < 0 && errno == EINTR)
			;
		if (n != (ssize_t)sizeof e)
			e = 0;
		if (e)
			while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
				;
	}
	close(p[2][0]);
	if (e) {
		close(p[0][0]);
		close(p[1][0]);
		return e;
	}
	j->pid = pid;
	j->fd[0] = p[0][0];
	j->fd[1] = p[1][0];
	bl_buf_reset(&j->out);
	bl_buf_reset(&j->err);
	j->out_more = j->err_more = 0;
	j->wstatus = 0;
	j->cpu_ms = j->wall_ms = 0;
	j->peak_rss = 0;
	j->seen_cpu_ms = 0;
	j->cpu_over = j->wall_over = j->out_over = j->mem_over = false;
	j->check_ns = j->start_ns + RUN_POLL_MS * 1000000u;
	return 0;
}

/* Reads what is there on fd k of j; closes it at its end. */
static void job_read(const struct runner *rn, struct job *j, int k)
{
	char chunk[8192];

	for (;;) {
		ssize_t n = read(j->fd[k], chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
				close(j->fd[k]);
				j->fd[k] = -1;
			}
			return;
		}
		if (k == 1) {
			/* The rest is read, counted and dropped. */
			size_t keep = j->err.len < RUN_ERR_KEEP ? RUN_ERR_KEEP - j->err.len : 0;
			if (keep > (size_t)n)
				keep = (size_t)n;
			bl_buf_add(&j->err, chunk, keep);
			j->err_more += (size_t)n - keep;
		} else if (j->out_over) {
			j->out_more += (size_t)n;
		} else {
			bl_buf_add(&j->out, chunk, (size_t)n);
			if (rn->lim.out_cap > 0 && j->out.len > rn->lim.out_cap) {
				j->out_over = true;
				if (j->pid > 0)
					kill(-j->pid, SIGKILL);
			}
		}
	}
}

/* Appends p to v[0..*n), its room *cap; false when out of memory. */
static bool add_pid(pid_t **v, size_t *n, size_t *cap, long p)
{
	if (*n == *cap) {
		pid_t *nv = realloc(*v, (*cap = *cap ? 2 * *cap : 64) * sizeof *nv);
		if (!nv)
			return false;
		*v = nv;
	}
	(*v)[(*n)++] = (pid_t)p;
	return true;
}

/*
 * The children of process of, into *v (n of them; the caller frees *v):
 * from /proc/PID/task/PID/children, else from the parent field of every
 * /proc/PID/stat.  Returns false where there is no /proc.
 */
static bool children(pid_t of, pid_t **v, size_t *n)
{
	char path[64], line[512];
	size_t cap = 0;
	FILE *f;
	DIR *d;
	struct dirent *e;

	*v = NULL;
	*n = 0;
	snprintf(path, sizeof path, "/proc/%ld/task/%ld/children", (long)of, (long)of);
	if ((f = fopen(path, "r")) != NULL) {
		long p;
		while (fscanf(f, "%ld", &p) == 1 && add_pid(v, n, &cap, p))
			;
		fclose(f);
		return true;
	}
	if ((d = opendir("/proc")) == NULL)
		return false;
	while ((e = readdir(d)) != NULL) {
		char *end, *close_paren;
		long p = strtol(e->d_name, &end, 10), ppid;
		if (*end || p <= 0)
			continue;
		snprintf(path, sizeof path, "/proc/%ld/stat", p);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		line[0] = '\0';
		if (!fgets(line, sizeof line, f))
			line[0] = '\0';
		fclose(f);
		/* pid (comm) state ppid ...: comm may hold spaces and parentheses. */
		if ((close_paren = strrchr(line, ')')) == NULL ||
		    sscanf(close_paren + 1, " %*c %ld", &ppid) != 1 || ppid != (long)of)
			continue;
		if (!add_pid(v, n, &cap, p))
			break;
	}
	closedir(d);
	return true;
}

/*
 * The runner is the subreaper of its runs (Linux): a process of a run whose
 * parent died becomes the runner's child, rather than init's.  This kills
 * and reaps every such child that is not the leader of a live run nor in a
 * live run's process group: what is left of the runs that ended, a process
 * that left its run's group (setsid) among them.  Its own children become
 * the runner's in turn as it dies, so this goes on until none is left.
 */
static void sweep(struct runner *rn)
{
	for (int round = 0; rn->subreaper && round < 10000; round++) {
		pid_t *v;
		size_t n, killed = 0;

		if (!children(getpid(), &v, &n)) {
			free(v);
			return;
		}
		for (size_t i = 0; i < n; i++) {
			pid_t g = getpgid(v[i]);
			bool live = false;
			for (size_t k = 0; k < rn->npre && !live; k++)
				live = rn->pre[k] == v[i];
			for (int k = 0; k < rn->jobs && !live; k++)
				live = rn->job[k].pid > 0 && (rn->job[k].pid == v[i] || rn->job[k].pid == g);
			if (live)
				continue;
			kill(v[i], SIGKILL);
			while (waitpid(v[i], NULL, 0) < 0 && errno == EINTR)
				;
			killed++;
		}
		free(v);
		if (killed == 0)
			return;
	}
}

/* The measurements of j's run, from its rusage, and the limits they pass. */
static void job_measure(const struct runner *rn, struct job *j, const struct rusage *ru)
{
	int64_t us = (int64_t)ru->ru_utime.tv_sec * 1000000 + ru->ru_utime.tv_usec +
		     (int64_t)ru->ru_stime.tv_sec * 1000000 + ru->ru_stime.tv_usec;
#ifdef __APPLE__
	uint64_t peak = (uint64_t)ru->ru_maxrss;          /* bytes there */
#else
	uint64_t peak = (uint64_t)ru->ru_maxrss * 1024u;  /* KiB */
#endif

	j->wall_ms = (int64_t)((runner_now_ns() - j->start_ns) / 1000000u);
	/*
	 * wait4 counts the processes the run waited for; one killed before it
	 * reaped it is only in what /proc showed while it ran.
	 */
	j->cpu_ms = us / 1000 > j->seen_cpu_ms ? us / 1000 : j->seen_cpu_ms;
	if (peak > j->peak_rss)
		j->peak_rss = peak;
	if (rn->lim.cpu_ms > 0 && j->cpu_ms > rn->lim.cpu_ms)
		j->cpu_over = true;
	if (WIFSIGNALED(j->wstatus) && WTERMSIG(j->wstatus) == SIGXCPU)
		j->cpu_over = true;
	if (rn->lim.mem_bytes > 0 && j->peak_rss > rn->lim.mem_bytes)
		j->mem_over = true;
	if (rn->mem == RUN_MEM_CGROUP && cgroup_oom_kills(rn, (int)(j - rn->job)) > j->oom_base)
		j->mem_over = true;
}

/*
 * The run is over (exited, or to be killed): kill whatever is left of its
 * process group (the leader, still unreaped, keeps the group's id from
 * being reused) and of its cgroup, reap it and measure it, take the rest
 * of its output, and kill what escaped the group.
 */
void runner_end(struct runner *rn, struct job *j)
{
	struct rusage ru;

	if (j->pid <= 0)
		return;   /* ended already: kill(-0) would be the runner's own group */
	if (rn->mem == RUN_MEM_CGROUP) {
		char path[640];
		cgroup_slot(rn, (int)(j - rn->job), "cgroup.kill", path, sizeof path);
		write_text(path, "1");   /* Linux 5.14 on; the group and the sweep do it before */
	}
	kill(-j->pid, SIGKILL);
	memset(&ru, 0, sizeof ru);
	while (wait4(j->pid, &j->wstatus, 0, &ru) < 0 && errno == EINTR)
		;
	job_measure(rn, j, &ru);
	for (int k = 0; k < 2; k++) {
		if (j->fd[k] >= 0)
			job_read(rn, j, k);
		if (j->fd[k] >= 0) {
			close(j->fd[k]);   /* an escaped process still holds it */
			j->fd[k] = -1;
		}
	}
	j->pid = 0;
	sweep(rn);
}

/* ---- waiting ---- */

/*
 * The signal that interrupted the runner (SIGINT, SIGTERM, SIGHUP, or
 * SIGPIPE when the report's reader went away, as `| head` does), 0 for
 * none.  The runs are in process groups of their own, so a Ctrl-C at the
 * terminal reaches only boardlab: it stops them, and removes its temporary
 * folder, before it dies of the same signal.
 */
static volatile sig_atomic_t stop_signal;

/*
 * The self-pipe that wakes runner_wait: a byte is written into it on
 * SIGCHLD (a run ended) and on a stop signal, so poll, which also waits on
 * the runs' pipes, returns at once, even when the signal comes just before
 * it.
 */
static int wake_fd[2] = { -1, -1 };

static void wake(void)
{
	int e = errno;

	if (wake_fd[1] >= 0 && write(wake_fd[1], "", 1) < 0) {
		/* Full: runner_wait wakes up anyway. */
	}
	errno = e;
}

static void on_stop(int sig)
{
	stop_signal = sig;
	wake();
}

static void on_child(int sig)
{
	(void)sig;
	wake();
}

static const int stop_signals[RUNNER_NSTOP] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

/*
 * Reads the run's usage from /proc and stops it past the CPU limit or,
 * when memory is polled, past the memory limit; sets when to read it
 * next: every RUN_POLL_MS when memory is polled, else when the CPU time
 * left could be used up (one thread uses at most the wall time that
 * passes), at least RUN_POLL_MS and at most RUN_CHECK_MS apart, so that a
 * program of several threads overshoots by little.  True when it is to be
 * stopped.
 */
static bool job_watch(const struct runner *rn, struct job *j, uint64_t now)
{
	int64_t cpu, gap = RUN_CHECK_MS;
	uint64_t rss;

	if (!run_usage(j->pid, &cpu, &rss)) {
		j->check_ns = now + RUN_CHECK_MS * 1000000u;
		return false;
	}
	if (cpu > j->seen_cpu_ms)
		j->seen_cpu_ms = cpu;
	if (rn->mem == RUN_MEM_POLL) {
		if (rss > j->peak_rss)
			j->peak_rss = rss;
		if (rss > rn->lim.mem_bytes)
			return j->mem_over = true;
		gap = RUN_POLL_MS;
	}
	if (rn->lim.cpu_ms > 0) {
		int64_t left = rn->lim.cpu_ms - cpu;
		if (left < 0)
			return j->cpu_over = true;
		if (left < gap)
			gap = left > RUN_POLL_MS ? left : RUN_POLL_MS;
	}
	j->check_ns = now + (uint64_t)gap * 1000000u;
	return false;
}

/*
 * Whether the run of j is over: it exited, or passed a limit (its flag is
 * set).  If not, lowers *wait_ms to when it is to be looked at next.  An
 * exit is looked for first: a run that ended while the caller was busy
 * (stress making the next instances) has not passed the backstop.
 */
static bool job_over(const struct runner *rn, struct job *j, int *wait_ms)
{
	uint64_t now = runner_now_ns(), next = UINT64_MAX;
	siginfo_t si;

	memset(&si, 0, sizeof si);
	if (j->out_over || (waitid(P_PID, (id_t)j->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
			    si.si_pid == j->pid))
		return true;
	if (rn->lim.wall_ms > 0) {
		next = j->start_ns + (uint64_t)rn->lim.wall_ms * 1000000u;
		if (now >= next)
			return j->wall_over = true;
	}
	if (rn->lim.cpu_ms > 0 || rn->mem == RUN_MEM_POLL) {
		if (now >= j->check_ns && job_watch(rn, j, now))
			return true;
		if (j->check_ns < next)
			next = j->check_ns;
	}
	if (next != UINT64_MAX && (next - now) / 1000000u + 1 < (uint64_t)*wait_ms)
		*wait_ms = (int)((next - now) / 1000000u + 1);
	return false;
}

struct job *runner_wait(struct runner *rn)
{
	for (;;) {
		struct pollfd pf[2 * RUN_MAX_JOBS + 1];
		struct job *owner[2 * RUN_MAX_JOBS + 1];
		int which[2 * RUN_MAX_JOBS + 1];
		int n = 1, wait_ms = 1000;
		char drain[64];

		if (stop_signal) {
			for (int i = 0; i < rn->jobs; i++)
				if (rn->job[i].pid > 0)
					runner_end(rn, &rn->job[i]);
			return NULL;
		}
		for (int i = 0; i < rn->jobs; i++) {
			struct job *j = &rn->job[i];
			if (j->pid <= 0)
				continue;
			if (job_over(rn, j, &wait_ms)) {
				runner_end(rn, j);
				return j;
			}
			for (int k = 0; k < 2; k++) {
				if (j->fd[k] < 0)
					continue;
				pf[n].fd = j->fd[k];
				pf[n].events = POLLIN;
				pf[n].revents = 0;
				owner[n] = j;
				which[n++] = k;
			}
		}
		/*
		 * An exit, a stop signal, output, a limit to look at: nothing else
		 * wakes it (a run that keeps its pipes open in a child, or closes
		 * them and keeps running, costs no polling).
		 */
		pf[0].fd = wake_fd[0];
		pf[0].events = POLLIN;
		pf[0].revents = 0;
		if (poll(pf, (nfds_t)n, wait_ms) < 0)
			continue;
		if (pf[0].revents)
			while (read(wake_fd[0], drain, sizeof drain) > 0)
				;
		for (int i = 1; i < n; i++)
			if (pf[i].revents && owner[i]->fd[which[i]] >= 0)
				job_read(rn, owner[i], which[i]);
	}
}

int run_one(struct runner *rn, struct job *j)
{
	int e;

	for (int i = 0; i < rn->jobs; i++)
		assert(rn->job[i].pid <= 0);
	if ((e = runner_start(rn, j)) != 0)
		return e;
	return runner_wait(rn) ? 0 : EINTR;
}

int runner_catch(struct runner *rn, struct runner_signals *sig)
{
	struct sigaction act;

	if (pipe(sig->pipe) != 0) {
		fprintf(stderr, "boardlab: error: cannot make a pipe: %s\n", strerror(errno));
		return CLI_FAIL;
	}
	for (int i = 0; i < 2; i++)
		set_flags(sig->pipe[i], true);
	wake_fd[0] = sig->pipe[0];
	wake_fd[1] = sig->pipe[1];
	memset(&act, 0, sizeof act);
	sigemptyset(&act.sa_mask);
	stop_signal = 0;
	/*
	 * SIGCHLD caught (which also undoes a SIGCHLD ignored by whoever
	 * started boardlab: inherited across exec, it would have the runs
	 * reaped unseen); SA_RESTART, so that the game's verbs, run in this
	 * process meanwhile, see no EINTR.
	 */
	act.sa_handler = on_child;
	act.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigaction(SIGCHLD, &act, &sig->old_chld);
	act.sa_flags = 0;
	act.sa_handler = on_stop;   /* no SA_RESTART: poll returns at once */
	for (size_t i = 0; i < RUNNER_NSTOP; i++) {
		sigaction(stop_signals[i], NULL, &sig->old[i]);
		if (sig->old[i].sa_handler != SIG_IGN)   /* a background job keeps ignoring SIGINT */
			sigaction(stop_signals[i], &act, NULL);
	}
	rn->mem = rn->lim.mem_bytes == 0 ? RUN_MEM_OFF : RUN_MEM_AFTER;
#ifdef __linux__
	/*
	 * The subreaper, where /proc lists children; the children boardlab
	 * had already (from whoever exec'd it) are left alone.
	 */
	if (children(getpid(), &rn->pre, &rn->npre))
		rn->subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
	if (rn->mem == RUN_MEM_AFTER && cgroup_setup(rn))
		rn->mem = RUN_MEM_CGROUP;
	else if (rn->mem == RUN_MEM_AFTER && access("/proc/self/stat", R_OK) == 0)
		rn->mem = RUN_MEM_POLL;
#endif
	return CLI_OK;
}

void runner_restore(struct runner *rn, struct runner_signals *sig)
{
	sweep(rn);
	if (rn->mem == RUN_MEM_CGROUP)
		cgroup_teardown(rn);
#ifdef __linux__
	if (rn->subreaper)
		prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);
#endif
	for (size_t i = 0; i < RUNNER_NSTOP; i++)
		sigaction(stop_signals[i], &sig->old[i], NULL);
	sigaction(SIGCHLD, &sig->old_chld, NULL);
	wake_fd[0] = wake_fd[1] = -1;
	close(sig->pipe[0]);
	close(sig->pipe[1]);
}

void run_facts(const struct job *j, struct bl_judge_run *f)
{
	*f = (struct bl_judge_run){
		.cpu_ms = j->cpu_ms, .wall_ms = j->wall_ms, .peak_bytes = j->peak_rss,
		.signal = WIFSIGNALED(j->wstatus) ? WTERMSIG(j->wstatus) : 0,
		.exit_status = WIFEXITED(j->wstatus) ? WEXITSTATUS(j->wstatus) : 0,
		.cpu_over = j->cpu_over, .wall_over = j->wall_over, .out_over = j->out_over,
		.mem_over = j->mem_over, .out = j->out.data, .out_len = j->out.len,
	};
}

const char *runner_mem_name(const struct runner *rn)
{
	static const char *const names[] = { "no limit", "peak after the run", "rss polling",
					     "cgroup v2" };

	return names[rn->mem];
}

int runner_stop_signal(void)
{
	return stop_signal;
}
