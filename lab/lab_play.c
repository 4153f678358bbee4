/*
 * lab_play: the play modes of the lab page (lab.h): puyo's pairs, yut's
 * dice with the advisor, grundy against the engine.  Each call takes the
 * position as the input text (the page keeps it) and says what the library
 * makes of a move; the rules, the legality of moves and the engine's
 * answers are the library's.
 */
#include "lab.h"

#include <stdio.h>
#include <string.h>

#include "lab_impl.h"

/* ---- puyo ---- */

static const char pair_colours[] = "RGBY";

int lab_puyo_pair(int seed, int i)
{
	struct lab_setup s;
	struct bl_rng rng;
	enum bl_code code = lab_begin(&s);

	if (code == BL_OK) {
		bl_rng_init_stream(&rng, (uint64_t)(uint32_t)seed, (uint64_t)(uint32_t)i);
		bl_buf_putc(lab_out(), pair_colours[bl_rng_below(&rng, 4)]);
		bl_buf_putc(lab_out(), pair_colours[bl_rng_below(&rng, 4)]);
	}
	return lab_end(&s, code);
}

/* The pair of letters axis, child; BL_ERR_ARG unless both are colours. */
static enum bl_code read_pair(int axis, int child, struct puyo_pair *pair, struct bl_err *err)
{
	int a = axis > 0 && axis < 128 ? puyo_cell_from_char((char)axis) : -1;
	int c = child > 0 && child < 128 ? puyo_cell_from_char((char)child) : -1;

	if (a < PUYO_RED || a > PUYO_YELLOW || c < PUYO_RED || c > PUYO_YELLOW)
		return bl_fail(err, BL_ERR_ARG, "expected a pair of colours R, G, B, P or Y");
	pair->axis = (unsigned char)a;
	pair->child = (unsigned char)c;
	return BL_OK;
}

/* The setup's puyo field from the input, and the pair. */
static enum bl_code puyo_start(struct lab_setup *s, struct lab_inst *x, int axis, int child,
			       struct puyo_pair *pair)
{
	enum bl_code code = lab_begin(s);

	lab_inst_init(s, x);
	if (code == BL_OK && s->game != LAB_PUYO)
		code = bl_fail(lab_err(), BL_ERR_ARG, "pairs are puyo's");
	if (code == BL_OK)
		code = read_pair(axis, child, pair, lab_err());
	if (code == BL_OK)
		code = lab_inst_read(s, x, lab_err());
	return code;
}

int lab_puyo_moves(int axis, int child)
{
	struct lab_setup s;
	struct lab_inst x;
	struct puyo_pair pair;
	struct puyo_move mv[PUYO_MOVES_MAX];
	enum bl_code code = puyo_start(&s, &x, axis, child, &pair);

	if (code == BL_OK) {
		int n = puyo_moves(&x.f, &s.rules, pair, mv);
		for (int i = 0; i < n; i++)
			bl_buf_printf(lab_out(), "%d %d\n", mv[i].col, mv[i].rot);
	}
	lab_inst_release(&x);
	return lab_end(&s, code);
}

/* "key":"the field's text", */
static void json_field(const char *key, const struct puyo_field *f, struct bl_buf *out)
{
	struct bl_buf text;

	bl_buf_init(&text);
	puyo_field_write(f, 0, &text);
	bl_buf_printf(out, "\"%s\":", key);
	bl_buf_json_str(out, text.data ? text.data : "");
	if (bl_buf_failed(&text))
		out->failed = true;
	bl_buf_release(&text);
}

int lab_puyo_drop(int axis, int child, int col, int rot)
{
	struct lab_setup s;
	struct lab_inst x;
	struct puyo_pair pair;
	struct puyo_result res;
	struct bl_buf *out = lab_out(), line;
	enum bl_code code = puyo_start(&s, &x, axis, child, &pair);

	bl_buf_init(&line);
	if (code == BL_OK && (col < 0 || col >= PUYO_COLS || rot < 0 || rot > PUYO_ROT_LEFT ||
			      !puyo_place(&x.f, &s.rules, pair,
					  (struct puyo_move){ (unsigned char)col, (unsigned char)rot })))
		code = bl_fail(lab_err(), BL_ERR_ARG, "the pair cannot go to column %d, %s", col + 1,
			       rot >= 0 && rot <= PUYO_ROT_LEFT ? puyo_rot_name((enum puyo_rot)rot)
							       : "no rotation");
	if (code == BL_OK && (code = puyo_solve(&x.f, &s.rules, &res, lab_err())) == BL_OK) {
		bl_buf_putc(out, '{');
		json_field("placed", &x.f, out);
		bl_buf_putc(out, ',');
		json_field("final", &res.final, out);
		puyo_result_text(&s.rules, &res, &line);
		if (line.len)
			line.data[--line.len] = '\0';   /* the answer line without its newline */
		bl_buf_printf(out, ",\"chains\":%d,\"score\":%lld,\"result\":", res.chains,
			      res.score);
		bl_buf_json_str(out, line.data ? line.data : "");
		bl_buf_printf(out, ",\"over\":%s}", puyo_game_over(&res.final) ? "true" : "false");
		if (bl_buf_failed(&line))
			out->failed = true;
	}
	bl_buf_release(&line);
	lab_inst_release(&x);
	return lab_end(&s, code);
}

/* next=RG or next=RG,BY: the pairs of best. */
static enum bl_code read_next(const struct lab_setup *s, struct puyo_pair *pairs, int *n,
			      struct bl_err *err)
{
	const struct lab_opt *o = lab_opt_find(s, "next");

	*n = 0;
	if (!o || (o->vlen != 2 && (o->vlen != 5 || o->val[2] != ',')))
		return bl_fail(err, BL_ERR_ARG, "expected next=XY or next=XY,XY");
	for (size_t i = 0; i < o->vlen; i += 3)
		if (read_pair(o->val[i], o->val[i + 1], &pairs[(*n)++], err) != BL_OK)
			return BL_ERR_ARG;
	return BL_OK;
}

int lab_puyo_best(void)
{
	struct lab_setup s;
	struct lab_inst x;
	struct puyo_pair pairs[2];
	struct puyo_plan plans[PUYO_MOVES_MAX];
	int npairs = 0;
	int64_t top = PUYO_MOVES_MAX;
	enum bl_code code = lab_begin(&s);

	lab_inst_init(&s, &x);
	if (code == BL_OK && s.game != LAB_PUYO)
		code = bl_fail(lab_err(), BL_ERR_ARG, "best is puyo's");
	if (code == BL_OK && (code = read_next(&s, pairs, &npairs, lab_err())) == BL_OK &&
	    (code = lab_opt_int(&s, "top", 1, PUYO_MOVES_MAX, &top, lab_err())) == BL_OK &&
	    (code = lab_inst_read(&s, &x, lab_err())) == BL_OK) {
		int n = puyo_best(&x.f, &s.rules, pairs, npairs, plans);
		puyo_plans_text(&x.f, plans, n < top ? n : (int)top, npairs, lab_out());
	}
	lab_inst_release(&x);
	return lab_end(&s, code);
}

/* ---- yut ---- */

int lab_yut_roll(int seed, int i)
{
	struct lab_setup s;
	struct bl_rng rng;
	enum bl_code code = lab_begin(&s);

	if (code == BL_OK && s.game != LAB_YUT)
		code = bl_fail(lab_err(), BL_ERR_ARG, "dice are yut's");
	if (code == BL_OK) {
		bl_rng_init_stream(&rng, (uint64_t)(uint32_t)seed, (uint64_t)(uint32_t)i);
		bl_buf_int(lab_out(), yut_dist_draw(&s.dist, &rng));
	}
	return lab_end(&s, code);
}

/*
 * at=CELLS (cell names, a comma between; all on start when not given,
 * the setup's horses) into cells and *horses, in the tool's words.
 */
static enum bl_code read_at(const struct lab_setup *s, const struct yut_board *b, int *cells,
			    int *horses, struct bl_err *err)
{
	const struct lab_opt *o = lab_opt_find(s, "at");
	size_t at = 0;

	*horses = 0;
	if (!o) {
		for (*horses = 0; *horses < s->horses; (*horses)++)
			cells[*horses] = b->start;
		return BL_OK;
	}
	for (;;) {
		const char *v = o->val + at, *comma = memchr(v, ',', o->vlen - at);
		size_t len = comma ? (size_t)(comma - v) : o->vlen - at;
		char name[YUT_NAME_MAX];
		int c = YUT_NONE;
		if (*horses == YUT_MAX_HORSES)
			return bl_fail(err, BL_ERR_ARG, "invalid value '%.*s' for --at: more than %d "
					"horses", (int)o->vlen, o->val, YUT_MAX_HORSES);
		if (len > 0 && len < sizeof name) {
			memcpy(name, v, len);
			name[len] = '\0';
			c = yut_board_find(b, name);
		}
		if (c == YUT_NONE)
			return bl_fail(err, BL_ERR_ARG, "invalid value '%.*s' for --at: no cell '%.*s' "
					"on the board", (int)o->vlen, o->val, (int)len, v);
		cells[(*horses)++] = c;
		if (!comma)
			return BL_OK;
		at += len + 1;
	}
}

/* The position of the play calls: the board, at=, and the roll (roll=, needed when need_roll). */
struct yut_play {
	struct yut_game g;
	int cells[YUT_MAX_HORSES];
	int64_t roll, score, left;
};

static enum bl_code yut_start(struct lab_setup *s, struct yut_play *p, bool need_roll)
{
	enum bl_code code = lab_begin(s);
	struct bl_err *err = lab_err();

	yut_game_init(&p->g, yut_board_builtin());
	p->g.max_bytes = LAB_MAX_BYTES;
	p->roll = 0;
	p->score = 0;
	p->left = YUT_BOJ_DICE;
	if (code == BL_OK && s->game != LAB_YUT)
		code = bl_fail(err, BL_ERR_ARG, "dice are yut's");
	if (code == BL_OK && need_roll && !lab_opt_find(s, "roll"))
		code = bl_fail(err, BL_ERR_ARG, "advise needs --turns T and --roll D");
	if (code == BL_OK && (code = read_at(s, p->g.board, p->cells, &p->g.horses, err)) == BL_OK &&
	    (code = lab_opt_int(s, "roll", 1, YUT_DIE_MAX, &p->roll, err)) == BL_OK &&
	    (code = lab_opt_int(s, "score", 0, 1000000000, &p->score, err)) == BL_OK)
		code = lab_opt_int(s, "left", 1, YUT_TURNS_MAX, &p->left, err);
	if (code == BL_OK && p->roll && s->dist.p[p->roll] <= 0)
		code = bl_fail(err, BL_ERR_ARG, "roll %d cannot happen under --dice %s",
			       (int)p->roll, s->dist.text);
	return code;
}

int lab_yut_advise(int json)
{
	struct lab_setup s;
	struct yut_play p;
	struct yut_advice a;
	struct bl_err e;
	enum bl_code code = yut_start(&s, &p, true);

	bl_err_clear(&e);
	if (code == BL_OK) {
		code = yut_advise(&p.g, &s.dist, p.cells, p.score, (int)p.left, (int)p.roll, &a, &e);
		if (code == BL_ERR_ARG)
			bl_fail(lab_err(), code, "invalid value '%.*s' for --at: %s",
				(int)(lab_opt_find(&s, "at") ? lab_opt_find(&s, "at")->vlen : 0),
				lab_opt_find(&s, "at") ? lab_opt_find(&s, "at")->val : "", e.msg);
		else if (code != BL_OK)
			*lab_err() = e;
	}
	if (code == BL_OK && json)
		yut_advice_json(p.g.board, &s.dist, &a, lab_out());
	else if (code == BL_OK)
		yut_advice_text(p.g.board, &s.dist, &a, lab_out());
	yut_game_release(&p.g);
	return lab_end(&s, code);
}

int lab_yut_move(int horse)
{
	struct lab_setup s;
	struct yut_play p;
	const struct yut_board *b;
	enum bl_code code = yut_start(&s, &p, true);
	int to = YUT_NONE;

	b = p.g.board;
	if (code == BL_OK && (code = yut_position_check(b, p.cells, p.g.horses, lab_err())) == BL_OK &&
	    (horse < 0 || horse >= p.g.horses ||
	     (to = yut_try_move(b, p.cells, p.g.horses, horse, (int)p.roll)) == YUT_NONE))
		code = bl_fail(lab_err(), BL_ERR_ARG, "horse %d cannot move %d", horse + 1,
			       (int)p.roll);
	if (code == BL_OK) {
		p.cells[horse] = to;
		bl_buf_puts(lab_out(), "{\"at\":\"");
		for (int i = 0; i < p.g.horses; i++)
			bl_buf_printf(lab_out(), "%s%s", i ? "," : "", b->cells[p.cells[i]].name);
		bl_buf_printf(lab_out(), "\",\"points\":%d}", b->cells[to].score);
	}
	yut_game_release(&p.g);
	return lab_end(&s, code);
}

int lab_yut_position(void)
{
	struct lab_setup s;
	struct yut_play p;
	enum bl_code code = yut_start(&s, &p, false);

	if (code == BL_OK &&
	    (code = yut_position_check(p.g.board, p.cells, p.g.horses, lab_err())) == BL_OK)
		yut_position_svg(p.g.board, p.cells, p.g.horses, lab_out());
	yut_game_release(&p.g);
	return lab_end(&s, code);
}

/* ---- grundy ---- */

/* The position as input text: the count, then "x y L" a piece ("x y" with only=). */
static void write_position(const struct lab_setup *s, const struct grundy_position *pos,
			   struct bl_buf *out)
{
	bl_buf_printf(out, "%zu\n", pos->n);
	for (size_t i = 0; i < pos->n; i++) {
		const struct grundy_stone *st = &pos->st[i];
		bl_buf_printf(out, "%llu %llu", (unsigned long long)st->x, (unsigned long long)st->y);
		if (s->fmt.only == GRUNDY_MIXED)
			bl_buf_printf(out, " %c", grundy_set_letter(&s->set, st->piece));
		bl_buf_putc(out, '\n');
	}
}

/* move=I,X,Y into the step of turn (its piece, from, to, values) and played on pos. */
static enum bl_code player_move(struct lab_setup *s, struct grundy_position *pos, int64_t turn,
				struct grundy_step *st, struct bl_err *err)
{
	const struct lab_opt *o = lab_opt_find(s, "move");
	unsigned long long i = 0, x = 0, y = 0;
	char v[80], extra;
	struct grundy_stone *p;

	if (o->vlen >= sizeof v ||
	    sscanf(lab_opt_text(o, v, sizeof v), "%llu,%llu,%llu%c", &i, &x, &y, &extra) != 3 ||
	    i < 1 || i > pos->n)
		return bl_fail(err, BL_ERR_ARG, "invalid value '%.*s' for --move: expected PIECE,X,Y "
				"with PIECE from 1 to %zu", (int)o->vlen, o->val, pos->n);
	p = &pos->st[i - 1];
	if (!grundy_move_legal(&s->set.piece[p->piece], p->x, p->y, x, y))
		return bl_fail(err, BL_ERR_ARG, "piece %llu (%c) cannot move from (%llu, %llu) to "
				"(%llu, %llu)", i, grundy_set_letter(&s->set, p->piece),
				(unsigned long long)p->x, (unsigned long long)p->y, x, y);
	*st = (struct grundy_step){ .turn = turn, .index = (size_t)(i - 1), .piece = p->piece,
				    .fx = p->x, .fy = p->y, .from = p->value, .tx = x, .ty = y,
				    .nim_before = pos->nim, .pos = pos };
	enum bl_code code = grundy_set_value(&s->set, p->piece, x, y, &st->to, err);
	if (code != BL_OK)
		return code;
	p->x = x;
	p->y = y;
	p->value = st->to;
	pos->nim ^= st->from ^ st->to;
	st->nim = pos->nim;
	return BL_OK;
}

/* Appends the step's line (grundy_step_text) to the JSON array lines, a comma before all but the first. */
static void add_step(const struct grundy_set *set, const struct grundy_step *st, struct bl_buf *lines)
{
	struct bl_buf line;

	bl_buf_init(&line);
	grundy_step_text(set, st, NULL, &line);
	if (lines->len)
		bl_buf_putc(lines, ',');
	bl_buf_json_str(lines, line.data ? line.data : "");
	if (bl_buf_failed(&line))
		lines->failed = true;
	bl_buf_release(&line);
}

/* The engine's move as grundy_play makes it, its line numbered as the game's turn. */
struct reply {
	const struct grundy_set *set;
	int64_t turn;
	struct bl_buf *lines;
};

static bool reply_step(void *ctx, const struct grundy_step *step)
{
	struct reply *r = ctx;
	struct grundy_step st = *step;

	st.turn = r->turn;
	add_step(r->set, &st, r->lines);
	return true;
}

/* The moves' lines, the end's when the game is over, the position and its xor, as JSON. */
static void play_json(const struct lab_setup *s, const struct grundy_position *pos,
		      struct bl_buf *lines, int64_t next_turn, bool over, struct bl_buf *out)
{
	struct bl_buf text;

	bl_buf_init(&text);
	if (over) {
		struct grundy_game_end end = { next_turn - 1, true };
		if (lines->len)
			bl_buf_putc(lines, ',');
		grundy_end_text(&end, pos->nim, NULL, NULL, &text);
		bl_buf_json_str(lines, text.data ? text.data : "");
		bl_buf_reset(&text);
	}
	write_position(s, pos, &text);
	bl_buf_puts(out, "{\"lines\":[");
	bl_buf_add(out, lines->data ? lines->data : "", lines->len);
	bl_buf_puts(out, "],\"text\":");
	bl_buf_json_str(out, text.data ? text.data : "");
	bl_buf_printf(out, ",\"xor\":%llu,\"over\":%s}", (unsigned long long)pos->nim,
		      over ? "true" : "false");
	if (bl_buf_failed(&text) || bl_buf_failed(lines))
		out->failed = true;
	bl_buf_release(&text);
}

int lab_grundy_play(int reply)
{
	struct lab_setup s;
	struct lab_inst x;
	struct grundy_step st;
	struct grundy_game_end end = { 0, false };
	struct bl_buf lines;
	struct bl_err *err = lab_err();
	int64_t turn = 1;
	enum bl_code code = lab_begin(&s);

	bl_buf_init(&lines);
	lab_inst_init(&s, &x);
	if (code == BL_OK && s.game != LAB_GRUNDY)
		code = bl_fail(err, BL_ERR_ARG, "moves against the engine are grundy's");
	if (code == BL_OK && (code = lab_opt_int(&s, "turn", 1, INT64_MAX / 2, &turn, err)) == BL_OK &&
	    (code = lab_inst_read(&s, &x, err)) == BL_OK && lab_opt_find(&s, "move")) {
		/* the player's move, if the game is not over */
		if ((code = grundy_play(&s.set, &x.pos, 0, NULL, NULL, &end, err)) == BL_OK &&
		    end.over)
			code = bl_fail(err, BL_ERR_ARG, "the game is over: %s cannot move",
				       grundy_player(turn));
		if (code == BL_OK && (code = player_move(&s, &x.pos, turn, &st, err)) == BL_OK) {
			add_step(&s.set, &st, &lines);
			turn++;
		}
	}
	if (code == BL_OK) {
		struct reply r = { &s.set, turn, &lines };
		code = grundy_play(&s.set, &x.pos, reply ? 1 : 0, reply_step, &r, &end, err);
		turn += end.turns;
	}
	if (code == BL_OK)
		play_json(&s, &x.pos, &lines, turn, end.over, lab_out());
	bl_buf_release(&lines);
	lab_inst_release(&x);
	return lab_end(&s, code);
}
