/*
 * suite: the list of a problem's tests, their expected outputs, lookup and
 * the fingerprint.  Which tests a problem has is each game's file
 * (lib/suite_GAME.c).
 */
#include "boardlab/suite.h"

#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/mistake.h"
#include "suite_impl.h"

void bl_suite_init(struct bl_suite *s)
{
	s->problem = NULL;
	s->tests = NULL;
	s->n = 0;
	s->cap = 0;
}

void bl_suite_release(struct bl_suite *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->tests[i].input);
		free(s->tests[i].expected);
	}
	free(s->tests);
	bl_suite_init(s);
}

const struct bl_test *bl_suite_find(const struct bl_suite *s, const char *name)
{
	for (size_t i = 0; s && name && i < s->n; i++)
		if (strcmp(s->tests[i].name, name) == 0)
			return &s->tests[i];
	return NULL;
}

size_t bl_suite_count(const struct bl_suite *s, enum bl_test_kind k)
{
	size_t n = 0;

	for (size_t i = 0; s && i < s->n; i++)
		n += s->tests[i].kind == k;
	return n;
}

const char *bl_test_kind_name(enum bl_test_kind k)
{
	static const char *const names[] = { "sample", "edge", "max", "random", "witness" };

	return (unsigned)k < 5 ? names[k] : "?";
}

#ifndef NDEBUG
/* kebab-case: lower-case letters and digits in words joined by single '-'. */
static bool is_kebab(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || n >= BL_TEST_NAME_MAX || s[0] == '-' || s[n - 1] == '-')
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
		if (!word && !(c == '-' && s[i + 1] != '-'))
			return false;
	}
	return true;
}
#endif

static bool grow(struct bl_suite *s)
{
	if (s->n < s->cap)
		return true;
	size_t cap = s->cap ? 2 * s->cap : 64;
	struct bl_test *t = realloc(s->tests, cap * sizeof *t);
	if (!t)
		return false;
	s->tests = t;
	s->cap = cap;
	return true;
}

enum bl_code suite_take(struct bl_suite *s, enum bl_test_kind k, const char *name,
			const char *desc, struct bl_buf *in, struct bl_err *err)
{
	struct bl_buf want;
	struct bl_err why;
	enum bl_code code;

	assert(is_kebab(name) && !bl_suite_find(s, name));
	assert(strlen(desc) < BL_TEST_DESC_MAX && !strchr(desc, '\n'));
	if (bl_buf_reserve(in, 1))
		in->data[in->len] = '\0';   /* an empty input is still a string */
	if (bl_buf_failed(in) || !grow(s)) {
		bl_buf_release(in);
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	}
	bl_buf_init(&want);
	bl_err_clear(&why);
	code = bl_problem_answer(s->problem, in->data, in->len, &want, &why);
	if (code != BL_OK || bl_buf_failed(in)) {
		bl_buf_release(in);
		bl_buf_release(&want);
		if (code == BL_ERR_NOMEM || code == BL_OK)
			return bl_fail(err, BL_ERR_NOMEM, "out of memory");
		return bl_fail(err, BL_ERR_INTERNAL, "test '%s' of %s: %d:%d: %s", name,
			       s->problem->id, why.line, why.col, why.msg);
	}
	struct bl_test *t = &s->tests[s->n];
	memset(t, 0, sizeof *t);
	t->id = (int)s->n + 1;
	t->kind = k;
	strcpy(t->name, name);
	strcpy(t->desc, desc);
	t->input = in->data;
	t->input_len = in->len;
	t->expected = want.data;
	t->expected_len = want.len;
	bl_buf_init(in);
	s->n++;
	return BL_OK;
}

enum bl_code suite_add(struct bl_suite *s, enum bl_test_kind k, const char *name,
		       const char *desc, const char *in, size_t len, struct bl_err *err)
{
	struct bl_buf b;

	bl_buf_init(&b);
	bl_buf_add(&b, in, len);
	return suite_take(s, k, name, desc, &b, err);
}

/* The stored witness of each of the problem's mistakes, as the last tests. */
static enum bl_code suite_witnesses(struct bl_suite *s, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	for (size_t i = 0; code == BL_OK && i < bl_mistake_count(s->problem); i++) {
		const struct bl_mistake *m = bl_mistake_at(s->problem, i);
		const struct bl_witness *w = bl_mistake_witness(m);
		char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
		if (!w || !w->input)
			continue;
		snprintf(name, sizeof name, "witness-%s", m->id);
		snprintf(desc, sizeof desc, "the smallest input on which the mistake %s answers "
			 "wrong: %s", m->id, m->desc);
		code = suite_add(s, BL_TEST_WITNESS, name, desc, w->input, strlen(w->input), err);
	}
	return code;
}

enum bl_code bl_suite_build(const struct bl_problem *p, struct bl_suite *s, struct bl_err *err)
{
	enum bl_code code;

	bl_suite_init(s);
	if (!p)
		return bl_fail(err, BL_ERR_ARG, "no problem given");
	s->problem = p;
	if (strcmp(p->game, "tower") == 0)
		code = suite_tower(s, err);
	else if (strcmp(p->game, "yut") == 0)
		code = suite_yut(s, err);
	else if (strcmp(p->game, "grundy") == 0)
		code = suite_grundy(s, err);
	else
		code = suite_puyo(s, err);
	if (code == BL_OK)
		code = suite_witnesses(s, err);
	if (code != BL_OK)
		bl_suite_release(s);
	return code;
}

enum bl_code bl_suite_witnesses(const struct bl_problem *p, struct bl_suite *s,
				struct bl_err *err)
{
	enum bl_code code = bl_suite_build(p, s, err);
	size_t k = 0;

	for (size_t i = 0; code == BL_OK && i < s->n; i++) {
		if (s->tests[i].kind == BL_TEST_WITNESS) {
			s->tests[k++] = s->tests[i];
			continue;
		}
		free(s->tests[i].input);
		free(s->tests[i].expected);
	}
	if (code == BL_OK)
		s->n = k;
	return code;
}

/* FNV-1a over the bytes, then their length, so that fields cannot run together. */
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= UINT64_C(0x100000001b3);
	}
	for (int i = 0; i < 8; i++) {
		h ^= (unsigned char)((uint64_t)n >> (8 * i));
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

uint64_t bl_suite_hash(const struct bl_suite *s)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	for (size_t i = 0; s && i < s->n; i++) {
		const struct bl_test *t = &s->tests[i];
		unsigned char head[5] = { (unsigned char)t->id, (unsigned char)(t->id >> 8),
					  (unsigned char)(t->id >> 16), (unsigned char)(t->id >> 24),
					  (unsigned char)t->kind };
		h = hash_bytes(h, head, sizeof head);
		h = hash_bytes(h, t->name, strlen(t->name));
		h = hash_bytes(h, t->desc, strlen(t->desc));
		h = hash_bytes(h, t->input, t->input_len);
		h = hash_bytes(h, t->expected, t->expected_len);
	}
	return h;
}
