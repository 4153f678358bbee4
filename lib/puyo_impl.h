/*
 * puyo_impl: what the files of the puyo module share and no caller needs.
 * Not part of the interface (include/boardlab/puyo.h is).
 */
#ifndef BOARDLAB_PUYO_IMPL_H
#define BOARDLAB_PUYO_IMPL_H

#include "boardlab/puyo.h"

/*
 * "3 chains, 1000 points, 14 ojama sent" (", all clear" after it when the
 * chain ends in one), without a newline: Tsu's answer line
 * (lib/puyo_text.c), also the replay's answer under Tsu's rules.
 */
void puyo_totals_text(const struct puyo_result *res, struct bl_buf *out);

/*
 * "3 chains, 12 puyos popped, 0 left", without a newline: the totals under
 * BOJ's rules, which have neither ojama nor score (the text trace's last
 * line and the replay's answer).
 */
void puyo_boj_totals_text(const struct puyo_result *res, struct bl_buf *out);

#endif
