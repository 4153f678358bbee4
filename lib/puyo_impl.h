/*
 * puyo_impl: what the files of the puyo module share and no caller needs.
 * Not part of the interface (include/boardlab/puyo.h is).
 */
#ifndef BOARDLAB_PUYO_IMPL_H
#define BOARDLAB_PUYO_IMPL_H

#include "boardlab/puyo.h"

/* Pictures (lib/puyo_svg.c), drawn by the views. */

/*
 * The Puyo field, the top row first; the hidden rows shaded; the cells of
 * step (NULL for none) marked: the puyos about to pop ringed in black, the
 * ojama they clear in grey.
 */
void pic_puyo(const struct puyo_field *f, const struct puyo_rules *rules,
	      const struct puyo_step *step, const char *title, const char *caption,
	      struct bl_buf *out);

#endif
