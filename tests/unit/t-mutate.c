/*
 * Robustness: seeded mutations of valid inputs (bytes flipped, deleted,
 * inserted, numbers made huge or negative, input cut short, chunks
 * repeated) go through every game's parser and engine, in single and batch
 * reading.  Each must end in an answer or an input error with a position
 * and a well-formed message: never a crash (the asan and valgrind builds run
 * this too), never another code.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

#define SEED 20261121u
#define MAXLEN 4096

enum game { G_TOWER_CARRY, G_TOWER_BOTTOM, G_YUT_BOJ, G_YUT_LINE, G_GRUNDY, G_GRUNDY_P, G_PUYO, NGAMES };

static const char *const names[NGAMES] = {
	"tower carry", "tower bottom", "yut --boj", "yut lines", "grundy", "grundy --only P", "puyo",
};

static const char *const seeds[NGAMES] = {
	"6 10\n0 1 2 0 1 1\n1 2 0 1 1 0\n2 1 0 1 1 0\n1 0 1 1 0 2\n2 0 1 2 0 1\n0 2 1 0 2 1\n"
	"1 1 1\n2 2 2\n3 3 4\n4 4 1\n5 5 3\n6 6 2\n1 6 3\n6 1 2\n2 4 3\n4 2 1\n",
	"4 4\n0 0 2 0\n0 0 1 0\n0 0 1 2\n0 2 0 0\n2 1 1\n3 2 3\n2 2 1\n4 1 3\n",
	"5 1 2 3 4 5 5 3 2 4\n",
	"1 2 3 4 1 2 3 4 1 2 5 5\n3 3 3\n",
	"3\n8 7 B\n9 4 K\n4 4 R\n",
	"5\n4 2\n6 9\n7 8\n2 1\n5 5\n",
	"......\n......\n......\n......\n......\n......\n......\n......\n.Y....\n.YG...\n"
	"RRYG..\nRRYGG.\n",
};

/* Tokens a mutation may insert: numbers at and beyond every limit, letters. */
static const char *const splices[] = {
	"0", "1", "4", "-1", "13", "4096", "4097", "1000000", "999999999", "1000000000",
	"9223372036854775807", "99999999999999999999", "R", "P", "Q", ".", "RRRRRR", "\n", " ",
	"\t", "\r\n", "x", "+", "-",
};

struct outcome {
	long ok, input_errors, other;
	long bad_message;
};

/* A diagnostic must have a position and a message in the style of cli.md. */
static bool well_formed(const struct bl_err *e)
{
	size_t n = strlen(e->msg);
	return e->line >= 1 && e->col >= 1 && n > 0 && e->msg[n - 1] != '.' &&
	       !isupper((unsigned char)e->msg[0]);
}

static enum bl_code run_one(enum game g, struct bl_reader *rd, struct bl_err *err, void *state)
{
	switch (g) {
	case G_TOWER_CARRY:
	case G_TOWER_BOTTOM: {
		struct tower *t = state;
		struct tower_limits lim;
		struct tower_opts o;
		struct tower_result res;
		tower_limits_any(&lim);
		tower_opts_init(&o);
		o.rule = g == G_TOWER_CARRY ? TOWER_CARRY : TOWER_BOTTOM;
		enum bl_code rc = tower_parse(t, rd, &lim, err);
		return rc ? rc : tower_solve(t, &o, &res, err);
	}
	case G_YUT_BOJ:
	case G_YUT_LINE: {
		struct yut_game game;
		struct yut_result res;
		struct yut_limits lim;
		yut_game_init(&game, yut_board_builtin());
		yut_result_init(&res);
		if (g == G_YUT_BOJ)
			yut_limits_boj(&lim);
		else
			yut_limits_any(&lim);
		enum bl_code rc = yut_parse(&game, rd, &lim, err);
		if (rc == BL_OK)
			rc = yut_plan(&game, &res, err);
		yut_result_release(&res);
		yut_game_release(&game);
		return rc;
	}
	case G_GRUNDY:
	case G_GRUNDY_P: {
		struct grundy_format f = { g == G_GRUNDY ? GRUNDY_MIXED : GRUNDY_PALACE, NULL,
					   false, GRUNDY_MISTAKE_NONE };
		struct grundy_limits lim;
		struct grundy_result res;
		grundy_limits_any(&lim);
		return grundy_solve(rd, &f, &lim, &res, err);
	}
	case G_PUYO: {
		struct puyo_rules rules;
		struct puyo_field field;
		struct puyo_result res;
		struct puyo_limits lim;
		puyo_rules_init(&rules, PUYO_RULES_BOJ);
		puyo_limits_any(&lim);
		enum bl_code rc = puyo_parse(&field, rd, &rules, 0, &lim, err);
		if (rc == BL_OK)
			rc = puyo_solve(&field, &rules, &res, err);
		return rc;
	}
	default:
		return BL_ERR_INTERNAL;
	}
}

/* Applies 1 to 4 random edits to text (len bytes) in place; returns the new length. */
static size_t mutate(struct bl_rng *r, char *text, size_t len)
{
	int edits = (int)bl_rng_range(r, 1, 4);
	for (int e = 0; e < edits; e++) {
		size_t at = len ? (size_t)bl_rng_below(r, len + 1) : 0;
		switch (bl_rng_below(r, 6)) {
		case 0: /* flip a byte to any byte */
			if (at < len)
				text[at] = (char)bl_rng_below(r, 256);
			break;
		case 1: /* delete a run */
			if (at < len) {
				size_t n = 1 + (size_t)bl_rng_below(r, 8);
				if (n > len - at)
					n = len - at;
				memmove(text + at, text + at + n, len - at - n);
				len -= n;
			}
			break;
		case 2: { /* insert a token */
			const char *s = splices[bl_rng_below(r, sizeof splices / sizeof *splices)];
			size_t n = strlen(s);
			if (len + n < MAXLEN) {
				memmove(text + at + n, text + at, len - at);
				memcpy(text + at, s, n);
				len += n;
			}
			break;
		}
		case 3: /* cut the input short */
			len = at;
			break;
		case 4: { /* repeat a chunk */
			size_t n = (size_t)bl_rng_below(r, 40);
			if (at + n <= len && len + n < MAXLEN) {
				memmove(text + at + n, text + at, len - at);
				len += n;
			}
			break;
		}
		default: /* swap two bytes */
			if (len > 1) {
				size_t b = (size_t)bl_rng_below(r, len);
				if (at < len) {
					char c = text[at];
					text[at] = text[b];
					text[b] = c;
				}
			}
			break;
		}
	}
	return len;
}

int main(void)
{
	const char *quick = getenv("BL_TEST_QUICK");
	long per_game = quick && *quick == '1' ? 2000 : 20000;
	static char text[MAXLEN];
	struct bl_rng r;
	struct tower t;

	tower_init(&t);
	for (int g = 0; g < NGAMES; g++) {
		struct outcome o = { 0, 0, 0, 0 };
		bl_rng_init_stream(&r, SEED, (uint64_t)g);
		for (long i = 0; i < per_game; i++) {
			size_t len = strlen(seeds[g]);
			memcpy(text, seeds[g], len);
			/* Sometimes two instances, so batch reading is mutated too. */
			bool batch = bl_rng_below(&r, 3) == 0;
			if (batch) {
				memcpy(text + len, seeds[g], len);
				len *= 2;
			}
			len = mutate(&r, text, len);
			struct bl_reader rd;
			bl_reader_init(&rd, text, len);
			enum bl_code rc = BL_OK;
			struct bl_err err;
			int instances = 0;
			do {
				bl_err_clear(&err);
				rc = run_one((enum game)g, &rd, &err, &t);
				instances++;
			} while (rc == BL_OK && batch && !bl_reader_eof(&rd) && instances < 100);
			if (rc == BL_OK) {
				o.ok++;
			} else if (rc == BL_ERR_INPUT) {
				o.input_errors++;
				if (!well_formed(&err)) {
					if (o.bad_message++ < 3)
						tap_diag("%s #%ld: %d:%d: '%s'", names[g], i, err.line,
							 err.col, err.msg);
				}
			} else {
				if (o.other++ < 3)
					tap_diag("%s #%ld: code %d: %s", names[g], i, (int)rc, err.msg);
			}
		}
		tap_diag("%s: %ld answered, %ld input errors", names[g], o.ok, o.input_errors);
		is_int(o.other, 0, "%s: %ld mutated inputs end in an answer or an input error",
		       names[g], per_game);
		is_int(o.bad_message, 0, "%s: every input error has a position and a cli.md message",
		       names[g]);
		ok(o.ok >= per_game / 50 && o.input_errors >= per_game / 2,
		   "%s: the mutations reach both outcomes", names[g]);
	}
	tower_release(&t);
	return tap_done();
}
