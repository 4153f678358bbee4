#include "cli.h"

#include <errno.h>
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

void cli_help_opts(const struct cli_opt *opts, FILE *f)
{
	fputs("options:\n", f);
	for (const struct cli_opt *o = opts; o && o->name; o++) {
		char left[64];
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

static void verb_help(const char *cmd, const struct cli_verb *v)
{
	bool args = v->args && *v->args;

	printf("usage: %s [OPTIONS]%s%s\n\n%s\n\n", cmd, args ? " " : "", args ? v->args : "",
	       v->summary);
	cli_help_opts(v->opts, stdout);
	printf("\nexample:\n  %s\n", v->example);
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
		return cli_usage(r, "unknown option '%.*s'",
				 eq && nlen > 0 ? (int)(eq - a) : (int)strlen(a), a);
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
			verb_help(r->help_cmd, r->verb);
			return -1;
		} else if ((status = parse_opt(r, given, argc, argv, &i)) != CLI_OK) {
			return status;
		}
	}
	return CLI_OK;
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
	if (!pos || !given) {
		fputs("boardlab: error: out of memory\n", stderr);
		status = CLI_FAIL;
	} else if (!flatten(&r, v)) {
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
	if (b->run(&r->out, cli_flag(r, 0), &err) == BL_OK)
		return CLI_OK;
	fprintf(stderr, "boardlab: error: %s\n", err.msg);
	return CLI_FAIL;
}

int cli_usage(const struct cli_run *r, const char *fmt, ...)
{
	va_list ap;
	fputs("boardlab: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nsee '%s --help'\n", r->help_cmd);
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
	char list[256];
	size_t len = 0;

	if (!v)
		return CLI_OK;
	for (int k = 0; names[k]; k++) {
		if (strcmp(v, names[k]) == 0) {
			*out = k;
			return CLI_OK;
		}
	}
	list[0] = '\0';
	for (int k = 0; names[k] && len < sizeof list; k++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
					k == 0 ? "" : names[k + 1] ? ", " : " or ", names[k]);
	return cli_usage(r, "invalid value '%s' for --%s: expected %s", v, r->verb->opts[i].name,
			 list);
}

int cli_mistake(const struct cli_run *r, int i, const char *pid, int *out)
{
	const struct bl_mistake *m;
	struct bl_err err;

	*out = 0;
	bl_err_clear(&err);
	if (r->opt[i] && bl_mistake_lookup(bl_problem_find(pid), r->opt[i], &m, &err) != BL_OK)
		return cli_usage(r, "%s", err.msg);
	*out = r->opt[i] ? m->variant : 0;
	return CLI_OK;
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

int cli_read_file(const char *path, size_t max, struct bl_buf *out, bool *opened)
{
	bool is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	size_t start = out->len, got;
	int e = 0;

	if (opened)
		*opened = f != NULL;
	if (!f)
		return errno;
	errno = 0;
	do {
		/* Read one byte past max, so that exactly max bytes still fit. */
		size_t want = max + 1 - (out->len - start);
		if (want > 65536)
			want = 65536;
		if (!bl_buf_reserve(out, want)) {
			e = ENOMEM;
			break;
		}
		got = fread(out->data + out->len, 1, want, f);
		out->len += got;
		out->data[out->len] = '\0';
		if (out->len - start > max)
			e = EFBIG;
	} while (got > 0 && !e);
	if (!e && ferror(f))
		e = errno ? errno : EIO;
	if (!is_stdin)
		fclose(f);
	return e;
}

int cli_load_file(const char *path, const char *name, size_t max, const char *too_big,
		  struct bl_buf *out)
{
	bool opened;
	int e = cli_read_file(path, max, out, &opened);

	if (e == ENOMEM)
		fputs("boardlab: error: out of memory\n", stderr);
	else if (e == EFBIG)
		fprintf(stderr, "boardlab: %s: error: %s\n", name, too_big);
	else if (e)
		fprintf(stderr, "boardlab: %s: error: cannot %s: %s\n", name,
			opened ? "read" : "open", strerror(e));
	return e ? CLI_FAIL : CLI_OK;
}

int cli_read_input(const struct cli_run *r, struct cli_input *in)
{
	const char *path = r->nargs > 0 ? r->args[0] : "-";
	size_t max = input_max();
	struct bl_buf b;
	char big[128];

	in->text = NULL;
	in->len = 0;
	in->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	if (max == 0)
		return cli_usage(r, "invalid value '%s' for BOARDLAB_MAX_INPUT: expected a positive "
				    "number of bytes", getenv("BOARDLAB_MAX_INPUT"));
	snprintf(big, sizeof big, "input larger than %zu bytes (the limit; BOARDLAB_MAX_INPUT "
		 "sets another)", max);
	bl_buf_init(&b);
	if (cli_load_file(path, in->name, max, big, &b) != CLI_OK) {
		bl_buf_release(&b);
		return CLI_FAIL;
	}
	in->text = b.data;
	in->len = b.len;
	return CLI_OK;
}

void cli_input_release(struct cli_input *in)
{
	free(in->text);
	in->text = NULL;
	in->len = 0;
}

int cli_report(const char *name, const struct bl_err *e, long instance)
{
	char inst[40] = "";

	if (instance > 0)
		snprintf(inst, sizeof inst, "instance %ld: ", instance);
	if (e->line > 0)
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
	bool ok = true;
	if (bl_buf_failed(&r->out)) {
		fputs("boardlab: error: out of memory\n", stderr);
		ok = false;
	}
	if (r->capture) {
		if (r->out.len)
			bl_buf_add(r->capture, r->out.data, r->out.len);
		bl_buf_reset(&r->out);
		if (ok && bl_buf_failed(r->capture)) {
			fputs("boardlab: error: out of memory\n", stderr);
			ok = false;
		}
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

int cli_run_instances(struct cli_run *r, bool batch, cli_instance_fn fn, void *ctx)
{
	struct cli_input in;
	struct bl_reader rd;
	struct bl_err err, layout;
	int status = cli_read_input(r, &in);

	r->instances = 0;
	if (status != CLI_OK)
		return status;
	r->input_name = in.name;
	bl_err_clear(&layout);
	if (r->strict)
		bl_check_layout(in.text, in.len, &layout);
	bl_reader_init(&rd, in.text, in.len);
	for (long instance = 1; !batch || !bl_reader_eof(&rd); instance++) {
		size_t mark = r->out.len;
		enum bl_code code;

		bl_err_clear(&err);
		/* Every game's input: a BOM would be glued, unseen, to the first token. */
		code = bl_refuse_bom(&rd, &err);
		if (code == BL_OK)
			code = fn(ctx, &rd, &r->out, &err);
		if (code == BL_OK && !batch && (code = bl_expect_eof(&rd, &err)) != BL_OK &&
		    r->extra_hint) {
			size_t n = strlen(err.msg);
			snprintf(err.msg + n, sizeof err.msg - n, " (%s)", r->extra_hint);
		}
		if (code != BL_OK) {
			if (err.code == BL_OK)
				bl_fail(&err, code, "%s", bl_code_str(code));
			/* The first offence in reading order: the layout's may come first. */
			if (layout.code != BL_OK && code == BL_ERR_INPUT &&
			    (layout.line < err.line ||
			     (layout.line == err.line && layout.col < err.col))) {
				err = layout;
				instance = 0;
			}
			r->out.len = mark;
			if (r->out.data)
				r->out.data[mark] = '\0';
			/* The answers before the bad instance go out before its diagnostic. */
			if (!cli_flush(r) || fflush(stdout) != 0) {
				status = cli_finish(CLI_FAIL);
				break;
			}
			status = cli_report(in.name, &err, batch ? instance : 0);
			break;
		}
		r->instances = instance;
		if (!batch)
			break;
		/* Keep memory flat on long batches: answers go out as they come. */
		if (r->out.len >= (1u << 16) && !cli_flush(r)) {
			status = CLI_FAIL;
			break;
		}
	}
	if (status == CLI_OK && layout.code != BL_OK)
		status = cli_report(in.name, &layout, 0);
	cli_input_release(&in);
	return status;
}

int cli_gen_range(const struct cli_run *r, int seed_i, int count_i, int first_i,
		  struct cli_gen *g)
{
	int64_t seed = 1;
	int status;

	g->first = 1;
	g->count = 1;
	if ((status = cli_opt_int(r, seed_i, 0, INT64_MAX, &seed)) != CLI_OK ||
	    (status = cli_opt_int(r, count_i, 0, 1000000000, &g->count)) != CLI_OK ||
	    (status = cli_opt_int(r, first_i, 1, 1000000000000000000, &g->first)) != CLI_OK)
		return status;
	g->seed = (uint64_t)seed;
	return CLI_OK;
}

int cli_check_instances(struct cli_run *r, bool batch, cli_instance_fn fn, void *ctx)
{
	int status;

	for (int i = 0; r->verb->opts[i].name; i++)
		if (strcmp(r->verb->opts[i].name, "strict") == 0)
			r->strict = r->opt[i] != NULL;
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
