/*
 * judge: the verb (judge.h).  The tests come from the library's suite of
 * the problem (suite.h) or from a folder; each runs CMD once through the
 * runner (run.h), which measures its CPU time and peak memory and stops it
 * at the limits; the verdict compares its output with the library's answer
 * as the judge did (bl_compare).
 */
#include "judge.h"
#include "run.h"

#include <dirent.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define OUTPUT_LIMIT_DEFAULT ((uint64_t)64 << 20)
#define BACKSTOP_FACTOR 5          /* the wall-clock backstop: 5 x the CPU limit, + 2 s */
#define KEEP_INPUT 2000           /* the bytes of an input the report may show (kept) */
#define KEEP_OUT 65536             /* the bytes of a failing run's output kept for the report */
#define NEAR_LIMIT_PERCENT 80      /* a parallel run over this share of the limit runs again alone */

const char *const judge_verdict_names[J_NVERDICTS] = { "AC", "WA", "PE", "TLE", "MLE", "OLE",
							"RE" };
const char *const judge_verdict_long[J_NVERDICTS] = {
	"accepted", "wrong answer", "presentation error", "time limit exceeded",
	"memory limit exceeded", "output limit exceeded", "runtime error",
};

enum { O_PROBLEM, O_TIME, O_SCALE, O_MEMORY, O_OUTPUT, O_JOBS, O_FORMAT, O_FAIL_FAST, O_TESTS,
       O_EXPORT, O_LIST, O_INPUT };

const struct cli_opt judge_opts[] = {
	[O_PROBLEM] = { "problem", "P", "the problem: 17780, 17837, 17825, 16880, 16879 or 11559" },
	[O_TIME] = { "time-limit", "SECONDS",
		     "a test's CPU time limit (default: the problem's, see --list)" },
	[O_SCALE] = { "time-scale", "X",
		      "multiply the time limit by X, 0.1 to 100, for slower languages (default 1)" },
	[O_MEMORY] = { "memory-limit", "BYTES",
		       "the peak memory limit, suffix K, M or G (default: the problem's)" },
	[O_OUTPUT] = { "output-limit", "BYTES",
		       "stop a run that prints more than BYTES, suffix K, M or G (default 64M)" },
	[O_JOBS] = { "jobs", "J",
		     "tests run at the same time, 1 to 64 (default: the processors, at most 8); "
		     "a test near the time limit runs again alone" },
	[O_FORMAT] = { "format", "FORMAT", "text (the default) or json (one document)" },
	[O_FAIL_FAST] = { "fail-fast", NULL, "stop at the first test that is not accepted" },
	[O_TESTS] = { "tests", "DIR",
		      "judge on DIR's NAME.in files instead of the suite (answers from NAME.out, "
		      "or computed)" },
	[O_EXPORT] = { "export", "DIR",
		       "write the suite as DIR/NNN.in, DIR/NNN.out and DIR/index.tsv; no CMD" },
	[O_LIST] = { "list", NULL, "list the suite's tests and the limits; no CMD" },
	[O_INPUT] = { "input", "ID", "print test ID's input (to pipe into CMD); no CMD" },
	{ 0 },
};

static const char *const format_names[] = { "text", "json", NULL };

/* ---- the tests ---- */

static void tests_release(struct judge *j)
{
	for (int i = 0; i < j->n; i++) {
		bl_buf_release(&j->t[i].own_in);
		bl_buf_release(&j->t[i].own_ans);
		if (j->res) {
			bl_buf_release(&j->res[i].out);
			bl_buf_release(&j->res[i].err);
		}
	}
	free(j->t);
	free(j->res);
	bl_suite_release(&j->suite);
	j->t = NULL;
	j->res = NULL;
	j->n = 0;
}

/* Room for n tests and their results, zeroed. */
static bool tests_alloc(struct judge *j, size_t n)
{
	j->t = calloc(n ? n : 1, sizeof *j->t);
	j->res = calloc(n ? n : 1, sizeof *j->res);
	if (!j->t || !j->res)
		return false;
	for (size_t i = 0; i < n; i++) {
		bl_buf_init(&j->t[i].own_in);
		bl_buf_init(&j->t[i].own_ans);
		bl_buf_init(&j->res[i].out);
		bl_buf_init(&j->res[i].err);
	}
	return true;
}

static const char *const kind_names[] = { "sample", "edge", "max", "random" };

/* The library's suite of the problem; the tests point into it. */
static int load_suite(struct judge *j)
{
	struct bl_suite *s = &j->suite;
	struct bl_err err;

	bl_err_clear(&err);
	if (bl_suite_build(j->p, s, &err) != BL_OK)
		return cli_report("<suite>", &err, 0);
	if (!tests_alloc(j, s->n)) {
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	j->n = (int)s->n;
	for (size_t i = 0; i < s->n; i++) {
		struct judge_test *t = &j->t[i];
		const struct bl_test *st = &s->tests[i];

		t->id = st->id;
		snprintf(t->name, sizeof t->name, "%s", st->name);
		t->kind = kind_names[st->kind];
		snprintf(t->desc, sizeof t->desc, "%s", st->desc);
		t->in = st->input;
		t->in_len = st->input_len;
		t->ans = st->expected;
		t->ans_len = st->expected_len;
	}
	return CLI_OK;
}

/* Reads the whole file path into b; false with errno. */
static bool read_file(const char *path, struct bl_buf *b)
{
	FILE *f = fopen(path, "rb");
	char chunk[65536];
	size_t got;

	if (!f)
		return false;
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
		bl_buf_add(b, chunk, got);
	bool ok = !ferror(f) && !bl_buf_failed(b);
	int e = errno;
	fclose(f);
	errno = ok ? 0 : (e ? e : ENOMEM);
	return ok;
}

/* "2.in" before "10.in": numbers compare as numbers, the rest as bytes. */
static int natural_cmp(const void *pa, const void *pb)
{
	const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;

	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			char *ea, *eb;
			unsigned long long x = strtoull(a, &ea, 10), y = strtoull(b, &eb, 10);
			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

/* The names of DIR's regular files ending in ".in", sorted; NULL on failure (printed). */
static char **dir_inputs(const char *dir, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		fprintf(stderr, "boardlab: %s: error: %s\n", dir, strerror(errno));
		return NULL;
	}
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 3, ".in") != 0)
			continue;
		if (*n == cap) {
			char **more = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof *names);
			if (!more)
				break;
			names = more;
		}
		if ((names[*n] = strdup(e->d_name)) == NULL)
			break;
		(*n)++;
	}
	closedir(d);
	if (!names)
		names = malloc(sizeof *names);
	if (names)
		qsort(names, *n, sizeof *names, natural_cmp);
	return names;
}

/* Test t of --tests DIR: NAME.in, and NAME.out or the library's answer. */
static int load_file_test(struct judge *j, const char *dir, const char *file, struct judge_test *t)
{
	char path[4200];
	struct bl_err err;
	size_t len = strlen(file) - 3;

	snprintf(t->name, sizeof t->name, "%.*s", (int)(len < 63 ? len : 63), file);
	t->kind = "file";
	t->desc[0] = '\0';
	snprintf(path, sizeof path, "%s/%s", dir, file);
	if (!read_file(path, &t->own_in)) {
		fprintf(stderr, "boardlab: %s: error: %s\n", path, strerror(errno));
		return CLI_FAIL;
	}
	t->in = t->own_in.data ? t->own_in.data : "";
	t->in_len = t->own_in.len;
	snprintf(path, sizeof path, "%s/%.*s.out", dir, (int)len, file);
	if (!read_file(path, &t->own_ans)) {
		if (errno != ENOENT) {
			fprintf(stderr, "boardlab: %s: error: %s\n", path, strerror(errno));
			return CLI_FAIL;
		}
		bl_buf_reset(&t->own_ans);
		bl_err_clear(&err);
		snprintf(path, sizeof path, "%s/%s", dir, file);
		if (bl_problem_answer(j->p, t->in, t->in_len, &t->own_ans, &err) != BL_OK)
			return cli_report(path, &err, 0);
	}
	t->ans = t->own_ans.data ? t->own_ans.data : "";
	t->ans_len = t->own_ans.len;
	return CLI_OK;
}

static int load_dir(struct judge *j, const char *dir)
{
	size_t n;
	char **names = dir_inputs(dir, &n);
	int status = CLI_OK;

	if (!names)
		return CLI_FAIL;
	if (n == 0) {
		fprintf(stderr, "boardlab: %s: error: no NAME.in files in the folder\n", dir);
		status = CLI_FAIL;
	} else if (!tests_alloc(j, n)) {
		fputs("boardlab: error: out of memory\n", stderr);
		status = CLI_FAIL;
	}
	for (size_t i = 0; i < n && status == CLI_OK; i++) {
		j->t[i].id = (int)i + 1;
		j->n = (int)i + 1;
		status = load_file_test(j, dir, names[i], &j->t[i]);
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return status;
}

/* ---- --export, --list and --input: the suite without CMD ---- */

static bool write_file(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	bool ok;

	if (!f)
		return false;
	ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok;
}

static int export_suite(const struct judge *j, const char *dir)
{
	char path[4200];
	struct bl_buf index;
	bool ok = true;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "boardlab: %s: error: cannot make the folder: %s\n", dir,
			strerror(errno));
		return CLI_FAIL;
	}
	bl_buf_init(&index);
	bl_buf_puts(&index, "id\tname\tdescription\n");
	for (int i = 0; i < j->n && ok; i++) {
		const struct judge_test *t = &j->t[i];
		bl_buf_printf(&index, "%03d\t%s\t%s\n", t->id, t->name, t->desc);
		snprintf(path, sizeof path, "%s/%03d.in", dir, t->id);
		ok = write_file(path, t->in, t->in_len);
		if (ok) {
			snprintf(path, sizeof path, "%s/%03d.out", dir, t->id);
			ok = write_file(path, t->ans, t->ans_len);
		}
	}
	if (ok) {
		snprintf(path, sizeof path, "%s/index.tsv", dir);
		ok = !bl_buf_failed(&index) && write_file(path, index.data, index.len);
	}
	bl_buf_release(&index);
	if (!ok) {
		fprintf(stderr, "boardlab: %s: error: %s\n", path, strerror(errno ? errno : ENOMEM));
		return CLI_FAIL;
	}
	bl_buf_printf(&j->r->out, "%s: %d tests of %s (NNN.in, NNN.out, index.tsv)\n", dir, j->n,
		      j->p->id);
	return CLI_OK;
}

static void list_suite(const struct judge *j)
{
	struct bl_buf *o = &j->r->out;
	char mem[BL_BYTES_TEXT_MAX];

	bl_buf_printf(o, "%s %s: %d tests; time limit %.3g s, memory limit %s\n", j->p->id,
		      j->p->title, j->n, (double)j->time_ms / 1000, bl_bytes_text(j->memory, mem));
	for (int i = 0; i < j->n; i++)
		bl_buf_printf(o, "%3d  %-6s  %-28s  %s\n", j->t[i].id, j->t[i].kind, j->t[i].name,
			      j->t[i].desc);
}

static int print_input(const struct judge *j, const char *id)
{
	char *end;
	long v = strtol(id, &end, 10);

	if (*id < '0' || *id > '9' || *end || v < 1 || v > j->n)
		return cli_usage(j->r, "invalid value '%s' for --input: expected a test from 1 to %d",
				 id, j->n);
	bl_buf_add(&j->r->out, j->t[v - 1].in, j->t[v - 1].in_len);
	return CLI_OK;
}

/* ---- options ---- */

/* A positive decimal ("0.5", "2") in [lo, hi] into *out; false when it is not one. */
static bool parse_decimal(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (!s || !((*s >= '0' && *s <= '9') || *s == '.'))
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (*end || errno || !isfinite(v) || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static int read_limits(struct judge *j)
{
	struct cli_run *r = j->r;
	double secs = (double)j->p->time_ms / 1000;
	size_t mem = (size_t)j->p->memory_bytes, out = (size_t)OUTPUT_LIMIT_DEFAULT;
	int status;

	j->scale = 1;
	if (r->opt[O_TIME] && !parse_decimal(r->opt[O_TIME], 0.001, 3600, &secs))
		return cli_usage(r, "invalid value '%s' for --time-limit: expected seconds from "
				 "0.001 to 3600 (0.5)", r->opt[O_TIME]);
	if (r->opt[O_SCALE] && !parse_decimal(r->opt[O_SCALE], 0.1, 100, &j->scale))
		return cli_usage(r, "invalid value '%s' for --time-scale: expected a factor from "
				 "0.1 to 100 (3)", r->opt[O_SCALE]);
	if ((status = cli_opt_bytes(r, O_MEMORY, &mem)) != CLI_OK ||
	    (status = cli_opt_bytes(r, O_OUTPUT, &out)) != CLI_OK)
		return status;
	j->time_ms = (int64_t)ceil(secs * j->scale * 1000);
	j->memory = mem;
	j->output = out;
	return CLI_OK;
}

static int read_opts(struct judge *j)
{
	struct cli_run *r = j->r;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int format = 0, status;

	if (!r->opt[O_PROBLEM])
		return cli_usage(r, "missing --problem P (one of 17780 17837 17825 16880 16879 11559)");
	j->p = bl_problem_find(r->opt[O_PROBLEM]);
	if (!j->p)
		return cli_usage(r, "unknown problem '%s' (one of 17780 17837 17825 16880 16879 11559)",
				 r->opt[O_PROBLEM]);
	if (strcmp(j->p->game, r->game->name) != 0)
		return cli_usage(r, "problem %s is a %s problem, not %s's", j->p->id, j->p->game,
				 r->game->name);
	j->jobs = cpus < 1 ? 1 : cpus > 8 ? 8 : cpus;
	if ((status = read_limits(j)) != CLI_OK ||
	    (status = cli_opt_int(r, O_JOBS, 1, RUN_MAX_JOBS, &j->jobs)) != CLI_OK ||
	    (status = cli_opt_choice(r, O_FORMAT, format_names, &format)) != CLI_OK)
		return status;
	j->json = format == 1;
	j->fail_fast = cli_flag(r, O_FAIL_FAST);
	j->tests_dir = r->opt[O_TESTS];
	if (j->tests_dir && (r->opt[O_EXPORT] || r->opt[O_LIST] || r->opt[O_INPUT]))
		return cli_usage(r, "--tests judges a folder; --export, --list and --input show the "
				 "suite");
	int shown = !!r->opt[O_EXPORT] + cli_flag(r, O_LIST) + !!r->opt[O_INPUT];
	if (shown > 1)
		return cli_usage(r, "--export, --list and --input go one at a time");
	if (shown && (r->dashdash >= 0 || r->nargs > 0))
		return cli_usage(r, "--%s takes no command after '--'",
				 r->opt[O_EXPORT] ? "export" : r->opt[O_INPUT] ? "input" : "list");
	if (!shown && (status = cli_command(r, "judge")) != CLI_OK)
		return status;
	j->cmd = shown ? NULL : r->args + r->dashdash;
	return CLI_OK;
}

/* ---- the runs ---- */

/* The verdict of test i's finished run j (run.h has measured it). */
static void classify(struct judge *jd, int i, const struct job *j)
{
	struct judge_result *res = &jd->res[i];
	const struct judge_test *t = &jd->t[i];
	char b1[BL_BYTES_TEXT_MAX], b2[BL_BYTES_TEXT_MAX];

	res->done = true;
	res->cpu_ms = j->cpu_ms;
	res->wall_ms = j->wall_ms;
	res->rss = j->peak_rss;
	res->sig = res->code = 0;
	res->wall = false;
	if (j->mem_over || res->rss > jd->memory) {
		res->v = J_MLE;
		snprintf(res->why, sizeof res->why, "peak memory %s over the limit %s",
			 bl_bytes_text_up(res->rss, b1), bl_bytes_text(jd->memory, b2));
	} else if (j->out_over) {
		res->v = J_OLE;
		snprintf(res->why, sizeof res->why, "more than %s of output; the run was stopped",
			 bl_bytes_text(jd->output, b1));
	} else if (j->cpu_over || res->cpu_ms > jd->time_ms) {
		res->v = J_TLE;
		snprintf(res->why, sizeof res->why, "%.2f s of CPU time, over the limit %.3g s",
			 (double)res->cpu_ms / 1000, (double)jd->time_ms / 1000);
	} else if (j->wall_over) {
		res->v = J_TLE;
		res->wall = true;
		snprintf(res->why, sizeof res->why,
			 "still running after %.1f s of wall-clock time (%.2f s of CPU): stopped",
			 (double)res->wall_ms / 1000, (double)res->cpu_ms / 1000);
	} else if (WIFSIGNALED(j->wstatus)) {
		res->v = J_RE;
		res->sig = WTERMSIG(j->wstatus);
		snprintf(res->why, sizeof res->why, "killed by %s",
			 run_signal_name(res->sig, b2, sizeof b2));
	} else if (WIFEXITED(j->wstatus) && WEXITSTATUS(j->wstatus) != 0) {
		res->v = J_RE;
		res->code = WEXITSTATUS(j->wstatus);
		snprintf(res->why, sizeof res->why, "exit status %d", res->code);
	} else {
		struct bl_comparison c;
		enum bl_verdict v = bl_compare(jd->p, t->ans, t->ans_len,
					       j->out.data ? j->out.data : "", j->out.len, &c);
		res->v = v == BL_VERDICT_AC ? J_AC : v == BL_VERDICT_PE ? J_PE : J_WA;
		snprintf(res->why, sizeof res->why, "%s", c.why);
	}
	/* What a failure printed, for the report: its start only. */
	bl_buf_release(&res->out);
	bl_buf_release(&res->err);
	if (res->v != J_AC) {
		bl_buf_add(&res->out, j->out.data, j->out.len < KEEP_OUT ? j->out.len : KEEP_OUT);
		bl_buf_add(&res->err, j->err.data, j->err.len < KEEP_OUT ? j->err.len : KEEP_OUT);
	}
}

/* A free slot of the runner, or NULL. */
static struct job *free_slot(struct runner *rn)
{
	for (int i = 0; i < rn->jobs; i++)
		if (rn->job[i].pid == 0)
			return &rn->job[i];
	return NULL;
}

/*
 * Runs test i in slot js: started beside the others, or alone to its end.
 * CLI_OK, CLI_FAIL when CMD cannot be run (printed), or -1 on a stop signal.
 */
static int start_test(struct judge *jd, struct runner *rn, struct job *js, int i, bool alone)
{
	int e;

	char path[4200];

	runner_path(rn, jd->t[i].file, path, sizeof path);
	js->input_file = path;
	js->instance = i;
	e = alone ? run_one(rn, js) : runner_start(rn, js);
	js->input_file = NULL;
	if (e == 0)
		return CLI_OK;
	if (alone && e == EINTR)
		return -1;
	fprintf(stderr, "boardlab: error: cannot execute '%s': %s\n", jd->cmd[0], strerror(e));
	return CLI_FAIL;
}

/* Lines of the tests that ended, in order, from *shown on; flushed as they come. */
static void show_lines(struct judge *jd, int *shown)
{
	if (jd->progress && !jd->json && *shown < jd->n && jd->res[*shown].done)
		fputs("\r\033[K", stderr);   /* the progress line goes before a test's line */
	while (*shown < jd->n && jd->res[*shown].done) {
		if (!jd->json)
			judge_report_line(jd, *shown, &jd->r->out);
		(*shown)++;
	}
	if (!jd->json)
		cli_flush(jd->r);
}

static void progress(const struct judge *jd, int ended, int failed)
{
	if (!jd->progress)
		return;
	fprintf(stderr, "\rjudge %s: %d/%d tests, %d failed ", jd->p->id, ended, jd->n, failed);
	fflush(stderr);
}

/*
 * A run beside others whose CPU time came near the limit (or over it), or
 * that the wall-clock backstop stopped: sharing the processors may have
 * cost it the verdict.
 */
static bool near_limit(const struct judge *jd, const struct judge_result *res)
{
	return res->cpu_ms * 100 >= jd->time_ms * NEAR_LIMIT_PERCENT || res->wall;
}

/*
 * Runs the tests, jd->jobs at a time; a parallel run near the time limit
 * runs again alone, and that run counts.  Returns CLI_OK, CLI_FAIL (CMD
 * cannot be run) or -1 on a stop signal.
 */
static int run_tests(struct judge *jd, struct runner *rn)
{
	int next = 0, running = 0, ended = 0, failed = 0, shown = 0;
	bool stop = false;

	while (running || (!stop && next < jd->n)) {
		struct job *js;
		while (!stop && next < jd->n && (js = free_slot(rn)) != NULL) {
			if (start_test(jd, rn, js, next, false) != CLI_OK)
				return CLI_FAIL;
			if (next == 0 && !jd->json) {
				/* CMD runs: the head, which a CMD that cannot run never gets */
				judge_report_head(jd, &jd->r->out);
				cli_flush(jd->r);
			}
			next++;
			running++;
		}
		if ((js = runner_wait(rn)) == NULL)
			return -1;
		running--;
		int i = (int)js->instance;
		classify(jd, i, js);
		if (rn->jobs > 1 && near_limit(jd, &jd->res[i])) {
			jd->res[i].done = false;   /* again alone, below */
			stop = stop || jd->fail_fast;
			continue;
		}
		ended++;
		failed += jd->res[i].v != J_AC;
		stop = stop || (jd->fail_fast && jd->res[i].v != J_AC);
		show_lines(jd, &shown);
		progress(jd, ended, failed);
	}
	for (int i = 0; i < next; i++) {
		if (jd->res[i].done)
			continue;
		int status = start_test(jd, rn, &rn->job[0], i, true);
		if (status != CLI_OK)
			return status;
		classify(jd, i, &rn->job[0]);
		jd->res[i].alone = true;
		ended++;
		failed += jd->res[i].v != J_AC;
		show_lines(jd, &shown);
		progress(jd, ended, failed);
	}
	jd->ran = next;   /* less than n after --fail-fast */
	if (jd->progress)
		fputs("\r\033[K", stderr);
	return CLI_OK;
}

/*
 * The file CMD runs when it is a script ("#!"), into path; false when it
 * is a program or cannot be found.  A script's own start counts in every
 * run's time: pyenv's python3 is one, a shell script that costs tenths of a
 * second of CPU before Python starts.
 */
static bool cmd_is_script(const char *cmd, char *path, size_t cap)
{
	const char *dirs = strchr(cmd, '/') ? "" : getenv("PATH");
	char head[2];

	if (!dirs)
		return false;
	for (;;) {
		const char *end = strchr(dirs, ':');
		size_t n = end ? (size_t)(end - dirs) : strlen(dirs);
		FILE *f;

		if (strchr(cmd, '/'))
			snprintf(path, cap, "%s", cmd);
		else
			snprintf(path, cap, "%.*s%s%s", (int)n, dirs, n ? "/" : "", cmd);
		if (access(path, X_OK) == 0 && (f = fopen(path, "rb")) != NULL) {
			bool script = fread(head, 1, 2, f) == 2 && head[0] == '#' && head[1] == '!';
			fclose(f);
			return script;
		}
		if (!end)
			return false;
		dirs = end + 1;
	}
}

/* ---- the verb ---- */

static size_t count_lines(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n + (len && s[len - 1] != '\n');
}

/* Whatever stays is copied into the test's own buffers (the suite goes). */
static bool keep_own(struct bl_buf *own, const char **text, size_t len)
{
	if (*text != own->data) {
		bl_buf_reset(own);
		bl_buf_add(own, *text, len);
		bl_buf_putc(own, '\0');
		own->len = len;
		*text = own->data;
	}
	return !bl_buf_failed(own);
}

/*
 * The tests' inputs into files of the temporary folder, and out of memory.
 * A run starts as a copy of boardlab (fork), and the kernel counts what
 * the copy held in the run's peak memory: so the suite and the large
 * inputs are freed before the first run, and boardlab forks small.  The
 * inputs the report shows (small ones) and the answers stay.
 */
static int stage_inputs(struct judge *jd, struct runner *rn)
{
	char path[4200];

	for (int i = 0; i < jd->n; i++) {
		struct judge_test *t = &jd->t[i];

		snprintf(t->file, sizeof t->file, "test-%03d.in", t->id);
		runner_path(rn, t->file, path, sizeof path);
		if (!write_file(path, t->in, t->in_len)) {
			fprintf(stderr, "boardlab: %s: error: %s\n", path, strerror(errno));
			return CLI_FAIL;
		}
		t->in_lines = count_lines(t->in, t->in_len);
		bool ok = keep_own(&t->own_ans, &t->ans, t->ans_len);
		if (t->in_len <= KEEP_INPUT) {
			ok = ok && keep_own(&t->own_in, &t->in, t->in_len);
		} else {
			t->in = NULL;
			bl_buf_release(&t->own_in);
		}
		if (!ok) {
			fputs("boardlab: error: out of memory\n", stderr);
			return CLI_FAIL;
		}
	}
	bl_suite_release(&jd->suite);
#ifdef __GLIBC__
	malloc_trim(0);   /* give the freed pages back, so that the runs' copies are small */
#endif
	return CLI_OK;
}

/* The staged files go, so that the runner can remove its folder. */
static void unstage_inputs(const struct judge *jd, const struct runner *rn)
{
	char path[4200];

	for (int i = 0; i < jd->n; i++) {
		if (!jd->t[i].file[0])
			continue;
		runner_path(rn, jd->t[i].file, path, sizeof path);
		unlink(path);
	}
}

/* Runs every test through a runner set to the limits; the report follows. */
static int judge_runs(struct judge *jd)
{
	struct runner *rn = calloc(1, sizeof *rn);
	struct runner_signals sig;
	int status;

	if (!rn) {
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	runner_init(rn, jd->cmd);
	rn->jobs = jd->jobs < jd->n ? jd->jobs : jd->n;
	rn->lim.cpu_ms = jd->time_ms;
	rn->lim.wall_ms = BACKSTOP_FACTOR * jd->time_ms + 2000;
	rn->lim.out_cap = (size_t)jd->output;
	rn->lim.mem_bytes = jd->memory;
	if (cmd_is_script(jd->cmd[0], jd->script, sizeof jd->script) == false)
		jd->script[0] = '\0';
	if ((status = runner_open(rn)) == CLI_OK && (status = stage_inputs(jd, rn)) == CLI_OK &&
	    (status = runner_catch(rn, &sig)) == CLI_OK) {
		jd->mem_how = runner_mem_name(rn);
		status = run_tests(jd, rn);
		runner_restore(rn, &sig);
	}
	unstage_inputs(jd, rn);
	runner_release(rn);
	free(rn);
	if (status == -1) {
		fflush(stdout);
		raise(runner_stop_signal());   /* die of it, as the shell expects */
		return CLI_FAIL;
	}
	if (status != CLI_OK)
		return status;
	if (jd->json)
		judge_report_json(jd, &jd->r->out);
	else
		judge_report_end(jd, &jd->r->out);
	for (int i = 0; i < jd->ran; i++)
		if (jd->res[i].v != J_AC)
			return CLI_NEGATIVE;
	return CLI_OK;
}

int judge_verb(struct cli_run *r)
{
	struct judge jd = { .r = r };
	int status = read_opts(&jd);

	if (status != CLI_OK)
		return status;
	status = jd.tests_dir ? load_dir(&jd, jd.tests_dir) : load_suite(&jd);
	if (status == CLI_OK && r->opt[O_EXPORT])
		status = export_suite(&jd, r->opt[O_EXPORT]);
	else if (status == CLI_OK && cli_flag(r, O_LIST))
		list_suite(&jd);
	else if (status == CLI_OK && r->opt[O_INPUT])
		status = print_input(&jd, r->opt[O_INPUT]);
	else if (status == CLI_OK) {
		jd.progress = isatty(STDERR_FILENO);
		status = judge_runs(&jd);
	}
	tests_release(&jd);
	return status;
}
