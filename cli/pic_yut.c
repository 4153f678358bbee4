/*
 * pic_yut: the SVG picture of a yut board with its horses.  The built-in
 * board is drawn as the square board of the problem (the ring, the three
 * diagonals, the centre); any other board as layers from start, each cell
 * one layer past the longest path of arrows that reaches it.
 */
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

enum { R = 17, M = 70, S = 420 };

static const char *const horse_fill[YUT_MAX_HORSES] = {
	"#e07000", "#2a9d4b", "#8e4ec6", "#c2185b", "#00838f", "#795548", "#5c6bc0", "#827717",
};

/* A point on the segment from (x0, y0) to (x1, y1) at i / n of the way. */
static void along(int x0, int y0, int x1, int y1, int i, int n, int *x, int *y)
{
	*x = x0 + (x1 - x0) * i / n;
	*y = y0 + (y1 - y0) * i / n;
}

/* Where the built-in board's cell called name is drawn; false for none. */
static bool classic_xy(const char *name, int *x, int *y)
{
	static const char *const diag[] = { "d13", "d16", "d19", "d22", "d24", "d28", "d27", "d26",
					    "c30", "c35" };
	int cx = M + S / 2, cy = M + S / 2, k;
	char *end;

	if (strcmp(name, "start") == 0) {
		*x = M + S + 70;
		*y = M + S - 40;
		return true;
	}
	if (strcmp(name, "end") == 0) {
		*x = M + S + 70;
		*y = M + S + 60;
		return true;
	}
	if (strcmp(name, "c25") == 0) {
		*x = cx;
		*y = cy;
		return true;
	}
	for (int i = 0; i < 10; i++) {
		if (strcmp(name, diag[i]) != 0)
			continue;
		if (i < 3)
			along(M + S, M, cx, cy, i + 1, 4, x, y);
		else if (i < 5)
			along(M, M, cx, cy, i - 2, 3, x, y);
		else if (i < 8)
			along(M, M + S, cx, cy, i - 4, 4, x, y);
		else
			along(cx, cy, M + S, M + S, i - 7, 3, x, y);
		return true;
	}
	k = (int)strtol(name, &end, 10);
	if (*end || k < 2 || k > 40 || k % 2)
		return false;
	k /= 2;   /* 1..20 around the ring from the bottom right corner */
	if (k <= 5)
		along(M + S, M + S, M + S, M, k, 5, x, y);
	else if (k <= 10)
		along(M + S, M, M, M, k - 5, 5, x, y);
	else if (k <= 15)
		along(M, M, M, M + S, k - 10, 5, x, y);
	else
		along(M, M + S, M + S, M + S, k - 15, 5, x, y);
	return true;
}

/*
 * Layers for any board: rank[c] is the longest path of arrows from start
 * to c (boards have no cycles); cells start cannot reach go in layer 0.
 */
static void layered(const struct yut_board *b, int *x, int *y, int *w, int *h)
{
	int rank[YUT_MAX_CELLS] = { 0 }, used[YUT_MAX_CELLS] = { 0 }, maxr = 0, maxn = 0;
	bool reach[YUT_MAX_CELLS] = { false };

	reach[b->start] = true;
	for (int pass = 0; pass < b->ncells; pass++) {
		bool changed = false;
		for (int c = 0; c < b->ncells; c++) {
			int next[2] = { b->cells[c].red, b->cells[c].blue };
			if (!reach[c])
				continue;
			for (int i = 0; i < 2; i++) {
				int d = next[i];
				if (d == YUT_NONE || (reach[d] && rank[d] >= rank[c] + 1))
					continue;
				reach[d] = true;
				rank[d] = rank[c] + 1;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
	for (int c = 0; c < b->ncells; c++) {
		int n = used[rank[c]]++;
		x[c] = 50 + rank[c] * 80;
		y[c] = 70 + n * 64;
		maxr = rank[c] > maxr ? rank[c] : maxr;
		maxn = n > maxn ? n : maxn;
	}
	*w = 100 + maxr * 80;
	*h = 110 + maxn * 64;
}

/*
 * An arrow from (x0, y0) to (x1, y1), from circle edge to circle edge:
 * straight, or with bend a quadratic curve whose control point lies bend
 * pixels to the right of the midpoint (so that an arrow over several
 * layers does not run through the cells between).
 */
static void arrow(struct bl_buf *out, int x0, int y0, int x1, int y1, const char *colour,
		  const char *marker, bool dashed, int bend)
{
	double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
	double cx = (x0 + x1) / 2.0 - dy / len * bend, cy = (y0 + y1) / 2.0 + dx / len * bend;
	double ax = cx - x0, ay = cy - y0, a = sqrt(ax * ax + ay * ay);
	double bx = x1 - cx, by = y1 - cy, bl = sqrt(bx * bx + by * by);

	if (len < 2 * R + 4)
		return;
	bl_buf_printf(out, "<path d=\"M%ld,%ld Q%ld,%ld %ld,%ld\" fill=\"none\" stroke=\"%s\" "
			   "stroke-width=\"2\" marker-end=\"url(#%s)\"%s/>\n",
		      lround(x0 + ax * R / a), lround(y0 + ay * R / a), lround(cx), lround(cy),
		      lround(x1 - bx * (R + 2) / bl), lround(y1 - by * (R + 2) / bl), colour, marker,
		      dashed ? " stroke-dasharray=\"6 3\"" : "");
}

/* The arrowheads, ids "ar" (red) and "ab" (blue). */
static void markers(struct bl_buf *out)
{
	bl_buf_puts(out, "<defs>"
			 "<marker id=\"ar\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
			 "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
			 "<path d=\"M0,0L10,5L0,10z\" fill=\"#c62828\"/></marker>"
			 "<marker id=\"ab\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
			 "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
			 "<path d=\"M0,0L10,5L0,10z\" fill=\"#1e56c8\"/></marker></defs>\n");
}

void pic_yut_defs(struct bl_buf *out)
{
	bl_buf_puts(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" "
			 "style=\"position:absolute\" aria-hidden=\"true\">");
	markers(out);
	bl_buf_puts(out, "</svg>\n");
}

/* Layers are 80 pixels apart: an arrow that skips one or more is bent. */
static int bend(bool classic, int x0, int x1)
{
	return classic || abs(x1 - x0) <= 80 ? 0 : 36;
}

void pic_yut(const struct yut_board *b, const int *cells, int horses, int from, int to,
	     bool own_defs, const char *title, const char *caption, struct bl_buf *out)
{
	int x[YUT_MAX_CELLS], y[YUT_MAX_CELLS], w = M + S + 130, h = M + S + 120;
	bool classic = b == yut_board_builtin();
	char desc[200];

	for (int c = 0; classic && c < b->ncells; c++)
		classic = classic_xy(b->cells[c].name, &x[c], &y[c]);
	if (!classic)
		layered(b, x, y, &w, &h);
	if (w < 420)
		w = 420;
	snprintf(desc, sizeof desc,
		 "a yut board of %d cells: red arrows the usual way, blue arrows from the blue "
		 "cells, %d horse%s drawn as numbered discs above their cells",
		 b->ncells, horses, horses == 1 ? "" : "s");
	svg_begin(out, w, h, title, desc);
	if (own_defs)
		markers(out);
	svg_text(out, 8, 22, 15, "start", "#111111", "%s", caption);
	for (int c = 0; c < b->ncells; c++) {
		const struct yut_cell *cell = &b->cells[c];
		if (cell->red != YUT_NONE)
			arrow(out, x[c], y[c], x[cell->red], y[cell->red], "#c62828", "ar", false,
			      bend(classic, x[c], x[cell->red]));
		if (cell->blue != YUT_NONE)
			arrow(out, x[c], y[c], x[cell->blue], y[cell->blue], "#1e56c8", "ab", true,
			      bend(classic, x[c], x[cell->blue]));
	}
	/* The move's route: its first step by the blue arrow where there is one. */
	for (int c = from, k = 0; from != YUT_NONE && c != to && k < YUT_DIE_MAX; k++) {
		int next = k == 0 && b->cells[c].blue != YUT_NONE ? b->cells[c].blue : b->cells[c].red;
		if (next == YUT_NONE)
			break;
		bl_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e07000\" "
				   "stroke-width=\"8\" stroke-opacity=\"0.45\" "
				   "stroke-linecap=\"round\"/>\n",
			      x[c], y[c], x[next], y[next]);
		c = next;
	}
	for (int c = 0; c < b->ncells; c++) {
		const struct yut_cell *cell = &b->cells[c];
		const char *fill = cell->blue != YUT_NONE ? "#b9d0ff"
				   : c == b->start || c == b->end ? "#e8e8e8" : "#ffffff";
		bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"%s\" "
				   "stroke-width=\"%d\"/>\n",
			      x[c], y[c], R, fill, c == to ? "#e07000" : "#333333",
			      c == to ? 4 : 1);
		if (c == from && from != to)
			bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
					   "stroke=\"#e07000\" stroke-width=\"2\" "
					   "stroke-dasharray=\"4 3\"/>\n",
				      x[c], y[c], R + 5);
		if (c == b->start || c == b->end)
			svg_text(out, x[c], y[c] + 4, 10, "middle", "#111111", "%s", cell->name);
		else
			svg_text(out, x[c], y[c] + 5, 13, "middle", "#111111", "%d", cell->score);
		if (!classic || cell->name[0] == 'd' || cell->name[0] == 'c')
			svg_text(out, x[c], y[c] + R + 13, 10, "middle", "#666666", "%s",
				 c == b->start || c == b->end ? "" : cell->name);
	}
	for (int c = 0; c < b->ncells; c++) {
		int n = 0, k = 0;
		for (int i = 0; i < horses; i++)
			n += cells[i] == c;
		for (int i = 0; i < horses; i++) {
			if (cells[i] != c)
				continue;
			int hx = x[c] - (n - 1) * 10 + k * 20, hy = y[c] - R - 10;
			k++;
			bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"9\" fill=\"%s\" "
					   "stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n",
				      hx, hy, horse_fill[i]);
			svg_text(out, hx, hy + 4, 11, "middle", "#ffffff", "%d", i + 1);
		}
	}
	svg_end(out);
}
