#include "io.h"

#include <stdio.h>
#include <string.h>

void bl_reader_init(struct bl_reader *r, const char *text, size_t len)
{
	r->p = text;
	r->end = text + len;
	r->bol = text;
	r->line = 1;
	r->last_line = 1;
	r->last_col = 1;
	r->ntok = 0;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static void skip_space(struct bl_reader *r)
{
	const char *p = r->p, *end = r->end;
	while (p < end && is_space(*p)) {
		if (*p == '\n') {
			r->line++;
			r->bol = p + 1;
		}
		p++;
	}
	r->p = p;
}

bool bl_reader_peek(struct bl_reader *r, struct bl_tok *t)
{
	skip_space(r);
	if (r->p == r->end)
		return false;
	const char *q = r->p;
	while (q < r->end && !is_space(*q))
		q++;
	t->s = r->p;
	t->len = (size_t)(q - r->p);
	t->line = r->line;
	t->col = (int)(r->p - r->bol) + 1;
	return true;
}

bool bl_reader_next(struct bl_reader *r, struct bl_tok *t)
{
	if (!bl_reader_peek(r, t))
		return false;
	r->p = t->s + t->len;
	r->last_line = t->line;
	r->last_col = t->col + (int)t->len;
	r->ntok++;
	return true;
}

bool bl_reader_eof(struct bl_reader *r)
{
	skip_space(r);
	return r->p == r->end;
}

size_t bl_reader_left(const struct bl_reader *r)
{
	return (size_t)(r->end - r->p);
}

void bl_reader_end_pos(const struct bl_reader *r, int *line, int *col)
{
	*line = r->last_line;
	*col = r->last_col;
}

char *bl_tok_quote(const struct bl_tok *t, char *dst, size_t cap)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = t->len > 32 ? 32 : t->len, o = 0;

	for (size_t i = 0; i < n && o + 5 < cap; i++) {
		unsigned char c = (unsigned char)t->s[i];
		if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
			dst[o++] = (char)c;
		} else {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
		}
	}
	if (t->len > n && o + 4 < cap) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o] = '\0';
	return dst;
}

bool bl_tok_int(const struct bl_tok *t, int64_t *out)
{
	const char *s = t->s, *e = t->s + t->len;
	bool neg = false;
	uint64_t v = 0, limit;

	if (s < e && (*s == '-' || *s == '+'))
		neg = *s++ == '-';
	if (s == e)
		return false;
	limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; s < e; s++) {
		if (*s < '0' || *s > '9')
			return false;
		unsigned d = (unsigned)(*s - '0');
		if (v > (limit - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return true;
}

enum bl_code bl_fail_eof(const struct bl_reader *r, struct bl_err *err, const char *what)
{
	int line, col;
	bl_reader_end_pos(r, &line, &col);
	return bl_fail_at(err, BL_ERR_INPUT, line, col, "expected %s, found end of input", what);
}

enum bl_code bl_fail_tok(const struct bl_tok *t, struct bl_err *err, const char *what)
{
	char q[BL_TOK_QUOTE_MAX];
	return bl_fail_at(err, BL_ERR_INPUT, t->line, t->col, "expected %s, found '%s'", what,
			  bl_tok_quote(t, q, sizeof q));
}

enum bl_code bl_read_int(struct bl_reader *r, int64_t lo, int64_t hi, const char *what,
			 int64_t *out, struct bl_tok *tok, struct bl_err *err)
{
	struct bl_tok t;
	int64_t v;

	if (!bl_reader_next(r, &t))
		return bl_fail_eof(r, err, what);
	if (tok)
		*tok = t;
	if (!bl_tok_int(&t, &v) || v < lo || v > hi)
		return bl_fail_tok(&t, err, what);
	*out = v;
	return BL_OK;
}

enum bl_code bl_expect_eof(struct bl_reader *r, struct bl_err *err)
{
	struct bl_tok t;
	if (!bl_reader_peek(r, &t))
		return BL_OK;
	return bl_fail_tok(&t, err, "end of input");
}
