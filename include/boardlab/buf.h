/*
 * buf: a growable text buffer, the one way libboardlab produces text
 * (answers, traces, help).  The caller owns the struct; the bytes are always
 * NUL-terminated.  An allocation failure is sticky: later appends do nothing
 * and bl_buf_failed() says so, so writers need not check every call.
 */
#ifndef BOARDLAB_BUF_H
#define BOARDLAB_BUF_H

#include <stdbool.h>
#include <stddef.h>

struct bl_buf {
	char *data;      /* NUL-terminated when len > 0 or cap > 0 */
	size_t len;      /* bytes used, the NUL excluded */
	size_t cap;      /* bytes allocated */
	bool failed;     /* an allocation failed; contents are truncated */
};

/* An empty buffer that owns nothing yet. */
void bl_buf_init(struct bl_buf *b);

/* Frees the bytes and leaves an empty buffer.  b may be NULL. */
void bl_buf_release(struct bl_buf *b);

/* Empties the buffer, keeping its allocation. */
void bl_buf_reset(struct bl_buf *b);

/* Makes room for n more bytes; false (and the buffer failed) if it cannot. */
bool bl_buf_reserve(struct bl_buf *b, size_t n);

/*
 * Append n bytes from p, the NUL-terminated string s, one byte c, or the
 * printf-formatted text.  Each keeps the bytes NUL-terminated and grows the
 * buffer as needed; after an allocation failure (bl_buf_failed) they do
 * nothing.  p may hold any bytes, NUL included; it must not point into b.
 */
void bl_buf_add(struct bl_buf *b, const void *p, size_t n);
void bl_buf_puts(struct bl_buf *b, const char *s);
void bl_buf_putc(struct bl_buf *b, char c);
void bl_buf_printf(struct bl_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* Appends a signed decimal integer (faster than printf on hot paths). */
void bl_buf_int(struct bl_buf *b, long long v);

/*
 * Appends s as a JSON string literal, quotes included: '"', '\\' and the
 * control characters are escaped (\n, \t, \r, \b, \f, else \u00XX); other
 * bytes, UTF-8 included, are copied as they are.
 */
void bl_buf_json_str(struct bl_buf *b, const char *s);

/*
 * p[0..len) (any bytes, NUL included) as a JSON string, quotes and all:
 * the bytes that are not UTF-8 become U+FFFD.
 */
void bl_buf_json_bytes(struct bl_buf *b, const char *p, size_t len);

/*
 * Appends w as one word of a POSIX shell command line: as it is when every
 * byte is a letter, a digit or one of _-./=:,+@%, else in single quotes
 * (a quote inside as '\''); "" is ''.  bl_buf_shell_words appends the
 * NULL-terminated words, a space between each two.
 */
void bl_buf_shell_word(struct bl_buf *b, const char *w);
void bl_buf_shell_words(struct bl_buf *b, char *const *words);

/*
 * Appends a shell command that prints text[0..len) exactly: printf with
 * the bytes as its format in single quotes, on one line (a newline as \n,
 * \r, \t, a backslash as \\, % as %%, a quote as '\'', other control
 * bytes as \NNN in octal).
 */
void bl_buf_shell_printf(struct bl_buf *b, const char *text, size_t len);

/* True when an append could not allocate. */
bool bl_buf_failed(const struct bl_buf *b);

/*
 * Styles: a text view marks its coloured parts (a red cell, a player's
 * name) as spans of a hue, and a style says what to write around each span:
 * start[hue] before it, end after it.  A NULL style, or a NULL string in
 * one, writes nothing, so a styled text is the plain text with the spans'
 * strings added, by construction.  The views take the style as given;
 * whether to colour (a terminal, NO_COLOR) is the caller's choice.
 */
enum bl_hue {
	BL_HUE_RED,
	BL_HUE_GREEN,
	BL_HUE_BLUE,
	BL_HUE_YELLOW,
	BL_HUE_PURPLE,
	BL_HUE_CYAN,
	BL_HUE_WHITE,
	BL_HUE_COUNT
};

struct bl_style {
	const char *start[BL_HUE_COUNT];   /* written before a span of that hue */
	const char *end;                   /* written after every span */
};

/* The terminal's style: bold ANSI colours, reset after each span. */
const struct bl_style *bl_style_ansi(void);

/* Append st's start of a span of hue h, or its end (nothing for a NULL st). */
void bl_buf_span(struct bl_buf *b, const struct bl_style *st, enum bl_hue h);
void bl_buf_span_end(struct bl_buf *b, const struct bl_style *st);

#endif
