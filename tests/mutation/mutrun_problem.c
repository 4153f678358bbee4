/*
 * What the mutation harness takes from the library, problem by problem:
 * the problem (bl_problem_find), its suite (bl_suite_build), the expected
 * output of a random instance (bl_problem_answer), and random instances
 * from each game's generator with the judge's limits, as `boardlab GAME
 * stress --problem P` draws them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardlab/grundy.h>
#include <boardlab/puyo.h>
#include <boardlab/suite.h>
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

static enum bl_code tower_random(const struct bl_problem *p, uint64_t seed, uint64_t i,
				 struct bl_buf *in, struct bl_err *err)
{
	struct tower_gen g;

	tower_gen_init(&g);
	g.opts.rule = (enum tower_rule)p->variant;
	tower_limits_boj(&g.lim);
	return tower_gen(&g, seed, (int64_t)i, in, err);
}

static enum bl_code yut_random(uint64_t seed, uint64_t i, struct bl_buf *in, struct bl_err *err)
{
	struct yut_gen g;

	yut_gen_init(&g);
	return yut_gen(&g, seed, (int64_t)i, in, err);
}

static enum bl_code grundy_random(const struct bl_problem *p, uint64_t seed, uint64_t i,
				  struct bl_buf *in, struct bl_err *err)
{
	struct grundy_limits lim;
	struct grundy_gen g;

	grundy_gen_init(&g);
	g.only = p->variant;
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

enum bl_code mut_random(const struct bl_problem *p, uint64_t seed, uint64_t i, struct bl_buf *in,
			struct bl_err *err)
{
	enum bl_code rc;

	if (strcmp(p->game, "tower") == 0)
		rc = tower_random(p, seed, i, in, err);
	else if (strcmp(p->game, "yut") == 0)
		rc = yut_random(seed, i, in, err);
	else if (strcmp(p->game, "grundy") == 0)
		rc = grundy_random(p, seed, i, in, err);
	else
		rc = puyo_random(seed, i, in, err);
	if (rc == BL_OK && bl_buf_failed(in))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	return rc;
}

enum bl_code mut_suite(const struct bl_problem *p, struct mut_cases *suite, struct bl_err *err)
{
	struct bl_suite s;
	enum bl_code rc = bl_suite_build(p, &s, err);

	for (size_t i = 0; rc == BL_OK && i < s.n; i++) {
		const struct bl_test *t = &s.tests[i];
		struct mut_case *c = mut_cases_add(suite);
		if (!c) {
			rc = bl_fail(err, BL_ERR_NOMEM, "out of memory");
			break;
		}
		snprintf(c->name, sizeof c->name, "%s", t->name);
		bl_buf_add(&c->in, t->input, t->input_len);
		bl_buf_add(&c->out, t->expected, t->expected_len);
		if (bl_buf_failed(&c->in) || bl_buf_failed(&c->out))
			rc = bl_fail(err, BL_ERR_NOMEM, "out of memory");
	}
	bl_suite_release(&s);
	return rc;
}
