/*
 * pic_grundy: the SVG picture of a Grundy position: for each kind of piece
 * in it, that piece's table as a heat map over the window from (0, 0), x
 * down and y across as `grundy table` prints it, with the pieces of that
 * kind on it.  The colours are the heat map of `grundy table --format svg`.
 */
#include "svg.h"

#include <stdio.h>

enum { TOP = 60, LEFT = 30, GAP = 36, PANEL = 336 };

/* A cell's side: the window fills PANEL pixels, at most 36 a cell. */
static int cell_size(int win)
{
	return PANEL / win < 36 ? PANEL / win : 36;
}

void pic_heat(uint32_t v, uint32_t vmax, char *out, size_t cap)
{
	static const int stops[5][3] = {
		{ 255, 255, 204 }, { 254, 217, 118 }, { 253, 141, 60 }, { 227, 26, 28 }, { 128, 0, 38 },
	};
	uint64_t pos = vmax ? (uint64_t)v * 4000 / vmax : 0;   /* 0..4000 */
	int k = pos >= 4000 ? 3 : (int)(pos / 1000);
	int f = (int)(pos - (uint64_t)k * 1000), c[3];

	for (int i = 0; i < 3; i++)
		c[i] = stops[k][i] + (stops[k + 1][i] - stops[k][i]) * f / 1000;
	snprintf(out, cap, "#%02x%02x%02x", c[0], c[1], c[2]);
}

int pic_grundy_window(const struct grundy_stone *st, size_t n)
{
	uint64_t m = 3;

	for (size_t i = 0; i < n; i++) {
		if (st[i].x > m && st[i].x < GRUNDY_PIC_WINDOW)
			m = st[i].x;
		if (st[i].y > m && st[i].y < GRUNDY_PIC_WINDOW)
			m = st[i].y;
	}
	return (int)m + 1 > GRUNDY_PIC_WINDOW ? GRUNDY_PIC_WINDOW : (int)m + 1;
}

/* The kinds of piece among st[0..n), in used[], and how many (at least 1). */
static int kinds_of(const struct grundy_stone *st, size_t n, bool *used)
{
	int kinds = 0;

	for (int p = 0; p < GRUNDY_SET_MAX; p++)
		used[p] = false;
	for (size_t i = 0; i < n; i++) {
		kinds += !used[st[i].piece];
		used[st[i].piece] = true;
	}
	return kinds ? kinds : 1;
}

/*
 * Piece p's heat map at x0: its largest value in *vmax, and unless
 * !draw its cells (with their values when a cell is 20 pixels or more).
 */
static enum bl_code heat_map(struct grundy_set *set, int p, int win, int x0, bool draw,
			     uint32_t *vmax, struct bl_buf *out, struct bl_err *err)
{
	int cell = cell_size(win);
	char col[8];
	enum bl_code code;

	*vmax = 0;
	for (int pass = 0; pass < 1 + draw; pass++) {
		for (int x = 0; x < win; x++) {
			for (int y = 0; y < win; y++) {
				uint64_t v;
				if ((code = grundy_set_value(set, p, (uint64_t)x, (uint64_t)y, &v, err)) !=
				    BL_OK)
					return code;
				if (pass == 0) {
					*vmax = v > *vmax ? (uint32_t)v : *vmax;
					continue;
				}
				pic_heat((uint32_t)v, *vmax, col, sizeof col);
				svg_rect(out, x0 + y * cell, TOP + x * cell, cell, cell, 0, col, NULL);
				if (cell >= 20)   /* room for the value itself, pale on dark */
					svg_text(out, x0 + y * cell + 3, TOP + x * cell + 11, 9,
						 "start", 2 * v > *vmax ? "#ffffff" : "#555555", "%llu",
						 (unsigned long long)v);
			}
		}
	}
	return BL_OK;
}

enum bl_code pic_grundy_defs(struct grundy_set *set, const struct grundy_stone *st, size_t n,
			     int win, const char *id, struct bl_buf *out, struct bl_err *err)
{
	bool used[GRUNDY_SET_MAX];
	int k = 0, cell = cell_size(win);
	uint32_t vmax;
	enum bl_code code;

	kinds_of(st, n, used);
	bl_buf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" "
			   "style=\"position:absolute\" aria-hidden=\"true\"><defs><g id=\"%s\">\n",
		      id);
	for (int p = 0; p < set->n; p++) {
		if (!used[p])
			continue;
		if ((code = heat_map(set, p, win, LEFT + k * (win * cell + GAP), true, &vmax, out,
				     err)) != BL_OK)
			return code;
		k++;
	}
	bl_buf_puts(out, "</g></defs></svg>\n");
	return BL_OK;
}

enum bl_code pic_grundy(struct grundy_set *set, const struct grundy_stone *st, size_t n, int win,
			size_t moved, uint64_t fx, uint64_t fy, const char *heat_id,
			const char *title, const char *caption, struct bl_buf *out,
			struct bl_err *err)
{
	bool used[GRUNDY_SET_MAX];
	int kinds = kinds_of(st, n, used), cell = cell_size(win), k = 0;
	size_t outside = 0;
	char desc[320];
	enum bl_code code;

	for (size_t i = 0; i < n; i++)
		outside += st[i].x >= (uint64_t)win || st[i].y >= (uint64_t)win;
	snprintf(desc, sizeof desc,
		 "for each kind of piece, its grundy values on the cells 0 <= x, y < %d (x down, y "
		 "across) as a heat map, pale for 0 to dark red for the largest, with the pieces "
		 "of that kind drawn as discs (%zu piece%s in all)%s",
		 win, n, n == 1 ? "" : "s", outside ? "; pieces beyond the window are counted" : "");
	svg_begin(out, LEFT + kinds * (win * cell + GAP), TOP + win * cell + 40, title, desc);
	svg_text(out, 6, 18, 14, "start", "#111111", "%s", caption);
	if (heat_id)
		bl_buf_printf(out, "<use href=\"#%s\"/>\n", heat_id);
	for (int p = 0; p < set->n; p++) {
		uint32_t vmax = 0;
		int x0 = LEFT + k * (win * cell + GAP);
		if (!used[p])
			continue;
		k++;
		if ((code = heat_map(set, p, win, x0, !heat_id, &vmax, out, err)) != BL_OK)
			return code;
		svg_text(out, x0, TOP - 22, 13, "start", "#111111", "%c (%s): values 0..%u",
			 set->piece[p].letter, set->piece[p].name ? set->piece[p].name : "custom",
			 vmax);
		for (int i = 0; i < win; i += win > 12 ? 4 : 1) {
			svg_text(out, x0 + i * cell + cell / 2, TOP - 6, 10, "middle", "#555555", "%d",
				 i);
			svg_text(out, x0 - 4, TOP + i * cell + cell / 2 + 4, 10, "end", "#555555",
				 "%d", i);
		}
		for (size_t i = 0; i < n; i++) {
			int cx, cy;
			if (st[i].piece != p || st[i].x >= (uint64_t)win || st[i].y >= (uint64_t)win)
				continue;
			cx = x0 + (int)st[i].y * cell + cell / 2;
			cy = TOP + (int)st[i].x * cell + cell / 2;
			bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#1b3a6b\" "
					   "stroke=\"%s\" stroke-width=\"%d\"/>\n",
				      cx, cy, cell / 2 - 1 < 11 ? cell / 2 - 1 : 11, i == moved ? "#00c8ff" : "#ffffff",
				      i == moved ? 3 : 1);
			svg_text(out, cx, cy + 4, cell > 18 ? 11 : 9, "middle", "#ffffff", "%c",
				 set->piece[p].letter);
		}
		if (moved < n && st[moved].piece == p && fx < (uint64_t)win && fy < (uint64_t)win)
			bl_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
					   "fill=\"none\" stroke=\"#00a0d0\" stroke-width=\"2\" "
					   "stroke-dasharray=\"3 2\"/>\n",
				      x0 + (int)fy * cell + 1, TOP + (int)fx * cell + 1, cell - 2,
				      cell - 2);
	}
	if (outside)
		svg_text(out, 6, TOP + win * cell + 26, 12, "start", "#111111",
			 "%zu piece%s outside the window not drawn", outside,
			 outside == 1 ? "" : "s");
	svg_end(out);
	return BL_OK;
}
