/*
 * api.c: libboardlab from a program of its own: one instance of each game,
 * a diagnostic, and two views (a JSON trace and an SVG picture),
 * through the public headers only.  Against an installed copy (make
 * install), linked with the shared library:
 *
 *   cc -std=c11 api.c $(pkg-config --cflags --libs boardlab) -o api
 *
 * or with the static one, the system's libraries staying shared:
 *
 *   cc -std=c11 api.c $(pkg-config --static --cflags boardlab) \
 *      -Wl,-Bstatic $(pkg-config --static --libs boardlab) -Wl,-Bdynamic -o api
 *
 * Every fallible call returns an enum bl_code and fills a caller-owned
 * struct bl_err; the library never prints, so the program says what went
 * wrong.  tests/cli/t-install.sh builds it both ways and checks its output.
 */
#include <stdio.h>
#include <string.h>

#include <boardlab/boardlab.h>

/* Prints a failure the way the boardlab tool does, and returns 1. */
static int fail(const char *what, const struct bl_err *err)
{
	if (err->line > 0)
		fprintf(stderr, "api: %s:%d:%d: error: %s\n", what, err->line, err->col, err->msg);
	else
		fprintf(stderr, "api: %s: error: %s\n", what, err->msg);
	return 1;
}

/* BOJ 17837: the turn on which a stack of 4 pieces forms, or -1. */
static int tower(void)
{
	static const char input[] = "6 10\n"
				    "0 1 2 0 1 1\n1 2 0 1 1 0\n2 1 0 1 1 0\n"
				    "1 0 1 1 0 2\n2 0 1 2 0 1\n0 2 1 0 2 1\n"
				    "1 1 1\n2 2 2\n3 3 4\n4 4 1\n5 5 3\n"
				    "6 6 2\n1 6 3\n6 1 2\n2 4 3\n4 2 1\n";
	struct tower t;
	struct tower_limits lim;
	struct tower_opts opts;
	struct tower_result res;
	struct bl_reader rd;
	struct bl_err err;
	int status = 0;

	tower_init(&t);                /* owns nothing until the parse */
	tower_limits_boj(&lim);        /* the judge's bounds: 4 <= N <= 12, 4 <= K <= 10 */
	tower_opts_init(&opts);        /* the judge's game: carry rule, height 4, 1000 turns */
	bl_reader_init(&rd, input, sizeof input - 1);
	bl_err_clear(&err);
	if (tower_parse(&t, &rd, &lim, &err) != BL_OK || bl_expect_eof(&rd, &err) != BL_OK ||
	    tower_solve(&t, &opts, &res, &err) != BL_OK)
		status = fail("tower", &err);
	else
		printf("tower (17837): %lld\n", (long long)res.answer);
	tower_release(&t);
	return status;
}

/* BOJ 17825: the best total of four horses over ten known dice, and its first move. */
static int yut(void)
{
	static const char input[] = "1 2 3 4 1 2 3 4 1 2\n";
	const struct yut_board *b = yut_board_builtin();
	struct yut_game g;
	struct yut_result res;
	struct yut_limits lim;
	struct bl_reader rd;
	struct bl_err err;
	int status = 0;

	yut_game_init(&g, b);          /* four horses on the board of the problem */
	yut_limits_boj(&lim);          /* ten dice, as the judge gives them */
	yut_result_init(&res);
	bl_reader_init(&rd, input, sizeof input - 1);
	bl_err_clear(&err);
	if (yut_parse(&g, &rd, &lim, &err) != BL_OK || yut_plan(&g, &res, &err) != BL_OK) {
		status = fail("yut", &err);
	} else {
		const struct yut_move *m = &res.moves[0];
		printf("yut (17825): %lld, first horse %d from %s to %s\n", (long long)res.total,
		       m->horse + 1, b->cells[m->from].name, b->cells[m->to].name);
	}
	yut_result_release(&res);      /* frees the plan */
	yut_game_release(&g);          /* frees the dice */
	return status;
}

/* BOJ 16880: who wins the game of chess pieces moving toward the corner. */
static int grundy(void)
{
	static const char input[] = "2\n6 7 K\n9 1 B\n";
	struct grundy_format fmt = { .only = GRUNDY_MIXED, .set = NULL };
	struct grundy_limits lim;
	struct grundy_result res;
	struct bl_reader rd;
	struct bl_err err;

	grundy_limits_boj(&lim);
	bl_reader_init(&rd, input, sizeof input - 1);
	bl_err_clear(&err);
	if (grundy_solve(&rd, &fmt, &lim, &res, &err) != BL_OK || bl_expect_eof(&rd, &err) != BL_OK)
		return fail("grundy", &err);
	printf("grundy (16880): %s (xor %llu)\n", grundy_winner(res.nim),
	       (unsigned long long)res.nim);
	return 0;
}

/*
 * A search as a Puyo program runs one: the field kept as bitboards, each
 * move of the next pair tried on a copy, the chain it sets off scored.
 */
static int puyo_search(const struct puyo_field *f, const struct puyo_rules *rules)
{
	struct puyo_pair pair = { PUYO_GREEN, PUYO_GREEN };
	struct puyo_move moves[PUYO_MOVES_MAX];
	struct puyo_bits start;
	struct bl_err err;
	long long best = -1;
	int n, at = 0;

	bl_err_clear(&err);
	if (puyo_bits_load(&start, f, rules, &err) != BL_OK)
		return fail("puyo bits", &err);
	n = puyo_bits_moves(&start, pair, moves);
	for (int i = 0; i < n; i++) {
		struct puyo_bits b = start;
		struct puyo_result res;
		puyo_bits_place(&b, pair, moves[i]);
		puyo_bits_simulate(&b, &res);
		if (res.score > best) {
			best = res.score;
			at = i;
		}
	}
	printf("puyo, pair GG: %d moves, the best column %d %s, score %lld\n", n,
	       moves[at].col + 1, puyo_rot_name((enum puyo_rot)moves[at].rot), best);
	return 0;
}

/* BOJ 11559: the number of chains, and Puyo Puyo Tsu's score of the same chain. */
static int puyo(void)
{
	static const char input[] = "......\n......\n......\n......\n......\n......\n"
				    "......\n......\n.Y....\n.YG...\nRRYG..\nRRYGG.\n";
	struct puyo_rules rules;
	struct puyo_field f;
	struct puyo_result res;
	struct bl_reader rd;
	struct bl_err err;
	struct puyo_limits lim;

	puyo_rules_init(&rules, PUYO_RULES_BOJ);
	puyo_limits_boj(&lim);
	bl_reader_init(&rd, input, sizeof input - 1);
	bl_err_clear(&err);
	if (puyo_parse(&f, &rd, &rules, 0, &lim, &err) != BL_OK ||
	    bl_expect_eof(&rd, &err) != BL_OK || puyo_solve(&f, &rules, &res, &err) != BL_OK)
		return fail("puyo", &err);
	printf("puyo (11559): %d chains, %d puyos popped, score %lld\n", res.chains, res.popped,
	       res.score);
	return puyo_search(&f, &rules);
}

/* A bad input: the error says what and where, as the tool's diagnostics do. */
static int bad_input(void)
{
	static const char input[] = "4 4\n0 0 2 0\n0 3 1 0\n";
	struct tower t;
	struct tower_limits lim;
	struct bl_reader rd;
	struct bl_err err;
	enum bl_code code;

	tower_init(&t);
	tower_limits_any(&lim);
	bl_reader_init(&rd, input, sizeof input - 1);
	bl_err_clear(&err);
	code = tower_parse(&t, &rd, &lim, &err);
	tower_release(&t);
	if (code != BL_ERR_INPUT)
		return 1;
	printf("a bad tower input: %d:%d: %s (%s)\n", err.line, err.col, err.msg,
	       bl_code_str(code));
	return 0;
}

/*
 * The views: the library writes every trace and picture into a struct
 * bl_buf, and the caller decides where it goes.  A small tower game as a
 * JSON trace, and its position after turn 1 as an SVG picture.
 */
static int views(void)
{
	static const char input[] = "4 4\n"
				    "0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n"
				    "2 1 1\n3 2 3\n3 3 4\n4 2 1\n";
	struct tower t;
	struct tower_limits lim;
	struct tower_opts opts;
	struct tower_trace_opts view;
	struct bl_reader rd;
	struct bl_buf json, svg;
	struct bl_err err;
	int status = 0;

	tower_init(&t);
	tower_limits_any(&lim);
	tower_opts_init(&opts);
	tower_trace_opts_init(&view);
	view.format = TOWER_FORMAT_JSON;
	bl_buf_init(&json);
	bl_buf_init(&svg);
	bl_reader_init(&rd, input, sizeof input - 1);
	bl_err_clear(&err);
	if (tower_parse(&t, &rd, &lim, &err) != BL_OK ||
	    tower_trace(&t, &opts, &view, &json, &err) != BL_OK ||
	    tower_render(&t, &opts, 1, TOWER_FORMAT_SVG, NULL, &svg, &err) != BL_OK) {
		status = fail("views", &err);
	} else {
		printf("a JSON trace: %s", json.data);
		printf("an SVG picture of turn 1: %zu bytes, %.*s\n", svg.len,
		       (int)strcspn(svg.data, "\n"), svg.data);
	}
	bl_buf_release(&json);
	bl_buf_release(&svg);
	tower_release(&t);
	return status;
}

int main(void)
{
	int failed = 0;

	printf("libboardlab %s\n", bl_version());
	failed |= tower();
	failed |= yut();
	failed |= grundy();
	failed |= puyo();
	failed |= bad_input();
	failed |= views();
	return failed || strcmp(bl_version(), BL_VERSION) != 0;
}
