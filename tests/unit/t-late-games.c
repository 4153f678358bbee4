/*
 * The search for lib/tower_gen.c's table of late games, late_games[]:
 * bottom-rule games, height 4, that end with a stack on turn 1001 exactly
 * (TOWER_LATE_END), every piece alone through turn 2.  Draw i of a seed is
 * tower_gen_draw from stream (seed, i), of side 6 to 12, 4 to 6 pieces, red
 * 10 to 90 percent and blue 0 to 10; it is played past the limit, and one
 * that ends with a stack on turn 1001 or later is cut (tower_play_to) to
 * the position 1001 turns before its end, kept when every piece stands
 * alone there and after each of the next two turns.
 *
 *   t-late-games            the check make test runs: a search of a few
 *                           hundred draws from a seed and draw known to
 *                           find a game, its entry printed, read back as
 *                           tower_gen.c reads the table and played
 *   t-late-games --write [--seed S] [--from I] [--draws N] [--count N]
 *                           the search (`make late-games`): draws I, I + 1,
 *                           ... of seed S (1, 0) until N games are found
 *                           (--count, 11) or N draws made (--draws, no
 *                           bound); each game's table entry on stdout,
 *                           progress on stderr
 *
 * Seed 1 found 4 games in its first 2.14 million draws (draws 920429,
 * 1289458, 1305558, 2139800): one in about 535,000, some 15 us a draw,
 * about 8 s a game on the development machine (README.md, `make
 * late-games`).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"
#include "tower_impl.h"

/* make test's search: from draw CHECK_FROM of seed CHECK_SEED, which gives a game. */
#define CHECK_SEED 1
#define CHECK_FROM 920400   /* draw 920429 gives a game ending on turn 1004, cut by 3 */
#define CHECK_DRAWS 256
#define PROGRESS_EVERY (INT64_C(1) << 18)   /* draws between progress lines */

struct search {
	uint64_t seed;
	int64_t from, draws, count;
	bool progress;    /* lines on stderr */
	int64_t found;    /* games found */
	int64_t last;     /* the draw of the last game found, -1 for none */
};

/* The families the table was drawn from. */
static void late_gen(struct tower_gen *g)
{
	tower_gen_init(g);
	g->n[0] = 6;
	g->n[1] = 12;
	g->k[0] = 4;
	g->k[1] = 6;
	g->red[0] = 10;
	g->red[1] = 90;
	g->blue[0] = 0;
	g->blue[1] = 10;
	g->opts.rule = TOWER_BOTTOM;
	g->opts.height = 4;
	tower_limits_boj(&g->lim);
}

/* Position t as a table entry: side, pieces, colours four rows a line, pieces. */
static void write_entry(const struct tower *t, struct bl_buf *out)
{
	bl_buf_printf(out, "\t{ %d, %d,\n", t->n, t->k);
	for (int c = 0; c < t->n * t->n; c++) {
		if (c % (4 * t->n) == 0)
			bl_buf_printf(out, "\t  \"");
		bl_buf_putc(out, (char)('0' + tower_colour_at(t, c)));
		if (c == t->n * t->n - 1)
			bl_buf_printf(out, "\",\n");
		else if (c % (4 * t->n) == 4 * t->n - 1)
			bl_buf_printf(out, "\"\n");
	}
	bl_buf_printf(out, "\t  \"");
	for (int p = 1; p <= t->k; p++) {
		int cell = tower_cell_of(t, p);
		bl_buf_printf(out, "%x%x%d", cell / t->n, cell % t->n, (int)tower_dir_of(t, p));
	}
	bl_buf_printf(out, "\" },\n");
}

/*
 * Draw i of s: when it gives a game, its entry appended to out; t and text
 * are scratch.  False when out of memory.
 */
static bool try_draw(const struct tower_gen *g, struct search *s, int64_t i, struct tower *t,
		     struct bl_buf *text, struct bl_buf *out)
{
	struct tower_opts o = g->opts;
	struct tower_result res;
	struct bl_reader rd;
	struct bl_rng rng;
	int64_t cut;

	text->len = 0;
	bl_rng_init_stream(&rng, s->seed, (uint64_t)i);
	if (!tower_gen_draw(g, &rng, text))
		return false;
	o.limit = 100 * TOWER_LATE_END;
	bl_reader_init(&rd, text->data, text->len);
	if (tower_parse(t, &rd, &g->lim, NULL) != BL_OK || tower_solve(t, &o, &res, NULL) != BL_OK ||
	    res.end != TOWER_END_STACK || res.answer < TOWER_LATE_END)
		return true;
	cut = res.answer - TOWER_LATE_END;
	for (int64_t turn = cut + 2; turn >= cut; turn--)
		if (tower_play_to(t, &o, turn, &res, NULL) != BL_OK || res.end == TOWER_END_STACK ||
		    !tower_all_alone(t))
			return true;
	write_entry(t, out);
	s->found++;
	s->last = i;
	if (s->progress)
		fprintf(stderr, "t-late-games: draw %" PRId64 " ends on turn %" PRId64
			", cut by %" PRId64 ": game %" PRId64 "\n",
			i, cut + TOWER_LATE_END, cut, s->found);
	return !bl_buf_failed(out);
}

/* The search of s, each game's entry appended to out; false when out of memory. */
static bool search(struct search *s, struct bl_buf *out)
{
	struct tower_gen g;
	struct tower t;
	struct bl_buf text;
	bool ok = true;

	late_gen(&g);
	tower_init(&t);
	bl_buf_init(&text);
	s->found = 0;
	s->last = -1;
	for (int64_t d = 0; ok && d < s->draws && s->found < s->count; d++) {
		ok = try_draw(&g, s, s->from + d, &t, &text, out);
		if (s->progress && (d + 1) % PROGRESS_EVERY == 0)
			fprintf(stderr, "t-late-games: %" PRId64 " draws, %" PRId64 " games\n", d + 1,
				s->found);
	}
	bl_buf_release(&text);
	tower_release(&t);
	return ok;
}

/* ---- reading an entry back, as tower_gen.c's table holds it ---- */

static const char *skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	return p;
}

/* Adjacent string literals from p into buf (size cap); NULL for none, or too long. */
static const char *read_strings(const char *p, char *buf, size_t cap)
{
	size_t len = 0;

	p = skip_space(p);
	if (*p != '"')
		return NULL;
	while (*p == '"') {
		const char *q = strchr(p + 1, '"');
		if (!q || len + (size_t)(q - p - 1) >= cap)
			return NULL;
		memcpy(buf + len, p + 1, (size_t)(q - p - 1));
		len += (size_t)(q - p - 1);
		p = skip_space(q + 1);
	}
	buf[len] = '\0';
	return p;
}

/* One entry "{ n, k, "colours"..., "pieces" }," from text; false when it is not one. */
static bool read_entry(const char *text, int *n, int *k, char *colours, char *pieces)
{
	const char *p = skip_space(text);
	char *end;
	long x, y;

	if (*p++ != '{')
		return false;
	errno = 0;
	x = strtol(p, &end, 10);
	p = skip_space(end);
	if (*p++ != ',')
		return false;
	y = strtol(p, &end, 10);
	p = skip_space(end);
	if (errno || *p++ != ',' || x < 1 || x > TOWER_BOJ_N_MAX || y < 1 || y > TOWER_BOJ_K_MAX)
		return false;
	*n = (int)x;
	*k = (int)y;
	if (!(p = read_strings(p, colours, TOWER_BOJ_N_MAX * TOWER_BOJ_N_MAX + 1)) || *p++ != ',' ||
	    !(p = read_strings(p, pieces, 3 * TOWER_BOJ_K_MAX + 1)) || *p++ != '}' || *p++ != ',')
		return false;
	return *skip_space(p) == '\0';
}

/* ---- the check ---- */

static void check(void)
{
	struct search s = { CHECK_SEED, CHECK_FROM, CHECK_DRAWS, 1, false, 0, -1 };
	char colours[TOWER_BOJ_N_MAX * TOWER_BOJ_N_MAX + 1], pieces[3 * TOWER_BOJ_K_MAX + 1];
	struct bl_buf out, inst;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	struct bl_reader rd;
	struct tower t;
	int n = 0, k = 0;

	bl_buf_init(&out);
	bl_buf_init(&inst);
	tower_init(&t);
	tower_limits_boj(&lim);
	tower_opts_init(&o);
	o.rule = TOWER_BOTTOM;

	ok(search(&s, &out), "the search of %d draws from draw %d of seed %d runs", CHECK_DRAWS,
	   CHECK_FROM, CHECK_SEED);
	is_int(s.found, 1, "it finds a game");
	tap_diag("draw %" PRId64 ":", s.last);
	for (const char *line = out.data, *nl; line && (nl = strchr(line, '\n')); line = nl + 1)
		tap_diag("%.*s", (int)(nl - line), line);
	ok(out.data && read_entry(out.data, &n, &k, colours, pieces),
	   "its output is one entry of the table: { side, pieces, \"colours\"..., \"pieces\" },");
	ok(n >= 6 && n <= 12 && k >= 4 && k <= 6, "of side 6 to 12 (%d) and 4 to 6 pieces (%d)", n, k);
	ok(tower_late_instance(n, k, colours, pieces, &inst),
	   "tower_gen.c's reader takes the entry as an instance");
	bl_reader_init(&rd, inst.data ? inst.data : "", inst.len);
	if (!ok(tower_parse(&t, &rd, &lim, NULL) == BL_OK, "a valid instance of the judge's limits"))
		goto out;
	ok(tower_solve(&t, &o, &res, NULL) == BL_OK && res.end == TOWER_END_LIMIT && res.answer == -1,
	   "17780's game with its limit of 1000 turns answers -1");
	o.limit = 2 * TOWER_LATE_END;
	ok(tower_solve(&t, &o, &res, NULL) == BL_OK && res.end == TOWER_END_STACK,
	   "with the limit raised it ends with a stack");
	is_int(res.answer, TOWER_LATE_END, "on turn 1001");
	for (int turn = 0; turn <= 2; turn++)
		ok(tower_play_to(&t, &o, turn, &res, NULL) == BL_OK && tower_all_alone(&t),
		   "every piece alone after turn %d", turn);

out:
	ok(!tower_late_instance(n, k, "0", pieces, &inst) &&
	   !tower_late_instance(2, 1, "0130", "003", &inst) &&
	   !tower_late_instance(2, 1, "0100", "205", &inst) &&
	   !tower_late_instance(2, 1, "0100", "00", &inst),
	   "the reader refuses entries of the wrong length, a bad colour, cell or direction");

	tower_release(&t);
	bl_buf_release(&inst);
	bl_buf_release(&out);
}

/* ---- --write ---- */

static bool arg_int(const char *s, int64_t lo, int64_t *v)
{
	char *end;
	long long x;

	errno = 0;
	x = strtoll(s, &end, 10);
	if (errno || end == s || *end || x < lo)
		return false;
	*v = x;
	return true;
}

static int write_games(int argc, char **argv)
{
	struct search s = { 1, 0, INT64_MAX, 11, true, 0, -1 };
	struct bl_buf out;
	int64_t seed = 1;
	bool ok = true;

	for (int a = 2; a < argc; a += 2) {
		const char *v = a + 1 < argc ? argv[a + 1] : "";
		if (strcmp(argv[a], "--seed") == 0 ? !arg_int(v, 0, &seed)
		    : strcmp(argv[a], "--from") == 0 ? !arg_int(v, 0, &s.from)
		    : strcmp(argv[a], "--draws") == 0 ? !arg_int(v, 0, &s.draws)
		    : strcmp(argv[a], "--count") == 0 ? !arg_int(v, 0, &s.count) : true) {
			fprintf(stderr, "usage: t-late-games --write [--seed S] [--from I] "
				"[--draws N] [--count N]\n");
			return 2;
		}
	}
	s.seed = (uint64_t)seed;
	bl_buf_init(&out);
	ok = search(&s, &out);
	if (out.data)
		fputs(out.data, stdout);
	bl_buf_release(&out);
	if (!ok) {
		fprintf(stderr, "t-late-games: out of memory\n");
		return 1;
	}
	fprintf(stderr, "t-late-games: %" PRId64 " games\n", s.found);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--write") == 0)
		return write_games(argc, argv);
	check();
	return tap_done();
}
