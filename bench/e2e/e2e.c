/*
 * e2e: the end-to-end benchmarks of `make bench`.  Where the games' bench
 * verbs time the engines inside one process, this times whole processes
 * as users run them: each command reads its input from a file on standard
 * input and writes to a file; the commands of a workload take turns, round
 * after round, and each keeps its best wall time (posix_spawn to wait4)
 * and its peak resident memory (wait4's ru_maxrss).  Every command of a
 * workload must print the same bytes, else exit 4.  The peers are tiny
 * plain programs of bench/e2e/: a cin reader in the write-ups' style, a
 * scanf reader and a streaming getchar_unlocked reader for 16880, and the
 * plain reference engines of bench/ref/ as programs (plain.c).
 *
 *   e2e [--quick] [--rounds N] BOARDLAB PEERS
 *
 * BOARDLAB is the tool, PEERS the folder of the built peers (cin, scanf,
 * getchar, plain; a missing one is skipped, saying so).  The inputs are
 * made by BOARDLAB's gen in a temporary folder, removed at the end, with
 * --dist uniform: gen's default mixture reaches the rules' corners for
 * stress (17837 games built to last 1,000 turns, say), and the workloads
 * stay those the targets were set on.
 * --quick runs small workloads once (the tests: everything runs and
 * agrees); no speed is asserted, the ratios are printed beside the targets.
 */
#define _DEFAULT_SOURCE   /* wait4 */

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MAX_CMDS 6

struct cmd {
	const char *name;     /* as the table shows it */
	const char *argv[8];  /* argv[0] a path; NULL-terminated */
	double best;          /* seconds */
	long rss;             /* KiB, the largest of the runs */
	int runs;
	bool skip;            /* its program is not built */
};

struct workload {
	const char *title;
	const char *gen;      /* the gen command's words after BOARDLAB, or NULL */
	const char *text;     /* else the input itself */
	struct cmd cmd[MAX_CMDS];
	int ncmd;
};

static const char *boardlab, *peers, *dir;
static int rounds = 5;
static bool quick;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void die(const char *what)
{
	fprintf(stderr, "e2e: %s: %s\n", what, strerror(errno));
	exit(4);
}

/* Runs argv with in on standard input and out on standard output; its status. */
static int run(const char *const *argv, const char *in, const char *out, double *secs, long *rss)
{
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	pid_t pid;
	int status, e;
	double t0;

	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, 0, in, O_RDONLY, 0) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0644) != 0)
		die("posix_spawn_file_actions");
	t0 = now();
	if ((e = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ)) != 0) {
		errno = e;
		die(argv[0]);
	}
	if (wait4(pid, &status, 0, &ru) != pid)
		die("wait4");
	*secs = now() - t0;
	*rss = ru.ru_maxrss;
	posix_spawn_file_actions_destroy(&fa);
	return status;
}

static char *path_in(const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	if (!p)
		die("malloc");
	snprintf(p, n, "%s/%s", dir, name);
	return p;
}

/* The input of w into the file in: BOARDLAB's gen, or w->text. */
static void make_input(const struct workload *w, const char *in)
{
	const char *argv[16] = { boardlab };
	char words[256], *save = NULL;
	int n = 1;
	double secs;
	long rss;

	if (!w->gen) {
		FILE *f = fopen(in, "w");
		if (!f || fputs(w->text, f) < 0 || fclose(f) != 0)
			die(in);
		return;
	}
	snprintf(words, sizeof words, "%s", w->gen);
	for (char *t = strtok_r(words, " ", &save); t && n < 15; t = strtok_r(NULL, " ", &save))
		argv[n++] = t;
	argv[n] = NULL;
	if (run(argv, "/dev/null", in, &secs, &rss) != 0) {
		fprintf(stderr, "e2e: boardlab %s failed\n", w->gen);
		exit(4);
	}
}

static bool same_file(const char *a, const char *b)
{
	FILE *f = fopen(a, "rb"), *g = fopen(b, "rb");
	int c, d;
	bool same = f && g;

	while (same && ((c = getc(f)) != EOF) + ((d = getc(g)) != EOF) > 0)
		same = c == d;
	if (f)
		fclose(f);
	if (g)
		fclose(g);
	return same;
}

/*
 * The rounds of w: each command once a round, in turn; a command slower
 * than 5 s is run in two rounds only.  Every output must equal the first's.
 */
static void measure(struct workload *w, const char *in)
{
	char *want = path_in("want"), *got = path_in("got");

	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < w->ncmd; i++) {
			struct cmd *c = &w->cmd[i];
			double secs;
			long rss;
			if (c->skip || (c->runs >= 2 && c->best > 5))
				continue;
			int status = run(c->argv, in, r == 0 && i == 0 ? want : got, &secs, &rss);
			if (status != 0 || (!(r == 0 && i == 0) && !same_file(want, got))) {
				fprintf(stderr, "e2e: %s: %s %s (status %d)\n", w->title, c->name,
					status ? "failed" : "disagrees with the first command",
					status);
				exit(4);
			}
			if (c->runs++ == 0 || secs < c->best)
				c->best = secs;
			if (rss > c->rss)
				c->rss = rss;
		}
	}
	unlink(want);
	unlink(got);
	free(want);
	free(got);
}

static void print(const struct workload *w)
{
	const struct cmd *b = &w->cmd[0];

	printf("%s\n", w->title);
	for (int i = 0; i < w->ncmd; i++) {
		const struct cmd *c = &w->cmd[i];
		if (c->skip) {
			printf("  %-34s %10s %10s   not built\n", c->name, "-", "-");
			continue;
		}
		printf("  %-34s %10.2f %10ld", c->name, c->best * 1e3, c->rss);
		if (i > 0)
			printf("   %5.2fx boardlab's time", c->best / b->best);
		printf("\n");
	}
}

static void peer(struct cmd *c, const char *name, const char *label, const char *arg)
{
	size_t n = strlen(peers) + strlen(name) + 2;
	char *p = malloc(n);

	if (!p)
		die("malloc");
	snprintf(p, n, "%s/%s", peers, name);
	c->name = label;
	c->argv[0] = p;
	c->argv[1] = arg;
	c->skip = access(p, X_OK) != 0;
}

static void tool(struct cmd *c, const char *label, const char *a1, const char *a2, const char *a3)
{
	c->name = label;
	c->argv[0] = boardlab;
	c->argv[1] = a1;
	c->argv[2] = a2;
	c->argv[3] = a3;
}

/* Makes w's input, runs w's rounds and prints its table. */
static void bench(struct workload *w)
{
	char *in = path_in("in");

	make_input(w, in);
	measure(w, in);
	print(w);
	unlink(in);
	free(in);
}

/* The time of command i of w over boardlab's (its first), or NAN when it did not run. */
static double ratio(const struct workload *w, int i)
{
	return w->cmd[i].skip || w->cmd[0].best <= 0 ? NAN : w->cmd[i].best / w->cmd[0].best;
}

/* A target's line; got is NAN when it was not measured (a peer not built). */
static void target(const char *what, double got, double want, bool at_least)
{
	bool met = at_least ? got >= want : got <= want;

	if (got != got)
		printf("  %-54s      -  (target %s %g): not measured\n", what,
		       at_least ? ">=" : "<=", want);
	else
		printf("  %-54s %6.2f  (target %s %g): %s\n", what, got, at_least ? ">=" : "<=",
		       want, met ? "met" : "NOT met");
}

int main(int argc, char **argv)
{
	static struct workload w[7];
	char tmpl[] = "/tmp/boardlab-e2e-XXXXXX", gen[7][96];
	int a = 1;
	long pieces = 2000000, judge = 300000, fields = 100000, games = 10000, lines = 10000;

	for (; a < argc && argv[a][0] == '-'; a++) {
		if (!strcmp(argv[a], "--quick"))
			quick = true;
		else if (!strcmp(argv[a], "--rounds") && a + 1 < argc)
			rounds = atoi(argv[++a]);
		else
			break;
	}
	if (argc - a != 2 || rounds < 1) {
		fputs("usage: e2e [--quick] [--rounds N] BOARDLAB PEERS\n", stderr);
		return 2;
	}
	boardlab = argv[a];
	peers = argv[a + 1];
	if (quick) {
		rounds = 1;
		pieces = 20000;
		judge = 10000;
		fields = 1000;
		games = 100;
		lines = 20;
	}
	if (!(dir = mkdtemp(tmpl)))
		die("mkdtemp");

	snprintf(gen[0], sizeof gen[0], "grundy gen --seed 16880 --pieces %ld --dist uniform", pieces);
	snprintf(gen[1], sizeof gen[1], "grundy gen --boj --seed 16880 --pieces %ld --dist uniform", judge);
	snprintf(gen[2], sizeof gen[2], "puyo gen --boj --seed 11559 --count %ld --dist uniform", fields);
	snprintf(gen[3], sizeof gen[3], "tower gen --boj --seed 17837 --count %ld --dist uniform", games);
	snprintf(gen[4], sizeof gen[4], "yut gen --boj --seed 17825 --count %ld --dist uniform", lines);
	for (int i = 0; i < 2; i++) {
		w[i].gen = gen[i];
		tool(&w[i].cmd[0], i ? "boardlab boj 16880" : "boardlab grundy solve",
		     i ? "boj" : "grundy", i ? "16880" : "solve", NULL);
		peer(&w[i].cmd[1], "getchar", "getchar_unlocked reader (C)", NULL);
		peer(&w[i].cmd[2], "scanf", "scanf reader (C)", NULL);
		peer(&w[i].cmd[3], "cin", "cin reader, the write-ups' (C++)", NULL);
		w[i].ncmd = 4;
	}
	static const char *const problem[] = { "11559", "17837", "17825" };
	static const char *const plain[] = { "plain BFS (bench/ref)", "plain simulation (bench/ref)",
					     "plain backtracking (bench/ref)" };
	for (int i = 2; i < 5; i++) {
		w[i].gen = gen[i];
		tool(&w[i].cmd[0], "boardlab boj --batch", "boj", problem[i - 2], "--batch");
		peer(&w[i].cmd[1], "plain", plain[i - 2], problem[i - 2]);
		w[i].ncmd = 2;
	}
	char titles[5][96];
	snprintf(titles[0], 96, "16880, %ld pieces (the tool's limits)", pieces);
	snprintf(titles[1], 96, "16880, %ld pieces (the judge's maximum)", judge);
	snprintf(titles[2], 96, "11559, a batch of %ld fields", fields);
	snprintf(titles[3], 96, "17837, a batch of %ld games", games);
	snprintf(titles[4], 96, "17825, a batch of %ld dice lines", lines);
	for (int i = 0; i < 5; i++)
		w[i].title = titles[i];
	/* A single judge instance, the problem's first sample: what starting costs. */
	w[5].title = "start: 16880's sample (2 pieces)";
	w[5].text = "2\n7 0 B\n3 4 R\n";
	tool(&w[5].cmd[0], "boardlab boj 16880", "boj", "16880", NULL);
	peer(&w[5].cmd[1], "scanf", "scanf reader (C)", NULL);
	w[5].ncmd = 2;
	w[6].title = "start: 11559's sample";
	w[6].text = "......\n......\n......\n......\n......\n......\n"
		    "......\n......\n.Y....\n.YG...\nRRYG..\nRRYGG.\n";
	tool(&w[6].cmd[0], "boardlab boj 11559", "boj", "11559", NULL);
	peer(&w[6].cmd[1], "plain", "plain BFS (bench/ref)", "11559");
	w[6].ncmd = 2;

	printf("e2e bench: whole processes, standard input from a file, best of %d rounds\n"
	       "  taking turns (a command over 5 s: 2 rounds)\n", rounds);
	printf("  %-34s %10s %10s\n", "command", "best ms", "max KiB");
	int start_rounds = rounds;
	for (int i = 0; i < 7; i++) {
		if (i == 5)
			rounds = quick ? 1 : 20 * start_rounds;   /* a few ms each: more rounds */
		bench(&w[i]);
	}
	printf("targets (one thread):\n");
	target("16880 2e6: time / the getchar_unlocked reader's", 1 / ratio(&w[0], 1), 1.2, false);
	target("16880 2e6: the cin reader's time / boardlab's", ratio(&w[0], 3), 2, true);
	target("16880 2e6: peak resident memory, MiB", (double)w[0].cmd[0].rss / 1024, 8, false);
	target("11559 batch: the plain BFS's time / boardlab's", ratio(&w[2], 1), 10, true);
	target("17837 batch: the plain simulation's time / boardlab's", ratio(&w[3], 1), 3.5, true);
	target("17825 batch: the plain backtracking's / boardlab's", ratio(&w[4], 1), 50, true);
	for (int i = 5; i < 7; i++)
		target(i == 5 ? "start 16880: boardlab's time - the scanf reader's, ms"
			      : "start 11559: boardlab's time - the plain BFS's, ms",
		       w[i].cmd[1].skip ? NAN : (w[i].cmd[0].best - w[i].cmd[1].best) * 1e3, 0.3,
		       false);
	if (quick)
		printf("  (--quick: small workloads, one round; the ratios mean little)\n");
	rmdir(dir);
	return 0;
}
