/*
 * err: the error codes every fallible libboardlab function returns, and the
 * caller-owned struct that carries the message and the input position.
 * Nothing here allocates: the message lives in a fixed buffer and the first
 * error recorded wins, so a failing parser can report and unwind cheaply.
 */
#ifndef BOARDLAB_ERR_H
#define BOARDLAB_ERR_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The one list of codes: X(NAME, "description").  BL_OK must stay first (0).
 * BL_ERR_INPUT is bad input data; BL_ERR_ARG a bad argument from the caller
 * (an option value); the others are resource or internal failures.
 */
#define BL_CODES(X)                                   \
	X(BL_OK, "ok")                                \
	X(BL_ERR_INPUT, "invalid input data")         \
	X(BL_ERR_ARG, "invalid argument")             \
	X(BL_ERR_NOMEM, "out of memory")              \
	X(BL_ERR_LIMIT, "limit exceeded")             \
	X(BL_ERR_IO, "input/output error")            \
	X(BL_ERR_INTERNAL, "internal error")

enum bl_code {
#define BL_CODE_ENUM(name, text) name,
	BL_CODES(BL_CODE_ENUM)
#undef BL_CODE_ENUM
	BL_CODE_COUNT
};

#define BL_ERR_MSG_MAX 240

struct bl_err {
	enum bl_code code;          /* BL_OK until the first failure */
	int line, col;              /* 1-based position, 0 when there is none */
	char msg[BL_ERR_MSG_MAX];   /* lowercase, no final full stop */
};

/* Resets *err to "no error".  err may be NULL. */
void bl_err_clear(struct bl_err *err);

/* The fixed description of a code ("out of memory"); never NULL. */
const char *bl_code_str(enum bl_code code);

/*
 * Records code and the printf-formatted message in *err unless an error is
 * already recorded there (the first one wins), with no position.  Returns
 * code, so a caller can write `return bl_fail(err, BL_ERR_INPUT, ...)`.
 * err may be NULL, in which case only the code is returned.
 */
enum bl_code bl_fail(struct bl_err *err, enum bl_code code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 3, 4)))
#endif
	;

/* As bl_fail, with a 1-based line and column. */
enum bl_code bl_fail_at(struct bl_err *err, enum bl_code code, int line, int col,
			const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/* Room bl_bytes_text needs. */
#define BL_BYTES_TEXT_MAX 32

/*
 * Writes a memory size for a message into buf (BL_BYTES_TEXT_MAX bytes) and
 * returns buf: "N GiB", "N MiB", "N KiB" in the largest unit that divides
 * bytes exactly, else "N bytes" (so a --max-memory value reads back as it
 * was given).  bl_bytes_text_up first rounds up to a whole MiB from 1 MiB
 * on, to a whole KiB below: for a need, "up to" it.
 */
char *bl_bytes_text(unsigned long long bytes, char *buf);
char *bl_bytes_text_up(unsigned long long bytes, char *buf);

/*
 * A size as the tool's --max-memory reads it: a decimal integer of bytes
 * with an optional suffix K, M or G (powers of 1024; k, m and g too), from
 * 1 to max.  True with the bytes in *out; false for anything else.
 */
bool bl_bytes_parse(const char *s, unsigned long long max, unsigned long long *out);

#endif
