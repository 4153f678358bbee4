/*
 * grundy (sets): the pieces of a game by letter, the built-ins and those a
 * user defines, each valued by its closed form or by a table grown on
 * demand within the set's memory.  Above pieces (grundy_piece.c) and
 * tables (grundy_table.c).
 */
#include "grundy_impl.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_letters(struct grundy_set *s)
{
	size_t o = 0;

	s->letters[0] = '\0';
	for (int i = 0; i < s->n; i++)
		o += (size_t)snprintf(s->letters + o, sizeof s->letters - o, "%s%c",
				      i == 0 ? "" : i + 1 < s->n ? ", " : " or ", s->piece[i].letter);
}

void grundy_set_init(struct grundy_set *s)
{
	memset(s->index, -1, sizeof s->index);
	s->n = GRUNDY_NPIECES;
	for (int i = 0; i < GRUNDY_SET_MAX; i++) {
		s->table[i] = NULL;
		s->fit[i] = 0;
	}
	s->max_bytes = 0;
	for (int id = 0; id < GRUNDY_NPIECES; id++) {
		s->piece[id] = *grundy_builtin((enum grundy_piece_id)id);
		s->index[s->piece[id].letter - 'A'] = (signed char)id;
	}
	set_letters(s);
}

void grundy_set_release(struct grundy_set *s)
{
	if (!s)
		return;
	for (int i = 0; i < GRUNDY_SET_MAX; i++) {
		grundy_table_release(s->table[i]);
		free(s->table[i]);
		s->table[i] = NULL;
	}
}

int grundy_set_find(const struct grundy_set *s, char letter)
{
	if (!s)
		return grundy_piece_by_letter(letter);
	return letter >= 'A' && letter <= 'Z' ? s->index[letter - 'A'] : -1;
}

char grundy_set_letter(const struct grundy_set *s, int i)
{
	return s ? s->piece[i].letter : grundy_builtin((enum grundy_piece_id)i)->letter;
}

enum bl_code grundy_set_add(struct grundy_set *s, const struct grundy_piece *p,
			    struct bl_err *err)
{
	enum bl_code code;
	int like, old;

	if ((code = grundy_piece_check(p, err)) != BL_OK)
		return code;
	if (p->letter < 'A' || p->letter > 'Z')
		return bl_fail(err, BL_ERR_ARG, "piece letter '%c' is not A to Z", p->letter);
	if ((old = s->index[p->letter - 'A']) >= 0) {
		struct bl_buf b;
		bl_buf_init(&b);
		grundy_rule_format(&s->piece[old], &b);
		code = bl_fail(err, BL_ERR_ARG, "piece '%c' is already defined: %s", p->letter,
			       b.data ? b.data : "");
		bl_buf_release(&b);
		return code;
	}
	if (s->n == GRUNDY_SET_MAX)
		return bl_fail(err, BL_ERR_LIMIT, "more than %d pieces", GRUNDY_SET_MAX);
	s->piece[s->n] = *p;
	like = grundy_piece_like(p);
	if (!p->closed && like >= 0)
		s->piece[s->n].closed = grundy_builtin((enum grundy_piece_id)like)->closed;
	s->index[p->letter - 'A'] = (signed char)s->n;
	s->n++;
	set_letters(s);
	return BL_OK;
}

enum bl_code grundy_set_parse(struct grundy_set *s, const char *text, size_t len,
			      struct bl_err *err)
{
	const char *p = text, *end = text + len;
	int line = 1;

	while (p < end) {
		const char *e = p, *stop;
		struct grundy_piece pc;
		struct bl_err e1;
		enum bl_code code;

		while (e < end && *e != '\n' && *e != ';')
			e++;
		stop = memchr(p, '#', (size_t)(e - p));
		if (stop)
			/* A comment runs to the end of its line, past any ';'. */
			while (e < end && *e != '\n')
				e++;
		else
			stop = e;
		const char *q = p;
		while (q < stop && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		const char *z = stop;
		while (z > q && (z[-1] == ' ' || z[-1] == '\t' || z[-1] == '\r'))
			z--;
		if (q < z) {
			/* Columns count from the line's start; a rule after ';' is further in. */
			const char *ls = p;
			while (ls > text && ls[-1] != '\n')
				ls--;
			bl_err_clear(&e1);
			code = grundy_rule_parse_in(ls, p, (size_t)(z - p), &pc, &e1);
			if (code == BL_OK && (code = grundy_set_add(s, &pc, &e1)) != BL_OK)
				e1.col = grundy_text_col(ls, q);
			if (code != BL_OK)
				return bl_fail_at(err, BL_ERR_INPUT, line, e1.col, "%s", e1.msg);
		}
		if (e < end && *e == '\n')
			line++;
		p = e < end ? e + 1 : e;
	}
	return BL_OK;
}

enum bl_code grundy_set_value(struct grundy_set *s, int i, uint64_t x, uint64_t y,
			      uint64_t *v, struct bl_err *err)
{
	const struct grundy_piece *p = &s->piece[i];
	struct grundy_table *t = s->table[i];
	uint64_t need = (x > y ? x : y) + 1;
	enum bl_code code;

	if (p->closed) {
		*v = p->closed(x, y);
		return BL_OK;
	}
	if (t && need <= (uint64_t)t->size) {
		*v = grundy_table_at(t, (int)x, (int)y);
		return BL_OK;
	}
	/* The memory the other tables leave; this one's is freed before it grows. */
	size_t budget = s->max_bytes && s->max_bytes < GRUNDY_TABLE_BYTES_MAX
				? s->max_bytes : GRUNDY_TABLE_BYTES_MAX;
	for (int j = 0; j < s->n; j++) {
		if (j == i || !s->table[j] || !s->table[j]->g)
			continue;
		size_t b = grundy_table_bytes(&s->piece[j], s->table[j]->size);
		budget = b < budget ? budget - b : 0;
	}
	s->fit[i] = grundy_table_fit_in(p, budget);
	if (need > (uint64_t)s->fit[i]) {
		char in[BL_BYTES_TEXT_MAX + 8] = "", b[BL_BYTES_TEXT_MAX];
		if (s->max_bytes)
			snprintf(in, sizeof in, " in %s",
				 bl_bytes_text(s->max_bytes < GRUNDY_TABLE_BYTES_MAX
						       ? s->max_bytes : GRUNDY_TABLE_BYTES_MAX,
					       b));
		return bl_fail(err, BL_ERR_LIMIT,
			       "piece '%c' has no closed form and %s = %llu is beyond the largest "
			       "table that fits%s, %d x %d",
			       p->letter, x >= y ? "x" : "y", (unsigned long long)(need - 1), in,
			       s->fit[i], s->fit[i]);
	}
	if (!t) {
		if (!(t = s->table[i] = malloc(sizeof *t)))
			return bl_fail(err, BL_ERR_NOMEM, "out of memory");
		grundy_table_init(t);
	}
	/* Grow by doubling from 256, so that n growing pieces cost O(final size). */
	uint64_t m = t->size ? (uint64_t)t->size : 256;
	while (m < need)
		m *= 2;
	if (m > (uint64_t)s->fit[i])
		m = (uint64_t)s->fit[i];
	if ((code = grundy_table_build(t, p, (int)m, err)) != BL_OK)
		return code;
	*v = grundy_table_at(t, (int)x, (int)y);
	return BL_OK;
}

void grundy_set_describe(const struct grundy_set *s, int i, uint64_t x, uint64_t y, uint64_t v,
			 struct bl_buf *out)
{
	int like;

	if (!s || i < GRUNDY_NPIECES) {
		grundy_describe((enum grundy_piece_id)i, x, y, out);
		return;
	}
	assert(i < s->n);
	like = s->piece[i].closed ? grundy_piece_like(&s->piece[i]) : -1;
	if (like >= 0)
		grundy_describe((enum grundy_piece_id)like, x, y, out);
	else
		bl_buf_printf(out, "table value %llu", (unsigned long long)v);
}
