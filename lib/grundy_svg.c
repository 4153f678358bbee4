/*
 * pic_grundy: the SVG picture of a Grundy position: for each kind of piece
 * in it, that piece's table as a heat map over the window from (0, 0), x
 * down and y across as `grundy table` prints it, with the pieces of that
 * kind on it.  The colours are the heat map of `grundy table --format svg`.
 */
#include "svg_impl.h"
#include "grundy_impl.h"

#include <stdio.h>
#include <string.h>

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

void pic_grundy_pos_init(struct pic_grundy_pos *pos, const struct grundy_stone *st, size_t n)
{
	memset(pos, 0, sizeof *pos);
	pos->win = pic_grundy_window(st, n);
	pos->n = n;
	for (size_t i = 0; i < n; i++) {
		pos->kind[st[i].piece]++;
		if (st[i].x >= (uint64_t)pos->win || st[i].y >= (uint64_t)pos->win)
			pos->outside++;
		else
			pos->cell[st[i].piece][st[i].x][st[i].y]++;
	}
}

void pic_grundy_pos_move(struct pic_grundy_pos *pos, int p, uint64_t fx, uint64_t fy,
			 uint64_t tx, uint64_t ty)
{
	uint64_t w = (uint64_t)pos->win;

	if (fx >= w || fy >= w)
		pos->outside--;
	else
		pos->cell[p][fx][fy]--;
	if (tx >= w || ty >= w)
		pos->outside++;
	else
		pos->cell[p][tx][ty]++;
}

/* The kinds of piece in the position, in used[], and how many (at least 1). */
static int kinds_of(const struct pic_grundy_pos *pos, bool *used)
{
	int kinds = 0;

	for (int p = 0; p < GRUNDY_SET_MAX; p++) {
		used[p] = pos->kind[p] > 0;
		kinds += used[p];
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

enum bl_code pic_grundy_defs(struct grundy_set *set, const struct pic_grundy_pos *pos,
			     const char *id, struct bl_buf *out, struct bl_err *err)
{
	bool used[GRUNDY_SET_MAX];
	int k = 0, win = pos->win, cell = cell_size(win);
	uint32_t vmax;
	enum bl_code code;

	kinds_of(pos, used);
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

/*
 * The disc of the count pieces of kind letter on a cell at (cx, cy): the
 * letter for one piece, the count for more, its font small enough for the
 * digits to fit the cell.
 */
static void disc(struct bl_buf *out, int cx, int cy, int cell, char letter, uint32_t count,
		 bool ringed)
{
	char text[16];
	int r = cell / 2 - 1 < 11 ? cell / 2 - 1 : 11, size = cell > 18 ? 11 : 9, len;

	if (count == 1)
		snprintf(text, sizeof text, "%c", letter);
	else
		snprintf(text, sizeof text, "%lu", (unsigned long)count);
	len = (int)strlen(text);
	/* a digit is about 0.56 em: the text within the cell, and no smaller than 5 px */
	while (size > 5 && size * 56 * len > (cell - 2) * 100)
		size--;
	bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#1b3a6b\" "
			   "stroke=\"%s\" stroke-width=\"%d\"/>\n",
		      cx, cy, r, ringed ? "#00c8ff" : "#ffffff", ringed ? 3 : 1);
	svg_text(out, cx, cy + (size * 2 + 2) / 5, size, "middle", "#ffffff", "%s", text);
}

enum bl_code pic_grundy(struct grundy_set *set, const struct pic_grundy_pos *pos,
			const struct pic_grundy_move *mv, const char *heat_id, const char *title,
			const char *caption, struct bl_buf *out, struct bl_err *err)
{
	bool used[GRUNDY_SET_MAX];
	int win = pos->win, kinds = kinds_of(pos, used), cell = cell_size(win), k = 0;
	uint64_t w = (uint64_t)win;
	char desc[400];
	struct svg_caption cap;
	int width = LEFT + kinds * (win * cell + GAP);
	enum bl_code code;

	snprintf(desc, sizeof desc,
		 "for each kind of piece, its grundy values on the cells 0 <= x, y < %d (x down, y "
		 "across) as a heat map, pale for 0 to dark red for the largest, with the pieces "
		 "of that kind drawn as discs, one a cell, numbered when a cell holds several (%zu "
		 "piece%s in all)%s",
		 win, pos->n, pos->n == 1 ? "" : "s",
		 pos->outside ? "; pieces beyond the window are counted" : "");
	if (width < 360)
		width = 360;
	svg_caption_wrap(&cap, caption, 14, width - 12);
	svg_begin(out, width, TOP + win * cell + 40 + svg_caption_extra(&cap), title, desc);
	svg_caption_put(out, &cap, 6, 18);
	svg_caption_shift(out, &cap);
	if (heat_id)
		bl_buf_printf(out, "<use href=\"#%s\"/>\n", heat_id);
	for (int p = 0; p < set->n; p++) {
		uint32_t vmax = 0;
		int x0 = LEFT + k * (win * cell + GAP);
		bool moved = mv && mv->piece == p;
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
		for (int x = 0; x < win; x++)
			for (int y = 0; y < win; y++)
				if (pos->cell[p][x][y])
					disc(out, x0 + y * cell + cell / 2, TOP + x * cell + cell / 2,
					     cell, set->piece[p].letter, pos->cell[p][x][y],
					     moved && mv->tx == (uint64_t)x && mv->ty == (uint64_t)y);
		if (moved && mv->fx < w && mv->fy < w)
			bl_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
					   "fill=\"none\" stroke=\"#00a0d0\" stroke-width=\"2\" "
					   "stroke-dasharray=\"3 2\"/>\n",
				      x0 + (int)mv->fy * cell + 1, TOP + (int)mv->fx * cell + 1, cell - 2,
				      cell - 2);
	}
	if (pos->outside)
		svg_text(out, 6, TOP + win * cell + 26, 12, "start", "#111111",
			 "%zu piece%s outside the window not drawn", pos->outside,
			 pos->outside == 1 ? "" : "s");
	svg_caption_unshift(out, &cap);
	svg_end(out);
	return BL_OK;
}
