/*
 * Unit tests of yut boards as data: the built-in board through its text and
 * back, every diagnostic of the board format with its position, and custom
 * boards (a single path; a shortcut that skips scores) with answers checked
 * by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

static bool same_board(const struct yut_board *a, const struct yut_board *b)
{
	if (a->ncells != b->ncells || a->start != b->start || a->end != b->end)
		return false;
	for (int i = 0; i < a->ncells; i++) {
		const struct yut_cell *x = &a->cells[i], *y = &b->cells[i];
		if (strcmp(x->name, y->name) || x->score != y->score || x->red != y->red ||
		    x->blue != y->blue)
			return false;
	}
	return true;
}

static enum bl_code parse(const char *text, struct yut_board *b, struct bl_err *err)
{
	struct bl_reader rd;
	bl_err_clear(err);
	bl_reader_init(&rd, text, strlen(text));
	return yut_board_parse(b, &rd, err);
}

static void test_round_trip(void)
{
	struct yut_board *b = malloc(sizeof *b);
	struct bl_buf text, again;
	struct bl_err err;

	bl_buf_init(&text);
	bl_buf_init(&again);
	yut_board_write(yut_board_builtin(), NULL, &text);
	ok(!strncmp(text.data, "# a yut board, one statement a line:\n", 37),
	   "  its header names no command");
	is_int(parse(text.data, b, &err), BL_OK, "the built-in board's text parses");
	ok(same_board(b, yut_board_builtin()), "  back to the built-in board, cell by cell");
	yut_board_write(b, NULL, &again);
	is_str(again.data, text.data, "  and writes the same text again");
	bl_buf_reset(&again);
	yut_board_write(b, "boardlab yut --board FILE", &again);
	ok(!strncmp(again.data, "# a yut board (boardlab yut --board FILE), one statement", 56),
	   "  the tool's header names the option that reads it back");
	is_int(yut_board_check(b, &err), BL_OK, "  and passes the board check");

	/* Comments, blank lines, any spacing, forward references. */
	/* Every character a name may have. */
	static const char names[] = "start Az_09-x\nend END\ncell Az_09-x 1 red _\n"
				    "cell _ 2 red -\ncell - 3 red END\ncell END 0\n";
	is_int(parse(names, b, &err), BL_OK, "names of letters, digits, '_' and '-'");

	static const char loose[] =
		"# a comment line\n\n  end   E   # trailing comment\n"
		"cell S 0 red A blue B\r\n"
		"cell\tA 3 red E\ncell B 7 red E # B\ncell E 0\nstart S\n";
	is_int(parse(loose, b, &err), BL_OK, "comments, blank lines, tabs and forward names");
	ok(b->ncells == 4 && b->start == 0 && b->end == 3 && b->cells[0].red == 1 &&
		   b->cells[0].blue == 2 && b->cells[2].score == 7,
	   "  give the board written");
	bl_buf_release(&text);
	bl_buf_release(&again);
	free(b);
}

/* text must fail with "LINE:COL: MESSAGE". */
static void fault_is(const char *what, const char *text, const char *want)
{
	struct yut_board *b = malloc(sizeof *b);
	struct bl_err err;
	char got[BL_ERR_MSG_MAX + 32];

	enum bl_code code = parse(text, b, &err);
	snprintf(got, sizeof got, "%d:%d: %s", err.line, err.col, err.msg);
	ok(code == BL_ERR_INPUT, "%s: an input fault", what);
	is_str(got, want, "  %s", what);
	free(b);
}

#define HEAD "start s\nend e\n"

static void test_faults(void)
{
	fault_is("an unknown keyword", "start s\nplace x 1\n",
		 "2:1: expected 'start', 'end' or 'cell', found 'place'");
	fault_is("a missing name", "start\n",
		 "1:6: expected a cell name (1 to 15 letters, digits, '_' or '-'), "
		 "found end of line");
	fault_is("a name with a comma", "start a,b\n",
		 "1:7: expected a cell name (1 to 15 letters, digits, '_' or '-'), "
		 "found 'a,b'");
	fault_is("a byte order mark", "\xef\xbb\xbf" HEAD "cell s 0 red e\ncell e 0\n",
		 "1:1: unexpected byte order mark");
	fault_is("a name with brackets", HEAD "cell a[1] 1 red e\n",
		 "3:6: expected a cell name (1 to 15 letters, digits, '_' or '-'), found 'a[1]'");
	fault_is("a name with parentheses", "start (s)\n",
		 "1:7: expected a cell name (1 to 15 letters, digits, '_' or '-'), found '(s)'");
	fault_is("a name with a dot", HEAD "cell s 0 red e.1\n",
		 "3:14: expected a cell name (1 to 15 letters, digits, '_' or '-'), found 'e.1'");
	fault_is("a name of UTF-8 letters", "start \xec\x9c\xb7\n",
		 "1:7: expected a cell name (1 to 15 letters, digits, '_' or '-'), "
		 "found '\xec\x9c\xb7'");
	fault_is("a name of 16 characters", HEAD "cell abcdefghijklmnop 1 red e\n",
		 "3:6: expected a cell name (1 to 15 letters, digits, '_' or '-'), "
		 "found 'abcdefghijklmnop'");
	fault_is("a second start line", "start s\nend e\nstart t\n",
		 "3:1: a second 'start' line (the first is line 1)");
	fault_is("a word after the start name", "start s t\n",
		 "1:9: expected end of line, found 't'");
	fault_is("a cell defined twice", HEAD "cell s 0 red e\ncell e 0\ncell s 1 red e\n",
		 "5:6: cell 's' is defined twice (first on line 3)");
	fault_is("a score that is not a number", HEAD "cell s x red e\n",
		 "3:8: expected a score 0 to 1000000, found 'x'");
	fault_is("a score out of range", HEAD "cell s 1000001 red e\n",
		 "3:8: expected a score 0 to 1000000, found '1000001'");
	fault_is("a missing score", HEAD "cell s\ncell e 0\n",
		 "3:7: expected a score 0 to 1000000, found end of line");
	fault_is("an unknown colour", HEAD "cell s 0 green e\n",
		 "3:10: expected 'red' or 'blue', found 'green'");
	fault_is("two red arrows from a cell", HEAD "cell s 0 red e red e\ncell e 0\n",
		 "3:16: two red arrows from cell 's'");
	fault_is("two blue arrows from a cell", HEAD "cell s 0 blue e red e blue e\ncell e 0\n",
		 "3:23: two blue arrows from cell 's'");
	fault_is("an arrow to nothing", HEAD "cell s 0 red\n",
		 "3:13: expected a cell name (1 to 15 letters, digits, '_' or '-'), "
		 "found end of line");
	fault_is("an arrow to an unknown cell", HEAD "cell s 0 red x\ncell e 0\n",
		 "3:14: unknown cell 'x'");
	fault_is("an arrow to a cell typed wrong", "start start\nend end\ncell start 0 red ned\n"
		 "cell end 0\n", "3:18: unknown cell 'ned' (did you mean 'end'?)");
	fault_is("an unknown start cell", "start q\nend e\ncell s 0 red e\ncell e 0\n",
		 "1:7: unknown cell 'q'");
	fault_is("no start line", "end e\ncell e 0\n",
		 "2:9: expected a 'start' line, found end of input");
	fault_is("no end line", "start s\ncell s 0\n",
		 "2:9: expected an 'end' line, found end of input");
	fault_is("start and end the same", "start s\nend s\ncell s 0\n",
		 "2:5: the start and end cells are both 's'");
	fault_is("an end cell that scores", HEAD "cell s 0 red e\ncell e 7\n",
		 "4:8: expected score 0 for the end cell 'e' (end adds 0), found '7'");
	fault_is("an end cell that scores, defined before end",
		 "start s\ncell e 00012\nend e\ncell s 0 red e\n",
		 "2:8: expected score 0 for the end cell 'e' (end adds 0), found '00012'");
	fault_is("an arrow out of end", HEAD "cell s 0 red e\ncell e 0 blue s\n",
		 "4:10: the end cell 'e' has a blue arrow");
	fault_is("a cell that cannot reach end", HEAD "cell s 0 red a\ncell a 5 blue e\ncell e 0\n",
		 "4:6: cell 'a' cannot reach end: it has no red arrow");
	fault_is("a cycle of red arrows",
		 HEAD "cell s 0 red a\ncell a 1 red b\ncell b 2 red a\ncell e 0\n",
		 "5:10: the arrows go round in a cycle: a -> b -> a");
	fault_is("a cycle through a blue arrow",
		 HEAD "cell s 0 red a\ncell a 1 red b\ncell b 2 red e blue s\ncell e 0\n",
		 "5:16: the arrows go round in a cycle: s -> a -> b -> s");
	fault_is("an arrow to itself", HEAD "cell s 0 red s\ncell e 0\n",
		 "3:10: the arrows go round in a cycle: s -> s");

	/* 255 cells pass, the 256th is refused. */
	struct bl_buf t;
	bl_buf_init(&t);
	bl_buf_puts(&t, "start c0\nend c254\n");
	for (int i = 0; i < 254; i++)
		bl_buf_printf(&t, "cell c%d 1 red c%d\n", i, i + 1);
	bl_buf_puts(&t, "cell c254 0\n");
	struct yut_board *b = malloc(sizeof *b);
	struct bl_err err;
	is_int(parse(t.data, b, &err), BL_OK, "a board of 255 cells is read");
	is_int(b->ncells, 255, "  all of them");
	free(b);
	bl_buf_puts(&t, "cell c255 0\n");
	fault_is("a 256th cell", t.data, "258:1: more than 255 cells");
	bl_buf_release(&t);
}

static int64_t best(const struct yut_board *b, int horses, const int *dice, size_t n,
		    struct yut_result *res)
{
	struct yut_game g;
	struct bl_err err;

	yut_game_init(&g, b);
	g.horses = horses;
	bl_err_clear(&err);
	enum bl_code code = yut_game_set_dice(&g, dice, n, &err);
	if (code == BL_OK)
		code = yut_plan(&g, res, &err);
	yut_game_release(&g);
	if (code != BL_OK) {
		tap_diag("%s", err.msg);
		return -1;
	}
	return res->total;
}

/* The plan replays legally on b, and its points add up to the total. */
static bool replays(const struct yut_board *b, int horses, const int *dice,
		    const struct yut_result *res)
{
	int cells[YUT_MAX_HORSES];
	int64_t total = 0;

	for (int h = 0; h < horses; h++)
		cells[h] = b->start;
	for (size_t t = 0; t < res->nmoves; t++) {
		const struct yut_move *m = &res->moves[t];
		if (m->die != dice[t] || cells[m->horse] != m->from ||
		    yut_try_move(b, cells, horses, m->horse, m->die) != m->to)
			return false;
		total += b->cells[m->to].score;
		if (m->total != total)
			return false;
		cells[m->horse] = m->to;
	}
	return total == res->total;
}

static void test_custom(void)
{
	struct yut_board *b = malloc(sizeof *b);
	struct yut_result res;
	struct bl_err err;

	yut_result_init(&res);
	/* One path: start 0, a 10, b 1, c 1, d 50, end. */
	static const char line[] =
		"start start\nend end\ncell start 0 red a\ncell a 10 red b\n"
		"cell b 1 red c\ncell c 1 red d\ncell d 50 red end\ncell end 0\n";
	static const int d131[] = { 1, 3, 1 };
	is_int(parse(line, b, &err), BL_OK, "a board of a single path");
	/*
	 * Two horses, 1 3 1: a (10), then a -> d (50), then the second horse
	 * start -> a (10): 70.  Moving the second horse to c instead scores
	 * 1 + 50 at best: 61.
	 */
	is_int(best(b, 2, d131, 3, &res), 70, "  two horses, 1 3 1: 10 + 50 + 10");
	ok(replays(b, 2, d131, &res), "  the plan replays and adds up");
	is_int(res.moves[2].horse, 1, "  the last move is the second horse's");
	is_int(best(b, 1, d131, 3, &res), 60, "  one horse, 1 3 1: 10 + 50 + 0 (end)");
	static const int d5[] = { 5, 1, 1 };
	is_int(best(b, 1, d5, 3, &res), 0, "  one horse, 5 then 1 1: end at once, 0");
	is_int(res.nmoves, 1, "  and the game is over after one move");

	/* A blue arrow from a jumps over b and c, the 20s, to d. */
	static const char cut[] = "start start\nend end\ncell start 0 red a\n"
				  "cell a 5 red b blue d\ncell b 20 red c\ncell c 20 red d\n"
				  "cell d 20 red end\ncell end 0\n";
	static const int ones[] = { 1, 1, 1, 1 };
	is_int(parse(cut, b, &err), BL_OK, "a board with a shortcut that skips scores");
	is_int(best(b, 1, ones, 3, &res), 25, "  one horse, 1 1 1: a 5, a => d 20, end 0");
	ok(replays(b, 1, ones, &res), "  the plan replays and adds up");
	is_str(b->cells[res.moves[1].to].name, "d", "  the second move takes the blue arrow to d");
	/*
	 * Two horses, 1 1 1 1: a (5); the second horse cannot follow onto a,
	 * so a => d (20); the second horse to a (5); then a => d is blocked and
	 * the first horse leaves d for end (0): 30.
	 */
	is_int(best(b, 2, ones, 4, &res), 30, "  two horses, 1 1 1 1: 5 + 20 + 5 + 0");
	ok(replays(b, 2, ones, &res), "  the plan replays and adds up");
	static const int two[] = { 2, 2 };
	is_int(best(b, 1, two, 2, &res), 40, "  one horse, 2 2: b 20, then d 20 (passing a)");
	yut_result_release(&res);
	free(b);
}

/*
 * Mutations of the built-in board's text (bytes replaced, deleted,
 * duplicated; lines swapped away): each parses to a board that passes the
 * board check and writes and reads back to itself, or fails with an input
 * fault at a position inside the text.
 */
static void test_mutations(bool quick)
{
	struct yut_board *b = malloc(sizeof *b), *again = malloc(sizeof *again);
	struct bl_buf text, mut, out;
	struct bl_rng rng;
	long n = quick ? 300 : 3000, bad = 0, valid = 0;
	static const char alphabet[] = "# \n\tredbluecellstartend0123456789,xyz-";

	bl_buf_init(&text);
	bl_buf_init(&mut);
	bl_buf_init(&out);
	yut_board_write(yut_board_builtin(), NULL, &text);
	for (long i = 0; i < n; i++) {
		struct bl_err err;
		bl_rng_init_stream(&rng, 33, (uint64_t)i);
		bl_buf_reset(&mut);
		bl_buf_add(&mut, text.data, text.len);
		int edits = (int)bl_rng_range(&rng, 1, 4);
		for (int e = 0; e < edits && mut.len > 1; e++) {
			size_t at = (size_t)bl_rng_below(&rng, mut.len);
			switch (bl_rng_below(&rng, 3)) {
			case 0:
				mut.data[at] = alphabet[bl_rng_below(&rng, sizeof alphabet - 1)];
				break;
			case 1:
				memmove(mut.data + at, mut.data + at + 1, mut.len - at);
				mut.len--;
				break;
			default:
				bl_buf_add(&mut, "x", 1);
				memmove(mut.data + at + 1, mut.data + at, mut.len - at - 1);
				break;
			}
		}
		mut.data[mut.len] = '\0';
		enum bl_code code = parse(mut.data, b, &err);
		if (code == BL_OK) {
			valid++;
			bl_buf_reset(&out);
			yut_board_write(b, NULL, &out);
			if (yut_board_check(b, NULL) != BL_OK ||
			    parse(out.data, again, &err) != BL_OK || !same_board(b, again)) {
				tap_diag("mutation %ld (seed 33): parsed but does not round trip",
					 i);
				bad++;
			}
		} else if (code != BL_ERR_INPUT || err.line < 1 || err.col < 1 || !err.msg[0]) {
			tap_diag("mutation %ld (seed 33): code %d at %d:%d '%s'", i, code, err.line,
				 err.col, err.msg);
			bad++;
		}
	}
	is_int(bad, 0, "%ld mutated boards: a valid board that round trips, or a positioned fault",
	       n);
	ok(valid >= n / 20 && valid < n, "  %ld of them still valid", valid);
	bl_buf_release(&text);
	bl_buf_release(&mut);
	bl_buf_release(&out);
	free(b);
	free(again);
}

/* A position's cells by name, as render and advise take --at. */
static void test_cells_parse(void)
{
	const struct yut_board *b = yut_board_builtin();
	int cells[YUT_MAX_HORSES], n = 0;
	struct bl_err err;

	bl_err_clear(&err);
	ok(yut_cells_parse(b, "10,d16,start,start", cells, &n, &err) == BL_OK && n == 4 &&
	   cells[0] == yut_board_find(b, "10") && cells[1] == yut_board_find(b, "d16") &&
	   cells[2] == b->start && cells[3] == b->start, "four cells by name");
	ok(yut_cells_parse(b, "end", cells, &n, &err) == BL_OK && n == 1 && cells[0] == b->end,
	   "one horse");
	is_int(yut_cells_parse(b, "10,d99", cells, &n, &err), BL_ERR_ARG, "an unknown cell");
	is_str(err.msg, "no cell 'd99' on the board (did you mean 'd19'?)", "named, the nearest too");
	bl_err_clear(&err);
	yut_cells_parse(b, "25,start", cells, &n, &err);
	is_str(err.msg, "no cell '25' on the board (did you mean 'c25'?)",
	       "25 is the centre's c25, not 24 or 26");
	bl_err_clear(&err);
	yut_cells_parse(b, "10,eleven", cells, &n, &err);
	is_str(err.msg, "no cell 'eleven' on the board", "and no nearest when none is near");
	bl_err_clear(&err);
	is_int(yut_cells_parse(b, "10,,12", cells, &n, &err), BL_ERR_ARG, "an empty name");
	is_str(err.msg, "no cell '' on the board", "named empty");
	bl_err_clear(&err);
	is_int(yut_cells_parse(b, "2,4,6,8,10,12,14,16,18", cells, &n, &err), BL_ERR_ARG,
	       "nine horses");
	is_str(err.msg, "more than 8 horses", "too many");
}

int main(void)
{
	test_mutations(getenv("BL_TEST_QUICK") != NULL);
	test_round_trip();
	test_faults();
	test_custom();
	test_cells_parse();
	return tap_done();
}
