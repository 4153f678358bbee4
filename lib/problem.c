/*
 * problem: the table of the judge's problems, each problem's answer as the
 * judge expects it, and the judge's comparison of outputs.  The table is
 * the one home of the presets `boardlab boj` runs (cli/main.c reads it).
 */
#include "boardlab/problem.h"

#include <stdio.h>
#include <string.h>

#include "boardlab/grundy.h"
#include "boardlab/io.h"
#include "boardlab/mistake.h"
#include "boardlab/puyo.h"
#include "boardlab/suggest.h"
#include "boardlab/tower.h"
#include "boardlab/yut.h"

#define MIB (UINT64_C(1) << 20)

static const char *const argv_17780[] = { "--rule", "bottom", "--boj", NULL };
static const char *const argv_17837[] = { "--rule", "carry", "--boj", NULL };
static const char *const argv_17825[] = { "--boj", NULL };
static const char *const argv_16880[] = { "--boj", NULL };
static const char *const argv_16879[] = { "--only", "P", "--boj", NULL };
static const char *const argv_11559[] = { "--rules", "boj", "--boj", NULL };

/*
 * The limits.  Each source says where a figure was read; a figure no
 * source gave is marked "assumed" with the reason, so that it can be
 * checked and corrected here, in one place.
 */
static const struct bl_problem problems[] = {
	{ "17780", "새로운 게임", "tower, bottom rule", "tower", "solve", argv_17780, 500,
	  512 * MIB,
	  "0.5 s and 512 MB: the problem's write-up (\"시간 제한 0.5초, 메모리 제한 512MB\")",
	  BL_TOKEN_INTEGER, 1, TOWER_BOTTOM },
	{ "17837", "새로운 게임 2", "tower, carry rule", "tower", "solve", argv_17837, 500,
	  512 * MIB,
	  "0.5 s: a published solution's notes (velog.io/@klaus, BOJ 17837: \"제한 시간 "
	  "0.5초\"); 512 MB assumed from 17780, its twin, not found in a source",
	  BL_TOKEN_INTEGER, 1, TOWER_CARRY },
	{ "17825", "주사위 윷놀이", "dice yut", "yut", "solve", argv_17825, 2000, 512 * MIB,
	  "2 s and 512 MB: the problem's header as copied in woovictory.github.io/2020/04/15/"
	  "SW17825 (\"2 초 512 MB\")",
	  BL_TOKEN_INTEGER, 1, 0 },
	{ "16880", "룩, 비숍, 킹, 나이트, 궁전 게임", "grundy, five pieces", "grundy", "solve",
	  argv_16880, 500, 512 * MIB,
	  "0.5 s and 512 MB: the problem's page, acmicpc.net/problem/16880 (\"0.5 초 512 MB\")",
	  BL_TOKEN_WINNER, 1, GRUNDY_MIXED },
	{ "16879", "궁전 게임", "grundy, palaces only", "grundy", "solve", argv_16879, 500,
	  512 * MIB,
	  "assumed: 0.5 s and 512 MB, those of 16880, the same author's companion problem; "
	  "not found in a source",
	  BL_TOKEN_WINNER, 1, GRUNDY_PALACE },
	{ "11559", "Puyo Puyo", "chain count", "puyo", "solve", argv_11559, 2000, 256 * MIB,
	  "assumed: 2 s and 256 MB, as remembered from the problem's page; not found in a "
	  "source",
	  BL_TOKEN_INTEGER, 1, 0 },
};

#define NPROBLEMS (sizeof problems / sizeof problems[0])

size_t bl_problem_count(void)
{
	return NPROBLEMS;
}

const struct bl_problem *bl_problem_at(size_t i)
{
	return i < NPROBLEMS ? &problems[i] : NULL;
}

const struct bl_problem *bl_problem_find(const char *id)
{
	for (size_t i = 0; id && i < NPROBLEMS; i++)
		if (strcmp(problems[i].id, id) == 0)
			return &problems[i];
	return NULL;
}

const struct bl_problem *bl_problem_lookup(const char *id, struct bl_err *err)
{
	const struct bl_problem *p = bl_problem_find(id);
	const char *ids[NPROBLEMS + 1] = { NULL };
	char expected[160];

	if (p)
		return p;
	for (size_t i = 0; i < NPROBLEMS; i++)
		ids[i] = problems[i].id;
	bl_fail(err, BL_ERR_ARG, "unknown problem '%.40s': expected %s", id ? id : "",
		bl_suggest_choice(id ? id : "", ids, expected, sizeof expected));
	return NULL;
}

/* ---- answers ---- */

static enum bl_code answer_tower(const struct bl_problem *p, int mistake, struct bl_reader *rd,
				 struct bl_buf *out, struct bl_err *err)
{
	struct tower t;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	enum bl_code code;

	tower_limits_boj(&lim);
	tower_opts_init(&o);
	o.rule = (enum tower_rule)p->variant;
	o.mistake = (enum tower_mistake)mistake;
	o.answer_only = true;
	tower_init(&t);
	code = tower_parse(&t, rd, &lim, err);
	if (code == BL_OK)
		code = tower_solve(&t, &o, &res, err);
	tower_release(&t);
	if (code == BL_OK && (code = bl_expect_eof(rd, err)) == BL_OK) {
		bl_buf_int(out, res.answer);
		bl_buf_putc(out, '\n');
	}
	return code;
}

static enum bl_code answer_yut(int mistake, struct bl_reader *rd, struct bl_buf *out,
			       struct bl_err *err)
{
	struct yut_game g;
	struct yut_limits lim;
	struct yut_result res;
	enum bl_code code;

	yut_limits_boj(&lim);
	yut_game_init(&g, yut_board_builtin());
	g.mistake = (enum yut_mistake)mistake;
	yut_result_init(&res);
	code = yut_parse(&g, rd, &lim, err);
	if (code == BL_OK)
		code = yut_solve(&g, &res, err);
	if (code == BL_OK && (code = bl_expect_eof(rd, err)) == BL_OK) {
		bl_buf_int(out, res.total);
		bl_buf_putc(out, '\n');
	}
	yut_result_release(&res);
	yut_game_release(&g);
	return code;
}

static enum bl_code answer_grundy(const struct bl_problem *p, int mistake, struct bl_reader *rd,
				  struct bl_buf *out, struct bl_err *err)
{
	struct grundy_format fmt = { .only = p->variant, .set = NULL, .plain = false,
				     .mistake = (enum grundy_mistake)mistake };
	struct grundy_limits lim;
	struct grundy_result res;
	enum bl_code code;

	grundy_limits_boj(&lim);
	code = grundy_solve(rd, &fmt, &lim, &res, err);
	if (code == BL_OK)
		code = grundy_expect_end(rd, &fmt, res.count, err);
	if (code == BL_OK) {
		bl_buf_puts(out, grundy_winner(res.nim));
		bl_buf_putc(out, '\n');
	}
	return code;
}

static enum bl_code answer_puyo(int mistake, struct bl_reader *rd, struct bl_buf *out,
				struct bl_err *err)
{
	struct puyo_rules rules;
	struct puyo_limits lim;
	struct puyo_field f;
	enum bl_code code;
	int chains = 0;

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	rules.mistake = (enum puyo_mistake)mistake;
	puyo_limits_boj(&lim);
	code = puyo_parse(&f, rd, &rules, 0, &lim, err);
	if (code == BL_OK && (code = bl_expect_eof(rd, err)) == BL_OK)
		code = puyo_solve_count(&f, &rules, &chains, err);
	if (code == BL_OK && chains >= 0) {
		/* A chain of -1 never stops (a mistake's): the program prints nothing. */
		bl_buf_int(out, chains);
		bl_buf_putc(out, '\n');
	}
	return code;
}

/* The answer of p's game with mistake (the game's variant, 0 for the rules). */
static enum bl_code answer(const struct bl_problem *p, int mistake, const char *in, size_t len,
			   struct bl_buf *out, struct bl_err *err)
{
	struct bl_reader rd;
	size_t mark = out->len;
	enum bl_code code;

	if (!p)
		return bl_fail(err, BL_ERR_ARG, "no problem given");
	bl_reader_init(&rd, in ? in : "", in ? len : 0);
	code = bl_refuse_bom(&rd, err);
	if (code != BL_OK)
		return code;
	if (strcmp(p->game, "tower") == 0)
		code = answer_tower(p, mistake, &rd, out, err);
	else if (strcmp(p->game, "yut") == 0)
		code = answer_yut(mistake, &rd, out, err);
	else if (strcmp(p->game, "grundy") == 0)
		code = answer_grundy(p, mistake, &rd, out, err);
	else
		code = answer_puyo(mistake, &rd, out, err);
	if (code == BL_OK && bl_buf_failed(out))
		code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	if (code != BL_OK && out->len > mark && !bl_buf_failed(out)) {
		out->len = mark;
		out->data[mark] = '\0';
	}
	return code;
}

enum bl_code bl_problem_answer(const struct bl_problem *p, const char *in, size_t len,
			       struct bl_buf *out, struct bl_err *err)
{
	return answer(p, 0, in, len, out, err);
}

enum bl_code bl_mistake_answer(const struct bl_mistake *m, const char *in, size_t len,
			       struct bl_buf *out, bool *endless, struct bl_err *err)
{
	size_t mark = out->len;
	enum bl_code code;

	if (endless)
		*endless = false;
	if (!m)
		return bl_fail(err, BL_ERR_ARG, "no mistake given");
	code = answer(bl_problem_find(m->problem), m->variant, in, len, out, err);
	if (code == BL_OK && endless)
		*endless = out->len == mark;
	return code;
}

/* ---- stress's instances ---- */

enum bl_code bl_problem_gen(const struct bl_problem *p, enum bl_gen_dist dist, uint64_t seed,
			    int64_t i, struct bl_buf *out, struct bl_err *err)
{
	if (strcmp(p->game, "tower") == 0) {
		struct tower_gen g;
		tower_gen_init(&g);
		tower_limits_boj(&g.lim);
		g.opts.rule = (enum tower_rule)p->variant;
		g.mix = dist;
		return tower_gen(&g, seed, i, out, err);
	}
	if (strcmp(p->game, "yut") == 0) {
		struct yut_gen g;
		yut_gen_init(&g);
		g.mix = dist;
		g.free_length = false;   /* --boj: 10 dice */
		return yut_gen(&g, seed, i, out, err);
	}
	if (strcmp(p->game, "grundy") == 0) {
		struct grundy_set set;
		struct grundy_limits lim;
		struct grundy_gen g;
		enum bl_code code;
		grundy_set_init(&set);
		grundy_limits_boj(&lim);
		grundy_gen_init(&g);
		g.set = &set;
		g.only = p->variant;
		g.max = grundy_gen_max(&set, &lim, g.only);
		g.mix = dist;
		code = grundy_gen(&g, seed, i, out, err);
		grundy_set_release(&set);
		return code;
	}
	struct puyo_gen g;
	puyo_gen_init(&g, PUYO_RULES_BOJ);
	g.mix = dist;
	return puyo_gen(&g, seed, i, out, err);
}

/* ---- the judge's comparison ---- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The next token of text[*at..len) into *tok, *tlen; false at the end. */
static bool next_token(const char *text, size_t len, size_t *at, const char **tok, size_t *tlen)
{
	size_t i = *at;

	while (i < len && is_space(text[i]))
		i++;
	if (i == len) {
		*at = i;
		return false;
	}
	*tok = text + i;
	while (i < len && !is_space(text[i]))
		i++;
	*tlen = (size_t)(text + i - *tok);
	*at = i;
	return true;
}

static bool is_integer(const char *t, size_t n)
{
	size_t i = n > 0 && (t[0] == '-' || t[0] == '+') ? 1 : 0;

	if (i == n)
		return false;
	for (; i < n; i++)
		if (t[i] < '0' || t[i] > '9')
			return false;
	return true;
}

static bool is_word(const char *t, size_t n, const char *w)
{
	return n == strlen(w) && memcmp(t, w, n) == 0;
}

static bool of_kind(const struct bl_problem *p, const char *t, size_t n)
{
	if (!p)
		return true;
	if (p->token == BL_TOKEN_INTEGER)
		return is_integer(t, n);
	return is_word(t, n, "koosaga") || is_word(t, n, "cubelover");
}

static size_t count_tokens(const char *text, size_t len)
{
	size_t at = 0, n = 0, tl;
	const char *t;

	while (next_token(text, len, &at, &t, &tl))
		n++;
	return n;
}

/*
 * Quotes token t for a message, cut at 40 bytes: a NUL is shown as \0,
 * another control byte as \xHH and a backslash as \\, so what is shown is
 * what was read (as stress has always shown it).  cap: at least 4 * 40 + 6.
 */
static void show_token(char *dst, size_t cap, const char *t, size_t n)
{
	size_t at = 0;

	dst[at++] = '\'';
	for (size_t i = 0; i < n && i < 40 && at + 5 < cap; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c == 0)
			at += (size_t)snprintf(dst + at, cap - at, "\\0");
		else if (c < 32 || c == 127)
			at += (size_t)snprintf(dst + at, cap - at, "\\x%02x", c);
		else if (c == '\\')
			at += (size_t)snprintf(dst + at, cap - at, "\\\\");
		else
			dst[at++] = (char)c;
	}
	snprintf(dst + at, cap - at, "%s'", n > 40 ? "..." : "");
}

static const char *kind_words(const struct bl_problem *p)
{
	return p->token == BL_TOKEN_INTEGER ? "an integer" : "'koosaga' or 'cubelover'";
}

/*
 * PE at the first token of found not of p's kind, false when all are; the
 * message names the expected token at that place when there is one.
 */
static bool wrong_kind(const struct bl_problem *p, const char *e, size_t elen, const char *f,
		       size_t flen, struct bl_comparison *c)
{
	size_t ea = 0, fa = 0, le = 0, lf;
	const char *te = NULL, *tf;
	char b1[200], b2[200];

	for (size_t i = 1; next_token(f, flen, &fa, &tf, &lf); i++) {
		bool he = next_token(e, elen, &ea, &te, &le);
		if (of_kind(p, tf, lf))
			continue;
		show_token(b2, sizeof b2, tf, lf);
		c->verdict = BL_VERDICT_PE;
		c->token = i;
		if (he) {
			show_token(b1, sizeof b1, te, le);
			snprintf(c->why, sizeof c->why, "token %zu: expected %s, %s, found %s", i,
				 kind_words(p), b1, b2);
		} else {
			snprintf(c->why, sizeof c->why, "token %zu: expected %s, found %s", i,
				 kind_words(p), b2);
		}
		return true;
	}
	return false;
}

/* The first token where found differs from expected, as a WA; false when none does. */
static bool first_difference(const char *e, size_t elen, const char *f, size_t flen,
			     struct bl_comparison *c)
{
	size_t ea = 0, fa = 0, le = 0, lf = 0;
	const char *te = NULL, *tf = NULL;
	char b1[200], b2[200];

	for (size_t i = 1;; i++) {
		bool he = next_token(e, elen, &ea, &te, &le);
		bool hf = next_token(f, flen, &fa, &tf, &lf);
		if (!he && !hf)
			return false;
		if (he && hf && le == lf && memcmp(te, tf, le) == 0)
			continue;
		c->verdict = BL_VERDICT_WA;
		c->token = i;
		if (he)
			show_token(b1, sizeof b1, te, le);
		if (hf)
			show_token(b2, sizeof b2, tf, lf);
		if (he && hf)
			snprintf(c->why, sizeof c->why, "token %zu: expected %s, found %s", i, b1, b2);
		else if (hf)
			snprintf(c->why, sizeof c->why, "token %zu: expected end of output, found %s",
				 i, b2);
		else
			snprintf(c->why, sizeof c->why, "token %zu: expected %s, found end of output",
				 i, b1);
		return true;
	}
}

enum bl_verdict bl_compare(const struct bl_problem *p, const char *expected, size_t expected_len,
			   const char *found, size_t found_len, struct bl_comparison *res)
{
	struct bl_comparison local;
	struct bl_comparison *c = res ? res : &local;
	const char *e = expected ? expected : "";
	const char *f = found ? found : "";

	if (!expected)
		expected_len = 0;
	if (!found)
		found_len = 0;
	memset(c, 0, sizeof *c);
	c->expected_tokens = count_tokens(e, expected_len);
	c->found_tokens = count_tokens(f, found_len);
	if (c->found_tokens == 0) {
		c->verdict = BL_VERDICT_PE;
		snprintf(c->why, sizeof c->why, "no output; expected %zu token%s",
			 c->expected_tokens, c->expected_tokens == 1 ? "" : "s");
		return c->verdict;
	}
	if (wrong_kind(p, e, expected_len, f, found_len, c) ||
	    first_difference(e, expected_len, f, found_len, c))
		return c->verdict;
	c->verdict = BL_VERDICT_AC;
	if (found_len != expected_len || memcmp(e, f, found_len) != 0) {
		c->whitespace_only = true;
		snprintf(c->why, sizeof c->why, "only whitespace differs");
	}
	return c->verdict;
}

/* The first token where f differs from e: PE where an integer becomes a non-integer, else WA. */
static void shape_difference(const char *e, size_t elen, const char *f, size_t flen,
			     struct bl_comparison *c)
{
	size_t ea = 0, fa = 0, le, lf;
	const char *te, *tf;
	char b1[200], b2[200];

	for (size_t i = 1; next_token(e, elen, &ea, &te, &le) && next_token(f, flen, &fa, &tf, &lf);
	     i++) {
		if (le == lf && memcmp(te, tf, le) == 0)
			continue;
		show_token(b1, sizeof b1, te, le);
		show_token(b2, sizeof b2, tf, lf);
		if (is_integer(te, le) && !is_integer(tf, lf)) {
			c->verdict = BL_VERDICT_PE;
			c->token = i;
			snprintf(c->why, sizeof c->why, "token %zu: expected an integer, %s, found %s", i,
				 b1, b2);
			return;
		}
		if (c->verdict == BL_VERDICT_AC) {
			c->verdict = BL_VERDICT_WA;
			c->token = i;
			snprintf(c->why, sizeof c->why, "token %zu: expected %s, found %s", i, b1, b2);
		}
	}
}

enum bl_verdict bl_compare_shape(const char *expected, size_t expected_len, const char *found,
				 size_t found_len, struct bl_comparison *res)
{
	struct bl_comparison local;
	struct bl_comparison *c = res ? res : &local;
	const char *e = expected ? expected : "";
	const char *f = found ? found : "";
	size_t ne, nf;

	if (!expected)
		expected_len = 0;
	if (!found)
		found_len = 0;
	memset(c, 0, sizeof *c);
	ne = c->expected_tokens = count_tokens(e, expected_len);
	nf = c->found_tokens = count_tokens(f, found_len);
	c->verdict = nf == 0 || nf != ne ? BL_VERDICT_PE : BL_VERDICT_AC;
	if (nf == 0)
		snprintf(c->why, sizeof c->why, "no output; expected %zu token%s", ne,
			 ne == 1 ? "" : "s");
	else if (nf != ne)
		snprintf(c->why, sizeof c->why, "%zu token%s of output, expected %zu", nf,
			 nf == 1 ? "" : "s", ne);
	else
		shape_difference(e, expected_len, f, found_len, c);
	if (c->verdict == BL_VERDICT_AC &&
	    (found_len != expected_len || memcmp(e, f, found_len) != 0)) {
		c->whitespace_only = true;
		snprintf(c->why, sizeof c->why, "only whitespace differs");
	}
	return c->verdict;
}

const char *bl_verdict_name(enum bl_verdict v)
{
	static const char *const names[BL_VERDICT_COUNT] = { "AC", "WA", "PE", "TLE", "MLE",
							     "OLE", "RE" };

	return (unsigned)v < BL_VERDICT_COUNT ? names[v] : "?";
}

const char *bl_verdict_long(enum bl_verdict v)
{
	static const char *const names[BL_VERDICT_COUNT] = {
		"accepted", "wrong answer", "presentation error", "time limit exceeded",
		"memory limit exceeded", "output limit exceeded", "runtime error",
	};

	return (unsigned)v < BL_VERDICT_COUNT ? names[v] : "?";
}

const char *bl_token_kind_name(enum bl_token_kind k)
{
	return k == BL_TOKEN_INTEGER ? "integer" : "winner";
}
