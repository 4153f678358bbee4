/* Unit tests of the puyo module: parser and its diagnostics, field helpers, chain engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "ref/puyo_ref.h"
#include "tap.h"

static const char *const sample =
	"......\n......\n......\n......\n......\n......\n"
	"......\n......\n.Y....\n.YG...\nRRYG..\nRRYGG.\n";

static struct puyo_rules boj_rules(void)
{
	struct puyo_rules r;
	puyo_rules_init(&r, PUYO_RULES_BOJ);
	return r;
}

/* The judge's form (puyo_limits_boj), beside the PUYO_PARSE_* flags of these tests. */
#define BOJ_FORM 1u

static struct puyo_limits limits_of(unsigned flags)
{
	struct puyo_limits lim;
	if (flags & BOJ_FORM)
		puyo_limits_boj(&lim);
	else
		puyo_limits_any(&lim);
	return lim;
}

static enum bl_code parse_text(const char *text, unsigned flags, struct puyo_field *f,
			       struct bl_err *err)
{
	struct puyo_rules rules = boj_rules();
	struct puyo_limits lim = limits_of(flags);
	struct bl_reader rd;
	bl_err_clear(err);
	bl_reader_init(&rd, text, strlen(text));
	return puyo_parse(f, &rd, &rules, flags & ~BOJ_FORM, &lim, err);
}

/* The text of a field: the 12 rows, top first, "\n" after each. */
static void field_text(const struct puyo_field *f, char *dst)
{
	struct bl_buf b;
	bl_buf_init(&b);
	puyo_field_write(f, 0, &b);
	strcpy(dst, b.data ? b.data : "");
	bl_buf_release(&b);
}

/* Builds a 12-row text whose bottom rows are `bottom` (top first, '/' between rows). */
static void bottom_field(const char *bottom, char *dst)
{
	int n = 1;
	for (const char *p = bottom; *p; p++)
		n += *p == '/';
	dst[0] = '\0';
	for (int i = 0; i < 12 - n; i++)
		strcat(dst, "......\n");
	for (const char *p = bottom; *p; p++) {
		size_t len = strlen(dst);
		dst[len] = *p == '/' ? '\n' : *p;
		dst[len + 1] = '\0';
	}
	strcat(dst, "\n");
}

/* Checks that text fails to parse with msg at line:col. */
static void bad(const char *name, const char *text, unsigned flags, const char *msg, int line,
		int col)
{
	struct puyo_field f;
	struct bl_err err;
	enum bl_code code = parse_text(text, flags, &f, &err);
	is_int(code, BL_ERR_INPUT, "%s: rejected", name);
	is_str(err.msg, msg, "%s: message", name);
	ok(err.line == line && err.col == col, "%s: at %d:%d (got %d:%d)", name, line, col, err.line,
	   err.col);
}

/* Parses text (BOJ flags), runs the chain, checks the count against want and the ref. */
static int chains_of(const char *text, unsigned flags)
{
	struct puyo_rules rules = boj_rules();
	struct puyo_field f;
	struct puyo_result res;
	struct bl_err err;
	if (parse_text(text, flags, &f, &err) != BL_OK) {
		tap_diag("parse failed: %d:%d: %s", err.line, err.col, err.msg);
		return -1;
	}
	puyo_solve(&f, &rules, &res, NULL);
	return res.chains;
}

static void chains(const char *name, const char *bottom, int want)
{
	char text[200];
	bottom_field(bottom, text);
	is_int(chains_of(text, BOJ_FORM), want, "%s: %d chains", name, want);
	is_int(puyo_ref_chains(text, 0), want, "%s: the ref agrees", name);
}

static void test_basics(void)
{
	struct puyo_rules r = boj_rules();
	ok(r.set == PUYO_RULES_BOJ && r.rows == 12 && r.pop == 4, "boj rules: 12 rows, pop 4");
	char letters[9];
	for (int k = -1; k <= PUYO_KINDS; k++)
		letters[k + 1] = puyo_cell_char(k);
	letters[8] = '\0';
	is_str(letters, "?.RGBPY?", "cell letters");
	ok(puyo_cell_from_char('Y') == PUYO_YELLOW && puyo_cell_from_char('.') == PUYO_EMPTY &&
		   puyo_cell_from_char('r') == -1 && puyo_cell_from_char('O') == -1 &&
		   puyo_cell_from_char('\0') == -1,
	   "letters to cells, case-sensitive");
}

static void test_parse(void)
{
	struct puyo_field f, g;
	struct bl_err err;
	char text[400];

	is_int(parse_text(sample, BOJ_FORM, &f, &err), BL_OK, "sample parses under --boj");
	ok(f.rows == 12 && f.cell[0][0] == PUYO_RED && f.cell[0][4] == PUYO_GREEN &&
		   f.cell[3][1] == PUYO_YELLOW && f.cell[3][0] == PUYO_EMPTY &&
		   f.cell[11][5] == PUYO_EMPTY,
	   "sample cells land with row 0 at the floor");
	field_text(&f, text);
	is_str(text, sample, "written back as the same 12 lines");
	is_int(puyo_field_count(&f), 12, "12 puyos");
	is_int(puyo_field_top(&f), 8, "highest puyo on row 9 (index 8 from the top)");

	/* The one-line form: the same rows, one after another. */
	char line[80];
	size_t len = 0;
	for (const char *p = sample; *p; p++)
		if (*p != '\n')
			line[len++] = *p;
	line[len] = '\0';
	is_int(strlen(line), 72, "one-line form has 72 letters");
	is_int(parse_text(line, 0, &g, &err), BL_OK, "one-line form parses");
	ok(memcmp(&f, &g, sizeof f) == 0, "one-line form gives the same field");
	bad("one-line form under --boj", line, BOJ_FORM, "row 1 has 72 cells, expected 6", 1,
	    1);

	/* Whitespace: CRLF, tabs, no final newline, rows on one line. */
	is_int(parse_text("......\r\n......\t......  ......\n......\n......\n......\n......\n"
			  ".Y....\n.YG...\nRRYG..\r\nRRYGG.",
			  BOJ_FORM, &g, &err),
	       BL_OK, "any whitespace separates rows");
	ok(memcmp(&f, &g, sizeof f) == 0, "and gives the same field");

	/* Parsing stops after one field: the rest is left to the caller. */
	struct puyo_rules rules = boj_rules();
	struct puyo_limits boj = limits_of(BOJ_FORM), any = limits_of(0);
	struct bl_reader rd;
	snprintf(text, sizeof text, "%s......\n", sample);
	bl_reader_init(&rd, text, strlen(text));
	bl_err_clear(&err);
	is_int(puyo_parse(&f, &rd, &rules, 0, &boj, &err), BL_OK, "13 rows: the first 12 parse");
	is_int(bl_expect_eof(&rd, &err), BL_ERR_INPUT, "13 rows: the 13th is an extra token");
	is_str(err.msg, "expected end of input, found '......'", "13 rows: message");
	ok(err.line == 13 && err.col == 1, "13 rows: at 13:1");

	/* Two fields back to back, in both forms, as --batch reads them. */
	snprintf(text, sizeof text, "%s%s\n", sample, line);
	bl_reader_init(&rd, text, strlen(text));
	ok(puyo_parse(&f, &rd, &rules, 0, &any, &err) == BL_OK &&
		   puyo_parse(&g, &rd, &rules, 0, &any, &err) == BL_OK && bl_reader_eof(&rd) &&
		   memcmp(&f, &g, sizeof f) == 0,
	   "a 12-line field then a one-line field");
}

static void test_diagnostics(void)
{
	char text[400];

	bad("empty input", "", 0, "expected 12 rows, found end of input", 1, 1);
	bad("blank input", "  \n\n", BOJ_FORM, "expected 12 rows, found end of input", 1, 1);
	bad("11 rows", sample + 7, BOJ_FORM, "expected 12 rows, found end of input after 11",
	    11, 7);
	bad("1 row", "RRYGG.\n", 0, "expected 12 rows, found end of input after 1", 1, 7);

	strcpy(text, sample);
	memcpy(text + 14, ".....\n", 6);   /* row 3 loses a cell */
	bad("short row", text, BOJ_FORM, "row 3 has 5 cells, expected 6", 3, 1);
	bad("short row without --boj", text, 0, "row 3 has 5 cells, expected 6", 3, 1);
	bad("one cell", "......\n. ....\n", BOJ_FORM, "row 2 has 1 cell, expected 6", 2, 1);
	bad("long row", "......\n.......\n", 0, "row 2 has 7 cells, expected 6", 2, 1);
	bad("long first row", ".......\n", 0, "row 1 has 7 cells, expected 6 (or 72 in the one-line form)",
	    1, 1);
	bad("long first row under --boj", ".......\n", BOJ_FORM,
	    "row 1 has 7 cells, expected 6", 1, 1);
	bad("73 letters", "........................................................................"
			  ".",
	    0, "row 1 has 73 cells, expected 6 (or 72 in the one-line form)", 1, 1);

	bad("unknown letter", "......\n......\n  ..X...\n", 0,
	    "expected a puyo R, G, B, P, Y or '.', found 'X'", 3, 5);
	bad("lower case", "......\n.r....\n", BOJ_FORM,
	    "expected a puyo R, G, B, P, Y or '.', found 'r'", 2, 2);
	bad("ojama is not BOJ", "O.....\n", 0, "expected a puyo R, G, B, P, Y or '.', found 'O'", 1,
	    1);
	bad("digit", "12\n", 0, "expected a puyo R, G, B, P, Y or '.', found '1'", 1, 1);
	bad("non-ASCII", "..\xc2\xb7...\n", 0, "expected a puyo R, G, B, P, Y or '.', found '\xc2\xb7'",
	    1, 3);
	bad("short first row", "RR\n", 0, "row 1 has 2 cells, expected 6", 1, 1);
	bad("unknown letter in a short row", "RRX\n", 0,
	    "expected a puyo R, G, B, P, Y or '.', found 'X'", 1, 3);

	/* In the one-line form a letter is reported at its own column. */
	char line[80];
	memset(line, '.', 72);
	line[72] = '\0';
	line[50] = 'Z';
	bad("unknown letter in the one-line form", line, 0,
	    "expected a puyo R, G, B, P, Y or '.', found 'Z'", 1, 51);

	/* Floating puyos: the first in reading order that sits on an empty cell. */
	bottom_field("..G.../....../RRYG../RRYGG.", text);
	bad("floating puyo", text, BOJ_FORM,
	    "floating puyo 'G' at row 9, column 3: the cell below it is empty", 9, 3);
	bottom_field("..G.../..B.../....../RRYG.P/RRYGG.", text);
	bad("floating column", text, 0,
	    "floating puyo 'B' at row 9, column 3: the cell below it is empty", 9, 3);
	bottom_field(".....P/..B.../....../RRYG../RRYGG.", text);
	bad("first in reading order", text, 0,
	    "floating puyo 'P' at row 8, column 6: the cell below it is empty", 8, 6);
	bottom_field("Y...../....../......", text);
	bad("floating on the top row", text, 0,
	    "floating puyo 'Y' at row 10, column 1: the cell below it is empty", 10, 1);
	memset(line, '.', 72);
	line[72] = '\0';
	line[6 * 10 + 4] = 'B';   /* row 11, column 5, over an empty row 12 */
	bad("floating in the one-line form", line, 0,
	    "floating puyo 'B' at row 11, column 5: the cell below it is empty", 1, 65);
}

static void test_settle(void)
{
	struct puyo_field f, g;
	struct bl_err err;
	char text[400], want[400];
	int r, c;

	bottom_field("..G.../..B.../....../RRY..P/RRYGG.", text);
	is_int(parse_text(text, PUYO_PARSE_SETTLE, &f, &err), BL_OK, "--settle accepts floating puyos");
	bottom_field("..G.../..B.../RRY.../RRYGGP", want);
	field_text(&f, text);
	is_str(text, want, "--settle drops them, order kept");
	ok(!puyo_field_floating(&f, &r, &c), "settled afterwards");

	bottom_field(".R..../....../.G..../....../.B....", text);
	is_int(parse_text(text, PUYO_PARSE_SETTLE | BOJ_FORM, &f, &err), BL_OK,
	       "--settle with the BOJ form in the library");
	g = f;
	is_int(puyo_field_settle(&g), 0, "settling a settled field moves nothing");
	ok(memcmp(&f, &g, sizeof f) == 0, "and changes nothing");

	puyo_field_init(&f, 12);
	f.cell[11][0] = PUYO_RED;
	f.cell[5][0] = PUYO_BLUE;
	f.cell[1][3] = PUYO_GREEN;
	f.cell[0][3] = PUYO_GREEN;
	ok(puyo_field_floating(&f, &r, &c) && r == 11 && c == 0, "the top puyo floats first");
	is_int(puyo_field_settle(&f), 2, "two puyos moved");
	ok(f.cell[0][0] == PUYO_BLUE && f.cell[1][0] == PUYO_RED && f.cell[11][0] == PUYO_EMPTY,
	   "column 1 now blue then red");

	/* A settled field that then pops. */
	bottom_field("R...../....../R...../R...../R.....", text);
	is_int(chains_of(text, PUYO_PARSE_SETTLE), 1, "--settle: four reds fall together and pop");
	is_int(puyo_ref_chains(text, 1), 1, "the ref agrees");
	is_int(parse_text(text, 0, &f, &err), BL_ERR_INPUT, "without --settle the field is rejected");
}

static void test_engine(void)
{
	chains("sample", ".Y..../.YG.../RRYG../RRYGG.", 3);
	chains("empty field", "......", 0);
	chains("a group of 3 does not pop", "RRR...", 0);
	chains("L of 3 does not pop", "R...../RR....", 0);
	chains("a group of 4 pops", "RRRR..", 1);
	chains("a group of 5 pops", "R...../RRRR..", 1);
	chains("two groups in one step are one chain", "RRRRGG/BBBBGG", 1);
	chains("five colours pop in one step", "R.G.B./R.G.B./R.G.BP/RPGPBP/YYYYPP", 1);
	chains("a group on the right edge", ".....Y/.....Y/....YY", 1);
	chains("a column on the left edge", "B...../B...../B...../B.....", 1);
	chains("a column of 12 is one group",
	       "G...../G...../G...../G...../G...../G...../G...../G...../G...../G...../G...../G.....",
	       1);
	chains("a falling column triggers the next chain", "G...../R...../R...../R...../RGGG..",
	       2);
	chains("diagonals do not connect", "RBRB../BRBR..", 0);
	chains("groups split by a colour do not join", "RRGRR.", 0);
	chains("a fall joins two groups of 2", "BB..../GGGG../BBYY..", 2);

	/* A full field of one colour pops in one chain and leaves nothing. */
	struct puyo_rules rules = boj_rules();
	struct puyo_field f, g;
	struct puyo_result res;
	struct puyo_step step;
	puyo_field_init(&f, 12);
	for (int r = 0; r < 12; r++)
		for (int c = 0; c < PUYO_COLS; c++)
			f.cell[r][c] = PUYO_PURPLE;
	puyo_solve(&f, &rules, &res, NULL);
	ok(res.chains == 1 && res.popped == 72 && puyo_field_count(&res.final) == 0,
	   "a full field of one colour: 1 chain, 72 popped, empty after");

	/* Checkerboard of two colours: nothing pops, the field stays. */
	for (int r = 0; r < 12; r++)
		for (int c = 0; c < PUYO_COLS; c++)
			f.cell[r][c] = (r + c) % 2 ? PUYO_RED : PUYO_BLUE;
	g = f;
	ok(!puyo_chain_step(&g, &rules, &step) && memcmp(&f, &g, sizeof f) == 0,
	   "checkerboard: no step, the field untouched");

	/* Step data: groups in reading order, cells in reading order. */
	struct bl_err err;
	char text[200];
	bottom_field("Y...../YRRGGG/YRRGBG/YYPPPP", text);
	is_int(parse_text(text, BOJ_FORM, &f, &err), BL_OK, "step field parses");
	ok(puyo_chain_step(&f, &rules, &step), "step pops");
	is_int(step.ngroups, 4, "four groups pop");
	is_int(step.npopped, 5 + 4 + 5 + 4, "18 puyos pop");
	char got[200] = "";
	for (int k = 0; k < step.ngroups; k++) {
		const struct puyo_group *grp = &step.group[k];
		size_t len = strlen(got);
		snprintf(got + len, sizeof got - len, "%s%c%d:", k ? " " : "",
			 puyo_cell_char(grp->colour), grp->size);
		for (int i = 0; i < grp->size; i++) {
			int at = step.cell[grp->first + i];
			len = strlen(got);
			snprintf(got + len, sizeof got - len, "%s%d,%d", i ? ";" : "",
				 12 - at / PUYO_COLS, at % PUYO_COLS + 1);
		}
	}
	is_str(got,
	       "Y5:9,1;10,1;11,1;12,1;12,2 R4:10,2;10,3;11,2;11,3 "
	       "G5:10,4;10,5;10,6;11,4;11,6 P4:12,3;12,4;12,5;12,6",
	       "groups and cells in reading order");
	field_text(&f, got);
	bottom_field("....B.", text);
	is_str(got, text, "after gravity only B is left, fallen to the floor");

	/* The pop size is a rule: 3 makes a group of 3 pop. */
	bottom_field("RRR...", text);
	parse_text(text, 0, &f, &err);
	rules.pop = 3;
	puyo_solve(&f, &rules, &res, NULL);
	is_int(res.chains, 1, "pop 3: a group of 3 pops");
	rules.pop = 4;
	puyo_solve(&f, &rules, &res, NULL);
	ok(res.chains == 0 && res.popped == 0 && memcmp(&res.final, &f, sizeof f) == 0,
	   "pop 4: it does not, final field = start");
}

/* f19.txt is a 13-row Tsu field; its bottom 12 rows are a settled BOJ field. */
static void test_f19(void)
{
	FILE *fp = fopen("tests/data/puyo/f19.txt", "rb");
	char buf[200] = "", text[200] = "";
	size_t n = fp ? fread(buf, 1, sizeof buf - 1, fp) : 0;

	if (fp)
		fclose(fp);
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		buf[--n] = '\0';
	if (!ok(n == 78, "tests/data/puyo/f19.txt has 78 cells (got %zu)", n))
		return;
	for (int r = 1; r < 13; r++) {
		memcpy(text + 7 * (r - 1), buf + 6 * r, 6);
		text[7 * (r - 1) + 6] = '\n';
	}
	text[7 * 12] = '\0';
	int want = puyo_ref_chains(text, 0);
	/* Without row 13 the chain breaks early: its puyos are needed. */
	is_int(want, 2, "f19's bottom 12 rows: the ref counts 2 chains");
	is_int(chains_of(text, BOJ_FORM), want, "f19's bottom 12 rows: the engine agrees");
	is_int(chains_of(buf + 6, 0), want, "and the same in the one-line form");
}

/*
 * The judge's layout read at full speed against the token-by-token reading
 * (PUYO_PARSE_PLAIN): generated fields (Tsu's with ojama too), some made to
 * float, batches of several, cut, and mutated byte by byte, under the rules
 * and flags that read 12 rows: the same fields, diagnostics and positions.
 */
static void test_fast_parse(void)
{
	static const char noise[] = " \t\n\r.RGBPYOx\xc3";
	static char text[4096];
	int bad = 0, fast_ok = 0, n = 20000;

	for (int i = 0; i < n; i++) {
		struct bl_rng r;
		struct puyo_gen g;
		struct bl_buf b;
		struct bl_err e1, e2;
		bl_rng_init_stream(&r, 11559, (uint64_t)i);
		puyo_gen_init(&g, bl_rng_below(&r, 2) ? PUYO_RULES_TSU : PUYO_RULES_BOJ);
		puyo_rules_set_rows(&g.rules, PUYO_BOJ_ROWS);
		g.ojama = g.rules.ojama ? 10 : 0;
		bl_buf_init(&b);
		int k = (int)bl_rng_range(&r, 1, 3);
		for (int j = 0; j < k; j++)
			puyo_gen(&g, 7, (int64_t)(i * 3 + j + 1), &b, NULL);
		size_t len = b.len < sizeof text ? b.len : sizeof text;
		memcpy(text, b.data, len);
		bl_buf_release(&b);
		for (int m = (int)bl_rng_below(&r, 4); m > 0 && len > 0; m--) {
			size_t at = bl_rng_below(&r, len);
			if (bl_rng_below(&r, 3))
				text[at] = noise[bl_rng_below(&r, sizeof noise - 1)];
			else
				len = at;   /* cut */
		}
		unsigned flags = (unsigned)bl_rng_below(&r, 8) & ~1u;
		struct puyo_limits lim = limits_of((unsigned)bl_rng_below(&r, 2));
		struct bl_reader r1, r2;
		bl_reader_init(&r1, text, len);
		bl_reader_init(&r2, text, len);
		for (int j = 0; j < 4 && !bl_reader_eof(&r1); j++) {
			struct puyo_field f1, f2;
			bl_err_clear(&e1);
			bl_err_clear(&e2);
			enum bl_code c1 = puyo_parse(&f1, &r1, &g.rules, flags, &lim, &e1);
			enum bl_code c2 = puyo_parse(&f2, &r2, &g.rules, flags | PUYO_PARSE_PLAIN, &lim,
						     &e2);
			bool same = c1 == c2 && r1.p == r2.p && r1.line == r2.line && r1.col == r2.col &&
				    r1.last_line == r2.last_line && r1.last_col == r2.last_col &&
				    r1.ntok == r2.ntok;
			if (same && c1 == BL_OK)
				same = memcmp(&f1, &f2, sizeof f1) == 0;
			else if (same)
				same = e1.line == e2.line && e1.col == e2.col &&
				       strcmp(e1.msg, e2.msg) == 0;
			if (!same && bad++ < 3)
				tap_diag("input %d, field %d: fast %d %d:%d '%s', plain %d %d:%d '%s'\n%.*s",
					 i, j, c1, e1.line, e1.col, e1.msg, c2, e2.line, e2.col,
					 e2.msg, (int)len, text);
			fast_ok += c1 == BL_OK;
			if (c1 != BL_OK || !same)
				break;
		}
	}
	is_int(bad, 0, "%d inputs: the fast parse and the token reading agree", n);
	ok(fast_ok > n / 2, "most of them parse (%d fields)", fast_ok);
}

/*
 * puyo_field_bad_kind and puyo_field_floating scan eight cells at a time:
 * against plain loops on fields of random bytes (any value, settled or
 * not, few or many faults), each row count, with and without ojama.
 */
static void test_scan(void)
{
	static const unsigned char pick[] = { 0, 0, 0, 1, 2, 5, PUYO_KINDS, PUYO_OJAMA, 0x7f,
					      0x80, 0x86, 0xff };
	int wrong = 0, faults = 0, floats = 0;

	for (int i = 0; i < 20000; i++) {
		struct bl_rng r;
		struct puyo_field f;
		bl_rng_init_stream(&r, 4, (uint64_t)i);
		puyo_field_init(&f, (int)bl_rng_range(&r, 1, PUYO_ROWS_MAX));
		int height[PUYO_COLS];
		for (int c = 0; c < PUYO_COLS; c++) {
			height[c] = (int)bl_rng_below(&r, (uint64_t)f.rows + 1);
			for (int row = 0; row < height[c]; row++)
				f.cell[row][c] = (unsigned char)bl_rng_range(&r, 1, PUYO_KINDS - 1);
		}
		for (int m = (int)bl_rng_below(&r, 3); m > 0; m--)   /* a few cells anything */
			f.cell[bl_rng_below(&r, (uint64_t)f.rows)][bl_rng_below(&r, PUYO_COLS)] =
				pick[bl_rng_below(&r, sizeof pick)];
		bool ojama = bl_rng_below(&r, 2), bad = false, floating = false;
		for (int row = 0; row < f.rows; row++)
			for (int c = 0; c < PUYO_COLS; c++) {
				int cell = f.cell[row][c];
				bad |= cell >= PUYO_KINDS && !(cell == PUYO_OJAMA && ojama);
				floating |= row > 0 && cell != PUYO_EMPTY && f.cell[row - 1][c] == PUYO_EMPTY;
			}
		int fr, fc;
		wrong += puyo_field_bad_kind(&f, ojama) != bad || puyo_field_floating(&f, &fr, &fc) != floating;
		faults += bad;
		floats += floating;
	}
	is_int(wrong, 0, "20,000 random fields: the eight-at-a-time scans agree with plain loops "
	       "(%d with a cell of no kind, %d floating)", faults, floats);
	ok(faults > 2000 && floats > 2000 && faults < 18000 && floats < 18000,
	   "both faults and their absence are common (%d, %d)", faults, floats);
}

int main(void)
{
	test_basics();
	test_parse();
	test_diagnostics();
	test_settle();
	test_engine();
	test_f19();
	test_fast_parse();
	test_scan();
	return tap_done();
}
