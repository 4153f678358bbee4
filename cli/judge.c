/*
 * judge: the verb (judge.h).  The tests come from the library's suite of
 * the problem (suite.h) or from a folder; each runs CMD once through the
 * runner (run.h), which measures its CPU time and peak memory and stops it
 * at the limits; the library judges what it measured and writes the report
 * (boardlab/judge.h).
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
#include <unistd.h>

#define KEEP_OUT 65536             /* the bytes of a failing run's output kept for the report */
#define ANY_SIZE (SIZE_MAX / 2)    /* --tests DIR's files are read whatever their size */

/* What a test owns: a --tests file's texts as read; all it keeps once staged. */
struct judge_own {
	char name[64];            /* a --tests file's name without .in */
	char file[32];            /* the staged input, in the runner's temporary folder */
	struct bl_buf in, ans;    /* a --tests file's input and answer, until staged */
	struct bl_buf kept;       /* what the test points into once staged */
};

struct judge {
	struct cli_run *r;
	struct bl_judge_settings set;
	struct bl_suite suite;    /* the tests' texts, without --tests */
	struct bl_judge_test *t;
	struct bl_judge_result *res;
	struct judge_own *own;    /* what t[] points into */
	int n, cap;               /* the tests; room for the witnesses run beyond them too */
	int ran;                  /* the tests run: n, or fewer after --fail-fast */
	int ended, failed;        /* of them, the tests that ended; those not accepted */
	int shown;                /* the tests whose line is written */
	bool json, fail_fast;
	bool stop;                /* --fail-fast: no more tests start */
	struct sched_progress progress;
	struct runner *rn;        /* the runs', for the diagnosis's */
	struct sched sc;          /* the runs over rn */
	char path[4200];          /* the staged input of the test starting */
	struct bl_diagnosis diag;
	char script[1024];        /* the script CMD runs ("#!"): set.command_script */
};

enum { O_PROBLEM, O_TIME, O_SCALE, O_MEMORY, O_OUTPUT, O_JOBS, O_FORMAT, O_FAIL_FAST, O_TESTS,
       O_EXPORT, O_LIST, O_INPUT, O_MISTAKES };

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
		       "write the suite as DIR/NNN.in, DIR/NNN.out and DIR/index.tsv, removing an "
		       "earlier export's other NNN files; no CMD" },
	[O_LIST] = { "list", NULL, "list the suite's tests and the limits; no CMD" },
	[O_INPUT] = { "input", "ID", "print the input of test ID, its number or its name (to pipe "
			    "into CMD); no CMD" },
	[O_MISTAKES] = { "mistakes", NULL, "list the problem's known mistakes: id and description; "
			       "no CMD" },
	{ 0 },
};

/* ---- the tests ---- */

static void tests_release(struct judge *j)
{
	for (int i = 0; i < j->cap; i++) {
		if (j->own) {
			bl_buf_release(&j->own[i].in);
			bl_buf_release(&j->own[i].ans);
			bl_buf_release(&j->own[i].kept);
		}
		if (j->res)
			bl_judge_result_release(&j->res[i]);
	}
	free(j->t);
	free(j->res);
	free(j->own);
	bl_suite_release(&j->suite);
	j->t = NULL;
	j->res = NULL;
	j->own = NULL;
	j->n = j->cap = 0;
}

/* Room for n tests, their results and what they own, zeroed. */
static bool tests_alloc(struct judge *j, size_t n)
{
	j->t = calloc(n ? n : 1, sizeof *j->t);
	j->res = calloc(n ? n : 1, sizeof *j->res);
	j->own = calloc(n ? n : 1, sizeof *j->own);
	if (!j->t || !j->res || !j->own)
		return false;
	j->cap = (int)n;
	for (size_t i = 0; i < n; i++) {
		bl_judge_result_init(&j->res[i]);
		bl_buf_init(&j->own[i].in);
		bl_buf_init(&j->own[i].ans);
		bl_buf_init(&j->own[i].kept);
	}
	return true;
}

/* The library's suite of the problem; the tests point into it. */
static int load_suite(struct judge *j)
{
	struct bl_suite *s = &j->suite;
	struct bl_err err;

	bl_err_clear(&err);
	if (bl_suite_build(j->set.problem, s, &err) != BL_OK)
		return cli_report("<suite>", &err, 0);
	if (!tests_alloc(j, s->n))
		return cli_fail(NULL, ENOMEM);
	j->n = (int)s->n;
	bl_judge_tests_of_suite(s, j->t);
	return CLI_OK;
}

/* scandir's choice of --tests DIR's files, NAME.in, and their order (bl_judge_name_cmp). */
static int is_input(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return len >= 4 && strcmp(e->d_name + len - 3, ".in") == 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return bl_judge_name_cmp((*a)->d_name, (*b)->d_name);
}

/* Test i of --tests DIR: NAME.in, and NAME.out or the library's answer. */
static int load_file_test(struct judge *j, const char *dir, const char *file, int i)
{
	struct bl_judge_test *t = &j->t[i];
	struct judge_own *fl = &j->own[i];
	char path[4200];
	struct bl_err err;
	struct bl_buf given;
	size_t len = strlen(file) - 3;
	int e;

	snprintf(fl->name, sizeof fl->name, "%.*s", (int)(len < 63 ? len : 63), file);
	*t = (struct bl_judge_test){ .id = i + 1, .name = fl->name, .kind = "file", .desc = "" };
	snprintf(path, sizeof path, "%s/%s", dir, file);
	if ((e = cli_read_file(path, ANY_SIZE, &fl->in, NULL)) != 0)
		return cli_fail(path, e);
	t->input = fl->in.data;
	t->input_len = fl->in.len;
	/* Every input is checked as the judge's validator would, .out or not. */
	bl_err_clear(&err);
	if (bl_problem_answer(j->set.problem, t->input, t->input_len, &fl->ans, &err) != BL_OK)
		return cli_report(path, &err, 0);
	snprintf(path, sizeof path, "%s/%.*s.out", dir, (int)len, file);
	bl_buf_init(&given);
	if ((e = cli_read_file(path, ANY_SIZE, &given, NULL)) == 0) {
		bl_buf_release(&fl->ans);   /* the folder's answer, not the computed one */
		fl->ans = given;
	} else {
		bl_buf_release(&given);
		if (e != ENOENT)
			return cli_fail(path, e);
	}
	t->expected = fl->ans.data ? fl->ans.data : "";
	t->expected_len = fl->ans.len;
	return CLI_OK;
}

static int load_dir(struct judge *j, const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, is_input, by_name), status = CLI_OK;

	if (n < 0)
		return cli_fail(dir, errno);
	if (n == 0) {
		fprintf(stderr, "boardlab: %s: error: no NAME.in files in the folder\n", dir);
		status = CLI_FAIL;
	} else if (!tests_alloc(j, (size_t)n + bl_mistake_count(j->set.problem))) {
		status = cli_fail(NULL, ENOMEM);
	}
	for (int i = 0; i < n && status == CLI_OK; i++) {
		j->n = i + 1;
		status = load_file_test(j, dir, names[i]->d_name, i);
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return status;
}

/* ---- --export, --list and --input: the suite without CMD ---- */

/*
 * What an earlier export left in dir that this one of tests 1..n did not
 * write: NNN.in and NNN.out of other ids (bl_judge_export_id), removed,
 * counted in *removed; other files stay.  Whether a file removed during
 * readdir is still listed is unspecified, but this removes only the entry
 * just read.
 */
static bool remove_stale(const char *dir, int n, int *removed, char *path, size_t cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool ok = d != NULL;

	snprintf(path, cap, "%s", dir);
	while (ok && (e = readdir(d)) != NULL) {
		long id = bl_judge_export_id(e->d_name);
		if (id < 0 || (id >= 1 && id <= n))
			continue;
		snprintf(path, cap, "%s/%s", dir, e->d_name);
		ok = unlink(path) == 0;
		*removed += ok;
	}
	if (d)
		closedir(d);
	return ok;
}

static int export_suite(const struct judge *j, const char *dir)
{
	char path[4200];
	struct bl_buf index;
	bool ok = true;
	int removed = 0;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "boardlab: %s: error: cannot make the folder: %s\n", dir,
			strerror(errno));
		return CLI_FAIL;
	}
	bl_buf_init(&index);
	bl_judge_index(j->t, j->n, &index);
	for (int i = 0; i < j->n && ok; i++) {
		const struct bl_judge_test *t = &j->t[i];
		snprintf(path, sizeof path, "%s/%03d.in", dir, t->id);
		ok = runner_write_file(path, t->input, t->input_len);
		if (ok) {
			snprintf(path, sizeof path, "%s/%03d.out", dir, t->id);
			ok = runner_write_file(path, t->expected, t->expected_len);
		}
	}
	if (ok) {
		snprintf(path, sizeof path, "%s/index.tsv", dir);
		ok = !bl_buf_failed(&index) && runner_write_file(path, index.data, index.len);
	}
	bl_buf_release(&index);
	if (ok)
		ok = remove_stale(dir, j->n, &removed, path, sizeof path);
	if (!ok)
		return cli_fail(path, errno ? errno : ENOMEM);
	bl_buf_printf(&j->r->out, "%s: %d tests of %s (NNN.in, NNN.out, index.tsv)", dir, j->n,
		      j->set.problem->id);
	if (removed)
		bl_buf_printf(&j->r->out, "; %d files of an earlier export removed", removed);
	bl_buf_putc(&j->r->out, '\n');
	return CLI_OK;
}

static int print_input(const struct judge *j, const char *id)
{
	struct bl_err err;
	int i;

	bl_err_clear(&err);
	if ((i = bl_judge_test_find(j->t, j->n, id, &err)) < 0)
		return cli_usage(j->r, "invalid value '%s' for --input: %s", id, err.msg);
	bl_buf_add(&j->r->out, j->t[i].input, j->t[i].input_len);
	return CLI_OK;
}

/* ---- options ---- */

static int read_limits(struct judge *j)
{
	struct cli_run *r = j->r;
	double secs = (double)j->set.problem->time_ms / 1000;
	size_t mem = (size_t)j->set.problem->memory_bytes, out = (size_t)BL_JUDGE_OUTPUT_LIMIT;
	int status;

	j->set.time_scale = 1;
	if (r->opt[O_TIME] && !bl_parse_decimal(r->opt[O_TIME], 0.001, 3600, &secs))
		return cli_usage(r, "invalid value '%s' for --time-limit: expected seconds from "
				 "0.001 to 3600 (0.5)", r->opt[O_TIME]);
	if (r->opt[O_SCALE] && !bl_parse_decimal(r->opt[O_SCALE], 0.1, 100, &j->set.time_scale))
		return cli_usage(r, "invalid value '%s' for --time-scale: expected a factor from "
				 "0.1 to 100 (3)", r->opt[O_SCALE]);
	if ((status = cli_opt_bytes(r, O_MEMORY, &mem)) != CLI_OK ||
	    (status = cli_opt_bytes(r, O_OUTPUT, &out)) != CLI_OK)
		return status;
	double ms = secs * j->set.time_scale * 1000;   /* rounded up, without libm's ceil */
	j->set.time_ms = (int64_t)ms + ((double)(int64_t)ms < ms);
	j->set.memory_bytes = mem;
	j->set.output_bytes = out;
	return CLI_OK;
}

static int read_opts(struct judge *j)
{
	struct cli_run *r = j->r;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int format = 0, status;

	if (!r->opt[O_PROBLEM])
		return cli_usage(r, "missing --problem P (one of 17780 17837 17825 16880 16879 11559)");
	struct bl_err err;
	bl_err_clear(&err);
	const struct bl_problem *p = j->set.problem = bl_problem_lookup(r->opt[O_PROBLEM], &err);
	if (!p)
		return cli_usage(r, "%s", err.msg);
	if (strcmp(p->game, r->game->name) != 0)
		return cli_usage(r, "problem %s is a %s problem, not %s's", p->id, p->game,
				 r->game->name);
	if (cli_flag(r, O_MISTAKES))
		return r->dashdash >= 0 || r->nargs > 0 ? cli_usage(r, "--mistakes takes no command") : CLI_OK;
	j->set.jobs = cpus < 1 ? 1 : cpus > 8 ? 8 : cpus;
	if ((status = read_limits(j)) != CLI_OK ||
	    (status = cli_opt_int(r, O_JOBS, 1, RUN_MAX_JOBS, &j->set.jobs)) != CLI_OK ||
	    (status = cli_opt_choice(r, O_FORMAT, cli_formats, &format)) != CLI_OK)
		return status;
	j->json = format == 1;
	j->fail_fast = cli_flag(r, O_FAIL_FAST);
	j->set.tests_dir = r->opt[O_TESTS];
	if (j->set.tests_dir && (r->opt[O_EXPORT] || r->opt[O_LIST] || r->opt[O_INPUT]))
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
	j->set.command = shown ? NULL : r->args + r->dashdash;
	return CLI_OK;
}

/* ---- the runs ---- */

/* Test i's verdict from its finished run j, which run.h has measured. */
static void classify(struct judge *jd, int i, const struct job *j)
{
	struct bl_judge_result *res = &jd->res[i];
	struct bl_judge_run run;

	run_facts(j, &run);
	bl_judge_classify(&jd->set, &jd->t[i], &run, res);
	res->done = true;
	/* What a failure printed, for the report: its start only. */
	bl_buf_release(&res->out);
	bl_buf_release(&res->err);
	if (res->verdict != BL_VERDICT_AC) {
		bl_buf_add(&res->out, j->out.data, j->out.len < KEEP_OUT ? j->out.len : KEEP_OUT);
		bl_buf_add(&res->err, j->err.data, j->err.len < KEEP_OUT ? j->err.len : KEEP_OUT);
	}
}

/* Job js runs test i's staged input: the next test until --fail-fast stops them, or one alone. */
static int test_start(void *ctx, struct job *js, int64_t i, bool alone)
{
	struct judge *jd = ctx;

	if (!alone && (i >= jd->n || jd->stop))
		return SCHED_NONE;
	runner_path(jd->rn, jd->own[i].file, jd->path, sizeof jd->path);
	js->input_file = jd->path;
	return CLI_OK;
}

static void test_started(void *ctx, int64_t i)
{
	struct judge *jd = ctx;

	jd->ran = (int)i + 1;   /* less than n after --fail-fast */
	if (i == 0 && !jd->json) {
		/* CMD runs: the head, which a CMD that cannot run never gets */
		bl_judge_head(&jd->set, jd->n, &jd->r->out);
		cli_flush(jd->r);
	}
}

/* Lines of the tests that ended, in order, from jd->shown on; flushed as they come. */
static void show_lines(struct judge *jd)
{
	if (!jd->json && jd->shown < jd->n && jd->res[jd->shown].done)
		sched_progress_clear(&jd->progress);   /* before a test's line */
	while (jd->shown < jd->n && jd->res[jd->shown].done) {
		if (!jd->json)
			bl_judge_line(&jd->t[jd->shown], &jd->res[jd->shown], &jd->r->out);
		jd->shown++;
	}
	if (!jd->json)
		cli_flush(jd->r);
}

/*
 * Test js->instance's run ended: its verdict; beside other runs, near the
 * time limit, it runs again alone and that run counts.
 */
static int test_ended(void *ctx, struct job *js, enum sched_end how)
{
	struct judge *jd = ctx;
	int i = (int)js->instance;
	bool failed;

	classify(jd, i, js);
	if (how == SCHED_MAY_AGAIN && bl_judge_near_limit(&jd->set, &jd->res[i])) {
		jd->res[i].done = false;
		jd->stop = jd->stop || jd->fail_fast;
		return SCHED_AGAIN;
	}
	failed = jd->res[i].verdict != BL_VERDICT_AC;
	jd->res[i].alone = how == SCHED_ALONE;
	jd->ended++;
	jd->failed += failed;
	jd->stop = jd->stop || (jd->fail_fast && failed);
	show_lines(jd);
	sched_progress(&jd->progress, jd->ended, jd->n, jd->failed, true);
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

/* Test i's input into the file PREFIX-NNN.in of the temporary folder. */
static int stage(struct judge *jd, const struct runner *rn, int i, const char *prefix)
{
	char path[4200];

	snprintf(jd->own[i].file, sizeof jd->own[i].file, "%s-%03d.in", prefix, jd->t[i].id);
	runner_path(rn, jd->own[i].file, path, sizeof path);
	return runner_write_file(path, jd->t[i].input, jd->t[i].input_len) ? CLI_OK
									    : cli_fail(path, errno);
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
	for (int i = 0; i < jd->n; i++) {
		struct judge_own *o = &jd->own[i];

		if (stage(jd, rn, i, "test") != CLI_OK)
			return CLI_FAIL;
		if (!bl_judge_test_keep(&jd->t[i], &o->kept))
			return cli_fail(NULL, ENOMEM);
		bl_buf_release(&o->in);
		bl_buf_release(&o->ans);
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

	for (int i = 0; i < jd->cap; i++) {
		if (!jd->own[i].file[0])
			continue;
		runner_path(rn, jd->own[i].file, path, sizeof path);
		unlink(path);
	}
}

/* The diagnosis's run of test i, alone (bl_judge_diagnosis), its input staged if not yet. */
static int run_extra(void *ctx, int i)
{
	struct judge *jd = ctx;
	int status = CLI_OK;

	if (!jd->own[i].file[0])   /* --tests DIR: a witness of the suite */
		status = stage(jd, jd->rn, i, "witness");
	if (status == CLI_OK && (status = sched_one(&jd->sc, i)) == CLI_OK)
		classify(jd, i, &jd->rn->job[0]);
	return status;
}

/*
 * After a failure, the diagnosis: the witness tests that did not run
 * (--fail-fast stopped first; with --tests DIR, the suite's, put after
 * the folder's tests) run as it needs them.
 */
static int diagnose(struct judge *jd)
{
	struct bl_err err;
	int total = jd->n;

	bl_err_clear(&err);
	if (jd->failed && jd->set.tests_dir) {
		if (bl_suite_witnesses(jd->set.problem, &jd->suite, &err) != BL_OK)
			return cli_report("<suite>", &err, 0);
		bl_judge_tests_of_suite(&jd->suite, jd->t + jd->n);
		total += (int)jd->suite.n;   /* room for them: the mistakes, load_dir */
	}
	return bl_judge_diagnosis(&jd->set, jd->t, jd->res, jd->ran, total, run_extra, jd,
				  &jd->diag);
}

/* Runs every test through a runner set to the limits; the report follows. */
static int judge_runs(struct judge *jd)
{
	struct runner *rn = calloc(1, sizeof *rn);
	struct runner_signals sig;
	int status;

	if (!rn)
		return cli_fail(NULL, ENOMEM);
	runner_init(rn, jd->set.command);
	rn->jobs = jd->set.jobs < jd->n ? jd->set.jobs : jd->n;
	rn->lim.cpu_ms = jd->set.time_ms;
	rn->lim.wall_ms = bl_judge_backstop_ms(&jd->set);
	rn->lim.out_cap = (size_t)jd->set.output_bytes;
	rn->lim.mem_bytes = jd->set.memory_bytes;
	jd->set.program = cli_program;
	if (cmd_is_script(jd->set.command[0], jd->script, sizeof jd->script))
		jd->set.command_script = jd->script;
	if ((status = runner_open(rn)) == CLI_OK && (status = stage_inputs(jd, rn)) == CLI_OK &&
	    (status = runner_catch(rn, &sig)) == CLI_OK) {
		jd->set.memory_measure = runner_mem_name(rn);
		jd->rn = rn;
		jd->sc = (struct sched){ rn, jd, 0, jd->n, test_start, test_started, test_ended };
		jd->progress.t0 = runner_now_ns();
		if ((status = sched_run(&jd->sc)) == CLI_OK) {
			sched_progress_clear(&jd->progress);
			status = diagnose(jd);
		}
		runner_restore(rn, &sig);
	}
	unstage_inputs(jd, rn);
	runner_release(rn);
	free(rn);
	if (status != CLI_OK && runner_stop_signal()) {
		fflush(stdout);
		raise(runner_stop_signal());   /* die of it, as the shell expects */
		return CLI_FAIL;
	}
	if (status != CLI_OK)
		return status;
	if (jd->json)
		bl_judge_json(&jd->set, jd->t, jd->res, jd->n, jd->ran, &jd->diag, &jd->r->out);
	else
		bl_judge_summary(&jd->set, jd->t, jd->res, jd->n, jd->ran, &jd->r->out);
	if (!jd->json)
		bl_diagnosis_text(&jd->diag, &jd->r->out);
	return jd->failed ? CLI_NEGATIVE : CLI_OK;
}

int judge_verb(struct cli_run *r)
{
	struct judge jd = { .r = r };
	int status = read_opts(&jd);

	if (status != CLI_OK)
		return status;
	if (cli_flag(r, O_MISTAKES)) {
		bl_mistake_list(jd.set.problem, &r->out);
		return CLI_OK;
	}
	status = jd.set.tests_dir ? load_dir(&jd, jd.set.tests_dir) : load_suite(&jd);
	if (status == CLI_OK && r->opt[O_EXPORT])
		status = export_suite(&jd, r->opt[O_EXPORT]);
	else if (status == CLI_OK && cli_flag(r, O_LIST))
		bl_judge_list(&jd.set, jd.t, jd.n, &r->out);
	else if (status == CLI_OK && r->opt[O_INPUT])
		status = print_input(&jd, r->opt[O_INPUT]);
	else if (status == CLI_OK) {
		jd.progress = (struct sched_progress){ isatty(STDERR_FILENO), "", "tests", 0, 0 };
		snprintf(jd.progress.what, sizeof jd.progress.what, "judge %s", jd.set.problem->id);
		status = judge_runs(&jd);
	}
	tests_release(&jd);
	return status;
}
