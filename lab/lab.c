/*
 * lab: the calls every game shares (lab.h): the buffers, the options, the
 * answer, the replay's frames, the picture and the editor's model.  Each
 * call reads the input and the options afresh, so the page may call them
 * in any order; they cost a parse, which is what an edit costs anyway.
 */
#include "lab.h"

#include <stdio.h>
#include <string.h>

#include "lab_impl.h"

static struct {
	struct bl_buf in, opts;   /* written by the page */
	struct bl_buf out, aux;   /* the last call's results */
	struct bl_err err;        /* and its failure */
} lab;

/*
 * What the last whole solve of a grundy instance leaves for the next: an
 * edit of one of its lines (one lab_splice) is answered from the line as
 * it was and as it is (grundy_solve_line), not by reading all the input
 * again.  A judge-size instance, 300,000 pieces and 6 MB, takes 15 ms to
 * read in the page on an idle machine and 40 or more on a busy one, where
 * an edit has 50.
 */
#define LAB_LINE_MAX 256
static struct {
	bool valid;                /* res is the solve of lab.in under opts */
	bool edited;               /* then one splice, in the line at line_at */
	struct grundy_result res;
	struct bl_buf opts;        /* the options it was solved with */
	size_t line_at, at, ins;   /* the edited line's start; the splice's place and length */
	char old[LAB_LINE_MAX];    /* the line before the splice, old_len bytes */
	size_t old_len;
	long followed;             /* answers followed (lab_grundy_followed) */
} gsolved;

static bool is_line_end(char c)
{
	return c == '\n' || c == '\r';
}

/*
 * Before a splice of lab.in: keeps the line it edits when the solve can
 * follow it (one splice since, within one line), else forgets the solve.
 */
static void grundy_note_splice(size_t at, size_t del, size_t ins)
{
	const char *d = lab.in.data;
	size_t a = at, b = at + del;

	if (!gsolved.valid || gsolved.edited || !d)
		goto forget;
	for (size_t i = at; i < at + del; i++)
		if (is_line_end(d[i]))
			goto forget;
	while (a > 0 && !is_line_end(d[a - 1]))
		a--;
	while (b < lab.in.len && !is_line_end(d[b]))
		b++;
	if (b - a > LAB_LINE_MAX)
		goto forget;
	memcpy(gsolved.old, d + a, b - a);
	gsolved.old_len = b - a;
	gsolved.line_at = a;
	gsolved.at = at;
	gsolved.ins = ins;
	gsolved.edited = true;
	return;
forget:
	gsolved.valid = false;
}

/* ---- buffers ---- */

static char *room(struct bl_buf *b, size_t n)
{
	bl_buf_reset(b);
	b->failed = false;
	if (n + 1 < n || !bl_buf_reserve(b, n + 1))
		return NULL;
	b->data[n] = '\0';
	b->len = n;
	return b->data;
}

char *lab_input(size_t n)
{
	gsolved.valid = false;
	return room(&lab.in, n);
}

char *lab_options(size_t n)
{
	return room(&lab.opts, n);
}

void lab_trim(int which, size_t n)
{
	struct bl_buf *b = which ? &lab.opts : &lab.in;

	if (n < b->len) {
		b->len = n;
		b->data[n] = '\0';
		if (!which)
			gsolved.valid = false;
	}
}

char *lab_splice(size_t at, size_t del, size_t ins)
{
	struct bl_buf *b = &lab.in;

	if (b->failed || at > b->len || del > b->len - at ||
	    (ins > del && !bl_buf_reserve(b, ins - del))) {
		gsolved.valid = false;
		return NULL;
	}
	grundy_note_splice(at, del, ins);
	memmove(b->data + at + ins, b->data + at + del, b->len - at - del);
	b->len = b->len - del + ins;
	b->data[b->len] = '\0';
	return b->data + at;
}

const char *lab_output(void)
{
	return lab.out.data ? lab.out.data : "";
}

size_t lab_output_len(void)
{
	return lab.out.len;
}

const char *lab_aux(void)
{
	return lab.aux.data ? lab.aux.data : "";
}

size_t lab_aux_len(void)
{
	return lab.aux.len;
}

int lab_error_code(void)
{
	return (int)lab.err.code;
}

int lab_error_line(void)
{
	return lab.err.line;
}

int lab_error_col(void)
{
	return lab.err.col;
}

const char *lab_error_msg(void)
{
	return lab.err.msg;
}

const char *lab_text(size_t *len)
{
	*len = lab.in.len;
	return lab.in.data ? lab.in.data : "";
}

struct bl_buf *lab_out(void)
{
	return &lab.out;
}

struct bl_buf *lab_aux_buf(void)
{
	return &lab.aux;
}

struct bl_err *lab_err(void)
{
	return &lab.err;
}

/* ---- options ---- */

/* Which options each game takes; RULES marks those a problem's preset fixes. */
#define G_TOWER (1u << LAB_TOWER)
#define G_YUT (1u << LAB_YUT)
#define G_GRUNDY (1u << LAB_GRUNDY)
#define G_PUYO (1u << LAB_PUYO)
#define G_ALL (G_TOWER | G_YUT | G_GRUNDY | G_PUYO)

struct key {
	const char *name;
	unsigned games;
	bool rules;     /* a rule of the game: a problem's preset sets it */
	bool flag;      /* takes no value */
};

static const struct key keys[] = {
	{ "p", G_ALL, true, false },      { "g", G_ALL, true, false },
	{ "boj", G_ALL, true, true },     { "rule", G_TOWER, true, false },
	{ "height", G_TOWER, true, false }, { "limit", G_TOWER, true, false },
	{ "every", G_TOWER, false, false }, { "horses", G_YUT, true, false },
	{ "dice", G_YUT, false, false },  { "at", G_YUT, false, false },
	{ "score", G_YUT, false, false }, { "left", G_YUT, false, false },
	{ "roll", G_YUT, false, false },  { "only", G_GRUNDY, true, false },
	{ "piece", G_GRUNDY, true, false }, { "turns", G_GRUNDY, false, false },
	{ "move", G_GRUNDY, false, false }, { "turn", G_GRUNDY, false, false },
	{ "rules", G_PUYO, true, false }, { "rows", G_PUYO, true, false },
	{ "pop", G_PUYO, true, false },   { "settle", G_PUYO, true, true },
	{ "next", G_PUYO, false, false }, { "top", G_PUYO, false, false },
};

static const char *const game_names[] = { "tower", "yut", "grundy", "puyo", NULL };

static bool opt_is(const struct lab_opt *o, const char *key)
{
	return strlen(key) == o->klen && memcmp(o->key, key, o->klen) == 0;
}

const struct lab_opt *lab_opt_find(const struct lab_setup *s, const char *key)
{
	for (int i = s->nopt - 1; i >= 0; i--)   /* the last one given wins, as in argv */
		if (opt_is(&s->opt[i], key))
			return &s->opt[i];
	return NULL;
}

const char *lab_opt_text(const struct lab_opt *o, char *buf, size_t cap)
{
	size_t n = o->vlen < cap - 1 ? o->vlen : cap - 1;
	memcpy(buf, o->val, n);
	buf[n] = '\0';
	return buf;
}

enum bl_code lab_opt_int(const struct lab_setup *s, const char *key, int64_t lo, int64_t hi,
			 int64_t *v, struct bl_err *err)
{
	const struct lab_opt *o = lab_opt_find(s, key);
	struct bl_tok t;
	int64_t n;

	if (!o)
		return BL_OK;
	t.s = o->val;
	t.len = o->vlen;
	if (!bl_tok_int(&t, &n) || n < lo || n > hi)
		return bl_fail(err, BL_ERR_ARG,
			       "invalid value '%.*s' for --%s: expected an integer from %lld to %lld",
			       (int)o->vlen, o->val, key, (long long)lo, (long long)hi);
	*v = n;
	return BL_OK;
}

/* The option key's value among names[] into *out (untouched when not given). */
static enum bl_code opt_choice(const struct lab_setup *s, const char *key,
			       const char *const *names, int *out, struct bl_err *err)
{
	const struct lab_opt *o = lab_opt_find(s, key);
	char list[128];
	size_t len = 0;

	if (!o)
		return BL_OK;
	for (int k = 0; names[k]; k++) {
		if (strlen(names[k]) == o->vlen && memcmp(names[k], o->val, o->vlen) == 0) {
			*out = k;
			return BL_OK;
		}
	}
	list[0] = '\0';
	for (int k = 0; names[k] && len < sizeof list; k++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
					k == 0 ? "" : names[k + 1] ? ", " : " or ", names[k]);
	return bl_fail(err, BL_ERR_ARG, "invalid value '%.*s' for --%s: expected %s", (int)o->vlen,
		       o->val, key, list);
}

static enum bl_code add_opt(struct lab_setup *s, const char *key, size_t klen, const char *val,
			    size_t vlen, struct bl_err *err)
{
	if (s->nopt == LAB_OPTS_MAX)
		return bl_fail(err, BL_ERR_ARG, "more than %d options", LAB_OPTS_MAX);
	s->opt[s->nopt++] = (struct lab_opt){ key, val, klen, vlen };
	return BL_OK;
}

/*
 * The options text into s->opt: a line each, "key=value" or "key"; then a
 * problem's preset (its argv, "--rule", "carry", "--boj") before them, so
 * that the given ones are only the page's.
 */
static enum bl_code split_opts(struct lab_setup *s, struct bl_err *err)
{
	const char *p = lab.opts.data ? lab.opts.data : "", *end = p + lab.opts.len;
	enum bl_code code = BL_OK;

	while (p < end && code == BL_OK) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end, *eq = memchr(p, '=', (size_t)(le - p));
		if (le > p)
			code = eq ? add_opt(s, p, (size_t)(eq - p), eq + 1, (size_t)(le - eq - 1), err)
				  : add_opt(s, p, (size_t)(le - p), NULL, 0, err);
		p = le + 1;
	}
	return code;
}

/* Checks every option against the game's keys (and a problem's preset). */
static enum bl_code check_keys(const struct lab_setup *s, int given, struct bl_err *err)
{
	for (int i = 0; i < s->nopt; i++) {
		const struct lab_opt *o = &s->opt[i];
		const struct key *k = NULL;
		for (size_t j = 0; j < sizeof keys / sizeof keys[0] && !k; j++)
			if (opt_is(o, keys[j].name))
				k = &keys[j];
		if (!k || !(k->games & (1u << s->game)))
			return bl_fail(err, BL_ERR_ARG, "unknown option '%.*s' for %s", (int)o->klen,
				       o->key, game_names[s->game]);
		if (k->flag && o->val && o->vlen)
			return bl_fail(err, BL_ERR_ARG, "option '--%s' takes no value", k->name);
		if (!k->flag && !o->val)
			return bl_fail(err, BL_ERR_ARG, "option '--%s' needs a value", k->name);
		if (s->problem && i < given && k->rules && !opt_is(o, "p"))
			return bl_fail(err, BL_ERR_ARG,
				       "problem %s takes no option '--%s': its rules are the judge's",
				       s->problem->id, k->name);
	}
	return BL_OK;
}

/* p= or g=: the game, and a problem's preset added to the options. */
static enum bl_code find_game(struct lab_setup *s, struct bl_err *err)
{
	const struct lab_opt *p = lab_opt_find(s, "p"), *g = lab_opt_find(s, "g");
	char id[16];
	int game = -1;

	if (!p == !g)
		return bl_fail(err, BL_ERR_ARG, "expected one of p=PROBLEM and g=GAME");
	if (g) {
		enum bl_code code = opt_choice(s, "g", game_names, &game, err);
		s->game = (enum lab_game)game;
		return code;
	}
	s->problem = bl_problem_find(lab_opt_text(p, id, sizeof id));
	if (!s->problem)
		return bl_fail(err, BL_ERR_ARG, "unknown problem '%.*s'", (int)p->vlen, p->val);
	for (int k = 0; game_names[k]; k++)
		if (strcmp(game_names[k], s->problem->game) == 0)
			s->game = (enum lab_game)k;
	for (const char *const *a = s->problem->argv; *a; a++) {
		const char *key = *a + 2;   /* past "--" */
		enum bl_code code = a[1] && strncmp(a[1], "--", 2) != 0 ?
			add_opt(s, key, strlen(key), a[1], strlen(a[1]), err) :
			add_opt(s, key, strlen(key), NULL, 0, err);
		if (code != BL_OK)
			return code;
		if (a[1] && strncmp(a[1], "--", 2) != 0)
			a++;
	}
	return BL_OK;
}

static enum bl_code tower_setup(struct lab_setup *s, struct bl_err *err)
{
	static const char *const rules[] = { "carry", "bottom", NULL };
	static const char *const every[] = { "move", "turn", NULL };
	int rule = TOWER_CARRY, e = 0;
	enum bl_code code;

	tower_opts_init(&s->tower);
	if ((code = opt_choice(s, "rule", rules, &rule, err)) != BL_OK ||
	    (code = lab_opt_int(s, "height", 2, TOWER_OPT_MAX, &s->tower.height, err)) != BL_OK ||
	    (code = lab_opt_int(s, "limit", 1, TOWER_OPT_MAX, &s->tower.limit, err)) != BL_OK ||
	    (code = opt_choice(s, "every", every, &e, err)) != BL_OK)
		return code;
	s->tower.rule = (enum tower_rule)rule;
	s->every_turn = e == 1;
	return BL_OK;
}

static enum bl_code yut_setup(struct lab_setup *s, struct bl_err *err)
{
	const struct lab_opt *o = lab_opt_find(s, "dice");
	int64_t horses = YUT_HORSES_DEFAULT;
	char text[YUT_DIST_TEXT_MAX + 1];
	struct bl_err e;
	enum bl_code code = lab_opt_int(s, "horses", 1, YUT_MAX_HORSES, &horses, err);

	s->horses = (int)horses;
	if (code != BL_OK)
		return code;
	bl_err_clear(&e);
	if (yut_dist_parse(&s->dist, o ? lab_opt_text(o, text, sizeof text) : "d5", &e) != BL_OK)
		return bl_fail(err, BL_ERR_ARG, "invalid value '%.*s' for --dice: %s",
			       (int)o->vlen, o->val, e.msg);
	return BL_OK;
}

/* The pieces (every piece=, in order), then only= among them, as the tool reads them. */
static enum bl_code grundy_setup(struct lab_setup *s, struct bl_err *err)
{
	const struct lab_opt *only = lab_opt_find(s, "only");
	struct bl_err e;

	s->turns = GRUNDY_TRACE_TURNS;
	s->set.max_bytes = LAB_MAX_BYTES;
	for (int i = 0; i < s->nopt; i++) {
		const struct lab_opt *o = &s->opt[i];
		if (!opt_is(o, "piece"))
			continue;
		bl_err_clear(&e);
		if (grundy_set_parse(&s->set, o->val, o->vlen, &e) != BL_OK)
			return bl_fail(err, BL_ERR_ARG, "invalid value '%.*s' for --piece: column %d: %s",
				       (int)o->vlen, o->val, e.col, e.msg);
	}
	s->fmt.set = &s->set;
	s->fmt.only = GRUNDY_MIXED;
	if (only && (only->vlen != 1 || (s->fmt.only = grundy_set_find(&s->set, only->val[0])) < 0))
		return bl_fail(err, BL_ERR_ARG, "invalid value '%.*s' for --only: expected %s",
			       (int)only->vlen, only->val, s->set.letters);
	return lab_opt_int(s, "turns", 1, 100000, &s->turns, err);
}

static enum bl_code puyo_setup(struct lab_setup *s, struct bl_err *err)
{
	static const char *const sets[] = { "boj", "tsu", NULL };
	int set = 0;
	int64_t rows = 0, pop = PUYO_POP_DEFAULT;
	bool settle = lab_opt_find(s, "settle") != NULL;
	enum bl_code code;

	if ((code = opt_choice(s, "rules", sets, &set, err)) != BL_OK ||
	    (code = lab_opt_int(s, "rows", 12, PUYO_ROWS_MAX, &rows, err)) != BL_OK ||
	    (code = lab_opt_int(s, "pop", 1, PUYO_CELLS_MAX, &pop, err)) != BL_OK)
		return code;
	if (s->boj && settle)
		return bl_fail(err, BL_ERR_ARG, "options '--boj' and '--settle' cannot be used "
						"together: the judge's fields are settled");
	if (s->boj && set != 0)
		return bl_fail(err, BL_ERR_ARG, "options '--boj' and '--rules tsu' cannot be used "
						"together: the judge's rules are boj");
	if (s->boj && rows && rows != PUYO_BOJ_ROWS)
		return bl_fail(err, BL_ERR_ARG, "options '--boj' and '--rows %d' cannot be used "
						"together: the judge's fields have 12 rows", (int)rows);
	puyo_rules_init(&s->rules, set ? PUYO_RULES_TSU : PUYO_RULES_BOJ);
	if (rows)
		puyo_rules_set_rows(&s->rules, (int)rows);
	s->rules.pop = (int)pop;
	s->flags = settle ? PUYO_PARSE_SETTLE : 0u;
	return BL_OK;
}

enum bl_code lab_begin(struct lab_setup *s)
{
	struct bl_err *err = &lab.err;
	enum bl_code code;
	int given;

	bl_buf_reset(&lab.out);
	bl_buf_reset(&lab.aux);
	lab.out.failed = lab.aux.failed = false;
	bl_err_clear(err);
	memset(s, 0, sizeof *s);
	grundy_set_init(&s->set);
	if (lab.opts.failed || lab.in.failed)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	if ((code = split_opts(s, err)) != BL_OK)
		return code;
	given = s->nopt;
	if ((code = find_game(s, err)) != BL_OK || (code = check_keys(s, given, err)) != BL_OK)
		return code;
	s->boj = lab_opt_find(s, "boj") != NULL;
	switch (s->game) {
	case LAB_TOWER: return tower_setup(s, err);
	case LAB_YUT: return yut_setup(s, err);
	case LAB_GRUNDY: return grundy_setup(s, err);
	case LAB_PUYO: return puyo_setup(s, err);
	}
	return BL_OK;
}

int lab_end(struct lab_setup *s, enum bl_code code)
{
	if (code == BL_OK && (bl_buf_failed(&lab.out) || bl_buf_failed(&lab.aux)))
		code = bl_fail(&lab.err, BL_ERR_NOMEM, "out of memory");
	if (code != BL_OK) {
		if (lab.err.code == BL_OK)
			bl_fail(&lab.err, code, "%s", bl_code_str(code));
		bl_buf_reset(&lab.out);
		bl_buf_reset(&lab.aux);
	}
	grundy_set_release(&s->set);
	return (int)code;
}

void lab_tower_limits(const struct lab_setup *s, struct tower_limits *lim)
{
	if (s->boj)
		tower_limits_boj(lim);
	else
		tower_limits_any(lim);
	lim->max_bytes = LAB_MAX_BYTES;
}

/* ---- instances ---- */

void lab_inst_init(const struct lab_setup *s, struct lab_inst *x)
{
	memset(x, 0, sizeof *x);
	tower_init(&x->t);
	yut_game_init(&x->g, yut_board_builtin());
	x->g.horses = s->horses ? s->horses : YUT_HORSES_DEFAULT;
	x->g.max_bytes = LAB_MAX_BYTES;
}

void lab_inst_release(struct lab_inst *x)
{
	tower_release(&x->t);
	yut_game_release(&x->g);
	grundy_position_release(&x->pos);
}

/*
 * Only whitespace may follow an instance; the tool's words, its hint for
 * yut's line format included.
 */
static enum bl_code expect_end(const struct lab_setup *s, struct bl_reader *rd,
			       struct bl_err *err)
{
	enum bl_code code = bl_expect_eof(rd, err);

	if (code != BL_OK && s->game == LAB_YUT && !s->boj) {
		size_t n = strlen(err->msg);
		snprintf(err->msg + n, sizeof err->msg - n, " (one instance per line needs --batch)");
	}
	return code;
}

enum bl_code lab_inst_read(const struct lab_setup *s, struct lab_inst *x, struct bl_err *err)
{
	struct bl_reader rd;
	size_t len;
	const char *text = lab_text(&len);
	enum bl_code code;

	bl_reader_init(&rd, text, len);
	if ((code = bl_refuse_bom(&rd, err)) != BL_OK)
		return code;
	switch (s->game) {
	case LAB_TOWER: {
		struct tower_limits lim;
		lab_tower_limits(s, &lim);
		code = tower_parse(&x->t, &rd, &lim, err);
		break;
	}
	case LAB_YUT: {
		struct yut_limits lim;
		if (s->boj)
			yut_limits_boj(&lim);
		else
			yut_limits_any(&lim);
		code = yut_parse(&x->g, &rd, &lim, err);
		break;
	}
	case LAB_GRUNDY: {
		struct grundy_limits lim;
		if (s->boj)
			grundy_limits_boj(&lim);
		else
			grundy_limits_any(&lim);
		code = grundy_parse(&x->pos, &rd, &s->fmt, &lim, err);
		break;
	}
	case LAB_PUYO: {
		struct puyo_limits lim;
		if (s->boj)
			puyo_limits_boj(&lim);
		else
			puyo_limits_any(&lim);
		code = puyo_parse(&x->f, &rd, &s->rules, s->flags, &lim, err);
		break;
	}
	}
	return code != BL_OK ? code : expect_end(s, &rd, err);
}

/* ---- answers ---- */

static bool same_opts(void)
{
	return gsolved.opts.len == lab.opts.len &&
	       (!lab.opts.len || memcmp(gsolved.opts.data, lab.opts.data, lab.opts.len) == 0);
}

/*
 * The solve of lab.in from the last one, when the input is as it was or
 * one line of it was edited since (grundy_solve_line); false when it must
 * be read whole.
 */
static bool grundy_follow(const struct grundy_format *fmt, const struct grundy_limits *lim,
			  struct grundy_result *res)
{
	const char *d = lab.in.data;
	size_t b = gsolved.line_at;

	if (!gsolved.valid || !same_opts())
		return false;
	if (gsolved.edited) {
		for (size_t i = gsolved.at; i < gsolved.at + gsolved.ins; i++)
			if (is_line_end(d[i]))
				return false;
		while (b < lab.in.len && !is_line_end(d[b]))
			b++;
		gsolved.edited = false;
		if (grundy_solve_line(gsolved.old, gsolved.old_len, d + gsolved.line_at,
				      b - gsolved.line_at, fmt, lim, &gsolved.res) != BL_OK)
			return false;
	}
	*res = gsolved.res;
	gsolved.followed++;
	return true;
}

long lab_grundy_followed(void)
{
	return gsolved.followed;
}

/*
 * grundy solve: streamed, as the tool does, so an instance of any size
 * holds no piece; an edit of one line of the last instance solved is
 * followed from it.  Also a problem's answer (bl_problem_answer's for
 * grundy: fmt and lim the judge's), so that it may be followed too.
 */
static enum bl_code grundy_quick(const struct grundy_format *fmt,
				 const struct grundy_limits *lim, struct bl_buf *out,
				 struct bl_err *err)
{
	struct grundy_result res;
	struct bl_reader rd;
	size_t len;
	const char *text = lab_text(&len);
	enum bl_code code;

	if (!grundy_follow(fmt, lim, &res)) {
		gsolved.valid = false;
		bl_reader_init(&rd, text, len);
		if ((code = bl_refuse_bom(&rd, err)) != BL_OK ||
		    (code = grundy_solve(&rd, fmt, lim, &res, err)) != BL_OK ||
		    (code = grundy_expect_end(&rd, fmt, res.count, err)) != BL_OK)
			return code;
		bl_buf_reset(&gsolved.opts);
		bl_buf_add(&gsolved.opts, lab.opts.data ? lab.opts.data : "", lab.opts.len);
		gsolved.res = res;
		gsolved.valid = res.lined && !bl_buf_failed(&gsolved.opts);
		gsolved.edited = false;
	}
	bl_buf_puts(out, grundy_winner(res.nim));
	bl_buf_putc(out, '\n');
	return BL_OK;
}

static void grundy_limits_of(const struct lab_setup *s, struct grundy_limits *lim)
{
	if (s->boj)
		grundy_limits_boj(lim);
	else
		grundy_limits_any(lim);
}

/* grundy solve --explain: the answer, then the explanation, both read whole. */
static enum bl_code grundy_answer(const struct lab_setup *s, bool explain, struct bl_buf *out,
				  struct bl_err *err)
{
	struct grundy_limits lim;
	struct bl_reader rd;
	size_t len;
	const char *text = lab_text(&len);
	enum bl_code code;

	grundy_limits_of(s, &lim);
	if ((code = grundy_quick(&s->fmt, &lim, out, err)) != BL_OK || !explain)
		return code;
	bl_reader_init(&rd, text, len);
	if ((code = bl_refuse_bom(&rd, err)) != BL_OK)
		return code;
	return grundy_explain(&rd, &s->fmt, &lim, out, NULL, NULL, err);
}

/* `boardlab GAME solve [--explain]` with the setup's options. */
static enum bl_code game_answer(struct lab_setup *s, bool explain, struct bl_buf *out,
				struct bl_err *err)
{
	struct lab_inst x;
	enum bl_code code;

	if (s->game == LAB_GRUNDY)
		return grundy_answer(s, explain, out, err);
	lab_inst_init(s, &x);
	code = lab_inst_read(s, &x, err);
	if (code == BL_OK && s->game == LAB_TOWER) {
		struct tower_result res;
		if ((code = tower_solve(&x.t, &s->tower, &res, err)) == BL_OK) {
			bl_buf_int(out, res.answer);
			bl_buf_putc(out, '\n');
			if (explain)
				tower_explain(&x.t, &s->tower, &res, out);
		}
	} else if (code == BL_OK && s->game == LAB_YUT) {
		struct yut_text_view v = { YUT_HEAD_TOTAL, explain, false, NULL };
		struct yut_result res;
		yut_result_init(&res);
		code = yut_trace_text(&x.g, &v, &res, out, err);
		yut_result_release(&res);
	} else if (code == BL_OK) {
		struct puyo_result res;
		if ((code = puyo_solve(&x.f, &s->rules, &res, err)) == BL_OK) {
			puyo_result_text(&s->rules, &res, out);
			if (explain && (s->flags & PUYO_PARSE_SETTLE)) {
				bl_buf_puts(out, "settled field: ");
				puyo_field_line(&x.f, out);
			}
			if (explain)
				code = puyo_explain(&x.f, &s->rules, out, err);
		}
	}
	lab_inst_release(&x);
	return code;
}

int lab_solve(int explain)
{
	struct lab_setup s;
	enum bl_code code = lab_begin(&s);

	if (code == BL_OK && s.problem && !explain && s.game == LAB_GRUNDY) {
		/* bl_problem_answer's reading of 16880 and 16879, followed from the last */
		struct grundy_format fmt = { .only = s.problem->variant, .set = NULL, .plain = false };
		struct grundy_limits lim;
		grundy_limits_boj(&lim);
		code = grundy_quick(&fmt, &lim, &lab.out, &lab.err);
	} else if (code == BL_OK && s.problem && !explain) {
		size_t len;
		const char *text = lab_text(&len);
		code = bl_problem_answer(s.problem, text, len, &lab.out, &lab.err);
	} else if (code == BL_OK) {
		code = game_answer(&s, explain != 0, &lab.out, &lab.err);
	}
	return lab_end(&s, code);
}

/* ---- the replay's frames ---- */

static const char *find(const char *hay, size_t n, const char *needle)
{
	size_t m = strlen(needle);

	for (size_t i = 0; m <= n && i <= n - m; i++)
		if (hay[i] == needle[0] && memcmp(hay + i, needle, m) == 0)
			return hay + i;
	return NULL;
}

/*
 * Keeps of the replay page in page the frames (out) and the answer's HTML
 * (aux), found by the tags lib/html.c writes around them.
 */
static enum bl_code keep_frames(const struct bl_buf *page, struct bl_err *err)
{
	static const char stage[] = "<div id=\"stage\">\n", side[] = "</div>\n<div id=\"side\">",
			  answer[] = "<p id=\"answer\">", answer_end[] = "</p>\n<p class=\"keys\">";
	const char *p = page->data, *end = p + page->len;
	const char *a = find(p, page->len, stage), *b = a ? find(a, (size_t)(end - a), side) : NULL;
	const char *c = b ? find(b, (size_t)(end - b), answer) : NULL;
	const char *d = c ? find(c, (size_t)(end - c), answer_end) : NULL;

	if (!d)
		return bl_fail(err, BL_ERR_INTERNAL, "the replay page has no frames");
	a += strlen(stage);
	c += strlen(answer);
	bl_buf_add(&lab.out, a, (size_t)(b - a));
	bl_buf_add(&lab.aux, c, (size_t)(d - c));
	return BL_OK;
}

static enum bl_code replay(struct lab_setup *s, struct lab_inst *x, struct bl_buf *page,
			   struct bl_err *err)
{
	switch (s->game) {
	case LAB_TOWER: {
		struct tower_trace_opts v;
		tower_trace_opts_init(&v);
		v.format = TOWER_FORMAT_HTML;
		v.every_turn = s->every_turn;
		return tower_trace(&x->t, &s->tower, &v, page, err);
	}
	case LAB_YUT: {
		struct yut_result res;
		yut_result_init(&res);
		enum bl_code code = yut_trace_html(&x->g, &res, page, err);
		yut_result_release(&res);
		return code;
	}
	case LAB_GRUNDY: {
		struct grundy_trace_opts o = { s->turns, "--turns", NULL };
		return grundy_trace_html(&s->set, &x->pos, &o, page, err);
	}
	case LAB_PUYO:
		return puyo_trace_html(&x->f, &s->rules, page, err);
	}
	return BL_OK;
}

int lab_frames(void)
{
	struct lab_setup s;
	struct lab_inst x;
	struct bl_buf page;
	enum bl_code code = lab_begin(&s);

	bl_buf_init(&page);
	lab_inst_init(&s, &x);
	if (code == BL_OK && (code = lab_inst_read(&s, &x, &lab.err)) == BL_OK &&
	    (code = replay(&s, &x, &page, &lab.err)) == BL_OK) {
		code = bl_buf_failed(&page) ? BL_ERR_NOMEM : keep_frames(&page, &lab.err);
	}
	bl_buf_release(&page);
	lab_inst_release(&x);
	return lab_end(&s, code);
}

/* ---- the picture and the model ---- */

/* The start position: as SVG (svg set) or as the editor's JSON. */
static enum bl_code picture(struct lab_setup *s, struct lab_inst *x, bool svg, struct bl_buf *out,
			    struct bl_err *err)
{
	switch (s->game) {
	case LAB_TOWER:
		return tower_render(&x->t, &s->tower, 0, svg ? TOWER_FORMAT_SVG : TOWER_FORMAT_JSON,
				    NULL, out, err);
	case LAB_YUT: {
		int cells[YUT_MAX_HORSES];
		struct yut_result res;
		if (!svg) {
			yut_result_init(&res);
			enum bl_code code = yut_trace_json(&x->g, false, &res, out, err);
			yut_result_release(&res);
			return code;
		}
		for (int i = 0; i < x->g.horses; i++)
			cells[i] = x->g.board->start;
		yut_position_svg(x->g.board, cells, x->g.horses, out);
		return BL_OK;
	}
	case LAB_GRUNDY:
		if (svg)
			return grundy_render_svg(&s->set, &x->pos, out, err);
		grundy_render_json(&s->set, &x->pos, out);
		return BL_OK;
	case LAB_PUYO:
		if (svg)
			puyo_render_svg(&x->f, &s->rules, out);
		else
			puyo_render_json(&x->f, out);
		return BL_OK;
	}
	return BL_OK;
}

static int view(bool svg)
{
	struct lab_setup s;
	struct lab_inst x;
	enum bl_code code = lab_begin(&s);

	lab_inst_init(&s, &x);
	if (code == BL_OK && (code = lab_inst_read(&s, &x, &lab.err)) == BL_OK)
		code = picture(&s, &x, svg, &lab.out, &lab.err);
	lab_inst_release(&x);
	return lab_end(&s, code);
}

int lab_render(void)
{
	return view(true);
}

int lab_model(void)
{
	return view(false);
}

/* ---- random instances and the version ---- */

static enum bl_code gen(const struct lab_setup *s, uint64_t seed, int64_t i, struct bl_buf *out,
			struct bl_err *err)
{
	switch (s->game) {
	case LAB_TOWER: {
		struct tower_gen g;
		tower_gen_init(&g);
		g.opts = s->tower;
		return tower_gen(&g, seed, i, out, err);
	}
	case LAB_YUT: {
		struct yut_gen g;
		yut_gen_init(&g);
		return yut_gen(&g, seed, i, out, err);
	}
	case LAB_GRUNDY: {
		struct grundy_gen g;
		struct grundy_limits lim;
		if (s->boj)
			grundy_limits_boj(&lim);
		else
			grundy_limits_any(&lim);
		grundy_gen_init(&g);
		g.set = &s->set;
		g.only = s->fmt.only;
		g.max = grundy_gen_max(&s->set, &lim, g.only);
		return grundy_gen(&g, seed, i, out, err);
	}
	case LAB_PUYO: {
		/* fields built to chain 2 to 8 times: a random settled field rarely chains */
		struct puyo_gen g;
		puyo_gen_init(&g, s->rules.set);
		g.rules = s->rules;
		g.kind = PUYO_GEN_CHAIN;
		g.chains = 2 + (int)(i % 7);
		return puyo_gen(&g, seed, i, out, err);
	}
	}
	return BL_OK;
}

int lab_gen(int seed, int i)
{
	struct lab_setup s;
	enum bl_code code = lab_begin(&s);

	if (code == BL_OK)
		code = gen(&s, (uint64_t)(uint32_t)seed, (int64_t)(uint32_t)i + 1, &lab.out, &lab.err);
	return lab_end(&s, code);
}

const char *lab_version(void)
{
	return bl_version();
}

int lab_problems(void)
{
	bl_buf_reset(&lab.out);
	bl_buf_reset(&lab.aux);
	bl_err_clear(&lab.err);
	for (size_t i = 0; i < bl_problem_count(); i++) {
		const struct bl_problem *p = bl_problem_at(i);
		bl_buf_printf(&lab.out, "%s\t%s\t%s\t%s\n", p->id, p->game, p->title, p->summary);
	}
	return bl_buf_failed(&lab.out) ? (int)bl_fail(&lab.err, BL_ERR_NOMEM, "out of memory") : 0;
}

void lab_release(void)
{
	bl_buf_release(&lab.in);
	bl_buf_release(&lab.opts);
	bl_buf_release(&lab.out);
	bl_buf_release(&lab.aux);
	bl_err_clear(&lab.err);
	bl_buf_release(&gsolved.opts);
	gsolved.valid = false;
}
