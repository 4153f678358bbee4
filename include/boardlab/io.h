/*
 * io: a tokenizer over text, held in memory or streamed through a caller's
 * read function, with 1-based line and column positions for diagnostics.  Columns are GNU's: display columns with tab
 * stops every 8, a UTF-8 character counting once; LF, CR LF and a lone CR
 * each end a line; positions saturate at INT_MAX rather than overflow.
 * Every game's parser reads through it, so the
 * wording of the common faults (a missing token, a non-number, a value out
 * of range, an extra token) is the same everywhere.  The reader borrows the
 * text; it allocates nothing.
 */
#ifndef BOARDLAB_IO_H
#define BOARDLAB_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "err.h"

/* A whitespace-free run of bytes and where it starts. */
struct bl_tok {
	const char *s;
	size_t len;
	int line, col;   /* 1-based */
};

/*
 * A streamed reader's source: reads at most cap bytes into dst and returns
 * how many, 0 at the end of input, or -1 on a failure (the reader then sees
 * the end of input, and bl_reader_status says BL_ERR_IO).
 */
typedef ptrdiff_t (*bl_read_fn)(void *ctx, char *dst, size_t cap);

struct bl_reader {
	const char *p, *end;   /* unread bytes in hand */
	int line, col;         /* position of p */
	int last_line, last_col; /* just past the last token read */
	size_t ntok;           /* tokens read so far */
	bool eof;              /* no byte will come after end (always, for a text) */
	/* A streamed reader's source and buffer; read is NULL for a text. */
	bl_read_fn read;
	void *ctx;
	char *buf;             /* owned, cap bytes; [buf, end) holds what was read and kept */
	size_t cap, chunk;
	const char *base;      /* the text, or buf: where offset base_off is */
	uint64_t base_off;
	uint64_t mark;         /* the first offset kept for a rewind, UINT64_MAX for none */
	enum bl_code status;   /* BL_OK, or BL_ERR_IO / BL_ERR_NOMEM once reading failed */
};

/* Starts reading text[0..len).  The text must outlive the reader. */
void bl_reader_init(struct bl_reader *r, const char *text, size_t len);

/* A streamed reader's read size when bl_reader_init_stream is given 0. */
#define BL_READ_CHUNK ((size_t)1 << 16)

/*
 * Starts reading the bytes read(ctx, ...) gives, chunk bytes at a time
 * (0: BL_READ_CHUNK).  Nothing is read yet.  A token's s points into the
 * reader's buffer and stays valid until the next call that reads from r:
 * a parser that needs a token's bytes later copies them.  Release with
 * bl_reader_release.
 */
void bl_reader_init_stream(struct bl_reader *r, bl_read_fn read, void *ctx, size_t chunk);

/* Frees a streamed reader's buffer; nothing for a text.  r may be NULL. */
void bl_reader_release(struct bl_reader *r);

/*
 * Brings at least want unread bytes into [r->p, r->end) unless the input
 * ends first, reading as needed; true when they are there.  The bytes in
 * hand may move (r->p and r->end follow; held token pointers do not).
 */
bool bl_reader_fill(struct bl_reader *r, size_t want);

/* BL_OK, or why reading stopped early: BL_ERR_IO (the read function failed) or BL_ERR_NOMEM. */
enum bl_code bl_reader_status(const struct bl_reader *r);

/* The offset of r->p from the start of the input. */
uint64_t bl_reader_offset(const struct bl_reader *r);

/*
 * A position to come back to.  bl_reader_mark records where r stands and
 * keeps every byte from there on until bl_reader_unmark (so memory grows
 * with what is read meanwhile); bl_reader_rewind goes back to it, line,
 * column and token count included.  Marks nest: unmark the last one first.
 */
struct bl_mark {
	uint64_t off, prev;
	int line, col, last_line, last_col;
	size_t ntok;
};
void bl_reader_mark(struct bl_reader *r, struct bl_mark *m);
void bl_reader_rewind(struct bl_reader *r, const struct bl_mark *m);
void bl_reader_unmark(struct bl_reader *r, const struct bl_mark *m);

/* The bytes from mark m to r->p, which the mark keeps in hand; *len their count. */
const char *bl_reader_since(const struct bl_reader *r, const struct bl_mark *m, size_t *len);

/*
 * Skips whitespace (space, tab, \n, \r, \v, \f) and reads the next token
 * into *t.  Returns false at end of input (and *t is untouched).
 */
bool bl_reader_next(struct bl_reader *r, struct bl_tok *t);

/* As bl_reader_next, but leaves the token unread. */
bool bl_reader_peek(struct bl_reader *r, struct bl_tok *t);

/* True when only whitespace is left. */
bool bl_reader_eof(struct bl_reader *r);

/*
 * Bytes not yet read: an upper bound on the tokens still to come.  For a
 * stream not yet at its end, SIZE_MAX: the bytes to come are unknown.
 */
size_t bl_reader_left(const struct bl_reader *r);

/*
 * Where a missing token is reported: just past the last token read (1:1 for
 * input with no token), so an editor jumps to where the input stops.
 */
void bl_reader_end_pos(const struct bl_reader *r, int *line, int *col);

/*
 * Writes tok as it is shown inside quotes in a message: at most 32 bytes,
 * then an ellipsis U+2026 when it is cut.  Printable ASCII and well-formed UTF-8 characters stay as they
 * are; other bytes, a quote and a backslash are shown as \xHH.  Returns dst.
 */
char *bl_tok_quote(const struct bl_tok *t, char *dst, size_t cap);

/* Room bl_tok_quote needs for any token. */
#define BL_TOK_QUOTE_MAX 160

/*
 * The character of t that starts at byte off (a whole UTF-8 sequence when one
 * starts there, else one byte), as a token with its own line and column: for
 * a diagnostic that points inside a token.  off < t->len.
 */
struct bl_tok bl_tok_char(const struct bl_tok *t, size_t off);

/*
 * Parses t as a decimal integer (an optional minus sign, digits only: "+5"
 * is refused, as the judges' formats never write it).  Returns false
 * when it is not one or does not fit in int64_t.
 */
bool bl_tok_int(const struct bl_tok *t, int64_t *out);

/*
 * A positive decimal number as an option writes it ("0.5", "2", ".25":
 * digits and a point, no sign, no exponent's letter first) in [lo, hi] into
 * *out; false when s is not one.
 */
bool bl_parse_decimal(const char *s, double lo, double hi, double *out);

/*
 * Reads one integer in [lo, hi].  On failure records an input error at the
 * offending token (or the end of input) with the message
 * "expected WHAT, found 'TOKEN'" or "expected WHAT, found end of input",
 * and returns BL_ERR_INPUT.  what is a noun phrase: "a colour 0, 1 or 2".
 * tok, if not NULL, receives the token read.
 */
enum bl_code bl_read_int(struct bl_reader *r, int64_t lo, int64_t hi, const char *what,
			 int64_t *out, struct bl_tok *tok, struct bl_err *err);

/*
 * bl_read_int with WHAT "NOUN from LO to HI" ("a row from 1 to 8"), the
 * text made only when the read fails: a parser's range costs nothing on
 * the way through.
 */
enum bl_code bl_read_int_in(struct bl_reader *r, int64_t lo, int64_t hi, const char *noun,
			    int64_t *out, struct bl_tok *tok, struct bl_err *err);

/*
 * The fast way through a run of small numbers: reads up to n integers in
 * [lo, hi] (0 <= lo <= hi) written the plain way, at most 9 digits with
 * only spaces and newlines before each, into out, leaving r exactly as n
 * calls of bl_read_int would (position, line and column, the last token's
 * end, the token count).  Returns how many it read: it stops before a
 * token written any other way or out of range, and where the bytes in
 * hand end, and the caller reads on with bl_read_int, which reports any
 * error.
 */
size_t bl_read_ints_fast(struct bl_reader *r, int32_t lo, int32_t hi, int32_t *out, size_t n);

/* Records "expected WHAT, found end of input" at the end of input. */
enum bl_code bl_fail_eof(const struct bl_reader *r, struct bl_err *err, const char *what);

/* Records "expected WHAT, found 'TOKEN'" at the token. */
enum bl_code bl_fail_tok(const struct bl_tok *t, struct bl_err *err, const char *what);

/*
 * Succeeds when only whitespace is left; otherwise records
 * "expected end of input, found 'TOKEN'" at the next token.
 */
enum bl_code bl_expect_eof(struct bl_reader *r, struct bl_err *err);

/*
 * BL_ERR_INPUT "unexpected byte order mark" at 1:1 when r has read nothing
 * yet and its text starts with the UTF-8 byte order mark (which would
 * otherwise be glued, unseen, to the first token); BL_OK otherwise.
 */
enum bl_code bl_refuse_bom(struct bl_reader *r, struct bl_err *err);

/*
 * The exact layout a strict validator (testlib's) asks of a test file,
 * beside what the parsers check: text[0..len) is not empty, its tokens are
 * separated by single spaces, no line starts or ends with a space, no line
 * is blank, and it ends with one newline; no tab, CR or other whitespace
 * byte.  BL_OK, or BL_ERR_INPUT at the first offence's line and column (a
 * missing final newline: just past the last byte) with a message such as
 * "two spaces in a row: tokens are separated by one".
 */
enum bl_code bl_check_layout(const char *text, size_t len, struct bl_err *err);

/*
 * The same check on text that comes in pieces (a streamed input, as it is
 * read): bl_layout_feed each piece in order, then bl_layout_end.  The first
 * offence is recorded in l->err as soon as the bytes decide it (a space
 * waits for the byte after it); bl_layout_end decides the rest and returns
 * l->err's code.
 */
struct bl_layout {
	struct bl_err err;     /* the first offence, once found */
	uint64_t n;            /* bytes fed */
	int line, col;         /* of the next byte */
	int pline, pcol;       /* of the pending byte */
	char pending;          /* ' ' or '\n' waiting for the byte after it, or 0 */
	bool first;            /* the next byte starts a line */
	char last;             /* the last byte fed */
};
void bl_layout_init(struct bl_layout *l);
void bl_layout_feed(struct bl_layout *l, const char *s, size_t n);
enum bl_code bl_layout_end(struct bl_layout *l);

#endif
