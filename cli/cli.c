#include "cli.h"

#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool cli_flag(const struct cli_run *r, int i)
{
	return r->opt[i] != NULL;
}

/* ---- the command tables: lookup, parsing, help ---- */

const struct cli_verb *cli_find_verb(const struct cli_game *g, const char *name)
{
	for (const struct cli_verb *v = g->verbs; v->name; v++)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

/* Group k of v's options: opts, then each of more; there are ngroups(v). */
static const struct cli_opt *opt_group(const struct cli_verb *v, int k)
{
	return k == 0 ? v->opts : v->more[k - 1];
}

static int ngroups(const struct cli_verb *v)
{
	int n = 1;

	while (v->more && v->more[n - 1])
		n++;
	return n;
}

/*
 * The index of the option named name[0..len) in v's options, or -1 (the
 * last, if twice); *opt the option, or NULL.
 */
static int find_opt(const struct cli_verb *v, const char *name, size_t len,
		    const struct cli_opt **opt)
{
	int i = 0, found = -1;

	*opt = NULL;
	for (int k = 0; k < ngroups(v); k++) {
		for (const struct cli_opt *o = opt_group(v, k); o && o->name; o++, i++) {
			if (strlen(o->name) == len && strncmp(o->name, name, len) == 0) {
				found = i;
				*opt = o;
			}
		}
	}
	return found;
}

int cli_find_opt(const struct cli_verb *v, const char *name, const struct cli_opt **opt)
{
	const struct cli_opt *o;
	int i = find_opt(v, name, strlen(name), &o);

	if (opt)
		*opt = o;
	return i;
}

bool cli_is_help(const char *arg)
{
	return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

void cli_help_entry(FILE *f, const char *left, int indent, const char *text)
{
	int col = fprintf(f, "  %-*s", indent - 3, left);

	/* TEXT on a line of its own when LEFT leaves no space before column indent + 1 */
	if (col >= indent)
		fprintf(f, "\n%*s", indent, "");
	else
		fputc(' ', f);
	col = indent;
	while (*text) {
		size_t word = strcspn(text, " ");
		if (col > indent && col + 1 + (int)word > 79) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', f);
			col++;
		}
		fwrite(text, 1, word, f);
		col += (int)word;
		text += word;
		text += strspn(text, " ");
	}
	fputc('\n', f);
}

void cli_help_opts(const struct cli_opt *opts, const char *const *skip, FILE *f)
{
	fputs("options:\n", f);
	for (const struct cli_opt *o = opts; o && o->name; o++) {
		char left[64];
		bool skipped = false;
		for (const char *const *w = skip; w && *w; w++)
			skipped |= strncmp(*w, "--", 2) == 0 && strcmp(*w + 2, o->name) == 0;
		if (skipped)
			continue;
		snprintf(left, sizeof left, "--%s%s%s", o->name, o->arg ? " " : "",
			 o->arg ? o->arg : "");
		cli_help_entry(f, left, 20, o->help);
	}
	cli_help_entry(f, "-h, --help", 20, "show this help");
}

/* v as run: r->verb, the row with its options in one list.  False past CLI_MAX_OPTS. */
static bool flatten(struct cli_run *r, const struct cli_verb *v)
{
	int n = 0;

	r->row = v;
	r->flat = *v;
	r->flat.opts = r->flat_opts;
	r->flat.more = NULL;
	r->verb = &r->flat;
	for (int k = 0; k < ngroups(v); k++) {
		for (const struct cli_opt *o = opt_group(v, k); o && o->name; o++) {
			if (n == CLI_MAX_OPTS)
				return false;
			r->flat_opts[n++] = *o;
		}
	}
	memset(&r->flat_opts[n], 0, sizeof r->flat_opts[n]);
	return true;
}

static void verb_help(const char *cmd, const struct cli_verb *v, const char *const *skip,
		      const char *end)
{
	bool args = v->args && *v->args;

	printf("usage: %s [OPTIONS]%s%s\n\n%s\n\n", cmd, args ? " " : "", args ? v->args : "",
	       v->summary);
	cli_help_opts(v->opts, skip, stdout);
	if (end)
		printf("\n%s", end);
	else
		printf("\nexample:\n  %s\n", v->example);
}

int cli_unknown(const char *cmd, const char *what, const char *shown,
		const struct bl_suggest *near, const char *prefix)
{
	char more[BL_SUGGEST_TEXT_MAX];

	return cli_usage_cmd(cmd, "unknown %s '%s'%s", what, shown,
			     bl_suggest_text(near, prefix, more, sizeof more));
}

/* "unknown option 'A'", a[0..len) as typed, and the nearest of the verb's options. */
static int unknown_opt(const struct cli_run *r, const char *a, int len)
{
	char shown[256];
	struct bl_suggest near;

	snprintf(shown, sizeof shown, "%.*s", len, a);
	bl_suggest_init(&near, shown + strspn(shown, "-"));
	for (const struct cli_opt *o = r->verb->opts; o->name; o++)
		bl_suggest_add(&near, o->name);
	bl_suggest_add(&near, "help");
	return cli_unknown(r->help_cmd, "option", shown, &near, "--");
}

/*
 * Option argv[*i] (one or two words) into r; CLI_OK or CLI_USAGE
 * (printed).  Name it as typed, without its value unless it has no name.
 */
static int parse_opt(struct cli_run *r, struct cli_given *given, int argc, char **argv, int *i)
{
	const char *a = argv[*i];
	const char *eq = a[1] == '-' ? strchr(a, '=') : NULL;
	size_t nlen = eq ? (size_t)(eq - a) - 2 : strlen(a) - 2;
	const struct cli_opt *o = NULL;
	int k = a[1] == '-' ? find_opt(r->verb, a + 2, nlen, &o) : -1;

	if (!o)
		return unknown_opt(r, a, eq && nlen > 0 ? (int)(eq - a) : (int)strlen(a));
	if (!o->arg) {
		if (eq)
			return cli_usage(r, "option '--%s' takes no value", o->name);
		r->opt[k] = "";
	} else if (eq) {
		r->opt[k] = eq + 1;
	} else if (*i + 1 < argc) {
		r->opt[k] = argv[++*i];
	} else {
		return cli_usage(r, "option '--%s' needs a value %s", o->name, o->arg);
	}
	given[r->ngiven].opt = k;
	given[r->ngiven++].value = r->opt[k];
	return CLI_OK;
}

/* argv into r: CLI_OK, CLI_USAGE (printed), or -1 when it printed the help. */
static int parse_args(struct cli_run *r, struct cli_given *given, int argc, char **argv)
{
	bool opts_done = false;

	for (int i = 0; i < argc; i++) {
		char *a = argv[i];
		int status;
		if (opts_done || a[0] != '-' || strcmp(a, "-") == 0) {
			if (r->nargs >= r->verb->max_args)
				return cli_usage(r, "unexpected argument '%s'", a);
			r->args[r->nargs++] = a;
		} else if (strcmp(a, "--") == 0) {
			opts_done = true;
			r->dashdash = r->nargs;
		} else if (cli_is_help(a)) {
			verb_help(r->help_cmd, r->verb, NULL, NULL);
			return -1;
		} else if ((status = parse_opt(r, given, argc, argv, &i)) != CLI_OK) {
			return status;
		}
	}
	return CLI_OK;
}

void cli_verb_help_except(const struct cli_verb *v, const char *cmd, const char *const *skip,
			  const char *end)
{
	struct cli_run r;

	memset(&r, 0, sizeof r);
	if (flatten(&r, v))
		verb_help(cmd, r.verb, skip, end);
}

int cli_run_verb(const struct cli_game *g, const struct cli_verb *v, int argc, char **argv,
		 const char *help_cmd, struct bl_buf *capture)
{
	struct cli_run r;
	char **pos = calloc((size_t)argc + 1, sizeof *pos);   /* ends with NULL */
	struct cli_given *given = calloc((size_t)argc + 1, sizeof *given);
	int status;

	memset(&r, 0, sizeof r);
	r.game = g;
	r.args = pos;
	r.given = given;
	r.help_cmd = help_cmd;
	r.dashdash = -1;
	r.capture = capture;
	bl_buf_init(&r.out);
	if (!pos || !given)
		status = cli_fail(NULL, ENOMEM);
	else if (!flatten(&r, v)) {
		fprintf(stderr, "boardlab: error: internal error: %s has more than %d options\n",
			help_cmd, CLI_MAX_OPTS);
		status = CLI_FAIL;
	} else if ((status = parse_args(&r, given, argc, argv)) == -1) {
		status = CLI_OK;   /* it printed the help */
	} else if (status == CLI_OK) {
		status = v->run(&r);
		if (!cli_flush(&r) && status == CLI_OK)
			status = CLI_FAIL;
	}
	bl_buf_release(&r.out);
	free(pos);
	free(given);
	return status;
}

int cli_bench_verb(struct cli_run *r)
{
	const struct cli_bench *b = r->row->data;
	struct bl_err err;

	bl_err_clear(&err);
	return b->run(&r->out, cli_flag(r, 0), &err) == BL_OK ? CLI_OK : cli_report(NULL, &err, 0);
}

static int vusage(const char *cmd, const char *fmt, va_list ap)
{
	fputs("boardlab: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\nsee '%s --help'\n", cmd);
	return CLI_USAGE;
}

int cli_usage(const struct cli_run *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vusage(r->help_cmd, fmt, ap);
	va_end(ap);
	return CLI_USAGE;
}

int cli_usage_cmd(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vusage(cmd, fmt, ap);
	va_end(ap);
	return CLI_USAGE;
}

int cli_opt_int(const struct cli_run *r, int i, int64_t lo, int64_t hi, int64_t *out)
{
	const char *v = r->opt[i];
	struct bl_tok t;
	int64_t n;

	if (!v)
		return CLI_OK;
	t.s = v;
	t.len = strlen(v);
	if (!bl_tok_int(&t, &n) || n < lo || n > hi)
		return cli_usage(r, "invalid value '%s' for --%s: expected an integer from %lld to %lld",
				 v, r->verb->opts[i].name, (long long)lo, (long long)hi);
	*out = n;
	return CLI_OK;
}

int cli_opt_choice(const struct cli_run *r, int i, const char *const *names, int *out)
{
	const char *v = r->opt[i];
	char expected[320];

	if (!v)
		return CLI_OK;
	for (int k = 0; names[k]; k++) {
		if (strcmp(v, names[k]) == 0) {
			*out = k;
			return CLI_OK;
		}
	}
	return cli_usage(r, "invalid value '%s' for --%s: expected %s", v, r->verb->opts[i].name,
			 bl_suggest_choice(v, names, expected, sizeof expected));
}

int cli_mistake(const struct cli_run *r, int i, const char *pid, int *out)
{
	struct bl_err err;

	bl_err_clear(&err);
	return bl_mistake_variant(bl_problem_find(pid), r->opt[i], out, &err) == BL_OK
		       ? CLI_OK : cli_usage(r, "%s", err.msg);
}

/*
 * The input cap: BOARDLAB_MAX_INPUT bytes when it is set (and not empty), 1 GiB
 * when not; 0 when it is set to anything but a positive decimal integer.
 */
static size_t input_max(void)
{
	const char *v = getenv("BOARDLAB_MAX_INPUT");
	struct bl_tok t;
	int64_t n;

	if (!v || !*v)
		return CLI_INPUT_MAX_DEFAULT;
	t.s = v;
	t.len = strlen(v);
	if (v[0] < '0' || v[0] > '9' || !bl_tok_int(&t, &n) || n < 1)
		return 0;
	return (uint64_t)n > (size_t)-1 / 4 ? (size_t)-1 / 4 : (size_t)n;
}

int cli_fail(const char *name, int e)
{
	if (e == ENOMEM)
		fputs("boardlab: error: out of memory\n", stderr);
	else
		fprintf(stderr, "boardlab: %s%serror: %s\n", name ? name : "", name ? ": " : "",
			strerror(e));
	return CLI_FAIL;
}

/* A failure of reading the file called name, errno e, printed; CLI_FAIL. */
static int read_failure(const char *name, int e, bool opened, const char *too_big)
{
	if (e == ENOMEM)
		return cli_fail(NULL, e);
	if (e == EFBIG)
		fprintf(stderr, "boardlab: %s: error: %s\n", name, too_big);
	else
		fprintf(stderr, "boardlab: %s: error: cannot %s: %s\n", name,
			opened ? "read" : "open", strerror(e));
	return CLI_FAIL;
}

int cli_load_file(const char *path, const char *name, size_t max, const char *too_big,
		  struct bl_buf *out)
{
	bool opened;
	int e = cli_read_file(path, max, out, &opened);

	return e ? read_failure(name, e, opened, too_big) : CLI_OK;
}

/*
 * FILE or standard input as a streamed reader reads it: at most max bytes
 * (one more is the error EFBIG), each byte read also fed to the layout
 * check of --strict.
 */
struct source {
	FILE *f;
	uint64_t got, max;
	int err;                   /* errno of the failure, or 0 */
	struct bl_layout *layout;  /* NULL without --strict */
};

static ptrdiff_t source_read(void *vctx, char *dst, size_t cap)
{
	struct source *s = vctx;
	size_t n;

	if (cap > s->max + 1 - s->got)
		cap = (size_t)(s->max + 1 - s->got);
	if (feof(s->f))
		return 0;   /* no read after the end: a terminal would wait for more */
	errno = 0;
	n = fread(dst, 1, cap, s->f);
	if ((n == 0 && ferror(s->f) && (s->err = errno ? errno : EIO)) ||
	    ((s->got += n) > s->max && (s->err = EFBIG)))
		return -1;
	if (s->layout)
		bl_layout_feed(s->layout, dst, n);
	return (ptrdiff_t)n;
}

int cli_read_file(const char *path, size_t max, struct bl_buf *out, bool *opened)
{
	struct source s = { strcmp(path, "-") ? fopen(path, "rb") : stdin, 0, max, 0, NULL };
	ptrdiff_t n = 0;

	if (opened)
		*opened = s.f != NULL;
	if (!s.f)
		return errno;
	do {
		if (!bl_buf_reserve(out, BL_READ_CHUNK))
			s.err = ENOMEM;
		else if ((n = source_read(&s, out->data + out->len, BL_READ_CHUNK)) > 0)
			out->data[out->len += (size_t)n] = '\0';
	} while (n > 0 && !s.err);
	if (s.f != stdin)
		fclose(s.f);
	return s.err;
}

/* The verb's FILE (or standard input) opened into *s; a failure printed. */
static int open_input(struct cli_run *r, struct source *s)
{
	const char *path = r->nargs > 0 ? r->args[0] : "-";
	bool is_stdin = strcmp(path, "-") == 0;

	r->input_name = is_stdin ? "<stdin>" : path;
	*s = (struct source){ NULL, 0, input_max(), 0, NULL };
	if (s->max == 0)
		return cli_usage(r, "invalid value '%s' for BOARDLAB_MAX_INPUT: expected a positive "
				    "number of bytes", getenv("BOARDLAB_MAX_INPUT"));
	if (!(s->f = is_stdin ? stdin : fopen(path, "rb")))
		return read_failure(r->input_name, errno, false, "");
	return CLI_OK;
}

/* Why reading stopped early, printed; CLI_FAIL. */
static int source_failure(const struct cli_run *r, const struct source *s)
{
	char big[128];

	snprintf(big, sizeof big, "input larger than %llu bytes (the limit; BOARDLAB_MAX_INPUT "
		 "sets another)", (unsigned long long)s->max);
	return read_failure(r->input_name, s->err ? s->err : ENOMEM, true, big);
}

int cli_report(const char *name, const struct bl_err *e, long instance)
{
	char inst[40] = "";

	if (instance > 0)
		snprintf(inst, sizeof inst, "instance %ld: ", instance);
	if (!name)
		fprintf(stderr, "boardlab: error: %s%s\n", inst, e->msg);
	else if (e->line > 0)
		fprintf(stderr, "boardlab: %s:%d:%d: error: %s%s\n", name, e->line, e->col, inst,
			e->msg);
	else
		fprintf(stderr, "boardlab: %s: error: %s%s\n", name, inst, e->msg);
	switch (e->code) {
	case BL_OK:
	case BL_ERR_INPUT:
		return CLI_DATA;
	case BL_ERR_ARG:
		return CLI_USAGE;
	default:
		return CLI_FAIL;
	}
}

/* A write error on standard output is reported once, however often it recurs. */
static bool write_failed;

static void report_write_error(int e)
{
	if (!write_failed)
		fprintf(stderr, "boardlab: error: cannot write standard output: %s\n", strerror(e));
	write_failed = true;
}

bool cli_flush(struct cli_run *r)
{
	bool ok = !bl_buf_failed(&r->out) || cli_fail(NULL, ENOMEM) == CLI_OK;
	if (r->capture) {
		if (r->out.len)
			bl_buf_add(r->capture, r->out.data, r->out.len);
		bl_buf_reset(&r->out);
		if (ok && bl_buf_failed(r->capture))
			ok = cli_fail(NULL, ENOMEM) == CLI_OK;
		return ok;
	}
	if (r->out.len && !write_failed) {
		errno = 0;
		if (fwrite(r->out.data, 1, r->out.len, stdout) != r->out.len) {
			report_write_error(errno ? errno : EIO);
			ok = false;
		}
	}
	bl_buf_reset(&r->out);
	return ok && !write_failed;
}

int cli_finish(int status)
{
	errno = 0;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		report_write_error(errno ? errno : EIO);
		return status == CLI_OK ? CLI_FAIL : status;
	}
	return write_failed && status == CLI_OK ? CLI_FAIL : status;
}

/* The answers in out, the verb's r->out, written once they fill 64 KiB. */
static bool sink(void *arg, struct bl_buf *out)
{
	return out->len < (1u << 16) || cli_flush(arg);
}

int cli_run_instances(struct cli_run *r, bool batch, cli_instance_fn fn, void *ctx)
{
	struct source src;
	struct bl_layout layout;
	struct bl_reader rd;
	struct bl_batch b = { &rd, batch, r->extra_hint, NULL, r->json_array, 0 };
	struct bl_err err = { BL_OK, 0, 0, "" };
	int64_t jobs = 1;
	long n = 0;
	int ji = cli_find_opt(r->verb, "jobs", NULL), status = CLI_OK;

	r->instances = 0;
	if ((ji >= 0 && (status = cli_opt_int(r, ji, 1, BL_JOBS_MAX, &jobs)) != CLI_OK) ||
	    (status = open_input(r, &src)) != CLI_OK)
		return status;
#if defined(__GLIBC__)
	/* A batch frees and takes the same blocks again: kept, not faulted in afresh each time. */
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
	bl_layout_init(&layout);
	src.layout = b.layout = r->strict ? &layout : NULL;
	bl_reader_init_stream(&rd, source_read, &src, 0);
	struct bl_jobs j = { batch && !r->capture ? (int)jobs : 1, r->ctx_size, r->fresh,
			     r->release, sink, r };
	/* A failure's diagnostic after the answers before it. */
	if (bl_batch_run(&b, fn, ctx, &j, r->check ? NULL : &r->out, &err, &n) != BL_OK &&
	    (!cli_flush(r) || fflush(stdout) != 0))
		status = cli_finish(CLI_FAIL);
	else if (bl_reader_status(&rd) != BL_OK)
		status = source_failure(r, &src);
	else if (err.code != BL_OK)
		status = cli_report(r->input_name, &err, n);
	else if (bl_batch_end(&b, r->check ? NULL : &r->out, &err) != BL_OK)
		status = cli_report(r->input_name, &err, 0);
	r->instances = b.done;
	bl_reader_release(&rd);
	if (src.f != stdin)
		fclose(src.f);
	return status;
}

int cli_gen_range(const struct cli_run *r, int seed_i, int count_i, int first_i,
		  struct cli_gen *g)
{
	static const char *const dists[] = { "mixed", "uniform", NULL };
	int64_t seed = 1;
	int status, dist = 0, di = cli_find_opt(r->verb, "dist", NULL);

	g->first = 1;
	g->count = 1;
	if ((status = cli_opt_int(r, seed_i, 0, INT64_MAX, &seed)) != CLI_OK ||
	    (status = cli_opt_int(r, count_i, 0, 1000000000, &g->count)) != CLI_OK ||
	    (status = cli_opt_int(r, first_i, 1, 1000000000000000000, &g->first)) != CLI_OK ||
	    (di >= 0 && (status = cli_opt_choice(r, di, dists, &dist)) != CLI_OK))
		return status;
	g->seed = (uint64_t)seed;
	g->dist = dist ? BL_GEN_UNIFORM : BL_GEN_MIXED;
	return CLI_OK;
}

int cli_check_instances(struct cli_run *r, bool batch, cli_instance_fn fn, void *ctx)
{
	int status, si = cli_find_opt(r->verb, "strict", NULL);

	r->check = true;   /* fn only reads: out NULL */
	r->strict = si >= 0 && r->opt[si];
	status = cli_run_instances(r, batch, fn, ctx);
	if (status == CLI_OK && r->instances == 0) {
		/* Valid to solve --batch (no answers), but no test file. */
		struct bl_err err;

		bl_err_clear(&err);
		bl_fail_at(&err, BL_ERR_INPUT, 1, 1, "no instance: the input holds no token");
		status = cli_report(r->input_name, &err, 0);
	}
	if (status == CLI_DATA)
		return CLI_NEGATIVE;
	if (status == CLI_OK)
		bl_buf_printf(&r->out, "%s: valid, %ld instance%s\n", r->input_name, r->instances,
			      r->instances == 1 ? "" : "s");
	return status;
}

const char *cli_program = "boardlab";

int cli_command(const struct cli_run *r, const char *what)
{
	if (r->dashdash < 0)
		return r->nargs ? cli_usage(r, "'--' must come before the command '%s'", r->args[0])
				: cli_usage(r, "missing '-- CMD': the command to %s", what);
	if (r->dashdash > 0)
		return cli_usage(r, "unexpected argument '%s' before '--'", r->args[0]);
	if (r->nargs == 0)
		return cli_usage(r, "missing the command after '--'");
	if (!*r->args[0])
		return cli_usage(r, "the command after '--' is empty");
	return CLI_OK;
}
