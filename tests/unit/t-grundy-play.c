/*
 * Unit tests of grundy's played-out game (grundy_play) and its views: on
 * random positions of built-in and custom pieces, every move is the one a
 * plain O(N)-a-turn walk over the pieces picks (the first piece with the
 * XOR's top bit, to a legal cell of value value ^ xor; at XOR 0 the first
 * piece that can move, one step of its first move), the XOR after each
 * move is the XOR of every piece again, and the game ends with the loser
 * the statement's theory names.  Then the turn limit, a step function that
 * stops the game, the empty position, reading a position, and the lines
 * of the text and JSON traces, coloured and plain.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/grundy_ref.h"
#include "tap.h"

#define MAXN 40

static struct grundy_set SET;   /* built-ins, Q (a queen, by table), Z (a leap and a ride, by table) */

/* The value by the reference's formulas for built-ins, by the set's table for the others. */
static uint64_t oracle(int piece, uint64_t x, uint64_t y)
{
	uint64_t v = UINT64_MAX;

	if (piece < GRUNDY_NPIECES)
		return (uint64_t)grundy_ref_formula(SET.piece[piece].letter, (long long)x,
						    (long long)y);
	if (grundy_set_value(&SET, piece, x, y, &v, NULL) != BL_OK)
		return UINT64_MAX;
	return v;
}

/* The plain game beside grundy_play's: the pieces as they should stand. */
struct plain {
	int n;
	int piece[MAXN];
	uint64_t x[MAXN], y[MAXN];
	int64_t steps, bad;
	char why[200];
};

static uint64_t plain_nim(const struct plain *p)
{
	uint64_t nim = 0;

	for (int i = 0; i < p->n; i++)
		nim ^= oracle(p->piece[i], p->x[i], p->y[i]);
	return nim;
}

/* The first move of piece i that stays on the board, one step of it; false for none. */
static bool plain_first_step(const struct plain *p, int i, uint64_t *tx, uint64_t *ty)
{
	const struct grundy_piece *pc = &SET.piece[p->piece[i]];

	for (int m = 0; m < pc->nmoves; m++)
		if (p->x[i] >= (uint64_t)pc->moves[m].dx && p->y[i] >= (uint64_t)pc->moves[m].dy) {
			*tx = p->x[i] - (uint64_t)pc->moves[m].dx;
			*ty = p->y[i] - (uint64_t)pc->moves[m].dy;
			return true;
		}
	return false;
}

/* Whether piece i reaches (tx, ty) in one move. */
static bool plain_reaches(const struct plain *p, int i, uint64_t tx, uint64_t ty)
{
	const struct grundy_piece *pc = &SET.piece[p->piece[i]];

	for (int m = 0; m < pc->nmoves; m++) {
		uint64_t dx = (uint64_t)pc->moves[m].dx, dy = (uint64_t)pc->moves[m].dy;
		for (uint64_t x = p->x[i], y = p->y[i]; x >= dx && y >= dy;) {
			x -= dx;
			y -= dy;
			if (x == tx && y == ty)
				return true;
			if (pc->moves[m].step == GRUNDY_LEAP)
				break;
		}
	}
	return false;
}

static bool fail(struct plain *p, const char *why, int64_t turn)
{
	if (p->bad++ == 0)
		snprintf(p->why, sizeof p->why, "turn %lld: %s", (long long)turn, why);
	return true;
}

/* Checks one step of grundy_play against the plain game, then makes it there. */
static bool check_step(void *vctx, const struct grundy_step *s)
{
	struct plain *p = vctx;
	uint64_t nim = plain_nim(p), top = nim, tx = 0, ty = 0;
	int want = -1;

	if (s->turn != ++p->steps)
		return fail(p, "turns out of order", s->turn);
	while (top & (top - 1))
		top &= top - 1;
	for (int i = 0; i < p->n && want < 0; i++)
		if (nim ? (oracle(p->piece[i], p->x[i], p->y[i]) & top) != 0
			: plain_first_step(p, i, &tx, &ty))
			want = i;
	if (want < 0 || s->index != (size_t)want)
		return fail(p, "not the piece the plain walk moves", s->turn);
	if (s->nim_before != nim || s->piece != p->piece[want] || s->fx != p->x[want] ||
	    s->fy != p->y[want] || s->from != oracle(p->piece[want], p->x[want], p->y[want]))
		return fail(p, "the step's start is not the position's", s->turn);
	if (nim && (!plain_reaches(p, want, s->tx, s->ty) || s->to != (s->from ^ nim)))
		return fail(p, "the winner's move is not a legal move to xor 0", s->turn);
	if (!nim && (s->tx != tx || s->ty != ty))
		return fail(p, "the loser's move is not the first step", s->turn);
	p->x[want] = s->tx;
	p->y[want] = s->ty;
	if (s->to != oracle(p->piece[want], s->tx, s->ty) || s->nim != plain_nim(p) ||
	    s->pos->nim != s->nim || s->pos->st[want].x != s->tx || s->pos->st[want].y != s->ty ||
	    s->pos->st[want].value != s->to)
		return fail(p, "the position after the move is not the plain game's", s->turn);
	return true;
}

/*
 * A random position of n pieces on the cells below lim; one time in three
 * made of pairs (xor 0), else with a pair now and then.
 */
static void random_position(struct bl_rng *r, struct plain *p, struct grundy_position *pos,
			    uint64_t lim)
{
	bool pairs = bl_rng_below(r, 3) == 0;

	memset(p, 0, sizeof *p);
	p->n = (int)bl_rng_range(r, 1, MAXN);
	if (pairs && p->n % 2)
		p->n--;
	pos->n = (size_t)p->n;
	pos->nim = 0;
	for (int k = 0; k < p->n; k++) {
		struct grundy_stone *s = &pos->st[k];
		if (k % 2 == 1 && (pairs || bl_rng_below(r, 3) == 0)) {
			p->piece[k] = p->piece[k - 1];
			p->x[k] = p->x[k - 1];
			p->y[k] = p->y[k - 1];
		} else {
			p->piece[k] = (int)bl_rng_below(r, (uint64_t)SET.n);
			p->x[k] = bl_rng_below(r, lim);
			p->y[k] = bl_rng_below(r, lim);
		}
		memset(s, 0, sizeof *s);
		s->piece = p->piece[k];
		s->x = p->x[k];
		s->y = p->y[k];
		s->value = oracle(s->piece, s->x, s->y);
		pos->nim ^= s->value;
	}
}

static void test_random_games(int count)
{
	struct grundy_stone st[MAXN];
	long bad = 0, over = 0, wins = 0, moves = 0, theory = 0;

	for (int i = 0; i < count; i++) {
		struct bl_rng r;
		struct plain p;
		struct grundy_position pos = { st, 0, 0 };
		struct grundy_game_end end;
		struct bl_err err;
		uint64_t nim0;

		bl_rng_init_stream(&r, 0x16880, (uint64_t)i);
		random_position(&r, &p, &pos, i % 2 ? 12 : 40);
		nim0 = pos.nim;
		bl_err_clear(&err);
		if (grundy_play(&SET, &pos, 1000000, check_step, &p, &end, &err) != BL_OK ||
		    p.bad || end.turns != p.steps) {
			if (bad++ < 3)
				tap_diag("game %d: %s%s", i, err.msg, p.why);
			continue;
		}
		over += end.over;
		moves += (long)end.turns;
		wins += nim0 != 0;
		/* The loser moves at turn turns + 1: cubelover (even) exactly when the xor was not 0. */
		bool stuck = true;
		for (int k = 0; k < p.n && stuck; k++) {
			uint64_t tx, ty;
			stuck = !plain_first_step(&p, k, &tx, &ty);
		}
		theory += end.over && stuck && pos.nim == 0 &&
			  ((end.turns + 1) % 2 == 0) == (nim0 != 0);
	}
	is_int(bad, 0, "%d random games: every move is the plain walk's, the xor after it the "
		       "position's (%ld moves)",
	       count, moves);
	is_int(over, count - bad, "every game is played to its end");
	is_int(theory, count - bad,
	       "and ends with no piece able to move, the first player losing exactly at xor 0");
	ok(wins > count / 4 && wins < count - count / 4, "both winners occur (koosaga %ld of %d)",
	   wins, count);
}

static bool count_steps(void *vctx, const struct grundy_step *s)
{
	int64_t *n = vctx;

	(void)s;
	return ++*n < 2;
}

static void test_limits_and_stops(void)
{
	struct grundy_stone st[2];
	struct grundy_position pos = { st, 2, 0 };
	struct grundy_game_end end;
	int64_t calls = 0;

	/* Two rooks far out: a long game. */
	memset(st, 0, sizeof st);
	st[0].piece = st[1].piece = GRUNDY_ROOK;
	st[0].x = 100;
	st[0].y = 3;
	st[1].x = 7;
	st[1].y = 90;
	for (int k = 0; k < 2; k++)
		st[k].value = grundy_closed(GRUNDY_ROOK, st[k].x, st[k].y);
	pos.nim = st[0].value ^ st[1].value;
	is_int(grundy_play(NULL, &pos, 3, NULL, NULL, &end, NULL), BL_OK, "three turns of a game");
	ok(end.turns == 3 && !end.over, "it stops after 3 turns, not over (turns %lld)",
	   (long long)end.turns);
	is_int(grundy_play(NULL, &pos, 1000, count_steps, &calls, &end, NULL), BL_OK,
	       "a step function that stops");
	ok(calls == 2 && end.turns == 2 && !end.over, "stops the game after its second step");

	pos.n = 0;
	pos.nim = 0;
	calls = 0;
	is_int(grundy_play(NULL, &pos, 10, count_steps, &calls, &end, NULL), BL_OK,
	       "no pieces: a game");
	ok(calls == 0 && end.turns == 0 && end.over, "over before its first move");
}

static void test_read(void)
{
	const char *text = "3\n2 3 R\n4 4 B\n0 0 K\n", *extra = "1\n1 1 K\n5";
	struct grundy_format f = { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE };
	struct grundy_limits lim;
	struct grundy_position pos;
	struct bl_reader rd;
	struct bl_err err;

	grundy_limits_boj(&lim);
	bl_reader_init(&rd, text, strlen(text));
	is_int(grundy_parse(&pos, &rd, &f, &lim, NULL), BL_OK, "a position read");
	ok(pos.n == 3 && pos.nim == (1 ^ 4 ^ 0) && pos.st[1].piece == GRUNDY_BISHOP &&
		   pos.st[1].value == 4,
	   "its pieces, values and xor");
	grundy_position_release(&pos);
	ok(pos.st == NULL && pos.n == 0, "released, it is empty");
	grundy_position_release(NULL);

	bl_err_clear(&err);
	bl_reader_init(&rd, extra, strlen(extra));
	is_int(grundy_parse(&pos, &rd, &f, &lim, &err), BL_ERR_INPUT,
	       "a token after the pieces");
	is_str(err.msg, "expected end of input after 1 piece, found '5'", "is named");
	ok(pos.st == NULL && pos.n == 0, "and the position holds nothing");
}

/* The text in b with every escape sequence ESC [ ... m taken out. */
static void strip_escapes(const struct bl_buf *b, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < b->len && o + 1 < cap; i++) {
		if (b->data[i] == '\033') {
			while (i < b->len && b->data[i] != 'm')
				i++;
			continue;
		}
		out[o++] = b->data[i];
	}
	out[o] = '\0';
}

static void test_views(void)
{
	static const char text[] = "2\n0 1 R\n0 0 K\n";
	static const char want_text[] =
		"2 pieces, xor 1: koosaga, who moves first, wins against best play\n"
		"turn 1: koosaga moves piece 1 (R) from (0, 1) to (0, 0): value 1 to 0, xor 1 to 0\n"
		"turn 2: cubelover cannot move: koosaga wins\n";
	static const char want_colour[] =
		"2 pieces, xor 1: koosaga, who moves first, wins against best play\n"
		"turn 1: \033[1;32mkoosaga\033[0m moves piece 1 (R) from (0, 1) to (0, 0): value 1 "
		"to 0, xor 1 to 0\n"
		"turn 2: \033[1;35mcubelover\033[0m cannot move: koosaga wins\n";
	static const char want_json[] =
		"{\"pieces\":2,\"xor\":1,\"winner\":\"koosaga\",\"moves\":[{\"turn\":1,\"player\":"
		"\"koosaga\",\"piece\":1,\"letter\":\"R\",\"from\":[0,1],\"to\":[0,0],\"value\":1,"
		"\"to_value\":0,\"xor\":0}],\"ended\":true,\"loser\":\"cubelover\",\"turns\":1}\n";
	struct grundy_format f = { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE };
	struct grundy_limits lim;
	struct grundy_position pos;
	struct grundy_trace_opts o, coloured;
	struct bl_reader rd;
	struct bl_buf b;
	char plain[1024];

	grundy_limits_any(&lim);
	grundy_trace_opts_init(&o);
	coloured = o;
	coloured.style = bl_style_ansi();
	bl_buf_init(&b);
	for (int k = 0; k < 3; k++) {
		bl_reader_init(&rd, text, sizeof text - 1);
		if (grundy_parse(&pos, &rd, &f, &lim, NULL) != BL_OK) {
			ok(0, "the views' position reads");
			continue;
		}
		bl_buf_reset(&b);
		if (k == 0)
			grundy_trace_text(NULL, &pos, &o, &b, NULL);
		else if (k == 1)
			grundy_trace_text(NULL, &pos, &coloured, &b, NULL);
		else
			grundy_trace_json(NULL, &pos, &o, &b, NULL);
		is_str(b.data, k == 0 ? want_text : k == 1 ? want_colour : want_json, "trace %s",
		       k == 0 ? "text" : k == 1 ? "text, coloured" : "json");
		if (k == 1) {
			strip_escapes(&b, plain, sizeof plain);
			is_str(plain, want_text, "the coloured trace less its escapes is the plain one");
		}
		grundy_position_release(&pos);
	}

	/* The pictures without a set: the built-ins'. */
	bl_reader_init(&rd, text, sizeof text - 1);
	if (grundy_parse(&pos, &rd, &f, &lim, NULL) == BL_OK) {
		bl_buf_reset(&b);
		ok(grundy_render_svg(NULL, &pos, &b, NULL) == BL_OK && !strncmp(b.data, "<svg", 4) &&
			   strstr(b.data, "R (rook): values 0..") && strstr(b.data, "</svg>\n"),
		   "render as SVG, the built-ins without a set");
		bl_buf_reset(&b);
		ok(grundy_trace_html(NULL, &pos, &o, &b, NULL) == BL_OK &&
			   strstr(b.data, "turn 1: koosaga moves piece 1 (R) from (0, 1) to (0, 0)") &&
			   strstr(b.data, "</html>"),
		   "and the replay, its frames described by the trace's lines");
		grundy_position_release(&pos);
	}

	/* A game stopped by its turn limit: its last line is never coloured. */
	bl_reader_init(&rd, text, sizeof text - 1);
	if (grundy_parse(&pos, &rd, &f, &lim, NULL) == BL_OK) {
		struct grundy_game_end end = { 0, false };
		bl_buf_reset(&b);
		grundy_end_text(&end, 5, NULL, bl_style_ansi(), &b);
		is_str(b.data, "stopped after 0 turns, xor 5", "a stopped game's line");
		bl_buf_reset(&b);
		grundy_end_text(&end, 5, "--turns", bl_style_ansi(), &b);
		is_str(b.data, "stopped after 0 turns (--turns), xor 5",
		       "  naming the limit as the caller calls it");
		grundy_position_release(&pos);
	}
	bl_buf_release(&b);
}

int main(void)
{
	static const char rules[] = "Q = ride(1,0) + ride(0,1) + ride(1,1)\n"
				    "Z = leap(1,0) + ride(2,3)\n";
	const char *q = getenv("BL_TEST_QUICK");
	bool quick = q && *q && strcmp(q, "0") != 0;
	struct bl_err err;

	grundy_set_init(&SET);
	bl_err_clear(&err);
	if (grundy_set_parse(&SET, rules, sizeof rules - 1, &err) != BL_OK) {
		printf("Bail out! %s\n", err.msg);
		return 1;
	}
	test_random_games(quick ? 300 : 3000);
	test_limits_and_stops();
	test_read();
	test_views();
	grundy_set_release(&SET);
	return tap_done();
}
