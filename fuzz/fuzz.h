/*
 * fuzz.h: what the libFuzzer harnesses of fuzz/ share.  Each harness is one
 * file, fuzz/NAME.c, defining LLVMFuzzerTestOneInput; `make fuzz` builds them
 * with clang -fsanitize=fuzzer,address,undefined and runs each on a seed
 * corpus built from the repository's tests (fuzz/corpus.sh).  A harness
 * checks more than "no crash": an error must carry a code and a message,
 * and a written form must read back to the same value.
 */
#ifndef BOARDLAB_FUZZ_H
#define BOARDLAB_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts, so that libFuzzer records the input, when cond is false. */
#define FUZZ_ASSERT(cond)                                                              \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "%s:%d: assertion failed: %s\n", __FILE__,     \
				__LINE__, #cond);                                      \
			abort();                                                       \
		}                                                                      \
	} while (0)

/*
 * A failed call left a real error: its code, a message, and for an input
 * error a position inside the text (lines are 1-based).
 */
static inline void fuzz_check_err(enum bl_code code, const struct bl_err *err)
{
	FUZZ_ASSERT(code != BL_OK);
	FUZZ_ASSERT(err->code == code);
	FUZZ_ASSERT(err->msg[0] != '\0');
	FUZZ_ASSERT(strlen(err->msg) < sizeof err->msg);
	FUZZ_ASSERT(err->line >= 0 && err->col >= 0);
	if (code == BL_ERR_INPUT)
		FUZZ_ASSERT(err->line >= 1 && err->col >= 1);
}

/*
 * A copy of the input in its own heap block of exactly size bytes (no NUL),
 * so that AddressSanitizer sees a read past its end.  Never NULL for size 0.
 */
static inline char *fuzz_copy(const uint8_t *data, size_t size)
{
	char *p = malloc(size ? size : 1);
	if (!p)
		abort();
	if (size)
		memcpy(p, data, size);
	return p;
}

/* A text given to a streamed reader a few bytes per read. */
struct fuzz_stream {
	const char *s;
	size_t len, at, step;
};

static inline ptrdiff_t fuzz_stream_read(void *ctx, char *dst, size_t cap)
{
	struct fuzz_stream *m = ctx;
	size_t n = m->len - m->at;

	if (n > cap)
		n = cap;
	if (n > m->step)
		n = m->step;
	memcpy(dst, m->s + m->at, n);
	m->at += n;
	return (ptrdiff_t)n;
}

/* Reads every instance of rd, appending what it parsed (or its error) to out. */
typedef void (*fuzz_parse_fn)(struct bl_reader *rd, const void *arg, struct bl_buf *out);

/* fn on rd, and where rd stopped, into out. */
static inline void fuzz_describe(struct bl_reader *rd, fuzz_parse_fn fn, const void *arg,
				 struct bl_buf *out)
{
	bl_buf_init(out);
	fn(rd, arg, out);
	bl_buf_printf(out, "at %llu %d:%d %zu tokens, last %d:%d\n",
		      (unsigned long long)bl_reader_offset(rd), rd->line, rd->col, rd->ntok,
		      rd->last_line, rd->last_col);
	FUZZ_ASSERT(!bl_buf_failed(out));
}

/* Aborts, showing both, when two descriptions differ; releases them. */
static inline void fuzz_same_text(struct bl_buf out[2], const char *a, const char *b)
{
	if (out[0].len != out[1].len || memcmp(out[0].data, out[1].data, out[0].len) != 0) {
		fprintf(stderr, "%s:\n%s\n%s:\n%s\n", a, out[0].data, b, out[1].data);
		abort();
	}
	bl_buf_release(&out[0]);
	bl_buf_release(&out[1]);
}

/*
 * The streamed reader must read as the reader of a text held whole: fn on
 * text read whole, and streamed in reads of 1 to 7 bytes (from the input's
 * length) with a buffer about as small, must describe the same instances
 * and stop at the same offset, line, column and token count.
 */
static inline void fuzz_same_stream(const char *text, size_t len, fuzz_parse_fn fn,
				    const void *arg)
{
	struct fuzz_stream m = { text, len, 0, 1 + len % 7 };
	struct bl_reader whole, stream;
	struct bl_buf out[2];

	bl_reader_init(&whole, text, len);
	bl_reader_init_stream(&stream, fuzz_stream_read, &m, 2 * m.step);
	fuzz_describe(&whole, fn, arg, &out[0]);
	fuzz_describe(&stream, fn, arg, &out[1]);
	bl_reader_release(&stream);
	fuzz_same_text(out, "read whole", "streamed");
}

/* Two ways of reading text, fn with arg a and with arg b, must agree as above. */
static inline void fuzz_same_parse(const char *text, size_t len, fuzz_parse_fn fn,
				   const void *a, const void *b)
{
	struct bl_reader ra, rb;
	struct bl_buf out[2];

	bl_reader_init(&ra, text, len);
	bl_reader_init(&rb, text, len);
	fuzz_describe(&ra, fn, a, &out[0]);
	fuzz_describe(&rb, fn, b, &out[1]);
	fuzz_same_text(out, "one way", "the other");
}

/* An error as fuzz_same_stream compares it. */
static inline void fuzz_put_err(struct bl_buf *out, enum bl_code code, const struct bl_err *err)
{
	bl_buf_printf(out, "error %d at %d:%d: %s\n", (int)code, err->line, err->col, err->msg);
}

#endif
