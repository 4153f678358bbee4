/*
 * stress_games: each game's part of `stress`: its option table (the game
 * options, then the gen options, then STRESS_OPTS) and its shrinking
 * passes, from the library (boardlab/shrink.h).
 */
#include "stress.h"

/* ---- tower: N K, the N*N colours, K lines "row col dir" ---- */

const struct cli_opt tower_stress_opts[] = {
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },
	{ "height", "H", "the stack height that ends the game, 2 to 10^18 (default 4)" },
	{ "limit", "L", "turns played before the answer is -1, 1 to 10^18 (default 1000)" },
	{ "boj", NULL, "the judge's limits and format: 4 <= N <= 12, 4 <= K <= 10" },
	{ "size", "N|LO-HI", "the board side, fixed or drawn from a range (default 4-12)" },
	{ "pieces", "K|LO-HI", "the piece count, at most N*N (default 4-10)" },
	{ "red", "P|LO-HI", "percent of red cells (default 0-25)" },
	{ "blue", "P|LO-HI", "percent of blue cells (default 0-25)" },
	{ "ending", "WHAT", "any (the default), stack (the game must end with a stack) or never" },
	STRESS_OPTS,
	{ 0 },
};

const struct stress_game stress_tower = { 4, 5, "trace", NULL, tower_shrink };

int tower_stress(struct cli_run *r)
{
	return stress_run(r, &stress_tower);
}

/* ---- yut: a line of dice ---- */

const struct cli_opt yut_stress_opts[] = {
	{ "boj", NULL, "the judge's limits and format: exactly 10 dice 1 to 5" },
	{ "horses", "H", "the number of horses, 1 to 8 (default 4)" },
	{ "board", "FILE", "a board in the text format 'yut board' prints, - for standard input "
			   "(default: the built-in one)" },
	{ "length", "N", "dice per instance, 1 to 10000 (default 10)" },
	{ "dice", "DIST", "how a roll is drawn: d5 (default), weights like 1:4,2:6,5:1, or sticks[:P]" },
	STRESS_OPTS,
	{ 0 },
};

const struct stress_game stress_yut = { 3, 2, "plan", NULL, yut_shrink };

int yut_stress(struct cli_run *r)
{
	return stress_run(r, &stress_yut);
}

/* ---- grundy: N, then N lines "x y LETTER" (or "x y" with --only) ---- */

const struct cli_opt grundy_stress_opts[] = {
	{ "only", "LETTER", "every piece is LETTER: lines are 'x y'" },
	{ "boj", NULL,
	  "the judge's limits and format: N <= 300000, x and y below 10^9 (below 3000 with "
	  "--only P)" },
	{ "piece", "RULES",
	  "define pieces: 'Q = ride(1,0) + ride(0,1) + ride(1,1)'; ';' between rules; "
	  "repeatable" },
	{ "piece-file", "FILE", "define the pieces of FILE, one rule a line, '#' comments" },
	{ "pieces", "N", "pieces per instance (default: 1 to 10 at random)" },
	{ "max", "C",
	  "largest coordinate (default 999999999; 2999 with --boj --only P; 1023 "
	  "with a piece valued from a table)" },
	STRESS_OPTS,
	{ 0 },
};

const struct stress_game stress_grundy = { 4, 2, "solve", "explain", grundy_shrink };

int grundy_stress(struct cli_run *r)
{
	return stress_run(r, &stress_grundy);
}

/* ---- puyo: rows of 6 cells, top first, '.' empty ---- */

const struct cli_opt puyo_stress_opts[] = {
	{ "rules", "RULES", "rule set: boj (the default: 12 rows, chain count) or tsu "
			    "(a hidden 13th row, ojama 'O', score)" },
	{ "rows", "N", "rows of a field: 12, 13 or 14 (default: 12 for boj, 13 for tsu); "
		       "the rows above 12 are hidden" },
	{ "pop", "N", "the group size that pops (default 4)" },
	{ "boj", NULL, "the judge's limits and format: 12 lines of 6 cells, BOJ rules" },
	{ "kind", "KIND", "random (the default: random settled fields) or chain (built to chain)" },
	{ "chains", "N", "with --kind chain: the chain length, exactly (default 5; at most 16 "
			 "with 12 rows, 17 with 13, 18 with 14, fewer with under 4 colours)" },
	{ "colours", "K", "colours in play, 1 to 5 (default 4)" },
	{ "ojama", "P", "percent of ojama among the puyos, tsu only (default 0)" },
	STRESS_OPTS,
	{ 0 },
};

const struct stress_game stress_puyo = { 4, 4, "trace", NULL, puyo_shrink };

int puyo_stress(struct cli_run *r)
{
	return stress_run(r, &stress_puyo);
}
