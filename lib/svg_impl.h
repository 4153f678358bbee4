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

/*
 * The head of a picture of a grid (tower's board, puyo's field): svg_begin
 * of w x h pixels and as many more as the caption's extra lines, the
 * caption (font size 14, wrapped to w - 8, from (4, 18)) into *cap and
 * written, the picture shifted under it (svg_caption_unshift closes it),
 * then the column numbers 1..cols over cells of cell pixels from x0, on
 * baseline y.
 */
void svg_grid_begin(struct bl_buf *out, int w, int h, const char *title, const char *desc,
		    const char *caption, struct svg_caption *cap, int cols, int x0, int cell,
		    int y);

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

#endif
