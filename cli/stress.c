/*
 * stress: the verb, the comparison, the shrinking loop and the report
 * (run.c runs CMD).
 *
 * One verb for every game: its row (STRESS_VERB) names the game's options,
 * its gen options and its struct stress_game.  The instances and the
 * expected answers come from the game's own verbs, run in-process through
 * the dispatcher (cli_run_verb) with the options the user gave (or a BOJ
 * preset's): instance i is `gen --seed S --first i --count 1`, its answer
 * `solve`, the explanation of the minimal input the game's trace verb.  So
 * stress can never disagree with the tool it tests against, and a failing
 * instance can be regenerated with one gen command.
 */
#include "stress.h"
#include "run.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define RECHECK_MAX 64                /* parallel time-outs run again alone, at most */
#define STRESS_OUT_CAP ((size_t)1 << 20)   /* a run's standard output beyond this is a PE */

/* An option passed on to the game's verbs. */
struct fwd {
	const char *name;     /* without the dashes */
	const char *value;    /* "" for a flag */
	bool gen_only;
};

struct stress {
	struct cli_run *r;
	const struct stress_game *sg;   /* r->row->data */
	struct fwd *fwd;
	int nfwd;
	uint64_t seed;
	int64_t runs, shrink_ms;
	const char *save;
	const char *found;    /* the found answer the trace verb points at (--found), or NULL */
	const char *problem;  /* --problem, or NULL */
	bool saved;           /* the failure was written into save */
	bool keep_going, json;   /* --keep-going, --format json */
	size_t made[64];      /* the folders of save stress made: their lengths */
	int nmade;
	int64_t done, ws, ws_first;   /* runs done; OK in other whitespace, the first of them */
	struct bl_stress_tally tally;   /* the runs by outcome */
	struct sched_progress progress;
	struct runner run;    /* the runs of CMD */
	struct bl_stress_case f;   /* the failure: the lowest instance that failed so far */
	struct {
		int64_t instance;
		struct bl_stress_outcome o;
	} again[RECHECK_MAX];   /* the near misses to run again alone, as they first ended */
	int nagain;
};

enum { S_PROBLEM, S_SEED, S_RUNS, S_TIMEOUT, S_WALL, S_JOBS, S_SHRINK, S_SAVE, S_KEEP, S_FORMAT };

/* The options of stress itself, after the game's and the gen options (stress.h). */
const struct cli_opt stress_opts[] = {
	[S_PROBLEM] = { "problem", "P", "a BOJ problem's preset instead of game options (boardlab "
					"boj --help)" },
	[S_SEED] = CLI_SEED_OPT,
	[S_RUNS] = { "runs", "N", "instances to run, 0 to 10^9 (default 100)" },
	[S_TIMEOUT] = { "timeout-ms", "T", "a run's CPU time limit in milliseconds, 1 to 10^7 "
					   "(default 2000)" },
	[S_WALL] = { "wall-ms", "W", "a run's wall-clock backstop in milliseconds, 1 to 10^8 "
				     "(default 5 T + 2000, at least T)" },
	[S_JOBS] = { "jobs", "J", "runs at the same time, 1 to 64 (default 1)" },
	[S_SHRINK] = { "shrink-ms", "T", "the time budget of shrinking, 0 to 10^7 ms (default: the "
					 "time of 400 runs, 10 s to 10 min)" },
	[S_SAVE] = { "save", "DIR", "on a failure, write original.in, minimal.in, expected.out and "
				    "found.out into DIR (made first, with its parents)" },
	[S_KEEP] = { "keep-going", NULL, "run every instance, count the failures by verdict, then "
					 "report the first" },
	[S_FORMAT] = { "format", "FORMAT", "text (the default) or json (the report as one document)" },
	{ 0 },
};

/*
 * The option of verb v that forwarded option i goes to, or NULL when it
 * does not go to v: v has no option of the name, or it is a gen option and
 * v is not gen.
 */
static const struct cli_opt *fwd_to(const struct stress *s, int i, const struct cli_verb *v)
{
	const struct cli_opt *o;

	if (s->fwd[i].gen_only && strcmp(v->name, "gen") != 0)
		return NULL;
	return cli_find_opt(v, s->fwd[i].name, &o) >= 0 ? o : NULL;
}

/* Appends the word "--NAME" or "--NAME=VALUE" (when o takes one) to w, NUL-ended. */
static void add_opt_word(struct bl_buf *w, size_t *at, int *n, const struct cli_opt *o,
			 const char *value)
{
	at[(*n)++] = w->len;
	bl_buf_printf(w, "--%s%s%s", o->name, o->arg ? "=" : "", o->arg ? value : "");
	bl_buf_putc(w, '\0');
}

/*
 * The words a call of verb v gets (see call_verb) into *w, NUL-ended, their
 * offsets into at[] (room for s->nfwd + 6); returns how many.
 */
static int verb_words(const struct stress *s, const struct cli_verb *v, const char *file,
		      const char *const gen_vals[3], const char *flag, struct bl_buf *w, size_t *at)
{
	static const char *const gen_names[3] = { "seed", "first", "count" };
	const struct cli_opt *o;
	int n = 0;

	for (int i = 0; i < s->nfwd; i++)
		if ((o = fwd_to(s, i, v)) != NULL)
			add_opt_word(w, at, &n, o, s->fwd[i].value);
	for (int i = 0; gen_vals && i < 3; i++)
		if (cli_find_opt(v, gen_names[i], &o) >= 0)
			add_opt_word(w, at, &n, o, gen_vals[i]);
	if (flag && cli_find_opt(v, flag, &o) >= 0)
		add_opt_word(w, at, &n, o, "");
	if (s->found && cli_find_opt(v, "found", &o) >= 0)
		add_opt_word(w, at, &n, o, s->found);
	if (file) {
		at[n++] = w->len;
		bl_buf_add(w, "--", 3);
		at[n++] = w->len;
		bl_buf_add(w, file, strlen(file) + 1);
	}
	return n;
}

/*
 * Runs the game's verb in-process, through the dispatcher (cli_run_verb),
 * on file (NULL: no input) with the forwarded options it has, gen also with
 * --seed, --first and --count, and the flag option flag (NULL: none) if the
 * verb has it; its output replaces *out.  quiet: its diagnostics go nowhere
 * (a reduction the game rejects is no news).  Returns the verb's exit
 * status; its usage errors name `boardlab GAME stress`, whose options they
 * are.
 */
static int call_verb(struct stress *s, const char *verb, const char *file, int64_t first,
		     int64_t count, struct bl_buf *out, bool quiet, const char *flag)
{
	const struct cli_verb *v = cli_find_verb(s->r->game, verb);
	char seed_s[24], first_s[24], count_s[24];
	const char *const gen_vals[3] = { seed_s, first_s, count_s };
	struct bl_buf words;
	size_t *at = malloc(((size_t)s->nfwd + 6) * sizeof *at);
	char **argv = malloc(((size_t)s->nfwd + 6) * sizeof *argv);
	int status = CLI_FAIL, n, saved = -1;

	bl_buf_init(&words);
	if (!v) {
		fprintf(stderr, "boardlab: error: internal error: %s has no verb '%s'\n",
			s->r->game->name, verb);
		goto done;
	}
	snprintf(seed_s, sizeof seed_s, "%llu", (unsigned long long)s->seed);
	snprintf(first_s, sizeof first_s, "%lld", (long long)first);
	snprintf(count_s, sizeof count_s, "%lld", (long long)count);
	n = at && argv ? verb_words(s, v, file, strcmp(verb, "gen") == 0 ? gen_vals : NULL, flag,
				    &words, at)
		       : 0;
	if (!at || !argv || bl_buf_failed(&words)) {
		fputs("boardlab: error: out of memory\n", stderr);
		goto done;
	}
	for (int i = 0; i < n; i++)
		argv[i] = words.data + at[i];
	if (quiet) {
		fflush(stderr);
		saved = dup(2);
		int nul = open("/dev/null", O_WRONLY);
		if (saved >= 0 && nul >= 0)
			dup2(nul, 2);
		if (nul >= 0)
			close(nul);
	}
	bl_buf_reset(out);
	status = cli_run_verb(s->r->game, v, n, argv, s->r->help_cmd, out);
	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, 2);
		close(saved);
	}
done:
	bl_buf_release(&words);
	free(at);
	free(argv);
	return status;
}


/* The outcome of job j's finished run, which run.h has measured. */
static void classify(const struct job *j, const struct run_limits *lim,
		     struct bl_stress_outcome *o)
{
	struct bl_judge_run run;

	run_facts(j, &run);
	bl_stress_classify(&run, lim->cpu_ms, lim->out_cap, j->expected.data, j->expected.len, o);
}

/* ---- the report ---- */

/*
 * `boardlab GAME VERB OPTIONS`: the forwarded options VERB has (the gen
 * options only for gen), then flag if VERB has it.
 */
static void verb_command(struct stress *s, const char *verb, const char *flag, struct bl_buf *b)
{
	const struct cli_verb *v = cli_find_verb(s->r->game, verb);
	const struct cli_opt *o;

	bl_buf_printf(b, "boardlab %s %s", s->r->game->name, verb);
	for (int i = 0; v && i < s->nfwd; i++) {
		if ((o = fwd_to(s, i, v)) == NULL)
			continue;
		bl_buf_printf(b, " --%s", s->fwd[i].name);
		if (o->arg) {
			bl_buf_putc(b, ' ');
			bl_buf_shell_word(b, s->fwd[i].value);
		}
	}
	if (flag && v && cli_find_opt(v, flag, NULL) >= 0)
		bl_buf_printf(b, " --%s", flag);
	if (s->found && v && cli_find_opt(v, "found", NULL) >= 0) {
		bl_buf_puts(b, " --found ");
		bl_buf_shell_word(b, s->found);
	}
}

/* ---- the stress verb ---- */

/* c becomes job j's run, which ended as o; false when out of memory (said). */
static bool take_run(struct bl_stress_case *c, const struct job *j,
		     const struct bl_stress_outcome *o)
{
	if (bl_stress_case_set(c, o, &j->input, &j->expected, &j->out, j->out_more, &j->err,
			       j->err_more))
		return true;
	return cli_fail(NULL, ENOMEM) == CLI_OK;
}

/* Text only: the report's lines so far go out, the progress line first cleared. */
static bool lines_out(struct stress *s)
{
	if (s->json)
		return true;
	sched_progress_clear(&s->progress);
	return cli_flush(s->r);
}

/* ---- what checking and shrinking needs of the tool (bl_stress_runner) ---- */

/* Solve's expected output of input into *expected; false when solve rejects it. */
static bool run_solve(void *ctx, const struct bl_buf *input, struct bl_buf *expected)
{
	struct stress *s = ctx;
	char path[4200];

	runner_path(&s->run, "solve.in", path, sizeof path);
	return runner_write_file(path, input->data, input->len) &&
	       call_verb(s, "solve", path, 0, 0, expected, true, NULL) == CLI_OK;
}

/* Runs the cases c[0..n) at the same time, each in a job, and fills in how each ended. */
static int run_cases(void *ctx, struct bl_stress_case *c, int n)
{
	struct stress *s = ctx;
	struct bl_stress_outcome o;
	int running = 0, e = 0;

	for (int i = 0; i < n && !e; i++) {
		struct job *j = &s->run.job[i];
		bl_buf_reset(&j->input);
		bl_buf_add(&j->input, c[i].input.data ? c[i].input.data : "", c[i].input.len);
		bl_buf_reset(&j->expected);
		bl_buf_add(&j->expected, c[i].expected.data ? c[i].expected.data : "",
			   c[i].expected.len);
		if ((e = runner_start(&s->run, j)) == 0)
			running++;
	}
	for (; running > 0; running--)
		if (!runner_wait(&s->run))
			e = EINTR;
	if (e != 0) {
		if (e != EINTR)
			fprintf(stderr, "boardlab: error: cannot execute '%s': %s\n", s->run.cmd[0],
				strerror(e));
		return CLI_FAIL;
	}
	for (int i = 0; i < n; i++) {
		classify(&s->run.job[i], &s->run.lim, &o);
		if (!take_run(&c[i], &s->run.job[i], &o))
			return CLI_FAIL;
		c[i].wall_ms = s->run.job[i].wall_ms;
		c[i].cpu_ms = s->run.job[i].cpu_ms;
	}
	return CLI_OK;
}

static void run_progress(void *ctx, const char *line)
{
	struct stress *s = ctx;

	sched_progress_line(&s->progress, line, false);
}

/*
 * The failure f checked and shrunk by the library (bl_stress_check_shrink),
 * its lines going to out (text); then with --problem its diagnosis, CMD
 * run on the problem's witness tests (bl_stress_diagnose).
 */
static int check_and_shrink(struct stress *s, struct bl_stress_case *f,
			    const struct bl_stress_case *first, struct bl_stress_check *c,
			    struct bl_diagnosis *d)
{
	const struct bl_stress_runner rn = { s, s->r->game->name, (int)s->run.jobs, s->shrink_ms,
					     run_solve, run_cases, run_progress, runner_now_ns };
	int status = bl_stress_check_shrink(&rn, s->sg->shrink, f, first, c, &s->r->out);

	sched_progress_clear(&s->progress);
	if (status == 0 && s->problem)
		status = bl_stress_diagnose(&rn, bl_problem_find(s->problem), f, d);
	return status < 0 ? cli_fail(NULL, ENOMEM) : status;
}

/*
 * Makes the --save folder, with its parents, before anything runs, so that
 * a folder that cannot be made costs no runs and no shrunk result.  The
 * folders made are remembered: save_unmake removes them if nothing was
 * saved in the end.
 */
static int save_make(struct stress *s)
{
	char path[4096];
	size_t len = strlen(s->save);
	struct stat st;

	if (len >= sizeof path) {
		fprintf(stderr, "boardlab: %s: error: cannot make the folder: %s\n", s->save,
			strerror(ENAMETOOLONG));
		return CLI_FAIL;
	}
	memcpy(path, s->save, len + 1);
	for (size_t i = 1; i <= len; i++) {
		if (i < len && (path[i] != '/' || path[i - 1] == '/'))
			continue;
		path[i] = '\0';
		if (mkdir(path, 0777) == 0) {
			if (s->nmade < (int)(sizeof s->made / sizeof s->made[0]))
				s->made[s->nmade++] = i;
		} else if (errno != EEXIST || stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
			int e = errno == EEXIST ? ENOTDIR : errno;
			fprintf(stderr, "boardlab: %s: error: cannot make the folder: %s\n", s->save,
				strerror(e));
			return CLI_FAIL;
		}
		if (i < len)
			path[i] = '/';
	}
	if (access(s->save, W_OK | X_OK) != 0) {
		fprintf(stderr, "boardlab: %s: error: cannot write into the folder: %s\n", s->save,
			strerror(errno));
		return CLI_FAIL;
	}
	return CLI_OK;
}

/* Removes the folders save_make made, deepest first, if they are empty. */
static void save_unmake(struct stress *s)
{
	char path[4096];

	if (s->saved || !s->save)
		return;
	for (int i = s->nmade - 1; i >= 0; i--) {
		memcpy(path, s->save, s->made[i]);
		path[s->made[i]] = '\0';
		if (rmdir(path) != 0)
			break;
	}
}

static int save_failure(struct stress *s, const struct bl_buf *original,
			const struct bl_stress_case *f)
{
	const char *names[4] = { "original.in", "minimal.in", "expected.out", "found.out" };
	const struct bl_buf *bufs[4] = { original, &f->input, &f->expected, &f->found };
	char path[4200];

	for (int i = 0; i < 4; i++) {
		snprintf(path, sizeof path, "%s/%s", s->save, names[i]);
		errno = 0;
		if (!runner_write_file(path, bufs[i]->data, bufs[i]->len)) {
			fprintf(stderr, "boardlab: %s: error: cannot write: %s\n", path,
				strerror(errno ? errno : EIO));
			return CLI_FAIL;
		}
	}
	s->saved = true;
	return CLI_OK;
}

/* The gen command that prints instance i of the seed. */
static void gen_command(struct stress *s, int64_t i, struct bl_buf *b)
{
	verb_command(s, "gen", NULL, b);
	bl_buf_printf(b, " --seed %llu --first %lld --count 1", (unsigned long long)s->seed,
		      (long long)i);
}

/* The report as one JSON document, once it is all known (bl_stress_json). */
static void report_json(struct stress *s, const struct bl_stress_case *first,
			const struct bl_stress_check *c, const struct bl_stress_failure *text,
			const struct bl_stress_outcome *o, const struct bl_buf *trace,
			const struct bl_diagnosis *d)
{
	struct bl_buf gen;

	bl_buf_init(&gen);
	if (first)
		gen_command(s, first->instance, &gen);
	const struct bl_stress_json j = { s->r->game->name, s->problem, s->seed, s->runs,
					  s->run.cmd, &s->tally, s->ws, s->ws_first, first, gen.data, c,
					  text, o, trace ? trace->data : NULL, trace ? trace->len : 0, d };
	bl_stress_json(&j, &s->r->out);
	bl_buf_release(&gen);
}

/*
 * The report after the lines of check_and_shrink: the input shown (the
 * minimal one, or what c says stands for it), the outputs, a line that
 * reproduces it, and the reference trace, pointed at the found answer of
 * a WA (the trace verb's --found).  Status: CLI_OK or CLI_FAIL.
 */
static int report_body(struct stress *s, const struct bl_stress_case *f,
		       const struct bl_stress_case *first, const struct bl_stress_check *c,
		       const struct bl_diagnosis *d)
{
	struct bl_buf *out = &s->r->out, gen, trace_cmd, trace;
	char path[4200], found[32];
	int status = CLI_FAIL;

	bl_buf_init(&gen);
	bl_buf_init(&trace_cmd);
	bl_buf_init(&trace);
	s->found = bl_stress_found_answer(&f->o, f->found.data, f->found.len, found);
	gen_command(s, f->instance, &gen);
	verb_command(s, s->sg->trace_verb, s->sg->trace_flag, &trace_cmd);
	const struct bl_stress_failure text = {
		f->input.data, f->input.len, f->expected.data, f->found.data, f->err.data,
		f->expected.len, f->found.len, f->err.len, f->found_more, f->err_more,
		!c->flaky && c->steps > 0 && c->shown == c->steps, !c->flaky && c->steps == 0,
		s->run.cmd, c->shown == 0 ? gen.data : NULL,
		s->saved ? s->save : NULL, trace_cmd.data,
	};
	if (!s->json)
		bl_stress_failure_text(&text, out);
	runner_path(&s->run, "minimal.in", path, sizeof path);
	if (!lines_out(s)) {
		/* status stays CLI_FAIL */
	} else if (!runner_write_file(path, f->input.data, f->input.len)) {
		fprintf(stderr, "boardlab: %s: error: cannot write: %s\n", path, strerror(errno));
	} else {
		status = call_verb(s, s->sg->trace_verb, path, 0, 0, &trace, false, s->sg->trace_flag);
		if (s->json)
			report_json(s, first, c, &text, &f->o, &trace, d);
		else
			bl_stress_trace(out, trace.data, trace.len);
		if (!s->json)
			bl_diagnosis_text(d, out);
	}
	bl_buf_release(&gen);
	bl_buf_release(&trace_cmd);
	bl_buf_release(&trace);
	return status;
}

static int report(struct stress *s, struct bl_stress_case *f, int64_t done)
{
	struct bl_buf gen, *out = &s->r->out;
	struct bl_diagnosis d = { .problem = NULL };
	struct bl_stress_check c;
	struct bl_stress_case first;
	int status, save_status = CLI_OK;

	memset(&c, 0, sizeof c);
	bl_buf_init(&gen);
	bl_stress_case_init(&first);
	status = bl_stress_case_copy(&first, f) ? CLI_OK : CLI_FAIL;
	gen_command(s, f->instance, &gen);
	if (s->keep_going)
		bl_stress_tally_text(&s->tally, s->seed, out);
	bl_stress_head(&f->o, f->instance, s->seed, done, gen.data, s->run.cmd, out);
	bl_buf_release(&gen);
	if (s->json)
		bl_buf_reset(out);   /* the document comes whole, at the end */
	if (status == CLI_OK)
		status = lines_out(s) ? check_and_shrink(s, f, &first, &c, &d) : CLI_FAIL;
	if (s->json)
		bl_buf_reset(out);
	/* Files that cannot be written: the report still comes whole, then status 4. */
	if (status == CLI_OK && s->save && save_failure(s, &first.input, f) != CLI_OK)
		save_status = CLI_FAIL;
	if (status == CLI_OK)
		status = report_body(s, f, &first, &c, &d);
	if (status == CLI_OK)
		status = save_status;
	bl_stress_case_release(&first);
	return status == CLI_OK ? CLI_NEGATIVE : status;
}

/* The option named name in opts (ending with {0}), or NULL. */
static const struct cli_opt *opt_in(const struct cli_opt *opts, const char *name)
{
	for (; opts && opts->name; opts++)
		if (strcmp(opts->name, name) == 0)
			return opts;
	return NULL;
}

/*
 * The preset of problem into s->fwd: its options, each one of the game
 * options (the row's opts).  Returns CLI_OK, or CLI_USAGE (printed).
 */
static int forward_preset(struct stress *s, const char *problem)
{
	struct cli_run *r = s->r;
	struct bl_err err;
	const struct bl_problem *p;

	bl_err_clear(&err);
	if ((p = bl_problem_lookup(problem, &err)) == NULL)
		return cli_usage(r, "%s", err.msg);
	if (strcmp(p->game, r->game->name) != 0)
		return cli_usage(r, "problem %s is a %s problem, not %s", problem, p->game,
				 r->game->name);
	for (int i = 0; p->argv[i]; i++) {
		const char *name = p->argv[i] + 2;
		const struct cli_opt *o = opt_in(r->row->opts, name);
		if (!o) {
			fprintf(stderr, "boardlab: error: internal error: problem %s sets '%s', "
					"not a %s stress option\n",
				problem, p->argv[i], r->game->name);
			return CLI_FAIL;
		}
		s->fwd[s->nfwd].name = name;
		s->fwd[s->nfwd].value = o->arg ? p->argv[++i] : "";
		s->fwd[s->nfwd++].gen_only = false;
	}
	return CLI_OK;
}

/* True when forwarded option i goes to one of the verbs stress runs. */
static bool fwd_taken(const struct stress *s, int i)
{
	const char *const verbs[] = { "gen", "solve", s->sg->trace_verb };
	const struct cli_verb *v;

	for (size_t k = 0; k < sizeof verbs / sizeof verbs[0]; k++)
		if ((v = cli_find_verb(s->r->game, verbs[k])) && fwd_to(s, i, v))
			return true;
	return false;
}

/*
 * The options for the game's verbs: a preset's, then the user's game
 * options (the row's opts) and gen options (any other but stress_opts), in
 * command-line order.  A game option the preset also sets is a usage
 * error, and so is one that none of the verbs stress runs takes (it would
 * be dropped unseen).
 */
static int forward_options(struct stress *s, const char *problem)
{
	struct cli_run *r = s->r;
	int npreset, status;

	s->fwd = calloc((size_t)r->ngiven + 16, sizeof *s->fwd);
	if (!s->fwd)
		return cli_fail(NULL, ENOMEM);
	if (problem && (status = forward_preset(s, problem)) != CLI_OK)
		return status;
	npreset = s->nfwd;
	for (int g = 0; g < r->ngiven; g++) {
		const char *name = r->verb->opts[r->given[g].opt].name;
		if (opt_in(stress_opts, name))
			continue;
		for (int p = 0; p < npreset; p++)
			if (strcmp(s->fwd[p].name, name) == 0)
				return cli_usage(r, "--problem %s sets --%s already", problem, name);
		if (problem && opt_in(r->row->opts, name))   /* the answers must stay the judge's */
			return cli_usage(r, "option '--%s' is one of the game's rules, which problem "
					    "%s sets", name, problem);
		s->fwd[s->nfwd].name = name;
		s->fwd[s->nfwd].value = r->given[g].value;
		s->fwd[s->nfwd].gen_only = !opt_in(r->row->opts, name);
		if (!fwd_taken(s, s->nfwd)) {
			bool own = strcmp(s->sg->trace_verb, "solve") != 0;   /* a third verb */
			return cli_usage(r, "option '--%s' is taken by none of the verbs stress runs "
					    "(gen, solve%s%s)", name, own ? ", " : "",
					 own ? s->sg->trace_verb : "");
		}
		s->nfwd++;
	}
	return CLI_OK;
}

/*
 * stress's own options, after the game's and the gen options: each at
 * r->opt[base + S_...], base being the index of --problem (stress_opts is
 * the last group).
 */
static int stress_options(struct stress *s)
{
	struct cli_run *r = s->r;
	int64_t seed = 1;
	int b = cli_find_opt(r->verb, "problem", NULL), format = 0, status;
	const char *v = r->opt[b + S_SAVE];

	s->runs = 100;
	s->run.lim = (struct run_limits){ 2000, 0, STRESS_OUT_CAP, 0 };
	s->run.jobs = 1;
	s->shrink_ms = -1;   /* the budget adapts to the time of a run */
	if ((status = cli_opt_int(r, b + S_SEED, 0, INT64_MAX, &seed)) != CLI_OK ||
	    (status = cli_opt_int(r, b + S_RUNS, 0, 1000000000, &s->runs)) != CLI_OK ||
	    (status = cli_opt_int(r, b + S_TIMEOUT, 1, 10000000, &s->run.lim.cpu_ms)) != CLI_OK ||
	    (status = cli_opt_int(r, b + S_WALL, 1, 100000000, &s->run.lim.wall_ms)) != CLI_OK ||
	    (status = cli_opt_int(r, b + S_JOBS, 1, RUN_MAX_JOBS, &s->run.jobs)) != CLI_OK ||
	    (status = cli_opt_int(r, b + S_SHRINK, 0, 10000000, &s->shrink_ms)) != CLI_OK ||
	    (status = cli_opt_choice(r, b + S_FORMAT, cli_formats, &format)) != CLI_OK)
		return status;
	s->seed = (uint64_t)seed;
	/* The backstop, several times the CPU limit: a loaded machine is no TLE. */
	if (s->run.lim.wall_ms == 0)
		s->run.lim.wall_ms = 5 * s->run.lim.cpu_ms + 2000;
	else if (s->run.lim.wall_ms < s->run.lim.cpu_ms)
		return cli_usage(r, "--wall-ms %lld is below --timeout-ms %lld: the backstop must "
				 "leave a run its CPU time", (long long)s->run.lim.wall_ms,
				 (long long)s->run.lim.cpu_ms);
	if (v && !*v)
		return cli_usage(r, "invalid value '' for --save: expected a folder");
	if ((status = cli_command(r, "test")) != CLI_OK)
		return status;
	s->save = v;
	s->json = format == 1;
	s->keep_going = cli_flag(r, b + S_KEEP);
	s->progress = (struct sched_progress){ isatty(STDERR_FILENO), "", "runs", 0, 0 };
	snprintf(s->progress.what, sizeof s->progress.what, "stress %s", r->game->name);
	return forward_options(s, s->problem = r->opt[b + S_PROBLEM]);
}

/*
 * Job j's input, instance i of gen, and solve's answer to it.  A new
 * instance starts while no failure has been found (but with --keep-going),
 * so the failure reported is the lowest-numbered one whatever --jobs is; a
 * near miss runs again below the failure only, else it counts as it first
 * ended.  CLI_OK, SCHED_NONE or the error (said).
 */
static int instance_start(void *ctx, struct job *j, int64_t i, bool alone)
{
	struct stress *s = ctx;
	char path[4200];
	int status;

	if (!alone && (i > s->runs || (!s->keep_going && s->f.instance)))
		return SCHED_NONE;
	if (alone && !s->keep_going && s->f.instance && i > s->f.instance) {
		for (int k = 0; k < s->nagain; k++)
			if (s->again[k].instance == i)
				bl_stress_tally_add(&s->tally, i, &s->again[k].o);
		return SCHED_NONE;
	}
	if ((status = call_verb(s, "gen", NULL, i, 1, &j->input, false, NULL)) != CLI_OK)
		return status;
	runner_path(&s->run, j->path, path, sizeof path);
	if (!runner_write_file(path, j->input.data, j->input.len)) {
		fprintf(stderr, "boardlab: %s: error: cannot write: %s\n", path, strerror(errno));
		return CLI_FAIL;
	}
	status = call_verb(s, "solve", path, 0, 0, &j->expected, false, NULL);
	if (status == CLI_DATA) {
		fprintf(stderr, "boardlab: error: solve rejects instance %lld of gen\n", (long long)i);
		status = CLI_FAIL;
	}
	return status;
}

/*
 * The run of instance j->instance ended.  Beside other runs, one not done
 * in time (TLE or IDLE) may have been starved of the processors: it runs
 * again alone when the others are over, and that run counts, so that the
 * verdicts do not depend on --jobs.  A run that counts goes in the tally,
 * on the progress line, and is the failure when it is the lowest so far.
 */
static int instance_ended(void *ctx, struct job *j, enum sched_end how)
{
	struct stress *s = ctx;
	struct bl_stress_outcome o;

	classify(j, &s->run.lim, &o);
	if (how != SCHED_ALONE) {
		s->done++;
		/* The lowest-numbered one, whatever order the jobs ended in. */
		if (o.whitespace_only && (s->ws++ == 0 || j->instance < s->ws_first))
			s->ws_first = j->instance;
	}
	if (how == SCHED_MAY_AGAIN && (o.verdict == BL_STRESS_TLE || o.verdict == BL_STRESS_IDLE)) {
		s->again[s->nagain].instance = j->instance;
		s->again[s->nagain++].o = o;
		return SCHED_AGAIN;
	}
	bl_stress_tally_add(&s->tally, j->instance, &o);
	if (o.verdict != BL_STRESS_OK && (s->f.instance == 0 || j->instance < s->f.instance)) {
		s->f.instance = j->instance;
		if (!take_run(&s->f, j, &o))
			return CLI_FAIL;
	}
	sched_progress(&s->progress, s->done, s->runs, s->tally.failed,
		       s->done == s->runs || o.verdict != BL_STRESS_OK);
	return CLI_OK;
}

/*
 * Everything before the first run: the options (a bad game option is a
 * usage error now, from a gen of no instance), the --save folder, the
 * temporary folder and the jobs' input files.  What it made, stress_release
 * removes.
 */
static int stress_prepare(struct stress *s)
{
	struct cli_run *r = s->r;
	struct bl_buf none;
	int status;

	runner_init(&s->run, r->args + r->dashdash);   /* the dispatcher's array ends with NULL */
	if ((status = stress_options(s)) != CLI_OK)
		return status;
	bl_buf_init(&none);
	status = call_verb(s, "gen", NULL, 1, 0, &none, false, NULL);
	bl_buf_release(&none);
	if (status != CLI_OK || (s->save && (status = save_make(s)) != CLI_OK))
		return status;
	return runner_open(&s->run);
}

/*
 * Frees the runner and the forwarded options, and removes the temporary
 * folder (with the inputs of solve and of the trace stress wrote there) and the --save
 * folders stress made and did not fill.
 */
static void stress_release(struct stress *s)
{
	char path[4200];

	if (s->run.tmp[0]) {
		runner_path(&s->run, "minimal.in", path, sizeof path);
		unlink(path);
		runner_path(&s->run, "solve.in", path, sizeof path);
		unlink(path);
	}
	runner_release(&s->run);
	save_unmake(s);
	free(s->fwd);
}

int stress_verb(struct cli_run *r)
{
	struct stress *s = calloc(1, sizeof *s);
	struct runner_signals sig;
	int status;

	if (!s)
		return cli_fail(NULL, ENOMEM);
	bl_stress_case_init(&s->f);
	s->r = r;
	s->sg = r->row->data;
	if ((status = stress_prepare(s)) != CLI_OK ||
	    (status = runner_catch(&s->run, &sig)) != CLI_OK) {
		stress_release(s);
		free(s);
		return status;
	}
	s->progress.t0 = runner_now_ns();
	const struct sched sc = { &s->run, s, 1, RECHECK_MAX, instance_start, NULL, instance_ended };
	status = sched_run(&sc);
	sched_progress_clear(&s->progress);
	if (status == CLI_OK && s->f.instance == 0 && s->json)
		report_json(s, NULL, NULL, NULL, NULL, NULL, NULL);
	else if (status == CLI_OK && s->f.instance == 0)
		bl_stress_passed(s->done, s->seed, s->runs, s->ws, s->ws_first, &r->out);
	else if (status == CLI_OK)
		status = report(s, &s->f, s->done);
	bl_stress_case_release(&s->f);
	runner_restore(&s->run, &sig);   /* before the runner's list of children goes */
	stress_release(s);
	free(s);
	if (runner_stop_signal()) {
		/* Die of the signal, as the shell expects, now that nothing is left behind. */
		fflush(stdout);
		raise(runner_stop_signal());
	}
	return status;
}
