/*
 * puyo_json: the puyo views for programs: a field as an array of rows, solve's
 * answer, the trace with every step, render's field and best's moves.  Cells
 * are [row,column], numbered as the input numbers them (row 1 the top line).
 */
#include "puyo_impl.h"

void puyo_field_json(const struct puyo_field *f, struct bl_buf *out)
{
	char row[PUYO_COLS + 1];

	bl_buf_putc(out, '[');
	for (int t = 0; t < f->rows; t++) {
		for (int c = 0; c < PUYO_COLS; c++)
			row[c] = puyo_cell_char(f->cell[f->rows - 1 - t][c]);
		row[PUYO_COLS] = '\0';
		if (t)
			bl_buf_putc(out, ',');
		bl_buf_json_str(out, row);
	}
	bl_buf_putc(out, ']');
}

static void json_cells(struct bl_buf *out, int rows, const unsigned char *cells, int n)
{
	bl_buf_putc(out, '[');
	for (int i = 0; i < n; i++)
		bl_buf_printf(out, "%s[%d,%d]", i ? "," : "", rows - cells[i] / PUYO_COLS,
			      cells[i] % PUYO_COLS + 1);
	bl_buf_putc(out, ']');
}

static void json_rules(struct bl_buf *out, const struct puyo_rules *rules)
{
	bl_buf_puts(out, "\"rules\":");
	bl_buf_json_str(out, puyo_rules_name(rules->set));
	bl_buf_printf(out, ",\"rows\":%d,\"visible\":%d,\"pop\":%d", rules->rows, rules->visible,
		      rules->pop);
}

/* The totals' members, shared by solve's answer and the trace. */
static void json_totals(struct bl_buf *out, const struct puyo_result *res)
{
	bl_buf_printf(out, "\"chains\":%d,\"popped\":%d,\"score\":%lld,\"ojama_sent\":%lld,"
		      "\"ojama_cleared\":%d,\"all_clear\":%s", res->chains, res->popped, res->score,
		      res->ojama_sent, res->ojama_cleared, res->all_clear ? "true" : "false");
}

void puyo_result_json(const struct puyo_rules *rules, const struct puyo_result *res,
		      struct bl_buf *out)
{
	bl_buf_putc(out, '{');
	json_rules(out, rules);
	bl_buf_putc(out, ',');
	json_totals(out, res);
	bl_buf_putc(out, '}');
}

/* One step of the trace as an object, a comma before all but the first. */
static bool json_step(void *vctx, const struct puyo_step *s)
{
	struct bl_buf *out = vctx;
	int rows = s->field.rows;

	bl_buf_printf(out, "%s{\"chain\":%d,\"popped\":%d,\"colours\":%d,\"groups\":[",
		      s->chain > 1 ? "," : "", s->chain, s->npopped, s->colours);
	for (int g = 0; g < s->ngroups; g++) {
		const struct puyo_group *grp = &s->group[g];
		char colour[2] = { puyo_cell_char(grp->colour), '\0' };
		bl_buf_printf(out, "%s{\"colour\":", g ? "," : "");
		bl_buf_json_str(out, colour);
		bl_buf_printf(out, ",\"size\":%d,\"cells\":", grp->size);
		json_cells(out, rows, s->cell + grp->first, grp->size);
		bl_buf_putc(out, '}');
	}
	bl_buf_puts(out, "],\"ojama_cleared\":");
	json_cells(out, rows, s->ojama, s->nojama);
	bl_buf_printf(out, ",\"cp\":%d,\"cb\":%d,\"gb\":%d,\"score\":%lld,\"ojama_sent\":%lld,"
		      "\"field\":", s->cp, s->cb, s->gb, s->score, s->ojama_sent);
	puyo_field_json(&s->field, out);
	bl_buf_putc(out, '}');
	return true;
}

enum bl_code puyo_trace_json(const struct puyo_field *f, const struct puyo_rules *rules,
			     struct bl_buf *out, struct bl_err *err)
{
	struct puyo_result res;
	enum bl_code code = puyo_check(f, rules, err);

	if (code != BL_OK)
		return code;
	bl_buf_putc(out, '{');
	json_rules(out, rules);
	bl_buf_puts(out, ",\"field\":");
	puyo_field_json(f, out);
	bl_buf_puts(out, ",\"steps\":[");
	puyo_play(f, rules, json_step, out, &res, NULL);
	bl_buf_puts(out, "],");
	json_totals(out, &res);
	bl_buf_puts(out, "}\n");
	return BL_OK;
}

void puyo_render_json(const struct puyo_field *f, struct bl_buf *out)
{
	bl_buf_puts(out, "{\"field\":");
	puyo_field_json(f, out);
	bl_buf_puts(out, "}\n");
}

void puyo_plans_json(const struct puyo_plan *plans, int n, struct bl_buf *out)
{
	bl_buf_puts(out, "{\"moves\":[");
	for (int i = 0; i < n; i++) {
		const struct puyo_plan *p = &plans[i];
		bl_buf_printf(out, "%s{\"rank\":%d,\"placements\":[", i ? "," : "", i + 1);
		for (int d = 0; d < p->depth; d++)
			bl_buf_printf(out, "%s{\"column\":%d,\"rotation\":\"%s\",\"chains\":%d,"
				      "\"score\":%lld,\"all_clear\":%s}", d ? "," : "",
				      p->move[d].col + 1, puyo_rot_name((enum puyo_rot)p->move[d].rot),
				      p->chains[d], p->score[d], p->all_clear[d] ? "true" : "false");
		bl_buf_printf(out, "],\"score\":%lld}", p->total);
	}
	bl_buf_puts(out, "]}");
}
