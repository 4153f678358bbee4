#include "boardlab/io.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_MARK UINT64_MAX

void bl_reader_init(struct bl_reader *r, const char *text, size_t len)
{
	r->p = text;
	r->end = text + len;
	r->line = 1;
	r->col = 1;
	r->last_line = 1;
	r->last_col = 1;
	r->ntok = 0;
	r->eof = true;
	r->read = NULL;
	r->ctx = NULL;
	r->buf = NULL;
	r->cap = 0;
	r->chunk = 0;
	r->base = text;
	r->base_off = 0;
	r->mark = NO_MARK;
	r->status = BL_OK;
}

void bl_reader_init_stream(struct bl_reader *r, bl_read_fn read, void *ctx, size_t chunk)
{
	bl_reader_init(r, "", 0);
	r->eof = false;
	r->read = read;
	r->ctx = ctx;
	r->chunk = chunk ? chunk : BL_READ_CHUNK;
}

void bl_reader_release(struct bl_reader *r)
{
	if (!r || !r->read)
		return;
	free(r->buf);
	r->buf = NULL;
	r->cap = 0;
	r->p = r->end = r->base = "";
}

/* Moves the kept bytes, [keep, end), to the buffer's start; pointers follow. */
static void compact(struct bl_reader *r, const char *keep)
{
	size_t shift = (size_t)(keep - r->buf), kept = (size_t)(r->end - keep);

	memmove(r->buf, keep, kept);
	r->p -= shift;
	r->end -= shift;
	r->base_off += shift;
}

/*
 * Room for want bytes from p and at least half a chunk free to read into.
 * The bytes before what must be kept (p, or the mark) are dropped, and the
 * buffer doubles until it holds twice what is kept: so without a mark it
 * stays a chunk (a token in hand at most), and with one each byte moves
 * O(1) times however long the mark keeps it.  False when memory runs out.
 */
static bool make_room(struct bl_reader *r, size_t want)
{
	const char *keep = r->mark != NO_MARK ? r->base + (r->mark - r->base_off) : r->p;
	size_t live = (size_t)(r->end - keep), need = (size_t)(r->p - keep) + want;

	if (need < live + r->chunk / 2)
		need = live + r->chunk / 2;
	if (need < 2 * live)
		need = 2 * live;
	if (r->buf && keep > r->buf)
		compact(r, keep);
	if (need > r->cap) {
		size_t cap = r->cap ? r->cap : r->chunk;
		while (cap < need)
			cap *= 2;
		char *b = realloc(r->buf, cap);
		if (!b)
			return false;
		r->p = b + (r->p - r->base);
		r->end = b + (r->end - r->base);
		r->buf = b;
		r->base = b;
		r->cap = cap;
	}
	return true;
}

bool bl_reader_fill(struct bl_reader *r, size_t want)
{
	while ((size_t)(r->end - r->p) < want && !r->eof) {
		ptrdiff_t n;
		if (!make_room(r, want)) {
			r->status = BL_ERR_NOMEM;
			r->eof = true;
			break;
		}
		n = r->read(r->ctx, r->buf + (r->end - r->buf), r->cap - (size_t)(r->end - r->buf));
		if (n > 0) {
			r->end += n;
		} else {
			if (n < 0)
				r->status = BL_ERR_IO;
			r->eof = true;
		}
	}
	return (size_t)(r->end - r->p) >= want;
}

enum bl_code bl_reader_status(const struct bl_reader *r)
{
	return r->status;
}

uint64_t bl_reader_offset(const struct bl_reader *r)
{
	return r->base_off + (uint64_t)(r->p - r->base);
}

void bl_reader_mark(struct bl_reader *r, struct bl_mark *m)
{
	m->off = bl_reader_offset(r);
	m->prev = r->mark;
	m->line = r->line;
	m->col = r->col;
	m->last_line = r->last_line;
	m->last_col = r->last_col;
	m->ntok = r->ntok;
	if (m->off < r->mark)
		r->mark = m->off;
}

void bl_reader_rewind(struct bl_reader *r, const struct bl_mark *m)
{
	assert(m->off >= r->base_off && r->mark <= m->off);
	r->p = r->base + (m->off - r->base_off);
	r->line = m->line;
	r->col = m->col;
	r->last_line = m->last_line;
	r->last_col = m->last_col;
	r->ntok = m->ntok;
}

void bl_reader_unmark(struct bl_reader *r, const struct bl_mark *m)
{
	r->mark = m->prev;
}

const char *bl_reader_since(const struct bl_reader *r, const struct bl_mark *m, size_t *len)
{
	const char *s = r->base + (m->off - r->base_off);

	*len = (size_t)(r->p - s);
	return s;
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

	for (;;) {
		for (; p < end && is_space(*p); p++) {
			/* A lone CR (old Mac files) breaks a line as LF and CR LF do. */
			if (*p == '\r' && p + 1 == end && !r->eof)
				break;   /* the next byte, still to be read, decides */
			if (*p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n'))) {
				line = add_sat(line, 1);
				col = 1;
			} else if (*p == '\t') {
				col = col > INT_MAX - 8 ? INT_MAX : ((col - 1) / 8 + 1) * 8 + 1;
			} else {
				col = add_sat(col, 1);
			}
		}
		if ((p < end && !(*p == '\r' && p + 1 == end)) || r->eof)
			break;
		r->p = p;
		bl_reader_fill(r, (size_t)(end - p) + 1);
		p = r->p;
		end = r->end;
	}
	r->p = p;
	r->line = line;
	r->col = col;
}

bool bl_reader_peek(struct bl_reader *r, struct bl_tok *t)
{
	size_t off = 0;
	const char *q;

	skip_space(r);
	if (r->p == r->end)
		return false;
	for (;;) {
		q = r->p + off;
		while (q < r->end && !is_space(*q))
			q++;
		if (q < r->end || r->eof)
			break;
		off = (size_t)(q - r->p);
		bl_reader_fill(r, off + 1);
	}
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
	return r->eof ? (size_t)(r->end - r->p) : SIZE_MAX;
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

bool bl_parse_decimal(const char *s, double lo, double hi, double *out)
{
	char *end;
	double v;

	if (!s || !((*s >= '0' && *s <= '9') || *s == '.'))
		return false;
	errno = 0;
	v = strtod(s, &end);
	if (*end || errno || !isfinite(v) || v < lo || v > hi)
		return false;
	*out = v;
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

enum bl_code bl_read_int_in(struct bl_reader *r, int64_t lo, int64_t hi, const char *noun,
			    int64_t *out, struct bl_tok *tok, struct bl_err *err)
{
	struct bl_tok t;
	int64_t v;
	char what[128];
	bool got = bl_reader_next(r, &t);

	if (got && tok)
		*tok = t;
	if (got && bl_tok_int(&t, &v) && v >= lo && v <= hi) {
		*out = v;
		return BL_OK;
	}
	snprintf(what, sizeof what, "%s from %lld to %lld", noun, (long long)lo, (long long)hi);
	return got ? bl_fail_tok(&t, err, what) : bl_fail_eof(r, err, what);
}

size_t bl_read_ints_fast(struct bl_reader *r, int32_t lo, int32_t hi, int32_t *out, size_t n)
{
	const char *b = r->p, *q = b, *p = b, *end = r->end;
	int line = r->line, pline = line;
	/* A byte's column is its offset from b plus c0, which a newline resets. */
	ptrdiff_t c0 = r->col, pc0 = c0;
	size_t i = 0;

	/* Far from the reader's saturating counts: no column here can reach them. */
	if (end - b > INT_MAX / 2)
		end = b + INT_MAX / 2;
	if (r->col >= INT_MAX / 2 - 16)
		return 0;
	while (i < n) {
		while (q < end && (*q == ' ' || *q == '\n')) {
			if (*q == '\n') {
				if (line >= INT_MAX - 1)
					goto done;   /* the reader's count saturates there */
				line++;
				c0 = 1 - (q + 1 - b);
			}
			q++;
		}
		const char *s = q;
		unsigned d = q < end ? (unsigned)(unsigned char)*q - '0' : 10;
		int32_t v = 0;
		for (; d <= 9 && q - s < 9; d = q < end ? (unsigned)(unsigned char)*q - '0' : 10) {
			v = v * 10 + (int32_t)d;
			q++;
		}
		/* Not a number, one that goes on, or one that may go on in bytes still to come. */
		if (q == s || (q < end ? *q != ' ' && (*q < '\t' || *q > '\r') : !r->eof) ||
		    v < lo || v > hi)
			break;
		out[i++] = v;
		p = q;
		pline = line;
		pc0 = c0;
	}
done:
	if (i) {
		int col = (int)((p - b) + pc0);
		r->p = p;
		r->line = r->last_line = pline;
		r->col = r->last_col = col;
		r->ntok += i;
	}
	return i;
}

enum bl_code bl_expect_eof(struct bl_reader *r, struct bl_err *err)
{
	struct bl_tok t;
	if (!bl_reader_peek(r, &t))
		return BL_OK;
	return bl_fail_tok(&t, err, "end of input");
}

enum bl_code bl_refuse_bom(struct bl_reader *r, struct bl_err *err)
{
	if (r->ntok == 0 && r->line == 1 && r->col == 1 && bl_reader_fill(r, 3) &&
	    memcmp(r->p, "\xef\xbb\xbf", 3) == 0)
		return bl_fail_at(err, BL_ERR_INPUT, 1, 1, "unexpected byte order mark");
	return BL_OK;
}

static void offence(struct bl_layout *l, int line, int col, const char *why)
{
	bl_fail_at(&l->err, BL_ERR_INPUT, line, col, "%s", why);
}

void bl_layout_init(struct bl_layout *l)
{
	bl_err_clear(&l->err);
	l->n = 0;
	l->line = 1;
	l->col = 1;
	l->pline = l->pcol = 0;
	l->pending = 0;
	l->first = true;
	l->last = 0;
}

void bl_layout_feed(struct bl_layout *l, const char *s, size_t n)
{
	for (size_t i = 0; i < n && l->err.code == BL_OK; i++) {
		char c = s[i];

		/* A blank line or a space, decided by the byte after it. */
		if (l->pending == '\n')
			offence(l, l->pline, l->pcol, "a blank line");
		else if (l->pending == ' ' && c == '\n')
			offence(l, l->pline, l->pcol, "a space at the end of a line");
		else if (l->pending == ' ' && c == ' ')
			offence(l, l->pline, l->pcol, "two spaces in a row: tokens are separated by one");
		l->pending = 0;
		if (l->err.code != BL_OK)
			break;
		if ((c == '\n' && l->first) || (c == ' ' && !l->first)) {
			l->pending = c;
			l->pline = l->line;
			l->pcol = l->col;
		} else if (c == ' ') {
			offence(l, l->line, l->col, "a space at the start of a line");
		} else if (c == '\r') {
			offence(l, l->line, l->col,
				"a carriage return (CR): lines end with a line feed (LF) alone");
		} else if (c == '\t') {
			offence(l, l->line, l->col, "a tab: tokens are separated by one space");
		} else if (c != '\n' && is_space(c)) {
			offence(l, l->line, l->col,
				"a whitespace byte other than a space or a line feed");
		}
		if (c == '\n') {
			l->line = add_sat(l->line, 1);
			l->col = 1;
		} else if (!is_cont(c)) {
			l->col = add_sat(l->col, 1);
		}
		l->first = c == '\n';
		l->last = c;
		l->n++;
	}
}

enum bl_code bl_layout_end(struct bl_layout *l)
{
	if (l->err.code != BL_OK)
		return l->err.code;
	if (l->n == 0)
		offence(l, 1, 1, "empty input");
	else if (l->pending == '\n')
		offence(l, l->pline, l->pcol,
			"a blank line at the end of input: it ends with one newline");
	else if (l->pending == ' ')
		offence(l, l->pline, l->pcol, "a space at the end of a line");
	else if (l->last != '\n')
		offence(l, l->line, l->col, "no newline at the end of input");
	return l->err.code;
}

enum bl_code bl_check_layout(const char *text, size_t len, struct bl_err *err)
{
	struct bl_layout l;

	bl_layout_init(&l);
	bl_layout_feed(&l, text, len);
	if (bl_layout_end(&l) == BL_OK)
		return BL_OK;
	return bl_fail_at(err, l.err.code, l.err.line, l.err.col, "%s", l.err.msg);
}
