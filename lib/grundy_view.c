/*
 * grundy_view: the views of an instance read as a stream (the explanation
 * of each piece's value), of a hint, of the pieces of a set, and of a
 * table (aligned text, CSV, an SVG heat map).  The long ones hand their
 * output to a drain as it grows, so that it is never held whole.
 */
#include "grundy_impl.h"

#include <stdio.h>
#include <string.h>

/* What an explanation carries from stone to stone. */
struct explain {
	struct bl_buf *out;
	const struct grundy_set *set;
	grundy_drain_fn drain;
	void *ctx;
	bool stopped;            /* the drain refused */
	struct bl_buf how;       /* the table's: one value's description */
};

/* "piece 2: R at (3, 4): 3 xor 4 = 7, xor so far 7" */
static bool explain_piece(void *vctx, const struct grundy_stone *s, int64_t index, uint64_t nim)
{
	struct explain *e = vctx;

	bl_buf_printf(e->out, "piece %lld: %c at (%llu, %llu): ", (long long)index,
		      grundy_set_letter(e->set, s->piece), (unsigned long long)s->x,
		      (unsigned long long)s->y);
	grundy_set_describe(e->set, s->piece, s->x, s->y, s->value, e->out);
	bl_buf_printf(e->out, ", xor so far %llu\n", (unsigned long long)nim);
	e->stopped = !grundy_drain(e->out, e->drain, e->ctx);
	return !e->stopped;
}

static void explain_total(struct bl_buf *out, int64_t count, uint64_t nim)
{
	if (nim)
		bl_buf_printf(out,
			      "xor of %lld value%s = %llu, not 0: koosaga, who moves first, has a "
			      "move to xor 0 and wins\n",
			      (long long)count, count == 1 ? "" : "s", (unsigned long long)nim);
	else
		bl_buf_printf(out,
			      "xor of %lld value%s = 0: every move of koosaga, who moves first, "
			      "leaves a non-zero xor, so cubelover wins\n",
			      (long long)count, count == 1 ? "" : "s");
}

enum bl_code grundy_explain(struct bl_reader *rd, const struct grundy_format *fmt,
			    const struct grundy_limits *lim, struct bl_buf *out,
			    grundy_drain_fn drain, void *ctx, struct bl_err *err)
{
	struct explain e = { out, fmt->set, drain, ctx, false, { NULL, 0, 0, false } };
	struct grundy_result res;
	enum bl_code code = grundy_stones(rd, fmt, lim, explain_piece, &e, &res, err);

	if (code == BL_OK && !e.stopped)
		explain_total(out, res.count, res.nim);
	return code;
}

bool grundy_window_at(int64_t m, const char *at, int64_t win, struct grundy_window *view)
{
	const char *comma = at ? strchr(at, ',') : NULL;
	struct bl_tok t = { at, comma ? (size_t)(comma - at) : 0, 0, 0 };
	int64_t x = 0, y = 0;

	if (at && (!comma || !bl_tok_int(&t, &x) || x < 0 || x > m - 1))
		return false;
	t.s = comma ? comma + 1 : "";
	t.len = strlen(t.s);
	if (at && (!bl_tok_int(&t, &y) || y < 0 || y > m - 1))
		return false;
	view->x0 = (int)x;
	view->y0 = (int)y;
	view->w = (int)(win && win < m - y ? win : m - y);
	view->h = (int)(win && win < m - x ? win : m - x);
	return true;
}

enum bl_code grundy_solve_write(struct bl_reader *rd, const struct grundy_format *fmt,
				const struct grundy_limits *lim, bool whole, bool explain,
				struct bl_buf *out, grundy_drain_fn drain, void *ctx,
				struct bl_err *err)
{
	struct bl_mark start, end;
	struct grundy_result res;
	enum bl_code code;

	if (explain)
		bl_reader_mark(rd, &start);
	if ((code = grundy_solve(rd, fmt, lim, &res, err)) == BL_OK &&
	    (!whole || (code = grundy_expect_end(rd, fmt, res.count, err)) == BL_OK)) {
		bl_buf_puts(out, grundy_winner(res.nim));
		bl_buf_putc(out, '\n');
		if (explain) {
			bl_reader_mark(rd, &end);
			bl_reader_rewind(rd, &start);
			code = grundy_explain(rd, fmt, lim, out, drain, ctx, err);
			bl_reader_rewind(rd, &end);
			bl_reader_unmark(rd, &end);
		}
	}
	if (explain)
		bl_reader_unmark(rd, &start);
	return code;
}

/* "          3          4  R rook   3 xor 4 = 7        7" */
static bool table_row(void *vctx, const struct grundy_stone *s, int64_t index, uint64_t nim)
{
	struct explain *e = vctx;
	const struct grundy_piece *p = e->set ? &e->set->piece[s->piece]
					      : grundy_builtin((enum grundy_piece_id)s->piece);

	(void)index;
	bl_buf_reset(&e->how);
	grundy_set_describe(e->set, s->piece, s->x, s->y, s->value, &e->how);
	bl_buf_printf(e->out, "  %9llu  %9llu  %c %-6s %-38s %11llu\n", (unsigned long long)s->x,
		      (unsigned long long)s->y, p->letter, p->name ? p->name : "",
		      e->how.data ? e->how.data : "", (unsigned long long)nim);
	return true;
}

enum bl_code grundy_explain_table(struct bl_reader *rd, const struct grundy_format *fmt,
				  const struct grundy_limits *lim, struct grundy_result *res,
				  struct bl_buf *out, struct bl_err *err)
{
	struct explain e = { out, fmt->set, NULL, NULL, false, { NULL, 0, 0, false } };
	enum bl_code code;

	bl_buf_printf(out, "  %9s  %9s  %-8s %-38s %11s\n", "x", "y", "piece", "grundy value",
		      "xor so far");
	code = grundy_stones(rd, fmt, lim, table_row, &e, res, err);
	bl_buf_release(&e.how);
	return code;
}

void grundy_hint_text(const struct grundy_set *set, const struct grundy_hint *h, struct bl_buf *out)
{
	if (!h->nim) {
		bl_buf_puts(out, "no winning move: the xor is 0, and every move leaves a non-zero "
				 "xor (cubelover wins against best play)\n");
		return;
	}
	bl_buf_printf(out, "move piece %lld (%c) from (%llu, %llu) to (%llu, %llu): value %llu to "
			   "%llu, xor %llu to 0\n",
		      (long long)h->index, grundy_set_letter(set, h->stone.piece),
		      (unsigned long long)h->stone.x, (unsigned long long)h->stone.y,
		      (unsigned long long)h->tx, (unsigned long long)h->ty,
		      (unsigned long long)h->stone.value, (unsigned long long)h->to,
		      (unsigned long long)h->nim);
}

void grundy_hint_json(const struct grundy_set *set, const struct grundy_hint *h, struct bl_buf *out)
{
	bl_buf_printf(out, "{\"xor\":%llu,\"winner\":", (unsigned long long)h->nim);
	bl_buf_json_str(out, grundy_winner(h->nim));
	if (!h->nim) {
		bl_buf_puts(out, ",\"move\":null}\n");
		return;
	}
	bl_buf_printf(out, ",\"move\":{\"piece\":%lld,\"letter\":\"%c\",\"from\":[%llu,%llu],"
			   "\"to\":[%llu,%llu],\"value\":%llu,\"to_value\":%llu}}\n",
		      (long long)h->index, grundy_set_letter(set, h->stone.piece),
		      (unsigned long long)h->stone.x, (unsigned long long)h->stone.y,
		      (unsigned long long)h->tx, (unsigned long long)h->ty,
		      (unsigned long long)h->stone.value, (unsigned long long)h->to);
}

/* Piece p's closed form in words, as the pieces' list says it, into closed[cap]. */
static void closed_text(const struct grundy_piece *p, int i, char *closed, size_t cap)
{
	int like = p->closed ? grundy_piece_like(p) : -1;

	if (like < 0)
		snprintf(closed, cap, "none: a brute-force table, up to %d x %d",
			 grundy_table_fit(p), grundy_table_fit(p));
	else if (i == like)
		snprintf(closed, cap, "%s", grundy_closed_words((enum grundy_piece_id)like));
	else
		snprintf(closed, cap, "the %s's: %s",
			 grundy_builtin((enum grundy_piece_id)like)->name,
			 grundy_closed_words((enum grundy_piece_id)like));
}

/* One piece of the list, as JSON. */
static void piece_json(struct bl_buf *out, const struct grundy_piece *p, const char *rule)
{
	int like = p->closed ? grundy_piece_like(p) : -1;

	bl_buf_printf(out, "{\"letter\":\"%c\",\"name\":", p->letter);
	bl_buf_json_str(out, p->name);
	bl_buf_puts(out, ",\"rule\":");
	bl_buf_json_str(out, rule);
	bl_buf_puts(out, ",\"closed\":");
	if (like >= 0)
		bl_buf_json_str(out, grundy_closed_words((enum grundy_piece_id)like));
	else
		bl_buf_puts(out, "null");
	bl_buf_printf(out, ",\"table_max\":%d}", grundy_table_fit(p));
}

void grundy_pieces_write(const struct grundy_set *set, bool json, struct bl_buf *out)
{
	struct bl_buf rule;

	bl_buf_init(&rule);
	if (json)
		bl_buf_putc(out, '[');
	for (int i = 0; i < set->n; i++) {
		const struct grundy_piece *p = &set->piece[i];
		char closed[160];

		bl_buf_reset(&rule);
		grundy_rule_format(p, &rule);
		if (json) {
			if (i)
				bl_buf_putc(out, ',');
			piece_json(out, p, rule.data ? rule.data : "");
			continue;
		}
		closed_text(p, i, closed, sizeof closed);
		bl_buf_printf(out, "%-7s %-40s closed form: %s\n", p->name,
			      rule.data ? rule.data : "", closed);
	}
	if (json)
		bl_buf_puts(out, "]\n");
	bl_buf_release(&rule);
}

/* The largest value in the window. */
static uint32_t window_max(const struct grundy_table *t, const struct grundy_window *win)
{
	uint32_t vmax = 0;

	for (int x = win->x0; x < win->x0 + win->h; x++)
		for (int y = win->y0; y < win->y0 + win->w; y++)
			if (grundy_table_at(t, x, y) > vmax)
				vmax = grundy_table_at(t, x, y);
	return vmax;
}

/* Aligned text: a head row of y, then a row per x, every column as wide as the widest. */
static void table_text(struct bl_buf *out, const struct grundy_table *t,
		       const struct grundy_window *win, grundy_drain_fn drain, void *ctx)
{
	int x0 = win->x0, y0 = win->y0, w = win->w, h = win->h;
	char tmp[24];
	int n = snprintf(tmp, sizeof tmp, "%u", window_max(t, win)), wx, width = n;

	n = snprintf(tmp, sizeof tmp, "%d", y0 + w - 1);
	width = n > width ? n : width;
	wx = snprintf(tmp, sizeof tmp, "%d", x0 + h - 1);
	wx = wx < 3 ? 3 : wx;
	bl_buf_printf(out, "%*s", wx, "x\\y");
	for (int y = y0; y < y0 + w; y++)
		bl_buf_printf(out, " %*d", width, y);
	bl_buf_putc(out, '\n');
	for (int x = x0; x < x0 + h; x++) {
		bl_buf_printf(out, "%*d", wx, x);
		for (int y = y0; y < y0 + w; y++) {
			bl_buf_printf(out, " %*u", width, grundy_table_at(t, x, y));
			if (!grundy_drain(out, drain, ctx))
				return;
		}
		bl_buf_putc(out, '\n');
	}
}

static void table_csv(struct bl_buf *out, const struct grundy_table *t,
		      const struct grundy_window *win, grundy_drain_fn drain, void *ctx)
{
	bl_buf_puts(out, "x\\y");
	for (int y = win->y0; y < win->y0 + win->w; y++)
		bl_buf_printf(out, ",%d", y);
	bl_buf_putc(out, '\n');
	for (int x = win->x0; x < win->x0 + win->h; x++) {
		bl_buf_int(out, x);
		for (int y = win->y0; y < win->y0 + win->w; y++) {
			bl_buf_putc(out, ',');
			bl_buf_int(out, grundy_table_at(t, x, y));
			if (!grundy_drain(out, drain, ctx))
				return;
		}
		bl_buf_putc(out, '\n');
	}
}

/* The heat map: x grows downward by rows, y rightward by columns, as in the text. */
static void table_svg(struct bl_buf *out, const struct grundy_table *t,
		      const struct grundy_piece *p, const struct grundy_window *win,
		      grundy_drain_fn drain, void *ctx)
{
	int x0 = win->x0, y0 = win->y0, w = win->w, h = win->h;
	int cell = w > h ? 512 / w : 512 / h, top = 24, left = 4, width, cap_w;
	uint32_t vmax = window_max(t, win);
	char caption[160];

	cell = cell < 1 ? 1 : cell > 32 ? 32 : cell;
	cap_w = snprintf(caption, sizeof caption,
			 "%c (%s): x %d..%d down, y %d..%d across, values 0..%u", p->letter,
			 p->name, x0, x0 + h - 1, y0, y0 + w - 1, vmax);
	/* At least as wide as the caption: 12 px sans-serif is under 7 px a character. */
	width = left + w * cell + 4;
	width = width < left + 7 * cap_w + 4 ? left + 7 * cap_w + 4 : width;
	bl_buf_printf(out,
		      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		      "shape-rendering=\"crispEdges\">\n",
		      width, top + h * cell + 4);
	bl_buf_printf(out,
		      "<text x=\"%d\" y=\"16\" font-family=\"sans-serif\" font-size=\"12\">%s</text>\n",
		      left, caption);
	for (int x = x0; x < x0 + h; x++)
		for (int y = y0; y < y0 + w; y++) {
			char col[8];
			uint32_t v = grundy_table_at(t, x, y);
			pic_heat(v, vmax, col, sizeof col);
			bl_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">",
				      left + (y - y0) * cell, top + (x - x0) * cell, cell, cell, col);
			bl_buf_printf(out, "<title>(%d, %d): %u</title></rect>\n", x, y, v);
			if (!grundy_drain(out, drain, ctx))
				return;
		}
	bl_buf_puts(out, "</svg>\n");
}

void grundy_table_write(const struct grundy_table *t, const struct grundy_piece *p,
			enum grundy_table_format f, const struct grundy_window *win,
			struct bl_buf *out, grundy_drain_fn drain, void *ctx)
{
	if (f == GRUNDY_TABLE_TEXT)
		table_text(out, t, win, drain, ctx);
	else if (f == GRUNDY_TABLE_CSV)
		table_csv(out, t, win, drain, ctx);
	else
		table_svg(out, t, p, win, drain, ctx);
}

/* ---- the demo ---- */

enum bl_code grundy_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err)
{
	struct grundy_format fmt = { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE };
	struct grundy_limits lim;
	struct grundy_result res;
	struct bl_reader rd;
	enum bl_code c;

	grundy_limits_boj(&lim);
	bl_reader_init(&rd, example, len);
	bl_buf_puts(out,
		    "Pieces on a quarter-plane board move only toward (0, 0), one piece a move;\n"
		    "who cannot move loses.  Each piece is worth its grundy value and the\n"
		    "position the xor of them: koosaga, who moves first, wins exactly when the\n"
		    "xor is not 0.  The example (BOJ 16880 format, examples/grundy.txt):\n\n");
	if ((c = grundy_explain_table(&rd, &fmt, &lim, &res, out, err)) != BL_OK ||
	    (c = bl_expect_eof(&rd, err)) != BL_OK)
		return c;
	bl_buf_printf(out, "\nanswer: %s (the xor is %s0)\n", grundy_winner(res.nim),
		      res.nim ? "not " : "");
	bl_buf_puts(out, "'boardlab grundy solve --explain examples/grundy.txt' says the same, a line\n"
			 "a piece, and explains any other file so\n");
	return BL_OK;
}
