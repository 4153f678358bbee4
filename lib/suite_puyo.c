/*
 * suite_puyo: the tests of BOJ 11559.  The official sample verbatim; edge
 * and maximum fields as their rows from the highest non-empty one down,
 * joined by '/', expanded to the judge's 12 lines (the rows above are
 * empty); random fields from puyo_gen_field.  The chain fields are gen's
 * (seed 11559); group-joined-from-below, top-left-stays, top-row-alone
 * and top-row-in-chain-2 were laid out by hand; the others were found by searching fields for the outcome each
 * names (tests/unit/t-suite-puyo.c --search repeats it and checks every
 * claim).
 */
#include <stdio.h>
#include <string.h>

#include "boardlab/puyo.h"
#include "suite_impl.h"

static const char *const samples_11559[] = {
	"......\n"
	"......\n"
	"......\n"
	"......\n"
	"......\n"
	"......\n"
	"......\n"
	"......\n"
	".Y....\n"
	".YG...\n"
	"RRYG..\n"
	"RRYGG.\n",
	NULL,
};

/* An edge or maximum test: its name, description and field. */
struct puyo_case {
	const char *name, *desc, *rows;
};

static const struct puyo_case edges[] = {
	{ "empty-field", "an empty field: nothing pops",
	  "......" },
	{ "groups-of-three", "groups of 3 at most, which do not pop",
	  "G...G./P...R./P...B./B.G.R./GRGPP./RPPBPR" },
	{ "diagonal-only", "puyos of one colour touching only diagonally, which are not connected",
	  ".B..../BB..../RP...R/YPB..G/PGB..G/PPG.RG" },
	{ "chain-1", "a field built to chain exactly 1 time",
	  "..B.../..B.../..B.../..B..." },
	{ "chain-2", "a field built to chain exactly 2 times",
	  "..B.../..B.../.PP.../.PB.../.PB..." },
	{ "chain-3", "a field built to chain exactly 3 times",
	  "..B.../..B.../..P.../.PB.../.PB.../.PG.../.GGG.." },
	{ "chain-4", "a field built to chain exactly 4 times",
	  "..B.../..B.../..P.../..B.../.PB.../.PG.../.PG.../.GBB../.BBG.." },
	{ "chain-5", "a field built to chain exactly 5 times",
	  "..B.../..B.../..P.../..B.../..B.../.PG.../.PG.../.PB.../.GBB.."
	  "/.BPP../.PPG.." },
	{ "chain-6", "a field built to chain exactly 6 times",
	  "..B.../..B.../..P.../..B.../..B.../..G.../.PG.../.PB.../.PBB.."
	  "/.GPP../.BPG../.PRRRR" },
	{ "chain-7", "a field built to chain exactly 7 times",
	  "..B.../..B.../..P.../..B.../..B.../..G.../.PG.../.PBB../.PBPR."
	  "/.GPGB./.BPRB./.PRBBR" },
	{ "chain-8", "a field built to chain exactly 8 times",
	  "..B.../..B.../..P.../..B.../..B.../..G.../.PGBR./.PBPB./.PBGB."
	  "/.GPRB./.BPBGG/.PRGGR" },
	{ "chain-9", "a field built to chain exactly 9 times",
	  "..B.../..B.../..P.../..B.../..B.../..GBR./.PGPB./.PBGB./.PBRBG"
	  "/.GPBGR/.BPGGP/.PRPPP" },
	{ "chain-10", "a field built to chain exactly 10 times",
	  "..B.../..B.../..P.../..B.../..BBR./..GPB./.PGGBG/.PBRBR/.PBBGP"
	  "/.GPGGR/.BPRRR/.PRPPP" },
	{ "chain-11", "a field built to chain exactly 11 times",
	  "..B.../..B.../..P.../..BBR./..BPBG/..GGBR/.PGRBP/.PBBGR/.PBGGR"
	  "/.GPRRP/.BPBBB/.PRPPB" },
	{ "chain-12", "a field built to chain exactly 12 times",
	  "..B.../..B.../..PBRG/..BPBR/..BGBP/..GRBR/.PGBGR/.PBGGP/.PBRRB"
	  "/.GPBBR/.BPRRR/.PRPPB" },
	{ "chain-13", "a field built to chain exactly 13 times",
	  "....GP/..P.RG/..GRBR/..GBGR/..PBGG/..GPPP/.PRRGR/.PGGBG/.RBBRG"
	  "/.PGRPG/.RBRPP/RRRGRB" },
	{ "chain-14", "a field built to chain exactly 14 times",
	  "....GP/..P.RG/..GRBR/..GBGR/.PPBGG/.PGPPP/.RRRGR/.PGGBG/.RBBRG"
	  "/RPGRPG/PPBRPP/PRRGRB" },
	{ "chain-15", "a field built to chain exactly 15 times",
	  "..P.GP/..G.RG/.PGRBR/.PPBGR/.RGBGG/.PRPPP/.RGRGR/.PBGBG/RPGBRG"
	  "/PGBRPG/GGGRPP/PRRGRB" },
	{ "chain-16", "a field built to chain exactly 16 times",
	  ".PP.GP/.PG.RG/.RGRBR/.PPBGR/.RGBGG/.PRPPP/RPGRGR/PGBGBG/RRGBRG"
	  "/RRBRPG/GGGRPP/PRRGRB" },
	{ "groups-at-once", "two groups or more pop in one step, which counts as one chain",
	  ".G..../.G...R/.R..GR/.R..RG/RG.RRG/RG.RRR/RG.GRR/RG.GGR/RRRGGR"
	  "/GRRGRG/GGRRRR/GRRGRR" },
	{ "group-joined-from-below", "a group of 5 shaped as a U, its last puyo joined from "
	  "below: all 5 pop, and a puyo falls past it to pop in chain 2",
	  "..B.../R.R.../RRRBBB" },
	{ "top-left-stays", "the puyo in the top-left corner, where a zero index points, stays "
	  "while a group pops under it, falls, and pops in chain 2",
	  "R...../B...../Y...../B...../YR..../BR..../YR..../BY..../GB..../GY..../GB..../GY...." },
	{ "group-of-47", "a group of 47 puyos, more than a row and a column hold, pops, and "
	  "chain 2 follows",
	  ".G.RR./.R.BB./RR.BGG/RR.RRR/BRGBRR/RRRRBR/RRRRRR/BRRRRR/RRRRRR/RRRGRR/RRRRRB/GRBRRR" },
	{ "top-row-alone", "a group of 4 lying in the top row alone pops",
	  "..GGGG/..RBRB/..BRBR/..RBRB/..BRBR/..RBRB/..BRBR/..RBRB/..BRBR/..RBRB/..BRBR/..RBRB" },
	{ "top-row-in-chain-2", "two puyos of the top row pop in chain 2, once a puyo has fallen "
	  "beside them: each chain searches the top row afresh",
	  "RR..../RBBBB./GRGYGP/YGYPYG/GYPGPY/YPGYGP/PGYPYG/GYPGPY/YPGYGP/PGYPYG/GYPGPY/YPGYGP" },
	{ "group-of-four", "a group of exactly 4 pops",
	  "....B./....B./....BB" },
	{ "group-of-five", "a group of 5 or more pops",
	  "GRGGBG/RBRRBR/RRRRGB/RBRGBB/GRRRBB/RRRRRR/GGGRRR/RGRRRG/RGRRRR"
	  "/RGGRGR/RGRRRG/RRGGGR" },
	{ "falls-two-rows", "after a pop a puyo falls two rows or more",
	  "PGRRPP/BRRBPY/YRPGPG/YYGGYY/RPBBRB/BBGPGB/YBGPPG/RGPGRG/GBPYGG"
	  "/RGBRYB/GRYRPB/GBRBRP" },
	{ "pops-in-top-row", "a group reaching the top row pops",
	  ".R..../.R...G/RR...G/RR.G.G/RG.G.G/RG.RRR/GRRRRR/RRRGGR/GGRRGG"
	  "/RGGRRG/GGGRRG/RRRRRR" },
	{ "right-column-no-wrap", "a group in column 6 pops; column 6 does not touch column 1 of the row below",
	  "RRPRGP/RPGGBP/PPBGBR/BGBGPR/BGGGRB/RBBGRG/BGBRRR/GRBBBR/RRBBRR"
	  "/RGGGBB/GBBGBR/GBRRBG" },
	{ "full-field-no-pop", "a full field, 72 puyos of 5 colours, where nothing pops",
	  "RPYPBY/GGBRGG/RRGRYP/PGPPYP/RRBRRR/YYBYPB/RPYBRP/BRPYPG/RGRYRY"
	  "/GGBRPG/RPPPGP/YYBYPY" },
	{ "full-field-one-colour", "a full field of one colour: everything pops at once, one chain",
	  "RRRRRR/RRRRRR/RRRRRR/RRRRRR/RRRRRR/RRRRRR/RRRRRR/RRRRRR/RRRRRR"
	  "/RRRRRR/RRRRRR/RRRRRR" },
	{ NULL, NULL, NULL },
};

static const struct puyo_case maxes[] = {
	{ "max-full-long-chain", "a full field, 72 puyos, that chains 16 times",
	  "RRPRPR/RBGPPR/GPPGGP/RBBGBG/PRBPPR/GBRBBB/GGRGRR/RRGRGG/PPBBPG"
	  "/GPRBGR/GGBPGR/GPRRGR" },
	{ "max-full-long-chain-2", "another full field, 72 puyos, that chains 16 times",
	  "RPGGBR/BPPBBR/BBGGPR/GPPRPR/BGBRRP/GPPGBR/BBGGPR/BPGRGB/GBRGRG"
	  "/BBPRPP/GGRBRP/BGRBPB" },
	{ NULL, NULL, NULL },
};

/* The field's rows ("RR..../..."), highest first, as the judge's 12 lines; false if malformed. */
static bool expand(const char *rows, struct bl_buf *out)
{
	size_t n = (strlen(rows) + 1) / (PUYO_COLS + 1);

	if (n < 1 || n > PUYO_BOJ_ROWS || strlen(rows) != n * (PUYO_COLS + 1) - 1)
		return false;
	for (size_t r = n; r < PUYO_BOJ_ROWS; r++)
		bl_buf_puts(out, "......\n");
	for (size_t r = 0; r < n; r++) {
		bl_buf_add(out, rows + r * (PUYO_COLS + 1), PUYO_COLS);
		bl_buf_putc(out, '\n');
	}
	return true;
}

static enum bl_code add_cases(struct bl_suite *s, enum bl_test_kind kind,
			      const struct puyo_case *cases, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	for (int i = 0; cases[i].name && code == BL_OK; i++) {
		struct bl_buf in;
		bl_buf_init(&in);
		if (!expand(cases[i].rows, &in)) {
			bl_buf_release(&in);
			return bl_fail(err, BL_ERR_INTERNAL, "test '%s': malformed data",
				       cases[i].name);
		}
		code = suite_take(s, kind, cases[i].name, cases[i].desc, &in, err);
	}
	return code;
}

#define RANDOM_FIELDS 20   /* random fields of 4 colours */
#define RANDOM_FIVE 10     /* of 5 colours */

/*
 * Random fields as `boardlab puyo gen --boj --seed 11559 --first I` draws
 * them, then fields of 5 colours (--colours 5 --seed 11560).
 */
static enum bl_code add_random(struct bl_suite *s, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	for (int i = 1; i <= RANDOM_FIELDS + RANDOM_FIVE && code == BL_OK; i++) {
		bool five = i > RANDOM_FIELDS;
		int first = five ? i - RANDOM_FIELDS : i;
		char name[BL_TEST_NAME_MAX], desc[BL_TEST_DESC_MAX];
		struct puyo_gen g;
		struct puyo_field f;
		struct bl_buf in;

		puyo_gen_init(&g, PUYO_RULES_BOJ);
		g.colours = five ? 5 : 4;
		code = puyo_gen_field(&g, five ? 11560 : 11559, first, &f, err);
		if (code != BL_OK)
			break;
		bl_buf_init(&in);
		puyo_field_write(&f, 0, &in);
		snprintf(name, sizeof name, "random-%02d", i);
		snprintf(desc, sizeof desc, "a random field: boardlab puyo gen --boj%s --seed %d "
			 "--first %d", five ? " --colours 5" : "", five ? 11560 : 11559, first);
		code = suite_take(s, BL_TEST_RANDOM, name, desc, &in, err);
	}
	return code;
}

enum bl_code suite_puyo(struct bl_suite *s, struct bl_err *err)
{
	enum bl_code code = suite_add(s, BL_TEST_SAMPLE, "sample-1", "official sample 1 of BOJ 11559",
				      samples_11559[0], strlen(samples_11559[0]), err);

	if (code == BL_OK)
		code = add_cases(s, BL_TEST_EDGE, edges, err);
	if (code == BL_OK)
		code = add_cases(s, BL_TEST_MAX, maxes, err);
	if (code == BL_OK)
		code = add_random(s, err);
	return code;
}
