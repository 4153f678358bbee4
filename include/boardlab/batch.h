/*
 * batch: the instances of an input as the tool reads them (solve, check,
 * boj): a single instance that must end the input, or a batch of them until
 * it ends; a byte order mark refused; with the layout of check --strict
 * checked too, the first offence in reading order, the layout's or the
 * parser's.  The caller supplies the reader (a stream, io.h) and a function
 * per instance, and writes and reports what comes out.
 */
#ifndef BOARDLAB_BATCH_H
#define BOARDLAB_BATCH_H

#include <stdbool.h>

#include "buf.h"
#include "err.h"
#include "io.h"

/*
 * One instance: reads it from rd and appends its answer to out, or records
 * the error and returns its code (what it appended is then the caller's to
 * drop).  Called with out NULL, it only reads the instance (bl_batch_cut).
 */
typedef enum bl_code (*bl_instance_fn)(void *ctx, struct bl_reader *rd, struct bl_buf *out,
				       struct bl_err *err);

struct bl_batch {
	struct bl_reader *rd;
	bool many;                 /* a batch; else exactly one instance */
	const char *hint;          /* NULL, or said in parentheses after the message of a token
	                              that follows a single instance */
	struct bl_layout *layout;  /* NULL, or the layout check, which the caller feeds every
	                              byte as its read function reads it (check --strict) */
	bool json;                 /* a batch's answers are the elements of a JSON array:
	                              "[" before the first, commas between, "]" after */
	long done;                 /* instances read */
};

/* Whether an instance is to be read next: the first, or in a batch one before the end. */
bool bl_batch_more(struct bl_batch *b);

/*
 * Reads the next instance with fn, out its answer: the byte order mark
 * refused at the start of input, and a single instance followed by the end
 * of input ("expected end of input, found 'TOKEN'", with the hint).
 * BL_OK, or fn's code with *err the diagnostic: the layout's first offence
 * (BL_ERR_INPUT) when it comes before the parser's in reading order, and
 * then *instance is 0, else the instance's number in a batch (0 for a
 * single one), for the diagnostic to name.
 */
enum bl_code bl_batch_next(struct bl_batch *b, bl_instance_fn fn, void *ctx, struct bl_buf *out,
			   struct bl_err *err, long *instance);

/*
 * For an instance answered elsewhere (the tool's --jobs): reads the next
 * instance as bl_batch_next does, fn only reading it (out NULL), and gives
 * its bytes from where the reader stood (*text, *len: in the reader's
 * buffer, which the mark *at keeps until bl_reader_unmark(b->rd, at)).
 * Answer it with fn on a reader of those bytes made by bl_batch_reader.
 */
enum bl_code bl_batch_cut(struct bl_batch *b, bl_instance_fn fn, void *ctx, const char **text,
			  size_t *len, struct bl_mark *at, struct bl_err *err, long *instance);

/* A reader of text[0..len), cut at mark at, that counts lines and columns as from there. */
void bl_batch_reader(struct bl_reader *rd, const char *text, size_t len, const struct bl_mark *at);

/*
 * How bl_batch_run answers: on the calling thread, or on several (the
 * tool's --jobs), where the calling thread reads the instances
 * (bl_batch_cut: fn with out NULL) and hands them, in groups, to worker
 * threads, each answering with fn on a context of its own: a copy of the
 * caller's ctx_size bytes, whose objects ctx_fresh replaces with its own
 * (what it owns, ctx_release frees; either may be NULL).
 */
struct bl_jobs {
	int threads;                       /* 1, or workers, 2 to BL_JOBS_MAX */
	size_t ctx_size;                   /* 0: one thread answers, whatever threads says */
	void (*ctx_fresh)(void *ctx);
	void (*ctx_release)(void *ctx);
	/* Called as answers come into out (it may write them and empty out); false stops. */
	bool (*sink)(void *arg, struct bl_buf *out);
	void *sink_arg;
};

#define BL_JOBS_MAX 64

/*
 * The rest of batch b, its answers appended to out in input order, on
 * j->threads threads (on the calling thread alone if no worker can be
 * started), proto the calling thread's context for fn.  In memory: one
 * instance, or two groups of instances per worker (64 instances or 32 KiB
 * of text each), whatever the input.  BL_OK, or the first failure in input
 * order as bl_batch_next gives it, out then ending with the answers before
 * it; BL_ERR_IO when the sink refused or the reader failed, BL_ERR_NOMEM.
 * With out NULL (one thread only) fn only reads each instance.
 */
enum bl_code bl_batch_run(struct bl_batch *b, bl_instance_fn fn, void *proto,
			  const struct bl_jobs *j, struct bl_buf *out, struct bl_err *err,
			  long *instance);

/*
 * After the last instance: a JSON array's end appended to out (not NULL),
 * and the layout's offence, if any, into *err (BL_OK without a layout).
 */
enum bl_code bl_batch_end(struct bl_batch *b, struct bl_buf *out, struct bl_err *err);

#endif
