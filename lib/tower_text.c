/*
 * tower_text: the pieces of the tower game's views for people and programs:
 * the board as a grid of colours and stacks, one line per move or step,
 * how a game ended, and the same as JSON; colour as spans of a bl_style.
 * Everything is read through the tower's accessors; nothing here plays.
 * lib/tower_view.c puts them together into traces and renders.
 */
#include "boardlab/tower.h"

#include <stdlib.h>
#include <string.h>

char tower_dir_arrow(enum tower_dir d)
{
	switch (d) {
	case TOWER_RIGHT:
		return '>';
	case TOWER_LEFT:
		return '<';
	case TOWER_UP:
		return '^';
	case TOWER_DOWN:
		return 'v';
	}
	return '?';
}

const char *tower_rule_name(enum tower_rule r)
{
	return r == TOWER_BOTTOM ? "bottom" : "carry";
}

const char *tower_end_name(enum tower_end e)
{
	switch (e) {
	case TOWER_END_STACK:
		return "stack";
	case TOWER_END_LIMIT:
		return "limit";
	case TOWER_END_FEW:
		return "few";
	case TOWER_END_CYCLE:
		return "cycle";
	case TOWER_END_STOPPED:
		return "stopped";
	case TOWER_END_SPLIT:
		return "split";
	}
	return "?";
}

static const char colour_letter[] = "WRB";

/*
 * A cell's colour letter, a red or blue one as a span of its hue.  The
 * letter is one character wide whatever the style.
 */
static void letter_text(const struct tower *t, int cell, const struct bl_style *st,
			struct bl_buf *out)
{
	enum tower_colour c = tower_colour_at(t, cell);

	if (c == TOWER_RED || c == TOWER_BLUE)
		bl_buf_span(out, st, c == TOWER_RED ? BL_HUE_RED : BL_HUE_BLUE);
	bl_buf_putc(out, colour_letter[c]);
	if (c == TOWER_RED || c == TOWER_BLUE)
		bl_buf_span_end(out, st);
}

/* A cell's stack written tight, "3>12v", after its colour letter. */
static void cell_text(const struct tower *t, int cell, struct bl_buf *out)
{
	for (int p = tower_bottom(t, cell); p; p = tower_above(t, p)) {
		bl_buf_int(out, p);
		bl_buf_putc(out, tower_dir_arrow(tower_dir_of(t, p)));
	}
}

static int digits(long long v)
{
	int d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

static void pad(struct bl_buf *out, int spaces)
{
	while (spaces-- > 0)
		bl_buf_putc(out, ' ');
}

/*
 * Columns are padded to their widest cell, but never past COLUMN_MAX
 * characters: a taller stack runs on and pushes the rest of its row right,
 * so a board takes O(N^2 + K) characters however tall its stacks.
 */
#define COLUMN_MAX 24

void tower_board_text(const struct tower *t, const struct bl_style *st, struct bl_buf *out)
{
	int n = t->n, roww = digits(n);
	int *width = malloc((size_t)(n > 0 ? n : 1) * sizeof *width);
	struct bl_buf cell;

	/* One pass to size the columns: a cell is 1 + its pieces' numbers and arrows. */
	for (int c = 0; c < n; c++) {
		int w = digits(c + 1);
		for (int r = 0; width && r < n && w < COLUMN_MAX; r++) {
			int cw = 1;
			for (int p = tower_bottom(t, r * n + c); p && cw < COLUMN_MAX;
			     p = tower_above(t, p))
				cw += digits(p) + 1;
			if (cw > w)
				w = cw < COLUMN_MAX ? cw : COLUMN_MAX;
		}
		if (width)
			width[c] = w;
	}
	bl_buf_init(&cell);
	pad(out, roww);
	for (int c = 0; c < n; c++) {
		bl_buf_puts(out, "  ");
		bl_buf_int(out, c + 1);
		if (c + 1 < n)
			pad(out, (width ? width[c] : COLUMN_MAX) - digits(c + 1));
	}
	bl_buf_putc(out, '\n');
	for (int r = 0; r < n; r++) {
		pad(out, roww - digits(r + 1));
		bl_buf_int(out, r + 1);
		for (int c = 0; c < n; c++) {
			bl_buf_reset(&cell);
			cell_text(t, r * n + c, &cell);
			bl_buf_puts(out, "  ");
			letter_text(t, r * n + c, st, out);
			bl_buf_add(out, cell.data, cell.len);
			if (c + 1 < n)
				pad(out, (width ? width[c] : COLUMN_MAX) - 1 - (int)cell.len);
		}
		bl_buf_putc(out, '\n');
	}
	bl_buf_release(&cell);
	free(width);
}

void tower_stack_text(const struct tower *t, int cell, struct bl_buf *out)
{
	int p = tower_bottom(t, cell);

	if (!p)
		bl_buf_puts(out, "empty");
	for (bool first = true; p; p = tower_above(t, p), first = false) {
		if (!first)
			bl_buf_putc(out, ' ');
		bl_buf_int(out, p);
		bl_buf_putc(out, tower_dir_arrow(tower_dir_of(t, p)));
	}
}

static void put_cell(const struct tower *t, int cell, struct bl_buf *out)
{
	bl_buf_printf(out, "(%d,%d)", cell / t->n + 1, cell % t->n + 1);
}

/*
 * "red (2,3)" or "the edge": what lies at the cell next to from in d; the
 * words red and blue as spans of their hue.
 */
static void put_met(const struct tower *t, int from, enum tower_dir d, enum tower_colour met,
		    const struct bl_style *st, struct bl_buf *out)
{
	if (met == TOWER_EDGE) {
		bl_buf_puts(out, "the edge");
		return;
	}
	int n = t->n, cell = from;
	switch (d) {
	case TOWER_RIGHT:
		cell += 1;
		break;
	case TOWER_LEFT:
		cell -= 1;
		break;
	case TOWER_UP:
		cell -= n;
		break;
	case TOWER_DOWN:
		cell += n;
		break;
	}
	if (met == TOWER_RED || met == TOWER_BLUE)
		bl_buf_span(out, st, met == TOWER_RED ? BL_HUE_RED : BL_HUE_BLUE);
	bl_buf_puts(out, tower_colour_name(met));
	if (met == TOWER_RED || met == TOWER_BLUE)
		bl_buf_span_end(out, st);
	bl_buf_putc(out, ' ');
	put_cell(t, cell, out);
}

static enum tower_dir turned(enum tower_dir d)
{
	return (enum tower_dir)(((d - 1) ^ 1) + 1);
}

/* A move's line, without its newline (tower_move_text). */
static void move_line(const struct tower *t, const struct tower_move *mv, const struct bl_style *st,
		      struct bl_buf *out)
{
	bl_buf_printf(out, "piece %d at ", mv->piece);
	put_cell(t, mv->from, out);
	if (mv->skipped) {
		bl_buf_puts(out, ": skipped, not at the bottom of its stack");
		return;
	}
	bl_buf_printf(out, " going %s meets ", tower_dir_name(mv->dir));
	put_met(t, mv->from, mv->dir, mv->met, st, out);
	if (mv->bounced) {
		bl_buf_printf(out, ", turns %s, meets ", tower_dir_name(turned(mv->dir)));
		put_met(t, mv->from, turned(mv->dir), mv->met2, st, out);
	}
	if (!mv->moved) {
		bl_buf_puts(out, ": stays; stack ");
		tower_stack_text(t, mv->from, out);
		return;
	}
	bl_buf_printf(out, ": moves there with %d piece%s%s; stack ", mv->group,
		      mv->group == 1 ? "" : "s",
		      mv->met2 == TOWER_RED && mv->group > 1 ? ", reversed" : "");
	tower_stack_text(t, mv->to, out);
}

void tower_move_text(const struct tower *t, const struct tower_move *mv, const struct bl_style *st,
		     struct bl_buf *out)
{
	move_line(t, mv, st, out);
	bl_buf_putc(out, '\n');
}

void tower_step_text(const struct tower_step *step, const struct bl_style *st, struct bl_buf *out)
{
	if (step->mv)
		move_line(step->t, step->mv, st, out);
	else
		bl_buf_printf(out, "after turn %lld", (long long)step->turn);
}

static void cell_json(const struct tower *t, int cell, struct bl_buf *out)
{
	bl_buf_printf(out, "[%d,%d]", cell / t->n + 1, cell % t->n + 1);
}

static void pieces_json(const struct tower *t, int cell, struct bl_buf *out)
{
	bl_buf_putc(out, '[');
	for (int p = tower_bottom(t, cell); p; p = tower_above(t, p))
		bl_buf_printf(out, "{\"piece\":%d,\"dir\":\"%s\"}%s", p,
			      tower_dir_name(tower_dir_of(t, p)), tower_above(t, p) ? "," : "");
	bl_buf_putc(out, ']');
}

void tower_stacks_json(const struct tower *t, struct bl_buf *out)
{
	bool first = true;

	bl_buf_putc(out, '[');
	for (int c = 0; c < t->n * t->n; c++) {
		if (!tower_height(t, c))
			continue;
		bl_buf_puts(out, first ? "{\"cell\":" : ",{\"cell\":");
		first = false;
		cell_json(t, c, out);
		bl_buf_printf(out, ",\"colour\":\"%s\",\"pieces\":", tower_colour_name(tower_colour_at(t, c)));
		pieces_json(t, c, out);
		bl_buf_putc(out, '}');
	}
	bl_buf_putc(out, ']');
}

void tower_move_json(const struct tower *t, const struct tower_move *mv, struct bl_buf *out)
{
	bl_buf_printf(out, "{\"turn\":%lld,\"piece\":%d,\"from\":", (long long)mv->turn, mv->piece);
	cell_json(t, mv->from, out);
	bl_buf_printf(out,
		      ",\"dir\":\"%s\",\"met\":\"%s\",\"skipped\":%s,\"bounced\":%s,\"met2\":\"%s\","
		      "\"moved\":%s,\"to\":",
		      tower_dir_name(mv->dir), tower_colour_name(mv->met), mv->skipped ? "true" : "false",
		      mv->bounced ? "true" : "false", tower_colour_name(mv->met2),
		      mv->moved ? "true" : "false");
	cell_json(t, mv->to, out);
	bl_buf_printf(out, ",\"group\":%d,\"reversed\":%s,\"height\":%d,\"stack\":", mv->group,
		      mv->moved && mv->met2 == TOWER_RED && mv->group > 1 ? "true" : "false",
		      tower_height(t, mv->to));
	pieces_json(t, mv->to, out);
	bl_buf_putc(out, '}');
}

void tower_colours_json(const struct tower *t, struct bl_buf *out)
{
	bl_buf_putc(out, '[');
	for (int r = 0; r < t->n; r++) {
		bl_buf_puts(out, r ? ",[" : "[");
		for (int c = 0; c < t->n; c++) {
			if (c)
				bl_buf_putc(out, ',');
			bl_buf_putc(out, (char)('0' + tower_colour_at(t, r * t->n + c)));
		}
		bl_buf_putc(out, ']');
	}
	bl_buf_putc(out, ']');
}

void tower_result_json(const struct tower *t, const struct tower_opts *o,
		       const struct tower_result *res, struct bl_buf *out)
{
	struct bl_buf why;

	bl_buf_printf(out, "{\"answer\":%lld,\"end\":\"%s\",\"turns\":%lld", (long long)res->answer,
		      tower_end_name(res->end), (long long)res->turns);
	if (res->end == TOWER_END_STACK) {
		bl_buf_puts(out, ",\"move\":");
		tower_move_json(t, &res->last, out);
	}
	if (res->end == TOWER_END_CYCLE)
		bl_buf_printf(out, ",\"cycle_from\":%lld,\"cycle_to\":%lld",
			      (long long)res->cycle_from, (long long)res->cycle_to);
	if (res->end == TOWER_END_SPLIT) {
		bl_buf_printf(out, ",\"groups\":%d,\"split_from\":%lld,\"periods\":[", res->groups,
			      (long long)res->split_from);
		for (int i = 0; i < res->groups && i < TOWER_SPLIT_SHOWN; i++)
			bl_buf_printf(out, "%s%lld", i ? "," : "", (long long)res->periods[i]);
		bl_buf_putc(out, ']');
	}
	bl_buf_init(&why);
	tower_explain(t, o, res, &why);
	bl_buf_puts(out, ",\"explain\":");
	bl_buf_json_str(out, why.data ? why.data : "");
	bl_buf_release(&why);
	bl_buf_putc(out, '}');
}

void tower_explain(const struct tower *t, const struct tower_opts *o,
		   const struct tower_result *res, struct bl_buf *out)
{
	const struct tower_move *mv = &res->last;

	switch (res->end) {
	case TOWER_END_FEW:
		bl_buf_printf(out, "no stack of %lld can form with %d piece%s\n", (long long)o->height,
			      t->k, t->k == 1 ? "" : "s");
		return;
	case TOWER_END_LIMIT:
		bl_buf_printf(out, "no stack of %lld formed within %lld turn%s\n",
			      (long long)o->height, (long long)o->limit, o->limit == 1 ? "" : "s");
		return;
	case TOWER_END_STOPPED:
		bl_buf_printf(out, "stopped after turn %lld, before the game ended\n",
			      (long long)res->turns);
		return;
	case TOWER_END_CYCLE:
		bl_buf_printf(out, "the state after turn %lld repeats ", (long long)res->cycle_to);
		if (res->cycle_from)
			bl_buf_printf(out, "the state after turn %lld", (long long)res->cycle_from);
		else
			bl_buf_puts(out, "the starting state");
		bl_buf_printf(out, " (cycle length %lld)\n",
			      (long long)(res->cycle_to - res->cycle_from));
		bl_buf_printf(out, "so no stack of %lld can ever form\n", (long long)o->height);
		return;
	case TOWER_END_SPLIT:
		bl_buf_printf(out, "the pieces form %d groups that have shared no cell since turn %lld; "
				   "after turn %lld each is back in its state of ",
			      res->groups, (long long)res->split_from, (long long)res->turns);
		for (int i = 0; i < res->groups && i < TOWER_SPLIT_SHOWN; i++)
			bl_buf_printf(out, "%s%lld", i == 0 ? "" : i + 1 == res->groups ? " and " : ", ",
				      (long long)res->periods[i]);
		bl_buf_printf(out, "%s turns before\n", res->groups > TOWER_SPLIT_SHOWN ? ", ..." : "");
		bl_buf_printf(out, "so each repeats on its own, they never meet, and no stack of %lld "
				   "can ever form\n",
			      (long long)o->height);
		return;
	case TOWER_END_STACK:
		break;
	}
	bl_buf_printf(out, "turn %lld: piece %d ", (long long)mv->turn, mv->piece);
	if (mv->bounced) {
		bl_buf_puts(out, "at ");
		put_cell(t, mv->from, out);
		if (mv->met == TOWER_EDGE)
			bl_buf_printf(out, " met the edge going %s", tower_dir_name(mv->dir));
		else
			bl_buf_printf(out, " met a blue cell going %s", tower_dir_name(mv->dir));
		bl_buf_printf(out, ", turned %s and moved to ", tower_dir_name(turned(mv->dir)));
	} else {
		bl_buf_printf(out, "moved %s from ", tower_dir_name(mv->dir));
		put_cell(t, mv->from, out);
		bl_buf_puts(out, " to ");
	}
	put_cell(t, mv->to, out);
	bl_buf_printf(out, ", a %s cell", tower_colour_name(mv->met2));
	if (mv->group > 1)
		bl_buf_printf(out, ", carrying %d piece%s%s", mv->group - 1, mv->group > 2 ? "s" : "",
			      mv->met2 == TOWER_RED ? " (the group is reversed)" : "");
	bl_buf_puts(out, "\nthe stack at ");
	put_cell(t, mv->to, out);
	bl_buf_printf(out, " reached %d pieces, bottom to top:", mv->height);
	for (int p = tower_bottom(t, mv->to); p; p = tower_above(t, p))
		bl_buf_printf(out, " %d", p);
	bl_buf_putc(out, '\n');
}
