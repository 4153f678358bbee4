/*
 * pic_yut: the SVG picture of a yut board with its horses.  The built-in
 * board is drawn as the square board of the problem (the ring, the three
 * diagonals, the centre); any other board as layers from start, each cell
 * one layer past the longest path of arrows that reaches it.
 */
#include "svg_impl.h"
#include "yut_impl.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

enum { R = 17, M = 70, S = 420, LAYER = 80 };

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
 * The cells of a layer are pitch pixels apart.
 */
static void layered(const struct yut_board *b, int pitch, int *x, int *y, int *w, int *h)
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
		x[c] = 50 + rank[c] * LAYER;
		y[c] = 70 + n * pitch;
		maxr = rank[c] > maxr ? rank[c] : maxr;
		maxn = n > maxn ? n : maxn;
	}
	*w = 100 + maxr * LAYER;
	*h = 110 + maxn * pitch;
}

/*
 * lround, floor and ceil as the pictures use them, without libm, which the
 * tool would otherwise load at every start (sqrt is one instruction when
 * math functions need not set errno, as the Makefile builds them): exact
 * for values well inside the range of int.
 */
static long round_near(double v)
{
	long i = (long)v;
	double f = v - (double)i;   /* exact: i is v without its fraction */

	return f >= 0.5 ? i + 1 : f <= -0.5 ? i - 1 : i;
}

static int floor_int(double v)
{
	int i = (int)v;

	return i - ((double)i > v);
}

static int ceil_int(double v)
{
	int i = (int)v;

	return i + ((double)i < v);
}

/*
 * An arrow's curve: the quadratic from (x0, y0) to (x1, y1) whose control
 * point lies bend pixels to the right of the midpoint (bend 0: straight).
 */
struct curve {
	double x0, y0, cx, cy, x1, y1;
};

static struct curve curve_of(int x0, int y0, int x1, int y1, int bend)
{
	double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
	struct curve q = { x0, y0, (x0 + x1) / 2.0, (y0 + y1) / 2.0, x1, y1 };

	if (len > 0) {
		q.cx -= dy / len * bend;
		q.cy += dx / len * bend;
	}
	return q;
}

static void curve_at(const struct curve *q, double t, double *x, double *y)
{
	double a = (1 - t) * (1 - t), b = 2 * t * (1 - t), c = t * t;

	*x = a * q->x0 + b * q->cx + c * q->x1;
	*y = a * q->y0 + b * q->cy + c * q->y1;
}

/* How far point (px, py) is from the box x0..x1, y0..y1 (0 inside). */
static double box_dist(double px, double py, double x0, double y0, double x1, double y1)
{
	double dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0;
	double dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;

	return sqrt(dx * dx + dy * dy);
}

/* The box of cell c's name, written under it (about 0.6 em a letter at 10 px). */
static void name_box(const struct yut_board *b, const int *x, const int *y, int c, double *box)
{
	double half = 3.0 * (double)strlen(b->cells[c].name) + 2;

	box[0] = x[c] - half;
	box[1] = y[c] + R + 4;
	box[2] = x[c] + half;
	box[3] = y[c] + R + 16;
}

/*
 * The clearance of the arrow from cell from to cell to with this bend: the
 * least distance of its curve from the circle and the name of every other
 * cell (negative when it runs through one).
 */
static double clearance(const struct yut_board *b, const int *x, const int *y, int from, int to,
			int bend)
{
	struct curve q = curve_of(x[from], y[from], x[to], y[to], bend);
	double least = 1e9;

	for (int i = 1; i < 64; i++) {
		double px, py, box[4];
		curve_at(&q, i / 64.0, &px, &py);
		for (int c = 0; c < b->ncells; c++) {
			double d;
			if (c == from || c == to)
				continue;
			d = sqrt((px - x[c]) * (px - x[c]) + (py - y[c]) * (py - y[c])) - R - 3;
			least = d < least ? d : least;
			name_box(b, x, y, c, box);
			d = box_dist(px, py, box[0], box[1], box[2], box[3]) - 1;
			least = d < least ? d : least;
		}
	}
	return least;
}

/*
 * The bend of the arrow from cell from to cell to on a board in layers:
 * straight when that is clear of the other cells, else the least bend,
 * below first, then above, that is; when none is, the clearest.
 */
static int choose_bend(const struct yut_board *b, const int *x, const int *y, int from, int to)
{
	static const int tries[] = { 0, 36, 48, 60, 72, 90, 110, 135, 165, 200, 240, 290, 350 };
	int best = 0;
	double best_d = -1e9;

	for (size_t i = 0; i < sizeof tries / sizeof *tries; i++) {
		for (int sign = 1; sign >= (tries[i] ? -1 : 1); sign -= 2) {
			double d = clearance(b, x, y, from, to, sign * tries[i]);
			if (d >= 0)
				return sign * tries[i];
			if (d > best_d) {
				best_d = d;
				best = sign * tries[i];
			}
		}
	}
	return best;
}

static void grow(int *lo, int *hi, int v0, int v1)
{
	*lo = v0 < *lo ? v0 : *lo;
	*hi = v1 > *hi ? v1 : *hi;
}

void pic_yut_layout(const struct yut_board *b, int horses, struct pic_yut_layout *lay)
{
	int rows = (horses + 3) / 4, across = horses < 4 ? horses : 4;
	int minx = 1 << 30, maxx = -(1 << 30), miny = 1 << 30, maxy = -(1 << 30), dx, dy;

	memset(lay, 0, sizeof *lay);
	lay->horses = horses;
	lay->w = M + S + 130;
	lay->h = M + S + 120;
	lay->classic = b == yut_board_builtin();
	for (int c = 0; lay->classic && c < b->ncells; c++)
		lay->classic = classic_xy(b->cells[c].name, &lay->x[c], &lay->y[c]);
	if (!lay->classic)
		layered(b, horses > 4 ? 88 : 64, lay->x, lay->y, &lay->w, &lay->h);
	for (int c = 0; c < b->ncells; c++) {
		int next[2] = { b->cells[c].red, b->cells[c].blue };
		double box[4];
		for (int k = 0; k < 2 && !lay->classic; k++)
			if (next[k] != YUT_NONE)
				lay->bend[c][k] = choose_bend(b, lay->x, lay->y, c, next[k]);
		/* the cell, its name, and room for every horse above it */
		name_box(b, lay->x, lay->y, c, box);
		grow(&minx, &maxx, lay->x[c] - R - 1, lay->x[c] + R + 1);
		grow(&minx, &maxx, (int)box[0], (int)box[2] + 1);
		grow(&miny, &maxy, lay->y[c] - R - 1, (int)box[3] + 1);
		grow(&minx, &maxx, lay->x[c] - (across - 1) * 10 - 10,
		     lay->x[c] + (across - 1) * 10 + 10);
		grow(&miny, &maxy, lay->y[c] - R - 20 - (rows - 1) * 19, lay->y[c]);
		for (int k = 0; k < 2; k++) {
			struct curve q;
			if (next[k] == YUT_NONE)
				continue;
			q = curve_of(lay->x[c], lay->y[c], lay->x[next[k]], lay->y[next[k]],
				     lay->bend[c][k]);
			for (int i = 0; i <= 32; i++) {
				double px, py;
				curve_at(&q, i / 32.0, &px, &py);
				grow(&minx, &maxx, floor_int(px) - 5, ceil_int(px) + 5);
				grow(&miny, &maxy, floor_int(py) - 5, ceil_int(py) + 5);
			}
		}
	}
	/* a margin on the left, the caption's line free on top */
	dx = minx < 6 ? 6 - minx : 0;
	dy = miny < 33 ? 33 - miny : 0;
	for (int c = 0; c < b->ncells; c++) {
		lay->x[c] += dx;
		lay->y[c] += dy;
	}
	if (lay->w < maxx + dx + 8)
		lay->w = maxx + dx + 8;
	if (lay->h < maxy + dy + 8)
		lay->h = maxy + dy + 8;
	if (lay->w < 420)
		lay->w = 420;
}

/*
 * A straight arrow from (x0, y0) to (x1, y1), from circle edge to circle
 * edge (written as a quadratic whose control point is the midpoint).
 */
static void arrow(struct bl_buf *out, int x0, int y0, int x1, int y1, const char *colour,
		  const char *marker, bool dashed)
{
	double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
	double cx = (x0 + x1) / 2.0, cy = (y0 + y1) / 2.0;

	if (len < 2 * R + 4)
		return;
	bl_buf_printf(out, "<path d=\"M%ld,%ld Q%ld,%ld %ld,%ld\" fill=\"none\" stroke=\"%s\" "
			   "stroke-width=\"2\" marker-end=\"url(#%s)\"%s/>\n",
		      round_near(x0 + dx * R / len), round_near(y0 + dy * R / len), round_near(cx), round_near(cy),
		      round_near(x1 - dx * (R + 2) / len), round_near(y1 - dy * (R + 2) / len), colour,
		      marker, dashed ? " stroke-dasharray=\"6 3\"" : "");
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

/*
 * A bent arrow: the part of its curve outside the two cells' circles, as
 * a quadratic of its own (the same curve, cut where it leaves the circle
 * of cell from and enters, 2 pixels out, the circle of cell to).
 */
static void bent_arrow(struct bl_buf *out, const struct curve *q, const char *colour,
		       const char *marker, bool dashed)
{
	double lo = 0, hi = 0.5, t0, t1, ax, ay, bx, by, mx, my;

	for (int i = 0; i < 40; i++) {   /* the curve leaves the circle at t0 */
		double m = (lo + hi) / 2, px, py;
		curve_at(q, m, &px, &py);
		if (sqrt((px - q->x0) * (px - q->x0) + (py - q->y0) * (py - q->y0)) < R)
			lo = m;
		else
			hi = m;
	}
	t0 = hi;
	lo = 0.5;
	hi = 1;
	for (int i = 0; i < 40; i++) {   /* and enters the other at t1 */
		double m = (lo + hi) / 2, px, py;
		curve_at(q, m, &px, &py);
		if (sqrt((px - q->x1) * (px - q->x1) + (py - q->y1) * (py - q->y1)) < R + 2)
			hi = m;
		else
			lo = m;
	}
	t1 = lo;
	curve_at(q, t0, &ax, &ay);
	curve_at(q, t1, &bx, &by);
	/* the control point of the piece from t0 to t1 */
	mx = (1 - t0) * (1 - t1) * q->x0 + ((1 - t0) * t1 + t0 * (1 - t1)) * q->cx + t0 * t1 * q->x1;
	my = (1 - t0) * (1 - t1) * q->y0 + ((1 - t0) * t1 + t0 * (1 - t1)) * q->cy + t0 * t1 * q->y1;
	bl_buf_printf(out, "<path d=\"M%ld,%ld Q%ld,%ld %ld,%ld\" fill=\"none\" stroke=\"%s\" "
			   "stroke-width=\"2\" marker-end=\"url(#%s)\"%s/>\n",
		      round_near(ax), round_near(ay), round_near(mx), round_near(my), round_near(bx), round_near(by), colour,
		      marker, dashed ? " stroke-dasharray=\"6 3\"" : "");
}

void pic_yut(const struct yut_board *b, const struct pic_yut_layout *lay, const int *cells,
	     int horses, int from, int to, bool own_defs, const char *title, const char *caption,
	     struct bl_buf *out)
{
	static const char *const colour[2] = { "#c62828", "#1e56c8" }, *const marker[2] = { "ar",
											     "ab" };
	const int *x = lay->x, *y = lay->y;
	char desc[200];
	struct svg_caption cap;

	snprintf(desc, sizeof desc,
		 "a yut board of %d cells: red arrows the usual way, blue arrows from the blue "
		 "cells, %d horse%s drawn as numbered discs above their cells",
		 b->ncells, horses, horses == 1 ? "" : "s");
	svg_caption_wrap(&cap, caption, 15, lay->w - 16);
	svg_begin(out, lay->w, lay->h + svg_caption_extra(&cap), title, desc);
	if (own_defs)
		markers(out);
	svg_caption_put(out, &cap, 8, 22);
	svg_caption_shift(out, &cap);
	for (int c = 0; c < b->ncells; c++) {
		int next[2] = { b->cells[c].red, b->cells[c].blue };
		for (int k = 0; k < 2; k++) {
			struct curve q;
			if (next[k] == YUT_NONE)
				continue;
			if (!lay->bend[c][k]) {
				arrow(out, x[c], y[c], x[next[k]], y[next[k]], colour[k], marker[k],
				      k == 1);
				continue;
			}
			q = curve_of(x[c], y[c], x[next[k]], y[next[k]], lay->bend[c][k]);
			bent_arrow(out, &q, colour[k], marker[k], k == 1);
		}
	}
	/*
	 * The move's route, each step along the arrow it took (the same
	 * curve): its first step by the blue arrow where there is one.
	 */
	for (int c = from, k = 0; from != YUT_NONE && c != to && k < YUT_DIE_MAX; k++) {
		int blue = k == 0 && b->cells[c].blue != YUT_NONE;
		int next = blue ? b->cells[c].blue : b->cells[c].red;
		if (next == YUT_NONE)
			break;
		if (!lay->bend[c][blue]) {
			bl_buf_printf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
					   "stroke=\"#e07000\" stroke-width=\"8\" "
					   "stroke-opacity=\"0.45\" stroke-linecap=\"round\"/>\n",
				      x[c], y[c], x[next], y[next]);
		} else {
			struct curve q = curve_of(x[c], y[c], x[next], y[next], lay->bend[c][blue]);
			bl_buf_printf(out, "<path d=\"M%d,%d Q%ld,%ld %d,%d\" fill=\"none\" "
					   "stroke=\"#e07000\" stroke-width=\"8\" "
					   "stroke-opacity=\"0.45\" stroke-linecap=\"round\"/>\n",
				      x[c], y[c], round_near(q.cx), round_near(q.cy), x[next], y[next]);
		}
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
		if (!lay->classic || cell->name[0] == 'd' || cell->name[0] == 'c')
			svg_text(out, x[c], y[c] + R + 13, 10, "middle", "#666666", "%s",
				 c == b->start || c == b->end ? "" : cell->name);
	}
	/* the horses above their cells, four a row, the fifth on a row above */
	for (int c = 0; c < b->ncells; c++) {
		int n = 0, k = 0;
		for (int i = 0; i < horses; i++)
			n += cells[i] == c;
		for (int i = 0; i < horses; i++) {
			if (cells[i] != c)
				continue;
			int row = k / 4, m = n - row * 4 < 4 ? n - row * 4 : 4;
			int hx = x[c] - (m - 1) * 10 + k % 4 * 20, hy = y[c] - R - 10 - row * 19;
			k++;
			bl_buf_printf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"9\" fill=\"%s\" "
					   "stroke=\"#ffffff\" stroke-width=\"1.5\"/>\n",
				      hx, hy, horse_fill[i]);
			svg_text(out, hx, hy + 4, 11, "middle", "#ffffff", "%d", i + 1);
		}
	}
	svg_caption_unshift(out, &cap);
	svg_end(out);
}
