/*
 * What the mutation harness takes from the library, problem by problem:
 * random instances (each game's generator, the judge's limits), expected
 * outputs (each game's solver with the options of `boardlab boj P`), and
 * the suite.  Until the judge's library lands, the suite is a stub: the
 * official samples, read from tests/golden/boj/P/K.in and K.out.  Then
 * mut_answer becomes bl_problem_answer and mut_suite bl_suite_build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardlab/grundy.h>
#include <boardlab/puyo.h>
#include <boardlab/tower.h>
#include <boardlab/yut.h>

#include "mutrun.h"

struct mut_case *mut_cases_add(struct mut_cases *cs)
{
	if (cs->n == cs->cap) {
		size_t cap = cs->cap ? 2 * cs->cap : 64;
		struct mut_case *v = realloc(cs->v, cap * sizeof *v);
		if (!v)
			return NULL;
		cs->v = v;
		cs->cap = cap;
	}
	struct mut_case *c = &cs->v[cs->n++];
	memset(c, 0, sizeof *c);
	bl_buf_init(&c->in);
	bl_buf_init(&c->out);
	return c;
}

void mut_cases_release(struct mut_cases *cs)
{
	for (size_t i = 0; i < cs->n; i++) {
		bl_buf_release(&cs->v[i].in);
		bl_buf_release(&cs->v[i].out);
	}
	free(cs->v);
	cs->v = NULL;
	cs->n = cs->cap = 0;
}

static const char *const problems[] = { "17780", "17837", "17825", "16880", "16879", "11559" };

int mut_problem_known(const char *p)
{
	for (size_t i = 0; i < sizeof problems / sizeof problems[0]; i++)
		if (strcmp(p, problems[i]) == 0)
			return 1;
	return 0;
}

static int is_tower(const char *p)
{
	return strcmp(p, "17780") == 0 || strcmp(p, "17837") == 0;
}

static int is_grundy(const char *p)
{
	return strcmp(p, "16880") == 0 || strcmp(p, "16879") == 0;
}

static enum bl_code tower_answer(const char *p, struct bl_reader *rd, struct bl_buf *out,
				 struct bl_err *err)
{
	struct tower t;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	enum bl_code rc;

	tower_init(&t);
	tower_limits_boj(&lim);
	tower_opts_init(&o);
	o.rule = strcmp(p, "17780") == 0 ? TOWER_BOTTOM : TOWER_CARRY;
	rc = tower_parse(&t, rd, &lim, err);
	if (rc == BL_OK)
		rc = tower_solve(&t, &o, &res, err);
	if (rc == BL_OK)
		bl_buf_printf(out, "%lld\n", (long long)res.answer);
	tower_release(&t);
	return rc;
}

static enum bl_code yut_answer(struct bl_reader *rd, struct bl_buf *out, struct bl_err *err)
{
	struct yut_game g;
	struct yut_limits lim;
	struct yut_result res;
	enum bl_code rc;

	yut_game_init(&g, yut_board_builtin());
	yut_result_init(&res);
	yut_limits_boj(&lim);
	rc = yut_parse(&g, rd, &lim, err);
	if (rc == BL_OK)
		rc = yut_solve(&g, &res, err);
	if (rc == BL_OK)
		bl_buf_printf(out, "%lld\n", (long long)res.total);
	yut_result_release(&res);
	yut_game_release(&g);
	return rc;
}

static enum bl_code grundy_answer(const char *p, struct bl_reader *rd, struct bl_buf *out,
				  struct bl_err *err)
{
	struct grundy_format fmt = { .only = GRUNDY_MIXED, .set = NULL, .plain = false };
	struct grundy_limits lim;
	struct grundy_result res;
	enum bl_code rc;

	if (strcmp(p, "16879") == 0)
		fmt.only = GRUNDY_PALACE;
	grundy_limits_boj(&lim);
	rc = grundy_solve(rd, &fmt, &lim, &res, err);
	if (rc == BL_OK)
		bl_buf_printf(out, "%s\n", grundy_winner(res.nim));
	return rc;
}

static enum bl_code puyo_answer(struct bl_reader *rd, struct bl_buf *out, struct bl_err *err)
{
	struct puyo_rules rules;
	struct puyo_limits lim;
	struct puyo_field f;
	struct puyo_result res;
	enum bl_code rc;

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	puyo_limits_boj(&lim);
	rc = puyo_parse(&f, rd, &rules, 0, &lim, err);
	if (rc == BL_OK)
		rc = puyo_solve(&f, &rules, &res, err);
	if (rc == BL_OK)
		bl_buf_printf(out, "%d\n", res.chains);
	return rc;
}

enum bl_code mut_answer(const char *p, const char *in, size_t len, struct bl_buf *out,
			struct bl_err *err)
{
	struct bl_reader rd;

	bl_reader_init(&rd, in, len);
	if (is_tower(p))
		return tower_answer(p, &rd, out, err);
	if (strcmp(p, "17825") == 0)
		return yut_answer(&rd, out, err);
	if (is_grundy(p))
		return grundy_answer(p, &rd, out, err);
	if (strcmp(p, "11559") == 0)
		return puyo_answer(&rd, out, err);
	return bl_fail(err, BL_ERR_ARG, "unknown problem '%s'", p);
}

static enum bl_code tower_random(const char *p, uint64_t seed, uint64_t i, struct bl_buf *in,
				 struct bl_err *err)
{
	struct tower_gen g;

	tower_gen_init(&g);
	g.opts.rule = strcmp(p, "17780") == 0 ? TOWER_BOTTOM : TOWER_CARRY;
	tower_limits_boj(&g.lim);
	return tower_gen(&g, seed, (int64_t)i, in, err);
}

static enum bl_code yut_random(uint64_t seed, uint64_t i, struct bl_buf *in, struct bl_err *err)
{
	struct yut_gen g;

	yut_gen_init(&g);
	return yut_gen(&g, seed, (int64_t)i, in, err);
}

static enum bl_code grundy_random(const char *p, uint64_t seed, uint64_t i, struct bl_buf *in,
				  struct bl_err *err)
{
	struct grundy_limits lim;
	struct grundy_gen g;

	grundy_gen_init(&g);
	if (strcmp(p, "16879") == 0)
		g.only = GRUNDY_PALACE;
	grundy_limits_boj(&lim);
	g.max = grundy_gen_max(NULL, &lim, g.only);
	return grundy_gen(&g, seed, (int64_t)i, in, err);
}

static enum bl_code puyo_random(uint64_t seed, uint64_t i, struct bl_buf *in, struct bl_err *err)
{
	struct puyo_gen g;

	puyo_gen_init(&g, PUYO_RULES_BOJ);
	return puyo_gen(&g, seed, (int64_t)i, in, err);
}

enum bl_code mut_random(const char *p, uint64_t seed, uint64_t i, struct bl_buf *in,
			struct bl_err *err)
{
	enum bl_code rc = BL_ERR_ARG;

	if (is_tower(p))
		rc = tower_random(p, seed, i, in, err);
	else if (strcmp(p, "17825") == 0)
		rc = yut_random(seed, i, in, err);
	else if (is_grundy(p))
		rc = grundy_random(p, seed, i, in, err);
	else if (strcmp(p, "11559") == 0)
		rc = puyo_random(seed, i, in, err);
	else
		return bl_fail(err, BL_ERR_ARG, "unknown problem '%s'", p);
	if (rc == BL_OK && bl_buf_failed(in))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	return rc;
}

/* Appends the whole of file path to b; BL_ERR_IO when it cannot be read. */
static enum bl_code read_file(const char *path, struct bl_buf *b, struct bl_err *err)
{
	FILE *f = fopen(path, "rb");
	char chunk[4096];
	size_t n;

	if (!f)
		return bl_fail(err, BL_ERR_IO, "cannot open '%s'", path);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		bl_buf_add(b, chunk, n);
	int bad = ferror(f);
	fclose(f);
	if (bad || bl_buf_failed(b))
		return bl_fail(err, BL_ERR_IO, "cannot read '%s'", path);
	return BL_OK;
}

/* The stub suite: sample K of dir/P is K.in with K.out, K from 1 up while K.in exists. */
enum bl_code mut_suite(const char *p, const char *dir, struct mut_cases *suite, const char **kind,
		       struct bl_err *err)
{
	char path[4096];
	enum bl_code rc = BL_OK;

	*kind = "samples";
	for (int k = 1; rc == BL_OK; k++) {
		snprintf(path, sizeof path, "%s/%s/%d.in", dir, p, k);
		FILE *probe = fopen(path, "rb");
		if (!probe)
			break;
		fclose(probe);
		struct mut_case *c = mut_cases_add(suite);
		if (!c)
			return bl_fail(err, BL_ERR_NOMEM, "out of memory");
		snprintf(c->name, sizeof c->name, "sample-%d", k);
		rc = read_file(path, &c->in, err);
		snprintf(path, sizeof path, "%s/%s/%d.out", dir, p, k);
		if (rc == BL_OK)
			rc = read_file(path, &c->out, err);
	}
	if (rc == BL_OK && suite->n == 0)
		return bl_fail(err, BL_ERR_IO, "no samples in '%s/%s'", dir, p);
	return rc;
}
