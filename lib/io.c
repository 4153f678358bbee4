#include "boardlab/io.h"

#include <stdio.h>
#include <string.h>

#include <limits.h>

void bl_reader_init(struct bl_reader *r, const char *text, size_t len)
{
	r->p = text;
	r->end = text + len;
	r->line = 1;
	r->col = 1;
	r->last_line = 1;
	r->last_col = 1;
	r->ntok = 0;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* UTF-8 continuation bytes do not start a character: they take no column. */
static bool is_cont(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

static int add_sat(int a, size_t b)
{
	return b >= (size_t)(INT_MAX - a) ? INT_MAX : a + (int)b;
}

/* The display width of bytes [s, e), which hold no whitespace. */
static size_t width(const char *s, const char *e)
{
	size_t w = 0;
	for (; s < e; s++)
		w += !is_cont(*s);
	return w;
}

static void skip_space(struct bl_reader *r)
{
	const char *p = r->p, *end = r->end;
	int line = r->line, col = r->col;

	for (; p < end && is_space(*p); p++) {
		/* A lone CR (old Mac files) breaks a line as LF and CR LF do. */
		if (*p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n'))) {
			line = add_sat(line, 1);
			col = 1;
		} else if (*p == '\t') {
			col = col > INT_MAX - 8 ? INT_MAX : ((col - 1) / 8 + 1) * 8 + 1;
		} else {
			col = add_sat(col, 1);
		}
	}
	r->p = p;
	r->line = line;
	r->col = col;
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
	t->col = r->col;
	return true;
}

bool bl_reader_next(struct bl_reader *r, struct bl_tok *t)
{
	if (!bl_reader_peek(r, t))
		return false;
	r->p = t->s + t->len;
	r->col = add_sat(r->col, width(t->s, r->p));
	r->last_line = r->line;
	r->last_col = r->col;
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

/* Length of the well-formed UTF-8 character at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	unsigned min;

	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	unsigned cp = s[0] & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

char *bl_tok_quote(const struct bl_tok *t, char *dst, size_t cap)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)t->s;
	size_t n = t->len > 32 ? 32 : t->len, o = 0, i = 0;

	while (i < n && o + 5 < cap) {
		unsigned char c = s[i];
		size_t u = c >= 0x80 ? utf8_len(s + i, t->len - i) : 0;
		if (u) {
			memcpy(dst + o, s + i, u);
			o += u;
			i += u;
		} else if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
			dst[o++] = (char)c;
			i++;
		} else {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[c >> 4];
			dst[o++] = hex[c & 15];
			i++;
		}
	}
	/* U+2026, one character that no run of dots in the token can be confused with. */
	if (t->len > i && o + 4 < cap) {
		memcpy(dst + o, "\xe2\x80\xa6", 3);
		o += 3;
	}
	dst[o] = '\0';
	return dst;
}

struct bl_tok bl_tok_char(const struct bl_tok *t, size_t off)
{
	struct bl_tok c;
	size_t u = utf8_len((const unsigned char *)t->s + off, t->len - off);

	c.s = t->s + off;
	c.len = u ? u : 1;
	c.line = t->line;
	c.col = add_sat(t->col, width(t->s, t->s + off));
	return c;
}

bool bl_tok_int(const struct bl_tok *t, int64_t *out)
{
	const char *s = t->s, *e = t->s + t->len;
	bool neg = false;
	uint64_t v = 0, limit;

	/* Strict: a minus sign or none; "+5" is not how any input writes 5. */
	if (s < e && *s == '-')
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

enum bl_code bl_refuse_bom(const struct bl_reader *r, struct bl_err *err)
{
	if (r->ntok == 0 && r->line == 1 && r->col == 1 && r->end - r->p >= 3 &&
	    memcmp(r->p, "\xef\xbb\xbf", 3) == 0)
		return bl_fail_at(err, BL_ERR_INPUT, 1, 1, "unexpected byte order mark");
	return BL_OK;
}

enum bl_code bl_check_layout(const char *text, size_t len, struct bl_err *err)
{
	int line = 1, col = 1;
	size_t start = 0;   /* where the line starts */

	if (len == 0)
		return bl_fail_at(err, BL_ERR_INPUT, 1, 1, "empty input");
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		bool first = i == start, last = i + 1 == len || text[i + 1] == '\n';
		const char *why = NULL;

		if (c == '\n' && first)
			why = i + 1 == len ? "a blank line at the end of input: it ends with one newline"
					   : "a blank line";
		else if (c == ' ' && first)
			why = "a space at the start of a line";
		else if (c == ' ' && last)
			why = "a space at the end of a line";
		else if (c == ' ' && text[i + 1] == ' ')
			why = "two spaces in a row: tokens are separated by one";
		else if (c == '\r')
			why = "a carriage return (CR): lines end with a line feed (LF) alone";
		else if (c == '\t')
			why = "a tab: tokens are separated by one space";
		else if (c != ' ' && c != '\n' && is_space(c))
			why = "a whitespace byte other than a space or a line feed";
		if (why)
			return bl_fail_at(err, BL_ERR_INPUT, line, col, "%s", why);
		if (c == '\n') {
			line = add_sat(line, 1);
			col = 1;
			start = i + 1;
		} else if (!is_cont(c)) {
			col = add_sat(col, 1);
		}
	}
	if (text[len - 1] != '\n')
		return bl_fail_at(err, BL_ERR_INPUT, line, col, "no newline at the end of input");
	return BL_OK;
}
