/*
 * puyo_text: the puyo views for people: the field as numbered rows (its
 * letters coloured by a style) or on one line, a chain step's line, solve's
 * answer, the explanation (--explain), the text trace and best's table.
 * The chain views read the chain through puyo_play; rows and columns are
 * numbered as the input numbers them (row 1 the top line, column 1 the left).
 */
#include "puyo_impl.h"

/* The hue of each cell kind's letter; ojama white.  Only coloured cells have one. */
static bool hue_of(int cell, enum bl_hue *h)
{
	switch (cell) {
	case PUYO_RED: *h = BL_HUE_RED; return true;
	case PUYO_GREEN: *h = BL_HUE_GREEN; return true;
	case PUYO_BLUE: *h = BL_HUE_BLUE; return true;
	case PUYO_PURPLE: *h = BL_HUE_PURPLE; return true;
	case PUYO_YELLOW: *h = BL_HUE_YELLOW; return true;
	case PUYO_OJAMA: *h = BL_HUE_WHITE; return true;
	default: return false;
	}
}

/* A cell's letter, in a span of its hue. */
static void put_cell(struct bl_buf *out, int cell, const struct bl_style *st)
{
	enum bl_hue h;

	if (!st || !hue_of(cell, &h)) {
		bl_buf_putc(out, puyo_cell_char(cell));
		return;
	}
	bl_buf_span(out, st, h);
	bl_buf_putc(out, puyo_cell_char(cell));
	bl_buf_span_end(out, st);
}

/* Appends row `top` of f (counted from the top, 0-based) as its letters. */
static void put_row(const struct puyo_field *f, int top, struct bl_buf *out)
{
	char row[PUYO_COLS];

	for (int c = 0; c < PUYO_COLS; c++)
		row[c] = puyo_cell_char(f->cell[f->rows - 1 - top][c]);
	bl_buf_add(out, row, sizeof row);
}

void puyo_field_text(const struct puyo_field *f, const struct puyo_rules *rules, int indent,
		     int from_top, const struct bl_style *st, struct bl_buf *out)
{
	for (int t = from_top; t < f->rows; t++) {
		bl_buf_printf(out, "%*s%2d ", indent, "", t + 1);
		for (int c = 0; c < PUYO_COLS; c++)
			put_cell(out, f->cell[f->rows - 1 - t][c], st);
		bl_buf_puts(out, f->rows - 1 - t >= rules->visible ? "  hidden\n" : "\n");
	}
}

void puyo_field_line(const struct puyo_field *f, struct bl_buf *out)
{
	int top = puyo_field_top(f);

	if (top == f->rows) {
		bl_buf_puts(out, "empty\n");
		return;
	}
	if (top == f->rows - 1)
		bl_buf_printf(out, "(row %d) ", f->rows);
	else
		bl_buf_printf(out, "(rows %d-%d) ", top + 1, f->rows);
	for (int t = top; t < f->rows; t++) {
		if (t > top)
			bl_buf_putc(out, '/');
		put_row(f, t, out);
	}
	bl_buf_putc(out, '\n');
}

/* A cell index of a step as " (row,column)". */
static void put_pos(struct bl_buf *out, int rows, int at)
{
	bl_buf_printf(out, " (%d,%d)", rows - at / PUYO_COLS, at % PUYO_COLS + 1);
}

/* "  R x4: (9,2) (10,2) ...": one group, its letter in a span of its hue. */
static void put_group(struct bl_buf *out, const struct puyo_step *s, int g,
		      const struct bl_style *st)
{
	const struct puyo_group *grp = &s->group[g];

	bl_buf_puts(out, "  ");
	put_cell(out, grp->colour, st);
	bl_buf_printf(out, " x%d:", grp->size);
	for (int i = 0; i < grp->size; i++)
		put_pos(out, s->field.rows, s->cell[grp->first + i]);
	bl_buf_putc(out, '\n');
}

/* "  score: 10 x 4 x 1 = 40 (CP 0, CB 0, GB 0)", without a newline. */
static void put_score(struct bl_buf *out, const struct puyo_step *s)
{
	int sum = s->cp + s->cb + s->gb, mult = sum < 1 ? 1 : sum > 999 ? 999 : sum;

	bl_buf_printf(out, "  score: 10 x %d x %d = %lld (CP %d, CB %d, GB %d)", s->npopped, mult,
		      s->score, s->cp, s->cb, s->gb);
}

void puyo_totals_text(const struct puyo_result *res, struct bl_buf *out)
{
	bl_buf_printf(out, "%d chain%s, %lld point%s, %lld ojama sent%s", res->chains,
		      res->chains == 1 ? "" : "s", res->score, res->score == 1 ? "" : "s",
		      res->ojama_sent, res->all_clear ? ", all clear" : "");
}

void puyo_boj_totals_text(const struct puyo_result *res, struct bl_buf *out)
{
	bl_buf_printf(out, "%d chain%s, %d puyo%s popped, %d left", res->chains,
		      res->chains == 1 ? "" : "s", res->popped, res->popped == 1 ? "" : "s",
		      puyo_field_count(&res->final));
}

void puyo_step_text(const struct puyo_step *s, const struct bl_style *st, struct bl_buf *out)
{
	(void)st;   /* the line has no coloured part */
	bl_buf_printf(out, "chain %d: %d puyo%s in %d group%s of %d colour%s", s->chain, s->npopped,
		      s->npopped == 1 ? "" : "s", s->ngroups, s->ngroups == 1 ? "" : "s",
		      s->colours, s->colours == 1 ? "" : "s");
}

void puyo_result_text(const struct puyo_rules *rules, const struct puyo_result *res,
		      struct bl_buf *out)
{
	if (res->chains < 0)   /* a mistake's chain that never stops */
		bl_buf_puts(out, "endless: the chain never stops, so the program prints nothing");
	else if (rules->set == PUYO_RULES_TSU)
		puyo_totals_text(res, out);
	else
		bl_buf_int(out, res->chains);
	bl_buf_putc(out, '\n');
}

/* What a chain view carries from step to step. */
struct text_view {
	const struct puyo_rules *rules;
	const struct bl_style *st;
	struct bl_buf *out;
};

/* One step of the explanation: its groups, under Tsu the ojama and score, the field after. */
static bool explain_step(void *vctx, const struct puyo_step *s)
{
	struct text_view *v = vctx;
	bool tsu = v->rules->set == PUYO_RULES_TSU;

	bl_buf_printf(v->out, "chain %d: %d puyos in %d group%s\n", s->chain, s->npopped,
		      s->ngroups, s->ngroups == 1 ? "" : "s");
	for (int g = 0; g < s->ngroups; g++)
		put_group(v->out, s, g, NULL);
	if (tsu && s->nojama) {
		bl_buf_printf(v->out, "  ojama cleared: %d:", s->nojama);
		for (int i = 0; i < s->nojama; i++)
			put_pos(v->out, s->field.rows, s->ojama[i]);
		bl_buf_putc(v->out, '\n');
	}
	if (tsu) {
		put_score(v->out, s);
		bl_buf_putc(v->out, '\n');
	}
	bl_buf_puts(v->out, "  after gravity: ");
	puyo_field_line(&s->field, v->out);
	return true;
}

enum bl_code puyo_explain(const struct puyo_field *f, const struct puyo_rules *rules,
			  struct bl_buf *out, struct bl_err *err)
{
	struct text_view v = { rules, NULL, out };
	struct puyo_result res;
	enum bl_code code = puyo_play(f, rules, explain_step, &v, &res, err);

	if (code != BL_OK)
		return code;
	int left = puyo_field_count(&res.final);
	bl_buf_printf(out, "%s no group of %d or more, %d puyo%s left\n",
		      res.chains ? "then nothing pops:" : "nothing pops:", rules->pop, left,
		      left == 1 ? "" : "s");
	return BL_OK;
}

enum bl_code puyo_solve_write(const struct puyo_field *f, const struct puyo_rules *rules,
			      bool json, bool in_array, bool explain, bool settled,
			      struct bl_buf *out, struct bl_err *err)
{
	struct puyo_result res;
	enum bl_code code;

	if (!json && !explain && rules->set != PUYO_RULES_TSU) {
		/* The count is the whole answer: the count-only path. */
		if ((code = puyo_solve_count(f, rules, &res.chains, err)) == BL_OK)
			puyo_result_text(rules, &res, out);
		return code;
	}
	if ((code = puyo_solve(f, rules, &res, err)) != BL_OK)
		return code;
	if (json) {
		puyo_result_json(rules, &res, out);
		if (!in_array)
			bl_buf_putc(out, '\n');
		return BL_OK;
	}
	puyo_result_text(rules, &res, out);
	if (!explain)
		return BL_OK;
	if (settled) {
		bl_buf_puts(out, "settled field: ");
		puyo_field_line(f, out);
	}
	return puyo_explain(f, rules, out, err);
}

/*
 * One step of the trace: its line, groups, under Tsu the ojama and score
 * terms, the field after.  BOJ's rules have neither ojama nor score: the
 * chain count is the answer.
 */
static bool trace_step(void *vctx, const struct puyo_step *s)
{
	struct text_view *v = vctx;

	puyo_step_text(s, v->st, v->out);
	bl_buf_putc(v->out, '\n');
	for (int g = 0; g < s->ngroups; g++)
		put_group(v->out, s, g, v->st);
	if (v->rules->set == PUYO_RULES_TSU) {
		bl_buf_printf(v->out, "  ojama cleared: %d", s->nojama);
		if (s->nojama)
			bl_buf_putc(v->out, ':');
		for (int i = 0; i < s->nojama; i++)
			put_pos(v->out, s->field.rows, s->ojama[i]);
		bl_buf_putc(v->out, '\n');
		put_score(v->out, s);
		bl_buf_printf(v->out, ", ojama sent %lld\n", s->ojama_sent);
	}
	bl_buf_puts(v->out, "  after gravity:\n");
	puyo_field_text(&s->field, v->rules, 2, 0, v->st, v->out);
	return true;
}

enum bl_code puyo_trace_text(const struct puyo_field *f, const struct puyo_rules *rules,
			     const struct bl_style *st, struct bl_buf *out, struct bl_err *err)
{
	struct text_view v = { rules, st, out };
	struct puyo_result res;
	int hidden = rules->rows - rules->visible;
	enum bl_code code = puyo_check(f, rules, err);

	if (code != BL_OK)
		return code;
	bl_buf_printf(out, "%s rules, %d rows", puyo_rules_name(rules->set), rules->rows);
	if (hidden)
		bl_buf_printf(out, " (the top %s hidden)", hidden == 1 ? "one" : "two");
	bl_buf_printf(out, ", groups of %d pop\nstart:\n", rules->pop);
	puyo_field_text(f, rules, 2, 0, st, out);
	puyo_play(f, rules, trace_step, &v, &res, NULL);
	bl_buf_puts(out, "total: ");
	if (rules->set == PUYO_RULES_TSU) {
		puyo_totals_text(&res, out);
		bl_buf_printf(out, "; %d puyo%s popped, %d ojama cleared\n", res.popped,
			      res.popped == 1 ? "" : "s", res.ojama_cleared);
	} else {
		puyo_boj_totals_text(&res, out);
		bl_buf_putc(out, '\n');
	}
	return BL_OK;
}

const char *puyo_rot_name(enum puyo_rot rot)
{
	static const char *const names[] = { "up", "right", "down", "left" };

	return (unsigned)rot < 4 ? names[rot] : "?";
}

static void put_move(struct bl_buf *out, struct puyo_move m)
{
	bl_buf_printf(out, "%d %-5s", m.col + 1, puyo_rot_name((enum puyo_rot)m.rot));
}

/* One line of best's table. */
static void put_plan(struct bl_buf *out, const struct puyo_plan *p, int rank, int npairs)
{
	bl_buf_printf(out, "%4d  ", rank);
	put_move(out, p->move[0]);
	bl_buf_puts(out, "  ");
	if (npairs == 2) {
		if (p->depth == 2)
			put_move(out, p->move[1]);
		else
			bl_buf_printf(out, "%-7s", "-");
		bl_buf_printf(out, "  %2d+%-2d  ", p->chains[0], p->chains[1]);
	} else {
		bl_buf_printf(out, "%6d  ", p->chains[0]);
	}
	bl_buf_printf(out, "%9lld%s\n", p->total,
		      p->all_clear[0] || p->all_clear[1] ? "  all clear" : "");
}

void puyo_plans_text(const struct puyo_field *f, const struct puyo_plan *plans, int n, int npairs,
		     struct bl_buf *out)
{
	if (n == 0) {
		bl_buf_puts(out, puyo_game_over(f) ? "no legal move: column 3 is full, the game is over\n"
						   : "no legal move: no column has room for the pair\n");
		return;
	}
	if (npairs == 1)
		bl_buf_puts(out, "rank  move     chains      score\n");
	else
		bl_buf_puts(out, "rank  first    second   chains      score\n");
	for (int i = 0; i < n; i++)
		put_plan(out, &plans[i], i + 1, npairs);
}

/* ---- the demo ---- */

enum bl_code puyo_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err)
{
	struct puyo_rules rules;
	struct puyo_field f;
	struct puyo_result res;
	struct puyo_limits lim;
	struct bl_reader rd;
	enum bl_code c;

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	puyo_limits_any(&lim);
	bl_reader_init(&rd, example, len);
	if ((c = puyo_parse(&f, &rd, &rules, 0, &lim, err)) != BL_OK ||
	    (c = puyo_solve(&f, &rules, &res, err)) != BL_OK)
		return c;
	bl_buf_puts(out, "a field (examples/puyo.txt, BOJ 11559; the empty rows above not "
			 "shown):\n\n");
	puyo_field_text(&f, &rules, 2, puyo_field_top(&f), NULL, out);
	bl_buf_printf(out, "\n$ boardlab puyo solve --explain examples/puyo.txt\n%d\n", res.chains);
	return puyo_explain(&f, &rules, out, err);
}
