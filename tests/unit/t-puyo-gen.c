/*
 * Unit tests of the puyo generator (lib/puyo_gen.c): known fields of known
 * seeds (those of tests/golden/puyo/gen-*.out), chain fields that chain
 * exactly as asked under every rule set, height and colour count, random
 * fields that are settled and in their colours, the same field for the same
 * seed and index, and the options it refuses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

/* The field as puyo gen prints it. */
static void field_text(const struct puyo_field *f, char *dst, size_t cap)
{
	struct bl_buf b;

	bl_buf_init(&b);
	puyo_field_write(f, 0, &b);
	snprintf(dst, cap, "%s", b.data ? b.data : "");
	bl_buf_release(&b);
}

static void test_known(void)
{
	static const char chain5[] = "......\n......\n......\n......\n.B....\nBR....\nRR....\n"
				     "BPG...\nRRR...\nGGR...\nPGP...\nPRB...\n";
	static const char tsu3[] = "....B.\n.OG.O.\n.GG.B.\nOBG.B.\nBRR.G.\nRRG.B.\nGRBGB.\n"
				   "RGGRGB\nBGOBBB\nGBGRBG\nGGGGRR\nRRBRRB\nRGGROR\n";
	struct puyo_gen g;
	struct puyo_field f;
	struct bl_buf text;
	char got[256];

	puyo_gen_init(&g, PUYO_RULES_BOJ);
	g.kind = PUYO_GEN_CHAIN;
	is_int(puyo_gen_field(&g, 2, 1, &f, NULL), BL_OK, "gen --kind chain --chains 5 --seed 2");
	field_text(&f, got, sizeof got);
	is_str(got, chain5, "its first field is the golden's");
	bl_buf_init(&text);
	is_int(puyo_gen(&g, 2, 1, &text, NULL), BL_OK, "the same as text");
	is_str(text.data, chain5, "  the same bytes");
	bl_buf_release(&text);

	puyo_gen_init(&g, PUYO_RULES_TSU);
	g.ojama = 10;
	g.colours = 3;
	is_int(puyo_gen_field(&g, 3, 1, &f, NULL), BL_OK,
	       "gen --rules tsu --ojama 10 --colours 3 --seed 3");
	field_text(&f, got, sizeof got);
	is_str(got, tsu3, "its first field is the golden's");
}

/* The largest colour a field holds (PUYO_OJAMA not counted); -1 for a bad cell. */
static int max_colour(const struct puyo_field *f, bool *ojama)
{
	int m = 0;

	for (int r = 0; r < f->rows; r++)
		for (int c = 0; c < PUYO_COLS; c++) {
			int v = f->cell[r][c];
			if (v == PUYO_OJAMA)
				*ojama = true;
			else if (v >= PUYO_KINDS)
				return -1;
			else if (v > m)
				m = v;
		}
	return m;
}

static void test_chains(void)
{
	const char *q = getenv("BL_TEST_QUICK");
	uint64_t per = q && *q && strcmp(q, "0") != 0 ? 1 : 3;   /* fields per setting */
	long fields = 0, wrong = 0, unsettled = 0, colours_off = 0, with_ojama = 0;

	for (int set = PUYO_RULES_BOJ; set <= PUYO_RULES_TSU; set++)
		for (int rows = 12; rows <= PUYO_ROWS_MAX; rows++)
			for (int k = 1; k <= PUYO_COLOURS; k++) {
				struct puyo_gen g;
				puyo_gen_init(&g, (enum puyo_ruleset)set);
				puyo_rules_set_rows(&g.rules, rows);
				g.kind = PUYO_GEN_CHAIN;
				g.colours = k;
				g.ojama = set == PUYO_RULES_TSU ? 30 : 0;
				int max = puyo_gen_chains_max(rows, k);
				for (int n = 1; n <= max; n += (max + 3) / 4)
					for (uint64_t i = 0; i < per; i++) {
						struct puyo_field f;
						struct puyo_result res;
						int row, col;
						bool oj = false;
						g.chains = n;
						if (puyo_gen_field(&g, 77, i, &f, NULL) != BL_OK) {
							wrong++;
							continue;
						}
						puyo_solve(&f, &g.rules, &res, NULL);
						wrong += res.chains != n;
						unsettled += puyo_field_floating(&f, &row, &col);
						int m = max_colour(&f, &oj);
						colours_off += m < 0 || m > PUYO_RED + k - 1;
						with_ojama += oj;
						fields++;
					}
			}
	is_int(wrong, 0, "chain fields chain exactly as asked (%ld fields)", fields);
	is_int(unsettled, 0, "and are settled");
	is_int(colours_off, 0, "and hold only the first K colours");
	ok(with_ojama > 0, "Tsu's chain fields with --ojama have ojama (%ld)", with_ojama);
}

static void test_random(void)
{
	long fields = 0, unsettled = 0, colours_off = 0, same_next = 0, with_ojama = 0;
	bool repeat = true;

	for (int set = PUYO_RULES_BOJ; set <= PUYO_RULES_TSU; set++)
		for (uint64_t i = 0; i < 300; i++) {
			struct puyo_gen g;
			struct puyo_field f, again, next;
			int row, col;
			bool oj = false;
			puyo_gen_init(&g, (enum puyo_ruleset)set);
			g.colours = 1 + (int)(i % PUYO_COLOURS);
			g.ojama = set == PUYO_RULES_TSU ? 20 : 0;
			puyo_gen_field(&g, 5, i, &f, NULL);
			puyo_gen_field(&g, 5, i, &again, NULL);
			puyo_gen_field(&g, 5, i + 1, &next, NULL);
			repeat = repeat && memcmp(&f, &again, sizeof f) == 0;
			same_next += memcmp(&f, &next, sizeof f) == 0;
			unsettled += puyo_field_floating(&f, &row, &col);
			int m = max_colour(&f, &oj);
			colours_off += m < 0 || m > PUYO_RED + g.colours - 1;
			with_ojama += oj;
			fields++;
		}
	ok(repeat, "the same seed and index give the same field");
	ok(same_next < fields / 10, "the next index mostly another (%ld alike)", same_next);
	is_int(unsettled, 0, "random fields are settled (%ld fields)", fields);
	is_int(colours_off, 0, "and hold only the first K colours");
	ok(with_ojama > 0, "Tsu's with --ojama have ojama (%ld)", with_ojama);
}

static void test_limits(void)
{
	struct puyo_gen g;
	struct puyo_field f;
	struct bl_err err;

	is_int(puyo_gen_chains_max(12, 4), 16, "at most 16 chains with 12 rows and 4 colours");
	is_int(puyo_gen_chains_max(14, 5), 18, "18 with 14 rows and 5");
	is_int(puyo_gen_chains_max(13, 2), 7, "7 with 13 rows and 2");
	is_int(puyo_gen_chains_max(12, 1), 1, "1 with one colour");

	puyo_gen_init(&g, PUYO_RULES_BOJ);
	g.kind = PUYO_GEN_CHAIN;
	g.chains = 17;
	bl_err_clear(&err);
	is_int(puyo_gen_field(&g, 1, 1, &f, &err), BL_ERR_ARG, "17 chains in 12 rows: refused");
	is_str(err.msg, "17 chains: expected 1 to 16 with 12 rows and 4 colours", "its message");
	puyo_gen_init(&g, PUYO_RULES_BOJ);
	g.ojama = 5;
	bl_err_clear(&err);
	is_int(puyo_gen_field(&g, 1, 1, &f, &err), BL_ERR_ARG, "ojama under BOJ: refused");
	puyo_gen_init(&g, PUYO_RULES_TSU);
	g.colours = 6;
	bl_err_clear(&err);
	is_int(puyo_gen_field(&g, 1, 1, &f, &err), BL_ERR_ARG, "6 colours: refused");
	is_str(err.msg, "6 colours: expected 1 to 5", "its message");
}

int main(void)
{
	test_known();
	test_chains();
	test_random();
	test_limits();
	return tap_done();
}
