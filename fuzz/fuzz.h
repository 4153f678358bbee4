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

#endif
