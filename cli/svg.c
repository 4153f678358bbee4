/*
 * svg: the SVG writer and the terminal colour choice of the pictures layer
 * (see svg.h).  Every number written is an integer, so that a picture has
 * the same bytes on every machine.
 */
#include "svg.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

const char *const color_names[] = { "auto", "always", "never", NULL };

int cli_color(const struct cli_run *r, int i, bool *on)
{
	int when = 0, status = cli_opt_choice(r, i, color_names, &when);

	if (status != CLI_OK)
		return status;
	if (when == 0)
		*on = isatty(STDOUT_FILENO) && !getenv("NO_COLOR");
	else
		*on = when == 1;
	return CLI_OK;
}

const char *ansi(bool on, const char *code)
{
	return on ? code : "";
}
