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
#define SHRINK_TRIES 20000            /* reductions tried at most, whatever the budget */
#define STRESS_OUT_CAP ((size_t)1 << 20)   /* a run's standard output beyond this is a PE */
#define STRINGIFY(x) STRINGIFY_(x)
#define STRINGIFY_(x) #x

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
	bool saved;           /* the failure was written into save */
	size_t made[64];      /* the folders of save stress made: their lengths */
	int nmade;
	struct runner run;    /* the runs of CMD */
};

/* The options of stress itself, after the game's and the gen options (stress.h). */
const struct cli_opt stress_opts[] = {
	{ "problem", "P", "a BOJ problem's preset instead of game options (boardlab boj --help)" },
	CLI_SEED_OPT,
	{ "runs", "N", "instances to run, 0 to 10^9 (default 100)" },
	{ "timeout-ms", "T", "a run's CPU time limit in milliseconds, 1 to 10^7 (default 2000)" },
	{ "wall-ms", "W", "a run's wall-clock backstop in milliseconds, 1 to 10^8 "
			  "(default 5 T + 2000, at least T)" },
	{ "jobs", "J", "runs at the same time, 1 to 64 (default 1)" },
	{ "shrink-ms", "T", "the time budget of shrinking, 0 to 10^7 ms (default 5000)" },
	{ "save", "DIR", "on a failure, write original.in, minimal.in, expected.out and "
			 "found.out into DIR (made first, with its parents)" },
	{ 0 },
};

/* The value of stress's option name, NULL when not given; its index into *index. */
static const char *opt_of(const struct cli_run *r, const char *name, int *index)
{
	int i = cli_find_opt(r->verb, name, NULL);

	if (index)
		*index = i;
	return i >= 0 ? r->opt[i] : NULL;
}

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
}

/* ---- the stress verb ---- */

/* The failure found, and then its shrunk form. */
struct failure {
	int64_t instance;
	struct bl_stress_outcome o;
	struct bl_buf input, expected, found, err;
	size_t found_more, err_more;   /* bytes read but not kept */
	struct bl_buf *chain;          /* the inputs shrinking went through: the original, */
	size_t nchain;                 /* then the one after each step but the last */
};

static void failure_release(struct failure *f)
{
	bl_buf_release(&f->input);
	bl_buf_release(&f->expected);
	bl_buf_release(&f->found);
	bl_buf_release(&f->err);
	for (size_t i = 0; i < f->nchain; i++)
		bl_buf_release(&f->chain[i]);
	free(f->chain);
}

static void take(struct bl_buf *dst, const struct bl_buf *src)
{
	bl_buf_reset(dst);
	bl_buf_add(dst, src->data ? src->data : "", src->len);
}

/* f's input, outputs and outcome become those of job j's run, which ended as o. */
static void failure_take(struct failure *f, const struct job *j, const struct bl_stress_outcome *o)
{
	f->o = *o;
	take(&f->input, &j->input);
	take(&f->expected, &j->expected);
	take(&f->found, &j->out);
	take(&f->err, &j->err);
	f->found_more = j->out_more;
	f->err_more = j->err_more;
}

/* dst's input, outputs and outcome become src's (not its chain). */
static void failure_copy(struct failure *dst, const struct failure *src)
{
	dst->o = src->o;
	take(&dst->input, &src->input);
	take(&dst->expected, &src->expected);
	take(&dst->found, &src->found);
	take(&dst->err, &src->err);
	dst->found_more = src->found_more;
	dst->err_more = src->err_more;
}

/* Appends f's input to its chain, before a step replaces it; false when out of memory. */
static bool chain_push(struct failure *f)
{
	struct bl_buf *nc = realloc(f->chain, (f->nchain + 1) * sizeof *nc);

	if (!nc)
		return false;
	f->chain = nc;
	bl_buf_init(&nc[f->nchain]);
	take(&nc[f->nchain], &f->input);
	return !bl_buf_failed(&nc[f->nchain++]);
}

/* How the failure was checked and shrunk, for the report. */
struct checked {
	bool flaky;           /* run again alone, it did not fail the same way: not shrunk */
	long steps, tries;
	long shown;           /* the step whose input is shown: steps, or fewer when the
				 minimal input did not fail again; 0, the original */
	const char *stopped;  /* what stopped shrinking before a local minimum, or NULL */
	uint64_t spent_ns;
};

static void cannot_run(struct stress *s, int e)
{
	fprintf(stderr, "boardlab: error: cannot execute '%s': %s\n", s->run.cmd[0], strerror(e));
}

/*
 * Runs the jobs 0..n-1 (their input and expected answer set) at the same
 * time and waits for them all.  Returns 0, EINTR on a stop signal, or the
 * errno of an exec failure.
 */
static int run_batch(struct stress *s, int n)
{
	int running = 0, e = 0;

	for (int i = 0; i < n && !e; i++)
		if ((e = runner_start(&s->run, &s->run.job[i])) == 0)
			running++;
	for (; running > 0; running--)
		if (!runner_wait(&s->run))
			return EINTR;
	return e;
}

/*
 * Shrinks f greedily: the first reduction (in the game's order) that solve
 * accepts and that fails the same way replaces the input, and the passes
 * start again; until none does, the budget is spent or SHRINK_TRIES
 * reductions were run (*stopped then says which, else it is NULL).  With
 * --jobs J, J reductions run at a time and the first in order of those
 * that fail wins, so a local minimum reached does not depend on J; where
 * the budget or the cap stops it does (a batch counts J tries).
 */
static int shrink(struct stress *s, struct failure *f, struct checked *c)
{
	char path[4200];
	uint64_t t0 = runner_now_ns(), budget = (uint64_t)s->shrink_ms * 1000000u;
	int status = CLI_OK;
	long next = 0;
	bool more = true;

	while (more) {
		int n = 0, e, won = -1;
		struct bl_stress_outcome o;

		if (runner_now_ns() - t0 >= budget) {
			c->stopped = "stopped by the budget, --shrink-ms";
			break;
		}
		if (c->tries >= SHRINK_TRIES) {
			c->stopped = "stopped by the cap of " STRINGIFY(SHRINK_TRIES) " reductions";
			break;
		}
		/* The next J reductions that solve accepts. */
		while (n < s->run.jobs) {
			struct job *j = &s->run.job[n];
			bl_buf_reset(&j->input);
			if (!s->sg->shrink(f->input.data, f->input.len, next, &j->input)) {
				more = false;
				break;
			}
			next++;
			if (bl_buf_failed(&j->input)) {
				fputs("boardlab: error: out of memory\n", stderr);
				return CLI_FAIL;
			}
			if (j->input.len == f->input.len &&
			    memcmp(j->input.data, f->input.data, f->input.len) == 0)
				continue;
			runner_path(&s->run, j->path, path, sizeof path);
			if (!runner_write_file(path, j->input.data, j->input.len) ||
			    call_verb(s, "solve", path, 0, 0, &j->expected, true, NULL) != CLI_OK)
				continue;
			n++;
		}
		if (n == 0)
			break;
		c->tries += n;
		if ((e = run_batch(s, n)) != 0) {
			if (e != EINTR)
				cannot_run(s, e);
			status = CLI_FAIL;
			break;
		}
		for (int i = 0; i < n && won < 0; i++) {
			classify(&s->run.job[i], &s->run.lim, &o);
			if (bl_stress_same_failure(&o, &f->o))
				won = i;
		}
		if (won < 0)
			continue;
		if (!chain_push(f)) {
			fputs("boardlab: error: out of memory\n", stderr);
			return CLI_FAIL;
		}
		failure_take(f, &s->run.job[won], &o);
		c->steps++;
		next = 0;   /* first improvement: start the passes again */
		more = true;
	}
	c->spent_ns = runner_now_ns() - t0;
	return status;
}

/*
 * Runs input alone (job 0; its expected output expected, or solve's when
 * NULL) and classifies the run into *o.  CLI_OK; CLI_DATA when solve
 * rejects input; CLI_FAIL on a stop signal or a CMD that cannot be run
 * (printed).
 */
static int run_alone(struct stress *s, const struct bl_buf *input, const struct bl_buf *expected,
		     struct bl_stress_outcome *o)
{
	struct job *j = &s->run.job[0];
	char path[4200];
	int e;

	take(&j->input, input);
	if (expected) {
		take(&j->expected, expected);
	} else {
		runner_path(&s->run, j->path, path, sizeof path);
		if (!runner_write_file(path, j->input.data, j->input.len) ||
		    call_verb(s, "solve", path, 0, 0, &j->expected, true, NULL) != CLI_OK)
			return CLI_DATA;
	}
	if ((e = run_one(&s->run, j)) != 0) {
		if (e != EINTR)
			cannot_run(s, e);
		return CLI_FAIL;
	}
	classify(j, &s->run.lim, o);
	return CLI_OK;
}

/*
 * The minimal input is run once more, alone: it must fail the same way.
 * If it does not, the inputs shrinking went through are, from the last one
 * back, until one does; the original, which failed twice, ends the walk.
 * What is shown instead is said on out, and f becomes it.
 */
static int confirm_minimal(struct stress *s, struct failure *f, const struct failure *first,
			   struct checked *c)
{
	struct bl_buf *out = &s->r->out;
	struct bl_stress_outcome again, o;
	int status = run_alone(s, &f->input, &f->expected, &again);

	c->shown = c->steps;
	if (status != CLI_OK || bl_stress_same_failure(&again, &f->o))
		return status;
	bl_stress_unconfirmed(&again, out);
	for (long k = (long)f->nchain - 1; k >= 1; k--) {
		if ((status = run_alone(s, &f->chain[k], NULL, &o)) == CLI_FAIL)
			return status;
		if (status == CLI_OK && bl_stress_same_failure(&o, &f->o)) {
			failure_take(f, &s->run.job[0], &o);
			c->shown = k;
			bl_stress_shown_instead(k, &o, out);
			return CLI_OK;
		}
	}
	failure_copy(f, first);
	c->shown = 0;
	bl_stress_shown_instead(0, NULL, out);
	return CLI_OK;
}

/*
 * Before shrinking, the failing instance is run again, alone (a run beside
 * others may have been starved): a failure that does not repeat the same
 * way is flaky, reported with both outcomes and not shrunk, since
 * shrinking would chase luck.  Else it is shrunk, and the minimal input
 * confirmed (confirm_minimal).  The lines of both go to out.
 */
static int check_and_shrink(struct stress *s, struct failure *f, struct checked *c)
{
	struct bl_buf *out = &s->r->out;
	struct failure first;
	struct bl_stress_outcome again;
	int status;

	memset(c, 0, sizeof *c);
	if ((status = run_alone(s, &f->input, &f->expected, &again)) != CLI_OK)
		return status;
	if (!bl_stress_same_failure(&again, &f->o)) {
		c->flaky = true;
		bl_stress_flaky(&again, out);
		return CLI_OK;
	}
	memset(&first, 0, sizeof first);
	failure_copy(&first, f);
	status = shrink(s, f, c);
	if (status == CLI_OK) {
		bl_stress_shrunk(c->steps, c->tries, c->spent_ns, c->stopped, &f->o, out);
		if (c->steps > 0)
			status = confirm_minimal(s, f, &first, c);
	}
	failure_release(&first);
	return status;
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

static int save_failure(struct stress *s, const struct bl_buf *original, const struct failure *f)
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

/*
 * The report after the lines of check_and_shrink: the input shown (the
 * minimal one, or what c says stands for it), the outputs, a line that
 * reproduces it, and the reference trace.  Status: CLI_OK or CLI_FAIL.
 */
static int report_body(struct stress *s, const struct failure *f, const struct checked *c)
{
	struct bl_buf *out = &s->r->out, gen, trace_cmd, trace;
	char path[4200];
	int status = CLI_FAIL;

	bl_buf_init(&gen);
	bl_buf_init(&trace_cmd);
	bl_buf_init(&trace);
	gen_command(s, f->instance, &gen);
	verb_command(s, s->sg->trace_verb, s->sg->trace_flag, &trace_cmd);
	const struct bl_stress_failure text = {
		f->input.data, f->input.len, f->expected.data, f->found.data, f->err.data,
		f->expected.len, f->found.len, f->err.len, f->found_more, f->err_more,
		!(c->flaky || c->shown < c->steps), s->run.cmd, c->shown == 0 ? gen.data : NULL,
		s->saved ? s->save : NULL, trace_cmd.data,
	};
	bl_stress_failure_text(&text, out);
	runner_path(&s->run, "minimal.in", path, sizeof path);
	if (!cli_flush(s->r)) {
		/* status stays CLI_FAIL */
	} else if (!runner_write_file(path, f->input.data, f->input.len)) {
		fprintf(stderr, "boardlab: %s: error: cannot write: %s\n", path, strerror(errno));
	} else {
		status = call_verb(s, s->sg->trace_verb, path, 0, 0, &trace, false, s->sg->trace_flag);
		bl_stress_trace(out, trace.data, trace.len);
	}
	bl_buf_release(&gen);
	bl_buf_release(&trace_cmd);
	bl_buf_release(&trace);
	return status;
}

static int report(struct stress *s, struct failure *f, int64_t done)
{
	struct bl_buf original, gen;
	struct checked c;
	int status, save_status = CLI_OK;

	bl_buf_init(&original);
	bl_buf_init(&gen);
	take(&original, &f->input);
	gen_command(s, f->instance, &gen);
	bl_stress_head(&f->o, f->instance, s->seed, done, gen.data, s->run.cmd, &s->r->out);
	bl_buf_release(&gen);
	status = cli_flush(s->r) ? check_and_shrink(s, f, &c) : CLI_FAIL;
	/* Files that cannot be written: the report still comes whole, then status 4. */
	if (status == CLI_OK && s->save && save_failure(s, &original, f) != CLI_OK)
		save_status = CLI_FAIL;
	bl_buf_release(&original);
	if (status == CLI_OK)
		status = report_body(s, f, &c);
	if (status == CLI_OK)
		status = save_status;
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
	if (!s->fwd) {
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
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

static int stress_options(struct stress *s)
{
	struct cli_run *r = s->r;
	int64_t seed = 1;
	int i = 0, status;
	const char *v;

	s->runs = 100;
	s->run.lim.cpu_ms = 2000;
	s->run.lim.wall_ms = 0;
	s->run.lim.out_cap = STRESS_OUT_CAP;
	s->run.jobs = 1;
	s->shrink_ms = 5000;
	opt_of(r, "seed", &i);
	if ((status = cli_opt_int(r, i, 0, INT64_MAX, &seed)) != CLI_OK)
		return status;
	s->seed = (uint64_t)seed;
	opt_of(r, "runs", &i);
	if ((status = cli_opt_int(r, i, 0, 1000000000, &s->runs)) != CLI_OK)
		return status;
	opt_of(r, "timeout-ms", &i);
	if ((status = cli_opt_int(r, i, 1, 10000000, &s->run.lim.cpu_ms)) != CLI_OK)
		return status;
	/* The backstop, several times the CPU limit: a loaded machine is no TLE. */
	opt_of(r, "wall-ms", &i);
	if ((status = cli_opt_int(r, i, 1, 100000000, &s->run.lim.wall_ms)) != CLI_OK)
		return status;
	if (s->run.lim.wall_ms == 0)
		s->run.lim.wall_ms = 5 * s->run.lim.cpu_ms + 2000;
	else if (s->run.lim.wall_ms < s->run.lim.cpu_ms)
		return cli_usage(r, "--wall-ms %lld is below --timeout-ms %lld: the backstop must "
				 "leave a run its CPU time", (long long)s->run.lim.wall_ms,
				 (long long)s->run.lim.cpu_ms);
	opt_of(r, "jobs", &i);
	if ((status = cli_opt_int(r, i, 1, RUN_MAX_JOBS, &s->run.jobs)) != CLI_OK)
		return status;
	opt_of(r, "shrink-ms", &i);
	if ((status = cli_opt_int(r, i, 0, 10000000, &s->shrink_ms)) != CLI_OK)
		return status;
	if ((v = opt_of(r, "save", NULL)) != NULL && !*v)
		return cli_usage(r, "invalid value '' for --save: expected a folder");
	s->save = v;
	if ((status = cli_command(r, "test")) != CLI_OK)
		return status;
	return forward_options(s, opt_of(r, "problem", NULL));
}


/*
 * Runs the instances, up to --jobs at a time, in instance order.  After a
 * failure nothing new starts and the runs under way finish, so the failure
 * reported is the lowest-numbered one whatever --jobs is.
 */
static int run_parallel(struct stress *s, struct failure *f, struct failure *re, int *nre,
			int64_t *done, int64_t *ws, int64_t *ws_first)
{
	int64_t next = 1;
	int running = 0, status = CLI_OK;
	char path[4200];

	for (;;) {
		for (int i = 0; i < s->run.jobs && status == CLI_OK && f->instance == 0 && next <= s->runs;
		     i++) {
			struct job *j = &s->run.job[i];
			int e;
			if (j->pid > 0)
				continue;
			j->instance = next++;
			status = call_verb(s, "gen", NULL, j->instance, 1, &j->input, false, NULL);
			if (status != CLI_OK)
				break;
			runner_path(&s->run, j->path, path, sizeof path);
			if (!runner_write_file(path, j->input.data, j->input.len)) {
				fprintf(stderr, "boardlab: %s: error: cannot write: %s\n", path,
					strerror(errno));
				status = CLI_FAIL;
				break;
			}
			status = call_verb(s, "solve", path, 0, 0, &j->expected, false, NULL);
			if (status == CLI_DATA) {
				fprintf(stderr, "boardlab: error: solve rejects instance %lld of gen\n",
					(long long)j->instance);
				status = CLI_FAIL;
			}
			if (status != CLI_OK)
				break;
			if ((e = runner_start(&s->run, j)) != 0) {
				cannot_run(s, e);
				status = CLI_FAIL;
				break;
			}
			running++;
		}
		if (running == 0)
			break;
		struct job *j = runner_wait(&s->run);
		struct bl_stress_outcome o;
		if (!j) {
			status = CLI_FAIL;
			break;
		}
		running--;
		++*done;
		classify(j, &s->run.lim, &o);
		/* The lowest-numbered one, whatever order the jobs ended in. */
		if (o.whitespace_only && ((*ws)++ == 0 || j->instance < *ws_first))
			*ws_first = j->instance;
		if ((o.verdict == BL_STRESS_TLE || o.verdict == BL_STRESS_IDLE) && s->run.jobs > 1 &&
		    *nre < RECHECK_MAX) {
			re[*nre].instance = j->instance;   /* again alone, after the others */
			failure_take(&re[(*nre)++], j, &o);
			continue;
		}
		if (o.verdict != BL_STRESS_OK && (f->instance == 0 || j->instance < f->instance)) {
			f->instance = j->instance;
			failure_take(f, j, &o);
		}
	}
	/* On an error, the runs under way are stopped. */
	for (int i = 0; i < s->run.jobs; i++)
		if (s->run.job[i].pid > 0)
			runner_end(&s->run, &s->run.job[i]);
	return status;
}

/*
 * Runs the instances, --jobs at a time.  A run beside others that was not
 * done in time (TLE or IDLE) may have been starved of the processors: it is
 * run again alone when the others are over, and that run counts, so the
 * verdicts do not depend on --jobs.
 */
static int run_all(struct stress *s, struct failure *f, int64_t *done, int64_t *ws,
		   int64_t *ws_first)
{
	struct failure *re = calloc(RECHECK_MAX, sizeof *re);
	int nre = 0, status;

	if (!re) {
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	status = run_parallel(s, f, re, &nre, done, ws, ws_first);
	for (int k = 0; k < nre && status == CLI_OK; k++) {
		int low = -1;
		for (int m = 0; m < nre; m++)   /* the lowest instance first */
			if (re[m].instance && (low < 0 || re[m].instance < re[low].instance))
				low = m;
		if (low < 0 || (f->instance && re[low].instance > f->instance))
			break;
		struct bl_stress_outcome again;
		status = run_alone(s, &re[low].input, &re[low].expected, &again);
		if (status == CLI_OK && again.verdict != BL_STRESS_OK) {
			f->instance = re[low].instance;
			failure_take(f, &s->run.job[0], &again);
			break;
		}
		re[low].instance = 0;
	}
	for (int k = 0; k < RECHECK_MAX; k++)
		failure_release(&re[k]);
	free(re);
	return status;
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
 * folder (with the minimal input stress wrote there) and the --save
 * folders stress made and did not fill.
 */
static void stress_release(struct stress *s)
{
	char path[4200];

	if (s->run.tmp[0]) {
		runner_path(&s->run, "minimal.in", path, sizeof path);
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
	struct failure f;
	int64_t done = 0, ws = 0, ws_first = 0;
	int status;

	if (!s) {
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	memset(&f, 0, sizeof f);
	s->r = r;
	s->sg = r->row->data;
	if ((status = stress_prepare(s)) != CLI_OK ||
	    (status = runner_catch(&s->run, &sig)) != CLI_OK) {
		stress_release(s);
		free(s);
		return status;
	}
	status = run_all(s, &f, &done, &ws, &ws_first);
	if (status == CLI_OK && f.instance == 0) {
		bl_stress_passed(done, s->seed, s->runs, ws, ws_first, &r->out);
	} else if (status == CLI_OK) {
		status = report(s, &f, done);
	}
	failure_release(&f);
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
