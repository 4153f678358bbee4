/*
 * svg_impl: the pictures layer of the library, private to it.  A small SVG
 * writer over struct bl_buf (deterministic bytes: integer coordinates, no
 * dates), the self-contained HTML replay page that shows SVG frames one at
 * a time (lib/html.c), and each game's picture of a position
 * (lib/GAME_svg.c), which the game's public views draw with.
 */
#ifndef BOARDLAB_SVG_IMPL_H
#define BOARDLAB_SVG_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boardlab/boardlab.h"

/* --- SVG --- */

/* Appends s with &, <, >, " and ' escaped for XML text and attributes. */
void svg_esc(struct bl_buf *out, const char *s);

/* The same for the n bytes at s. */
void svg_esc_n(struct bl_buf *out, const char *s, size_t n);

/*
 * Opens an <svg> of w x h pixels (viewBox 0 0 w h) with its <title> and
 * <desc> (escaped), a white background and the font shared by its text.
 */
void svg_begin(struct bl_buf *out, int w, int h, const char *title, const char *desc);
void svg_end(struct bl_buf *out);

/* A rectangle; stroke NULL for none, rx the corner radius. */
void svg_rect(struct bl_buf *out, int x, int y, int w, int h, int rx, const char *fill,
	      const char *stroke);

/*
 * Text at (x, y), its baseline; anchor "start", "middle" or "end"; the text
 * (escaped) from fmt.
 */
void svg_text(struct bl_buf *out, int x, int y, int size, const char *anchor, const char *fill,
	      const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 7, 8)))
#endif
	;

/*
 * A caption wrapped to a width: text split at spaces into lines that fit
 * width pixels at font size size (a word too long for a line is split
 * too), each line's width from a table of character widths no narrower
 * than those of the common sans-serif fonts (DejaVu Sans, the widest).
 */
#define SVG_CAPTION_LINES 16
struct svg_caption {
	int n;                                  /* lines, at least 1 */
	size_t at[SVG_CAPTION_LINES], len[SVG_CAPTION_LINES];
	const char *text;
	int size;
};

void svg_caption_wrap(struct svg_caption *c, const char *text, int size, int width);

/* The pixels the caption's lines after its first take: (n - 1) lines of size + 4. */
int svg_caption_extra(const struct svg_caption *c);

/* Writes the caption's lines from baseline y down, size + 4 pixels apart. */
void svg_caption_put(struct bl_buf *out, const struct svg_caption *c, int x, int y);

/*
 * The picture under a caption of more than one line is drawn in a group
 * moved down by svg_caption_extra: svg_caption_shift opens it (nothing for
 * one line), svg_caption_unshift closes it.
 */
void svg_caption_shift(struct bl_buf *out, const struct svg_caption *c);
void svg_caption_unshift(struct bl_buf *out, const struct svg_caption *c);

/* --- HTML replays (lib/html.c) --- */

/*
 * Frames are capped so that a long game gives a file of reasonable size:
 * a replay stops at HTML_FRAMES_MAX frames, or at the first frame that
 * would start past HTML_BYTES_MAX bytes of page, and says so.
 */
#define HTML_FRAMES_MAX 1000
#define HTML_BYTES_MAX (16 << 20)

struct html_replay {
	struct bl_buf *out;
	int frames;        /* frames begun so far */
	bool full;         /* a frame was refused (a cap reached): the replay is cut */
};

/* Writes the page's head and title bar (title and subtitle escaped). */
void html_begin(struct html_replay *h, struct bl_buf *out, const char *title,
		const char *subtitle);

/*
 * Starts frame h->frames with its description (escaped); the caller then
 * writes one <svg> and calls html_frame_end.  False when a cap is reached:
 * the frame is dropped (h->full is set, so the answer says the replay is
 * cut) and the caller writes nothing.
 */
bool html_frame_begin(struct html_replay *h, const char *desc);
void html_frame_end(struct html_replay *h);

/*
 * Writes the final answer (escaped, its final newlines dropped; when the
 * replay was cut, a line saying how many frames it shows), the
 * controls' script and the end.
 */
void html_end(struct html_replay *h, const char *answer);

/* --- each game's picture of a position (lib/GAME_svg.c) --- */

#define TOWER_SVG_N_MAX 64   /* board sides an svg draws */

/*
 * The tower board: each cell in its colour, its stack bottom to top as
 * chips (a piece's number and a triangle pointing its way), row and column
 * numbers; mv, when not NULL, the move
 * just played: its cell of departure dashed, its arrival outlined.  t->n
 * must be at most TOWER_SVG_N_MAX.
 */
void pic_tower(const struct tower *t, const struct tower_move *mv, const char *title,
	       const char *caption, struct bl_buf *out);

/*
 * Where a picture of a yut board puts everything, worked out once per
 * board and number of horses (a replay's frames then share it and do not
 * move): the cells' centres; for each arrow its bend (0 straight, else the
 * offset of its curve's control point, chosen so that the curve keeps
 * clear of every other cell and its name); the picture's size, room made
 * for every arrow's curve and for up to horses horses on any cell.
 */
struct pic_yut_layout {
	bool classic;                  /* the built-in board, drawn as the square board */
	int x[YUT_MAX_CELLS], y[YUT_MAX_CELLS];
	int bend[YUT_MAX_CELLS][2];    /* [c][0] the red arrow's, [c][1] the blue's */
	int w, h, horses;
};

void pic_yut_layout(const struct yut_board *b, int horses, struct pic_yut_layout *lay);

/*
 * The yut board laid out by lay (for lay->horses horses or more): every
 * cell with its score (start and end by name), red and blue arrows, the
 * blue cells filled; horse i (0-based) on cells[i], drawn as disc i + 1
 * above its cell (four a row, a second row above for more).  from and to
 * (cells, or YUT_NONE) mark a move just made, its route drawn along the
 * arrows it took.  The arrowheads are markers with ids: own_defs writes
 * them in the picture; a page of many pictures writes them once with
 * pic_yut_defs instead (a marker in a hidden frame would not draw).
 */
void pic_yut(const struct yut_board *b, const struct pic_yut_layout *lay, const int *cells,
	     int horses, int from, int to, bool own_defs, const char *title, const char *caption,
	     struct bl_buf *out);
void pic_yut_defs(struct bl_buf *out);

/* The heat map's colour "#rrggbb" of value v on a scale 0..vmax (cap >= 8). */
void pic_heat(uint32_t v, uint32_t vmax, char *out, size_t cap);

#define GRUNDY_PIC_WINDOW 24   /* the largest window a grundy picture draws */

/*
 * A Grundy position as its pictures see it: the window (4 to
 * GRUNDY_PIC_WINDOW cells a side, up to the largest coordinate), how many
 * pieces of each kind lie on each of its cells, and how many lie beyond
 * it.  Built once from the pieces (O(N)), then kept up to date move by
 * move (O(1)), so that a frame of a replay costs O(kinds x window^2)
 * however many pieces there are.
 */
struct pic_grundy_pos {
	int win;
	size_t n;                           /* pieces */
	size_t outside;                     /* pieces beyond the window */
	size_t kind[GRUNDY_SET_MAX];        /* pieces of each kind */
	uint32_t cell[GRUNDY_SET_MAX][GRUNDY_PIC_WINDOW][GRUNDY_PIC_WINDOW];
};

void pic_grundy_pos_init(struct pic_grundy_pos *pos, const struct grundy_stone *st, size_t n);

/* A piece of kind p moved from (fx, fy) to (tx, ty). */
void pic_grundy_pos_move(struct pic_grundy_pos *pos, int p, uint64_t fx, uint64_t fy,
			 uint64_t tx, uint64_t ty);

/* The move a frame marks: a piece of kind piece from (fx, fy) to (tx, ty). */
struct pic_grundy_move {
	int piece;
	uint64_t fx, fy, tx, ty;
};

/*
 * The Grundy position pos: for each kind of piece in it, that piece's
 * table on the cells 0 <= x, y < pos->win as a heat map, and on each cell
 * holding pieces of that kind one disc (its letter, or how many pieces
 * when more than one); mv (NULL for none) marked: its disc ringed, the
 * cell it came from dashed.  heat_id NULL draws the heat maps; otherwise
 * the picture shows them by <use> of the group pic_grundy_defs wrote
 * under that id in the same page (a replay then holds them once, not once
 * a frame).  Errors from grundy_set_value (a table that cannot be built).
 */
enum bl_code pic_grundy(struct grundy_set *set, const struct pic_grundy_pos *pos,
			const struct pic_grundy_move *mv, const char *heat_id, const char *title,
			const char *caption, struct bl_buf *out, struct bl_err *err);

/* A hidden <svg> whose <defs> hold the heat maps of pic_grundy as group id. */
enum bl_code pic_grundy_defs(struct grundy_set *set, const struct pic_grundy_pos *pos,
			     const char *id, struct bl_buf *out, struct bl_err *err);

/*
 * The Puyo field, the top row first; the hidden rows shaded; the cells of
 * step (NULL for none) marked: the puyos about to pop ringed in black, the
 * ojama they clear in grey.
 */
void pic_puyo(const struct puyo_field *f, const struct puyo_rules *rules,
	      const struct puyo_step *step, const char *title, const char *caption,
	      struct bl_buf *out);

#endif
