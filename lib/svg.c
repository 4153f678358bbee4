/*
 * svg: the SVG writer of the pictures layer (declared in svg_impl.h):
 * escaping, the document, rectangles, text and wrapped captions.  Every
 * number written is an integer, so that a picture has the same bytes on
 * every machine.
 */
#include "svg_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void svg_esc(struct bl_buf *out, const char *s)
{
	svg_esc_n(out, s, strlen(s));
}

void svg_esc_n(struct bl_buf *out, const char *s, size_t n)
{
	for (; n--; s++) {
		switch (*s) {
		case '&': bl_buf_puts(out, "&amp;"); break;
		case '<': bl_buf_puts(out, "&lt;"); break;
		case '>': bl_buf_puts(out, "&gt;"); break;
		case '"': bl_buf_puts(out, "&quot;"); break;
		case '\'': bl_buf_puts(out, "&#39;"); break;
		default: bl_buf_putc(out, *s); break;
		}
	}
}

void svg_begin(struct bl_buf *out, int w, int h, const char *title, const char *desc)
{
	bl_buf_printf(out,
		      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		      "viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"sans-serif\">\n<title>",
		      w, h, w, h);
	svg_esc(out, title);
	bl_buf_puts(out, "</title>\n<desc>");
	svg_esc(out, desc);
	bl_buf_puts(out, "</desc>\n");
	svg_rect(out, 0, 0, w, h, 0, "#ffffff", NULL);
}

void svg_end(struct bl_buf *out)
{
	bl_buf_puts(out, "</svg>\n");
}

void svg_rect(struct bl_buf *out, int x, int y, int w, int h, int rx, const char *fill,
	      const char *stroke)
{
	bl_buf_printf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", x, y, w, h);
	if (rx)
		bl_buf_printf(out, " rx=\"%d\"", rx);
	bl_buf_printf(out, " fill=\"%s\"", fill);
	if (stroke)
		bl_buf_printf(out, " stroke=\"%s\"", stroke);
	bl_buf_puts(out, "/>\n");
}

void svg_text(struct bl_buf *out, int x, int y, int size, const char *anchor, const char *fill,
	      const char *fmt, ...)
{
	char text[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	bl_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\"", x, y, size);
	if (anchor[0] != 's')
		bl_buf_printf(out, " text-anchor=\"%s\"", anchor);
	bl_buf_printf(out, " fill=\"%s\">", fill);
	svg_esc(out, text);
	bl_buf_puts(out, "</text>\n");
}

/*
 * A character's width in thousandths of an em, about DejaVu Sans's (the
 * widest of the usual sans-serif fonts), rounded up; bytes past ASCII (a
 * UTF-8 sequence) count as one wide letter for their first byte.
 */
static int char_width(unsigned char ch)
{
	static const char narrow[] = " ,.:;'|!il", mid[] = "()[]{}-/\"fjrt", wide[] = "mwMW@%";

	if (ch >= 0x80)
		return (ch & 0xc0) == 0x80 ? 0 : 1000;
	if (strchr(narrow, ch))
		return 340;
	if (strchr(mid, ch))
		return 420;
	if (strchr(wide, ch))
		return 1000;
	if (ch >= 'A' && ch <= 'Z')
		return 780;
	if (strchr("<>=+^~#&*_", ch))
		return 840;
	return 640;   /* digits and the other lowercase letters */
}

void svg_caption_wrap(struct svg_caption *c, const char *text, int size, int width)
{
	long room = (long)width * 1000 / size;   /* thousandths of an em on a line */
	size_t len = strlen(text), i = 0;

	c->text = text;
	c->size = size;
	c->n = 0;
	while (c->n < SVG_CAPTION_LINES) {
		size_t start, end, brk = 0;
		long used = 0;
		while (i < len && text[i] == ' ')
			i++;
		start = end = i;
		/* as many characters as fit; break at the last space among them */
		while (end < len && used + char_width((unsigned char)text[end]) <= room) {
			used += char_width((unsigned char)text[end]);
			end++;
			if (end < len && text[end] == ' ')
				brk = end;
		}
		if (end < len && brk > start)
			end = brk;
		else if (end == start && end < len)
			end++;   /* a line holds at least one character */
		while (end < len && (text[end] & 0xc0) == 0x80)
			end++;   /* never split a UTF-8 sequence */
		if (c->n == SVG_CAPTION_LINES - 1)
			end = len;   /* the last line takes the rest */
		c->at[c->n] = start;
		c->len[c->n] = end - start;
		c->n++;
		i = end;
		if (i >= len)
			break;
	}
	if (!c->n) {
		c->at[0] = c->len[0] = 0;
		c->n = 1;
	}
}

int svg_caption_extra(const struct svg_caption *c)
{
	return (c->n - 1) * (c->size + 4);
}

void svg_caption_put(struct bl_buf *out, const struct svg_caption *c, int x, int y)
{
	for (int i = 0; i < c->n; i++) {
		bl_buf_printf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" fill=\"#111111\">", x,
			      y + i * (c->size + 4), c->size);
		svg_esc_n(out, c->text + c->at[i], c->len[i]);
		bl_buf_puts(out, "</text>\n");
	}
}

void svg_caption_shift(struct bl_buf *out, const struct svg_caption *c)
{
	if (c->n > 1)
		bl_buf_printf(out, "<g transform=\"translate(0,%d)\">\n", svg_caption_extra(c));
}

void svg_caption_unshift(struct bl_buf *out, const struct svg_caption *c)
{
	if (c->n > 1)
		bl_buf_puts(out, "</g>\n");
}

void svg_grid_begin(struct bl_buf *out, int w, int h, const char *title, const char *desc,
		    const char *caption, struct svg_caption *cap, int cols, int x0, int cell,
		    int y)
{
	svg_caption_wrap(cap, caption, 14, w - 8);
	svg_begin(out, w, h + svg_caption_extra(cap), title, desc);
	svg_caption_put(out, cap, 4, 18);
	svg_caption_shift(out, cap);
	for (int c = 0; c < cols; c++)
		svg_text(out, x0 + c * cell + cell / 2, y, 12, "middle", "#555555", "%d", c + 1);
}
