/*
 * stress_games: each game's part of `stress`: its option table (the game
 * options, then the gen options, then STRESS_OPTS) and its shrinking
 * passes, from the library (boardlab/shrink.h).
 */
#include "stress.h"

/* ---- tower: N K, the N*N colours, K lines "row col dir" ---- */

const struct cli_opt tower_stress_opts[] = {
	{ "rule", "RULE", "carry (the default, BOJ 17837) or bottom (BOJ 17780)" },
	{ "height", "H", "the stack height that ends the game (default 4)" },
	{ "limit", "L", "turns played before the answer is -1 (default 1000)" },
	{ "boj", NULL, "the judge's limits 4 <= N <= 12, 4 <= K <= 10, for gen and solve" },
	{ "size", "N|LO-HI", "gen: the board side (default 4-12)" },
	{ "pieces", "K|LO-HI", "gen: the piece count (default 4-10)" },
	{ "red", "P|LO-HI", "gen: percent of red cells (default 0-25)" },
	{ "blue", "P|LO-HI", "gen: percent of blue cells (default 0-25)" },
	{ "ending", "WHAT", "gen: any (the default), stack or never" },
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
	{ "boj", NULL, "the judge's format: exactly 10 dice 1 to 5" },
	{ "horses", "H", "the number of horses, 1 to 8 (default 4)" },
	{ "board", "FILE", "a board in the text format 'yut board' prints" },
	{ "length", "N", "gen: dice per instance (default 10)" },
	{ "dice", "DIST", "gen: how a roll is drawn: d5 (default), weights or sticks[:P]" },
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
	{ "boj", NULL, "the judge's limits, for gen and solve" },
	{ "piece", "RULES", "define pieces, as for solve; repeatable" },
	{ "piece-file", "FILE", "define the pieces of FILE" },
	{ "pieces", "N", "gen: pieces per instance (default: 1 to 10 at random)" },
	{ "max", "C", "gen: the largest coordinate" },
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
	{ "rules", "RULES", "rule set: boj (the default) or tsu" },
	{ "rows", "N", "rows of a field: 12, 13 or 14" },
	{ "pop", "N", "the group size that pops (default 4)" },
	{ "boj", NULL, "the judge's format only: 12 lines of 6 cells, BOJ rules" },
	{ "kind", "KIND", "gen: random (the default) or chain" },
	{ "chains", "N", "gen: with --kind chain, the chain length" },
	{ "colours", "K", "gen: colours in play, 1 to 5 (default 4)" },
	{ "ojama", "P", "gen: percent of ojama, tsu only (default 0)" },
	STRESS_OPTS,
	{ 0 },
};

const struct stress_game stress_puyo = { 4, 4, "trace", NULL, puyo_shrink };

int puyo_stress(struct cli_run *r)
{
	return stress_run(r, &stress_puyo);
}
