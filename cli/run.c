/*
 * run: running a user's program (run.h).
 */
#include "run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

void runner_path(const struct runner *rn, const char *name, char *dst, size_t cap)
{
	snprintf(dst, cap, "%s/%s", rn->tmp, name);
}

bool runner_write_file(const char *path, const struct bl_buf *b)
{
	FILE *f = fopen(path, "wb");
	bool ok;

	if (!f)
		return false;
	ok = fwrite(b->data ? b->data : "", 1, b->len, f) == b->len;
	return fclose(f) == 0 && ok;
}

static void set_flags(int fd, bool nonblock)
{
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (nonblock)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

int runner_start(struct runner *rn, struct job *j)
{
	char path[4200];
	int po[2], pe[2], px[2];
	pid_t pid;
	int e = 0;

	runner_path(rn, j->path, path, sizeof path);
	if (!runner_write_file(path, &j->input))
		return errno ? errno : EIO;
	if (pipe(po) != 0)
		return errno;
	if (pipe(pe) != 0) {
		e = errno;
		close(po[0]);
		close(po[1]);
		return e;
	}
	if (pipe(px) != 0) {
		e = errno;
		close(po[0]);
		close(po[1]);
		close(pe[0]);
		close(pe[1]);
		return e;
	}
	set_flags(po[0], true);
	set_flags(pe[0], true);
	set_flags(px[0], false);
	set_flags(px[1], false);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		int in = open(path, O_RDONLY);
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		if (in < 0 || dup2(in, 0) < 0 || dup2(po[1], 1) < 0 || dup2(pe[1], 2) < 0) {
			e = errno;
		} else {
			close(in);
			close(po[1]);
			close(pe[1]);
			execvp(rn->cmd[0], rn->cmd);
			e = errno;
		}
		if (write(px[1], &e, sizeof e) < 0)
			_exit(126);
		_exit(127);
	}
	if (pid < 0)
		e = errno;
	close(po[1]);
	close(pe[1]);
	close(px[1]);
	if (pid > 0) {
		setpgid(pid, pid);   /* also here: the group exists whoever runs first */
		ssize_t n;
		while ((n = read(px[0], &e, sizeof e)) < 0 && errno == EINTR)
			;
		if (n != (ssize_t)sizeof e)
			e = 0;
		if (e)
			while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
				;
	}
	close(px[0]);
	if (e) {
		close(po[0]);
		close(pe[0]);
		return e;
	}
	j->pid = pid;
	j->fd[0] = po[0];
	j->fd[1] = pe[0];
	bl_buf_reset(&j->out);
	bl_buf_reset(&j->err);
	j->out_more = j->err_more = 0;
	j->cut = j->timed_out = false;
	j->wstatus = 0;
	j->deadline = cli_now_ns() + (uint64_t)rn->timeout_ms * 1000000u;
	return 0;
}

/* Reads what is there on fd k of j; closes it at its end. */
static void job_read(struct job *j, int k)
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
			size_t keep = j->err.len < ERR_KEEP ? ERR_KEEP - j->err.len : 0;
			if (keep > (size_t)n)
				keep = (size_t)n;
			bl_buf_add(&j->err, chunk, keep);
			j->err_more += (size_t)n - keep;
		} else if (j->cut) {
			j->out_more += (size_t)n;
		} else {
			bl_buf_add(&j->out, chunk, (size_t)n);
			if (j->out.len > OUT_CAP) {
				j->cut = true;
				if (j->pid > 0)
					kill(-j->pid, SIGKILL);
			}
		}
	}
}

/*
 * Stress's children, into *v (n of them; the caller frees *v): from
 * /proc/self/task/TID/children, else from the parent field of every
 * /proc/PID/stat.  Returns false where there is no /proc.
 */
static bool children(pid_t **v, size_t *n)
{
	char path[64], line[512];
	size_t cap = 0;
	pid_t self = getpid();
	FILE *f;
	DIR *d;
	struct dirent *e;

	*v = NULL;
	*n = 0;
	snprintf(path, sizeof path, "/proc/self/task/%ld/children", (long)self);
	if ((f = fopen(path, "r")) != NULL) {
		long p;
		while (fscanf(f, "%ld", &p) == 1) {
			if (*n == cap) {
				pid_t *nv = realloc(*v, (cap = cap ? 2 * cap : 64) * sizeof *nv);
				if (!nv)
					break;
				*v = nv;
			}
			(*v)[(*n)++] = (pid_t)p;
		}
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
		    sscanf(close_paren + 1, " %*c %ld", &ppid) != 1 || ppid != (long)self)
			continue;
		if (*n == cap) {
			pid_t *nv = realloc(*v, (cap = cap ? 2 * cap : 64) * sizeof *nv);
			if (!nv)
				break;
			*v = nv;
		}
		(*v)[(*n)++] = (pid_t)p;
	}
	closedir(d);
	return true;
}

/*
 * Stress is the subreaper of its runs (Linux): a process of a run whose
 * parent died becomes stress's child, rather than init's.  This kills and
 * reaps every such child that is not the leader of a live run nor in a
 * live run's process group: what is left of the runs that ended, a process
 * that left its run's group (setsid) among them.  Its own children become
 * stress's in turn as it dies, so this goes on until none is left.
 */
static void sweep(struct runner *rn)
{
	for (int round = 0; rn->subreaper && round < 10000; round++) {
		pid_t *v;
		size_t n, killed = 0;

		if (!children(&v, &n)) {
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

/*
 * The run is over (exited, or to be killed): kill whatever is left of its
 * process group (the leader, still unreaped, keeps the group's id from
 * being reused), reap it, take the rest of its output, and kill what
 * escaped the group.
 */
void runner_end(struct runner *rn, struct job *j)
{
	kill(-j->pid, SIGKILL);
	while (waitpid(j->pid, &j->wstatus, 0) < 0 && errno == EINTR)
		;
	for (int k = 0; k < 2; k++) {
		if (j->fd[k] >= 0)
			job_read(j, k);
		if (j->fd[k] >= 0) {
			close(j->fd[k]);   /* an escaped process still holds it */
			j->fd[k] = -1;
		}
	}
	j->pid = 0;
	sweep(rn);
}

/*
 * The signal that interrupted stress (SIGINT, SIGTERM, SIGHUP, or SIGPIPE
 * when the report's reader went away, as `| head` does), 0 for none.  The
 * runs are in process groups of their own, so a Ctrl-C at the terminal
 * reaches only stress: it stops them, and removes its temporary folder,
 * before it dies of the same signal.
 */
static volatile sig_atomic_t stop_signal;

/*
 * The self-pipe that wakes wait_any: a byte is written into it on SIGCHLD
 * (a run ended) and on a stop signal, so poll, which also waits on the
 * runs' pipes, returns at once, even when the signal comes just before it.
 */
static int wake_fd[2] = { -1, -1 };

static void wake(void)
{
	int e = errno;

	if (wake_fd[1] >= 0 && write(wake_fd[1], "", 1) < 0) {
		/* Full: wait_any wakes up anyway. */
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

struct job *runner_wait(struct runner *rn)
{
	for (;;) {
		struct pollfd pf[2 * MAX_JOBS + 1];
		struct job *owner[2 * MAX_JOBS + 1];
		int which[2 * MAX_JOBS + 1];
		uint64_t now = cli_now_ns();
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
			siginfo_t si;

			if (j->pid <= 0)
				continue;
			/*
			 * An exit is looked for before the deadline: a run that ended
			 * while stress was busy generating the next instances is not
			 * a TLE.
			 */
			memset(&si, 0, sizeof si);
			if (j->cut || (waitid(P_PID, (id_t)j->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
				       si.si_pid == j->pid)) {
				runner_end(rn, j);
				return j;
			}
			if (now >= j->deadline) {
				j->timed_out = true;
				runner_end(rn, j);
				return j;
			}
			uint64_t left = (j->deadline - now) / 1000000u + 1;
			if (left < (uint64_t)wait_ms)
				wait_ms = (int)left;
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
		 * An exit, a stop signal, output, or the nearest deadline: nothing
		 * else wakes it (a run that keeps its pipes open in a child, or
		 * closes them and keeps running, costs no polling).
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
				job_read(owner[i], which[i]);
	}
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
#ifdef __linux__
	/*
	 * The subreaper, where /proc lists children; the children boardlab
	 * had already (from whoever exec'd it) are left alone.
	 */
	if (children(&rn->pre, &rn->npre))
		rn->subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
#else
	(void)rn;
#endif
	return CLI_OK;
}

void runner_restore(struct runner *rn, struct runner_signals *sig)
{
	sweep(rn);
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


int runner_stop_signal(void)
{
	return stop_signal;
}
