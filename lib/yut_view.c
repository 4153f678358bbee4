/*
 * yut's views: a game's plan as text, JSON and an HTML replay, a position
 * as text, JSON and SVG, the board as JSON, an expectation and advice as
 * text and JSON.  The plan views are built on yut_play, and a step's line
 * is made once, by yut_step_text, for the text trace and the replay.
 */
#include "svg_impl.h"
#include "yut_impl.h"

#include <stdio.h>
#include <string.h>

static void put_name(struct bl_buf *out, const struct yut_board *b, int c)
{
	bl_buf_json_str(out, b->cells[c].name);
}

/* The text of buffer t as a C string, its failure passed on to out. */
static const char *text_of(const struct bl_buf *t, struct bl_buf *out)
{
	if (bl_buf_failed(t))
		out->failed = true;
	return t->data ? t->data : "";
}

void yut_step_text(const struct yut_board *b, const struct yut_step *step,
		   const struct bl_style *st, struct bl_buf *out)
{
	const struct yut_move *m = step->move;

	(void)st;   /* the line has no coloured part */
	if (step->turn == 0)
		bl_buf_puts(out, "before turn 1");
	else if (m)
		bl_buf_printf(out, "turn %zu: die %d, horse %d, %s -> %s, +%lld, total %lld",
			      step->turn, m->die, m->horse + 1, b->cells[m->from].name,
			      b->cells[m->to].name, (long long)m->points, (long long)m->total);
	else
		bl_buf_printf(out, "turn %zu: no horse can move, the game ends (%zu %s unused)",
			      step->turn, step->unused, step->unused == 1 ? "die" : "dice");
}

/* --- positions --- */

/* The horses on cell c, numbered from 1: "[1,3]" into list, or "" for none. */
static size_t horse_list(const int *cells, int horses, int c, char *list)
{
	size_t n = 0;

	for (int h = 0; h < horses; h++) {
		if (cells[h] == c) {
			list[n] = n ? ',' : '[';
			list[n + 1] = (char)('1' + h);
			n += 2;
		}
	}
	if (n)
		list[n++] = ']';
	list[n] = '\0';
	return n;
}

/*
 * One line of the picture: the path from cell c (after "FROM => " when
 * from is a cell) until a cell already shown, which is put in parentheses,
 * or end.  The cells shown are added to order.
 */
static void picture_line(const struct yut_board *b, const int *cells, int horses, int from, int c,
			 bool *shown, int *order, int *norder, const struct bl_style *st,
			 struct bl_buf *out)
{
	size_t col = 2;

	bl_buf_puts(out, "  ");
	if (from != YUT_NONE) {
		bl_buf_printf(out, "%s => ", b->cells[from].name);
		col += strlen(b->cells[from].name) + 4;
	}
	for (bool first = true;; first = false) {
		char list[2 * YUT_MAX_HORSES + 2];
		size_t n = strlen(b->cells[c].name);
		size_t nl = shown[c] ? 0 : horse_list(cells, horses, c, list);
		n += shown[c] ? 2 : nl;
		if (!first && col + 1 + n > 78) {
			bl_buf_puts(out, "\n     ");
			col = 5;
		} else if (!first) {
			bl_buf_putc(out, ' ');
			col++;
		}
		col += n;
		if (shown[c]) {
			bl_buf_printf(out, "(%s)", b->cells[c].name);
			break;
		}
		bl_buf_puts(out, b->cells[c].name);
		if (nl) {
			bl_buf_span(out, st, BL_HUE_YELLOW);
			bl_buf_puts(out, list);
			bl_buf_span_end(out, st);
		}
		shown[c] = true;
		order[(*norder)++] = c;
		if (c == b->end)
			break;
		c = b->cells[c].red;
	}
	bl_buf_putc(out, '\n');
}

void yut_position_text(const struct yut_board *b, const int *cells, int horses,
		       const struct bl_style *st, struct bl_buf *out)
{
	bool shown[YUT_MAX_CELLS] = { false };
	int order[YUT_MAX_CELLS], norder = 0;

	picture_line(b, cells, horses, YUT_NONE, b->start, shown, order, &norder, st, out);
	for (int pass = 0; pass < norder; pass++) {
		int from = order[pass];
		if (b->cells[from].blue != YUT_NONE)
			picture_line(b, cells, horses, from, b->cells[from].blue, shown, order,
				     &norder, st, out);
	}
}

void yut_position_json(const struct yut_board *b, const int *cells, int horses,
		       struct bl_buf *out)
{
	bl_buf_puts(out, "{\"horse_cells\":[");
	for (int h = 0; h < horses; h++) {
		if (h)
			bl_buf_putc(out, ',');
		put_name(out, b, cells[h]);
	}
	bl_buf_puts(out, "]}\n");
}

void yut_position_svg(const struct yut_board *b, const int *cells, int horses,
		      struct bl_buf *out)
{
	struct pic_yut_layout lay;

	pic_yut_layout(b, horses, &lay);
	pic_yut(b, &lay, cells, horses, YUT_NONE, YUT_NONE, true, "yut position",
		"the horses on the board", out);
}

/* An arrow's target in JSON: the cell's name, or null. */
static void put_arrow(struct bl_buf *out, const struct yut_board *b, int to)
{
	if (to != YUT_NONE)
		put_name(out, b, to);
	else
		bl_buf_puts(out, "null");
}

void yut_board_json(const struct yut_board *b, struct bl_buf *out)
{
	bl_buf_puts(out, "{\"start\":");
	put_name(out, b, b->start);
	bl_buf_puts(out, ",\"end\":");
	put_name(out, b, b->end);
	bl_buf_puts(out, ",\"cells\":[");
	for (int i = 0; i < b->ncells; i++) {
		const struct yut_cell *c = &b->cells[i];
		bl_buf_printf(out, "%s{\"name\":", i ? "," : "");
		put_name(out, b, i);
		bl_buf_printf(out, ",\"score\":%d,\"red\":", c->score);
		put_arrow(out, b, c->red);
		bl_buf_puts(out, ",\"blue\":");
		put_arrow(out, b, c->blue);
		bl_buf_putc(out, '}');
	}
	bl_buf_puts(out, "]}\n");
}

/* --- the plan as text --- */

struct text_trace {
	const struct yut_game *g;
	const struct yut_text_view *v;
	const struct yut_result *res;
	struct bl_buf *out;
};

/* The found total beside the best one: a line after the best total's. */
static void found_line(int64_t best, int64_t found, struct bl_buf *out)
{
	long long d = (long long)(found > best ? found - best : best - found);

	bl_buf_printf(out, "found: %lld", (long long)found);
	if (found > best)
		bl_buf_printf(out, ", %lld more than any plan scores: no choice of horses makes it\n", d);
	else if (found < best)
		bl_buf_printf(out, ", %lld less than the plan below, which scores %lld\n", d,
			      (long long)best);
	else
		bl_buf_puts(out, ", the best total\n");
}

static void text_head(const struct yut_game *g, const struct yut_text_view *v,
		      const struct yut_result *res, struct bl_buf *out)
{
	enum yut_head head = v->head;

	if (head == YUT_HEAD_TOTAL) {
		bl_buf_int(out, res->total);
		bl_buf_putc(out, '\n');
	} else if (head == YUT_HEAD_DICE) {
		bl_buf_puts(out, "dice:");
		for (size_t t = 0; t < g->ndice; t++)
			bl_buf_printf(out, " %d", g->dice[t]);
		bl_buf_printf(out, "\nbest total with %d horse%s: %lld\n", g->horses,
			      g->horses == 1 ? "" : "s", (long long)res->total);
		if (v->compare)
			found_line(res->total, v->found, out);
	}
}

static bool text_step(void *ctx, const struct yut_step *step)
{
	struct text_trace *c = ctx;
	const struct yut_board *b = c->g->board;

	if (step->turn == 0) {
		text_head(c->g, c->v, c->res, c->out);
		if (!c->v->pictures)
			return true;
		yut_step_text(b, step, c->v->style, c->out);
		bl_buf_puts(c->out, ":\n");
	} else {
		yut_step_text(b, step, c->v->style, c->out);
		bl_buf_putc(c->out, '\n');
		if (!step->move || !c->v->pictures)
			return true;
	}
	yut_position_text(b, step->cells, step->horses, c->v->style, c->out);
	return true;
}

enum bl_code yut_trace_text(const struct yut_game *g, const struct yut_text_view *v,
			    struct yut_result *res, struct bl_buf *out, struct bl_err *err)
{
	struct text_trace c = { g, v, res, out };
	enum bl_code code;

	if (!v->moves) {
		code = yut_solve(g, res, err);
		if (code == BL_OK)
			text_head(g, v, res, out);
		return code;
	}
	code = yut_play(g, text_step, &c, res, err);
	if (code == BL_OK)
		bl_buf_printf(out, "states explored: %zu\n", res->states);
	return code;
}

/* --- the plan as JSON --- */

struct json_trace {
	const struct yut_game *g;
	const struct yut_result *res;
	struct bl_buf *out;
};

static void json_head(const struct yut_game *g, const struct yut_result *res, struct bl_buf *out)
{
	bl_buf_printf(out, "{\"horses\":%d,\"dice\":[", g->horses);
	for (size_t t = 0; t < g->ndice; t++)
		bl_buf_printf(out, "%s%d", t ? "," : "", g->dice[t]);
	bl_buf_printf(out, "],\"total\":%lld,\"states\":%zu", (long long)res->total, res->states);
}

static bool json_step(void *ctx, const struct yut_step *step)
{
	struct json_trace *c = ctx;
	const struct yut_board *b = c->g->board;
	const struct yut_move *m = step->move;

	if (step->turn == 0) {
		json_head(c->g, c->res, c->out);
		bl_buf_puts(c->out, ",\"start\":");
		put_name(c->out, b, b->start);
		bl_buf_puts(c->out, ",\"moves\":[");
		return true;
	}
	if (!m)
		return true;
	bl_buf_printf(c->out, "%s{\"turn\":%zu,\"die\":%d,\"horse\":%d,\"from\":",
		      step->turn > 1 ? "," : "", step->turn, m->die, m->horse + 1);
	put_name(c->out, b, m->from);
	bl_buf_puts(c->out, ",\"to\":");
	put_name(c->out, b, m->to);
	bl_buf_printf(c->out, ",\"points\":%lld,\"total\":%lld,\"horse_cells\":[",
		      (long long)m->points, (long long)m->total);
	for (int h = 0; h < step->horses; h++) {
		if (h)
			bl_buf_putc(c->out, ',');
		put_name(c->out, b, step->cells[h]);
	}
	bl_buf_puts(c->out, "]}");
	return true;
}

enum bl_code yut_trace_json(const struct yut_game *g, bool moves, struct yut_result *res,
			    struct bl_buf *out, struct bl_err *err)
{
	struct json_trace c = { g, res, out };
	enum bl_code code;

	if (!moves) {
		code = yut_solve(g, res, err);
		if (code == BL_OK) {
			json_head(g, res, out);
			bl_buf_puts(out, "}\n");
		}
		return code;
	}
	code = yut_play(g, json_step, &c, res, err);
	if (code == BL_OK)
		bl_buf_printf(out, "],\"unused_dice\":%zu}\n", g->ndice - res->nmoves);
	return code;
}

/* --- the replay --- */

struct html_trace {
	const struct yut_game *g;
	struct bl_buf *out;
	struct html_replay h;
	struct pic_yut_layout lay;
	struct bl_buf desc, caption;
};

/* The page's head: the title, the horses and the dice (cut with "..." when long). */
static void html_head(struct html_trace *c)
{
	const struct yut_game *g = c->g;
	char sub[YUT_BOJ_DICE * 4 + 200];
	size_t n = 0;

	n += (size_t)snprintf(sub, sizeof sub, "%d horse%s, %zu dice:", g->horses,
			      g->horses == 1 ? "" : "s", g->ndice);
	for (size_t t = 0; t < g->ndice && n + 8 < sizeof sub; t++)
		n += (size_t)snprintf(sub + n, sizeof sub - n, " %d", g->dice[t]);
	if (n + 8 >= sizeof sub)
		snprintf(sub + sizeof sub - 8, 8, " ...");
	html_begin(&c->h, c->out, "yut: the optimal plan turn by turn", sub);
	pic_yut_layout(g->board, g->horses, &c->lay);
	pic_yut_defs(c->out);
}

/*
 * A frame per step, described by its line: the start ("before turn 1:
 * every horse on start", captioned "before turn 1, total 0"), each move
 * with its route drawn, and the turn that ends the game early.
 */
static bool html_step(void *ctx, const struct yut_step *step)
{
	struct html_trace *c = ctx;
	const struct yut_board *b = c->g->board;
	int from = step->move ? step->move->from : YUT_NONE;
	int to = step->move ? step->move->to : YUT_NONE;

	bl_buf_reset(&c->desc);
	bl_buf_reset(&c->caption);
	yut_step_text(b, step, NULL, &c->desc);
	yut_step_text(b, step, NULL, &c->caption);
	if (step->turn == 0) {
		html_head(c);
		bl_buf_puts(&c->desc, ": every horse on start");
		bl_buf_puts(&c->caption, ", total 0");
	}
	if (html_frame_begin(&c->h, text_of(&c->desc, c->out))) {
		pic_yut(b, &c->lay, step->cells, step->horses, from, to, false, "yut",
			text_of(&c->caption, c->out), c->out);
		html_frame_end(&c->h);
	}
	return true;
}

enum bl_code yut_trace_html(const struct yut_game *g, struct yut_result *res, struct bl_buf *out,
			    struct bl_err *err)
{
	struct html_trace c;
	enum bl_code code;

	c.g = g;
	c.out = out;
	bl_buf_init(&c.desc);
	bl_buf_init(&c.caption);
	code = yut_play(g, html_step, &c, res, err);
	if (code == BL_OK) {
		char answer[64];
		snprintf(answer, sizeof answer, "best total %lld", (long long)res->total);
		html_end(&c.h, answer);
	}
	bl_buf_release(&c.desc);
	bl_buf_release(&c.caption);
	return code;
}

/* --- unknown dice --- */

void yut_expectation_text(const struct yut_expectation *e, struct bl_buf *out)
{
	bl_buf_printf(out, "%.6f", e->value);
	if (e->exact)
		bl_buf_printf(out, " (exact %s/%s)", e->num, e->den);
	else
		bl_buf_puts(out, " (double)");
}

static void expectation_json(const struct yut_expectation *e, struct bl_buf *out)
{
	bl_buf_printf(out, "\"expected\":%.6f,\"exact\":", e->value);
	if (e->exact)
		bl_buf_printf(out, "\"%s/%s\"", e->num, e->den);
	else
		bl_buf_puts(out, "null");
}

void yut_expect_text(const struct yut_game *g, const struct yut_dist *d, int turns,
		     const struct yut_expectation *e, size_t states, bool explain,
		     struct bl_buf *out)
{
	yut_expectation_text(e, out);
	bl_buf_putc(out, '\n');
	if (explain)
		bl_buf_printf(out,
			      "%d horse%s, %d roll%s drawn from %s, each move chosen for the "
			      "best expected total\n%s arithmetic; states explored: %zu\n",
			      g->horses, g->horses == 1 ? "" : "s", turns, turns == 1 ? "" : "s",
			      d->text,
			      e->exact ? "exact rational"
				       : "double (exact numerators would pass 128 bits)",
			      states);
}

void yut_expect_json(const struct yut_game *g, const struct yut_dist *d, int turns,
		     const struct yut_expectation *e, size_t states, struct bl_buf *out)
{
	bl_buf_printf(out, "{\"turns\":%d,\"dice\":", turns);
	bl_buf_json_str(out, d->text);
	bl_buf_printf(out, ",\"horses\":%d,", g->horses);
	expectation_json(e, out);
	bl_buf_printf(out, ",\"states\":%zu}\n", states);
}

/*
 * Moves of horses that share a cell (several on Start) are one move: the
 * same cells, the same points, the same expectation.  The horses (1-based)
 * whose moves equal a->moves[i], i included, into horses[]; each is marked
 * in done[].  Returns how many.
 */
static int same_moves(const struct yut_advice *a, int i, bool done[], int horses[])
{
	int n = 0;

	for (int j = i; j < a->nmoves; j++)
		if (!done[j] && a->moves[j].from == a->moves[i].from &&
		    a->moves[j].to == a->moves[i].to) {
			done[j] = true;
			horses[n++] = a->moves[j].horse + 1;
		}
	return n;
}

void yut_advice_text(const struct yut_board *b, const struct yut_dist *d,
		     const struct yut_advice *a, struct bl_buf *out)
{
	bool done[YUT_MAX_HORSES] = { false };

	bl_buf_printf(out, "roll %d, %d roll%s left with this one, dice %s, score %lld\n", a->roll,
		      a->left, a->left == 1 ? "" : "s", d->text, (long long)a->score);
	if (!a->nmoves)
		bl_buf_printf(out, "no horse can move: the game ends with %lld\n",
			      (long long)a->score);
	for (int i = 0; i < a->nmoves; i++) {
		const struct yut_advice_move *m = &a->moves[i];

		int horses[YUT_MAX_HORSES], n;

		if (done[i])
			continue;
		n = same_moves(a, i, done, horses);
		bl_buf_puts(out, n > 1 ? "horses " : "horse ");
		for (int k = 0; k < n; k++)
			bl_buf_printf(out, "%s%d", k ? ", " : "", horses[k]);
		bl_buf_printf(out, ": %s -> %s, +%d, expected total ", b->cells[m->from].name,
			      b->cells[m->to].name, m->points);
		yut_expectation_text(&m->total, out);
		bl_buf_putc(out, '\n');
	}
	bl_buf_printf(out, "states explored: %zu\n", a->states);
}

void yut_advice_json(const struct yut_board *b, const struct yut_dist *d,
		     const struct yut_advice *a, struct bl_buf *out)
{
	bool done[YUT_MAX_HORSES] = { false };
	const char *sep = "";

	bl_buf_printf(out, "{\"roll\":%d,\"turns\":%d,\"dice\":", a->roll, a->left);
	bl_buf_json_str(out, d->text);
	bl_buf_printf(out, ",\"score\":%lld,\"states\":%zu,\"moves\":[", (long long)a->score,
		      a->states);
	for (int i = 0; i < a->nmoves; i++) {
		const struct yut_advice_move *m = &a->moves[i];

		int horses[YUT_MAX_HORSES], n;

		if (done[i])
			continue;
		n = same_moves(a, i, done, horses);
		bl_buf_printf(out, "%s{\"horse\":%d,\"horses\":[", sep, horses[0]);
		for (int k = 0; k < n; k++)
			bl_buf_printf(out, "%s%d", k ? "," : "", horses[k]);
		bl_buf_puts(out, "],\"from\":");
		put_name(out, b, m->from);
		bl_buf_puts(out, ",\"to\":");
		put_name(out, b, m->to);
		bl_buf_printf(out, ",\"points\":%d,", m->points);
		expectation_json(&m->total, out);
		bl_buf_putc(out, '}');
		sep = ",";
	}
	bl_buf_puts(out, "]}\n");
}

/* ---- the demo ---- */

enum bl_code yut_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err)
{
	const struct yut_text_view v = { YUT_HEAD_TOTAL, true, false, NULL, false, 0 };
	struct yut_game g;
	struct yut_result res;
	struct yut_limits lim;
	struct yut_dist d;
	struct yut_expectation e;
	struct bl_reader rd;
	struct bl_buf plan;
	size_t states;
	enum bl_code c;

	yut_game_init(&g, yut_board_builtin());
	yut_result_init(&res);
	yut_limits_any(&lim);
	bl_buf_init(&plan);
	bl_reader_init(&rd, example, len);
	if ((c = yut_parse(&g, &rd, &lim, err)) == BL_OK &&
	    (c = yut_trace_text(&g, &v, &res, &plan, err)) == BL_OK) {
		bl_buf_puts(out, "dice: ");
		yut_game_write(&g, out);
		bl_buf_printf(out, "best total with %d horses: %lld\n\n", g.horses,
			      (long long)res.total);
		bl_buf_puts(out,
			    "the plan (every horse starts on 'start'; a move from 10, 20 or 30\n"
			    "turns onto its diagonal d.., which meets the centre c25 c30 c35;\n"
			    "among equal totals the lowest horse moves):\n"
			    "$ boardlab yut solve --explain examples/yut.txt\n");
		bl_buf_add(out, plan.data, plan.len);
		if (bl_buf_failed(&plan))
			out->failed = true;
		bl_buf_puts(out,
			    "(each turn and set of horse cells is solved once: no search over\n"
			    "the 4^10 choice sequences)\n");
		yut_dist_parse(&d, "d5", NULL);
		if ((c = yut_expect(&g, &d, YUT_BOJ_DICE, &e, &states, err)) == BL_OK) {
			bl_buf_puts(out, "\nwith the 10 dice unknown, thrown one by one, best play "
					 "expects:\n$ boardlab yut solve --expect --turns 10\n");
			yut_expectation_text(&e, out);
			bl_buf_putc(out, '\n');
		}
	}
	bl_buf_release(&plan);
	yut_result_release(&res);
	yut_game_release(&g);
	return c;
}
