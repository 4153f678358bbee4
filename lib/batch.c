/*
 * batch: the instances of an input as the tool reads them (see
 * boardlab/batch.h), on the reader and the layout check of io.c.
 */
#include "boardlab/batch.h"

#include <stdio.h>
#include <string.h>

bool bl_batch_more(struct bl_batch *b)
{
	return b->many ? !bl_reader_eof(b->rd) : b->done == 0;
}

enum bl_code bl_batch_next(struct bl_batch *b, bl_instance_fn fn, void *ctx, struct bl_buf *out,
			   struct bl_err *err, long *instance)
{
	/* Every game's input: a BOM would be glued, unseen, to the first token. */
	enum bl_code code = bl_refuse_bom(b->rd, err);
	struct bl_layout *l = b->layout;

	*instance = b->many ? b->done + 1 : 0;
	if (code == BL_OK)
		code = fn(ctx, b->rd, out, err);
	if (code == BL_OK && !b->many && (code = bl_expect_eof(b->rd, err)) != BL_OK && b->hint) {
		size_t n = strlen(err->msg);
		snprintf(err->msg + n, sizeof err->msg - n, " (%s)", b->hint);
	}
	if (code == BL_OK) {
		b->done++;
		return BL_OK;
	}
	if (err->code == BL_OK)
		bl_fail(err, code, "%s", bl_code_str(code));
	/* The layout's offence is decided up to what was read: all of it at the end. */
	if (l && b->rd->eof)
		bl_layout_end(l);
	if (l && l->err.code != BL_OK && err->code == BL_ERR_INPUT &&
	    (l->err.line < err->line || (l->err.line == err->line && l->err.col < err->col))) {
		*err = l->err;
		*instance = 0;
	}
	return code;
}

enum bl_code bl_batch_cut(struct bl_batch *b, bl_instance_fn fn, void *ctx, const char **text,
			  size_t *len, struct bl_mark *at, struct bl_err *err, long *instance)
{
	enum bl_code code;

	bl_reader_mark(b->rd, at);
	code = bl_batch_next(b, fn, ctx, NULL, err, instance);
	*text = bl_reader_since(b->rd, at, len);
	return code;
}

void bl_batch_reader(struct bl_reader *rd, const char *text, size_t len, const struct bl_mark *at)
{
	bl_reader_init(rd, text, len);
	rd->line = at->line;
	rd->col = at->col;
	rd->last_line = at->last_line;
	rd->last_col = at->last_col;
	rd->ntok = at->ntok;
}

enum bl_code bl_batch_end(struct bl_batch *b, struct bl_err *err)
{
	if (!b->layout || bl_layout_end(b->layout) == BL_OK)
		return BL_OK;
	*err = b->layout->err;
	return err->code;
}
