/*
 * mistake: the catalogue of the known mistakes of each judge problem (see
 * boardlab/mistake.h).  Each row names the game's rule variant that plays
 * it; docs/judge.md ("Mistakes") and each game's page define them.
 */
#include "boardlab/mistake.h"

#include <stdio.h>
#include <string.h>

#include "boardlab/grundy.h"
#include "boardlab/puyo.h"
#include "boardlab/tower.h"
#include "boardlab/yut.h"
#include "mistake_impl.h"

#define TOWER(p, id, desc, v) { p, id, desc, TOWER_MISTAKE_##v }

#define END_OF_TURN(p) \
	TOWER(p, "end-of-turn", "checks for a stack of 4 only when the whole turn is over, not " \
	      "after every move", END_OF_TURN)
#define BLUE_NO_RECHECK(p) \
	TOWER(p, "blue-no-recheck", "after turning back at blue or the edge, moves even onto a " \
	      "blue cell (where the board ends it stays)", BLUE_NO_RECHECK)
#define RED_WHOLE_STACK(p) \
	TOWER(p, "red-whole-stack", "on a red cell reverses the whole stack there, not only the " \
	      "pieces that arrived", RED_WHOLE_STACK)
#define LIMIT_SHORT(p) \
	TOWER(p, "limit-off-by-one", "stops after turn 999: a stack formed on turn 1000 is " \
	      "answered -1", LIMIT_SHORT)
#define LIMIT_LONG(p) \
	TOWER(p, "limit-1001", "plays turn 1001 too: a stack formed on it is answered 1001, not " \
	      "-1", LIMIT_LONG)

static const struct bl_mistake m17837[] = {
	END_OF_TURN("17837"),
	BLUE_NO_RECHECK("17837"),
	TOWER("17837", "blue-forget-dir", "after turning back, moves the new way but keeps the old "
	      "direction for the next turn", BLUE_FORGET_DIR),
	TOWER("17837", "blue-then-red", "after turning back onto a red cell, does not reverse the pieces",
	      BLUE_THEN_RED),
	RED_WHOLE_STACK("17837"),
	TOWER("17837", "carry-alone", "moves the piece alone, leaving the pieces above it behind",
	      CARRY_ALONE),
	LIMIT_SHORT("17837"),
	LIMIT_LONG("17837"),
	TOWER("17837", "cycle-ignores-order", "answers -1 once the pieces' cells and directions repeat, "
	      "ignoring the order of the stacks", CYCLE_NO_ORDER),
	TOWER("17837", "dir-swap", "swaps up and down: direction 3 moves down, 4 moves up", DIR_SWAP),
};

static const struct bl_mistake m17780[] = {
	END_OF_TURN("17780"),
	BLUE_NO_RECHECK("17780"),
	RED_WHOLE_STACK("17780"),
	LIMIT_SHORT("17780"),
	LIMIT_LONG("17780"),
	TOWER("17780", "any-piece-moves", "moves pieces that are not at the bottom of their stack too, "
	      "with the pieces above them", ANY_PIECE_MOVES),
	TOWER("17780", "skip-new-bottom", "decides who may move when the turn starts, so a piece that "
	      "becomes a bottom during the turn is skipped", SKIP_NEW_BOTTOM),
};

static const struct bl_mistake m17825[] = {
	{ "17825", "finished-may-pass", "lets a horse on End be chosen, for 0 points: a pass the "
	  "rules forbid", YUT_MISTAKE_FINISHED_MAY_PASS },
	{ "17825", "end-blocks", "counts End as occupied: a horse may not finish while another "
	  "is there", YUT_MISTAKE_END_BLOCKS },
	{ "17825", "blue-when-passing", "takes a diagonal whenever a move passes a blue cell, not "
	  "only when it starts there", YUT_MISTAKE_BLUE_WHEN_PASSING },
	{ "17825", "forty-twice", "takes the 40 reached through the centre and the 40 of the outer "
	  "ring for two cells", YUT_MISTAKE_FORTY_TWICE },
	{ "17825", "shared-by-score", "tells cells apart by their scores, so the two 16s (and 22, "
	  "24, 26, 28, 30) block each other", YUT_MISTAKE_SHARED_BY_SCORE },
	{ "17825", "greedy", "takes the move of the most points each turn (the lowest horse on a "
	  "tie) instead of searching", YUT_MISTAKE_GREEDY },
	{ "17825", "no-restore", "does not free a cell when its horse moves on: no horse may end "
	  "there again in that line of the search", YUT_MISTAKE_NO_RESTORE },
};

#define PALACE_X1(p) \
	{ p, "palace-x1", "lets the palace step diagonally only from x > 1 and y > 1 (the " \
	  "write-up's slip)", GRUNDY_MISTAKE_PALACE_X1 }
#define PALACE_X1_FORMULA(p) \
	{ p, "palace-x1-formula", "values the palace as the rook, x XOR y, where x <= 1 or y <= " \
	  "1: the write-up's slip put in the closed form", GRUNDY_MISTAKE_PALACE_X1_FORMULA }
#define XOR_PRECEDENCE(p) \
	{ p, "xor-precedence", "values the palace as ((x + y) mod 3 + 3 (x div 3)) XOR (y div 3): " \
	  "the XOR's brackets left out", GRUNDY_MISTAKE_XOR_PRECEDENCE }
#define NAMES_SWAPPED(p) \
	{ p, "names-swapped", "prints the winner's name for the loser and the loser's for " \
	  "the winner", GRUNDY_MISTAKE_NAMES_SWAPPED }

static const struct bl_mistake m16880[] = {
	PALACE_X1("16880"),
	{ "16880", "knight-wrong", "values the knight as min(x, y) mod 3, forgetting the cells on "
	  "and next to the diagonal", GRUNDY_MISTAKE_KNIGHT_WRONG },
	{ "16880", "king-wrong", "values the king by the parities alone (0, 2, else 1), never 3",
	  GRUNDY_MISTAKE_KING_WRONG },
	{ "16880", "sum-not-xor", "adds the Grundy values instead of XORing them",
	  GRUNDY_MISTAKE_SUM_NOT_XOR },
	NAMES_SWAPPED("16880"),
	PALACE_X1_FORMULA("16880"),
	XOR_PRECEDENCE("16880"),
};

static const struct bl_mistake m16879[] = {
	PALACE_X1("16879"),
	NAMES_SWAPPED("16879"),
	{ "16879", "formula-no-xor", "values the palace as 3 (x/3 + y/3) + (x + y) mod 3: a sum "
	  "where the XOR goes", GRUNDY_MISTAKE_FORMULA_NO_XOR },
	PALACE_X1_FORMULA("16879"),
	XOR_PRECEDENCE("16879"),
};

static const struct bl_mistake m11559[] = {
	{ "11559", "group-as-chain", "counts every group that pops as a chain, not every step",
	  PUYO_MISTAKE_GROUP_AS_CHAIN },
	{ "11559", "sequential-pop", "pops one group at a time, letting the puyos fall in between",
	  PUYO_MISTAKE_SEQUENTIAL_POP },
	{ "11559", "gravity-one-step", "lets the puyos fall one cell only after each pop",
	  PUYO_MISTAKE_GRAVITY_ONE_STEP },
	{ "11559", "diagonal", "connects puyos that touch diagonally", PUYO_MISTAKE_DIAGONAL },
	{ "11559", "pop-five", "pops groups of 5 or more only", PUYO_MISTAKE_POP_FIVE },
	{ "11559", "dot-colour", "takes the empty cells for a colour: their group pops forever and "
	  "the program never stops", PUYO_MISTAKE_DOT_COLOUR },
	{ "11559", "single-pass", "looks for groups once only: answers 1 or 0",
	  PUYO_MISTAKE_SINGLE_PASS },
};

struct catalogue {
	const char *problem;
	const struct bl_mistake *m;
	size_t n;
};

#define ROW(p) { #p, m##p, sizeof m##p / sizeof m##p[0] }

static const struct catalogue catalogues[] = {
	ROW(17780), ROW(17837), ROW(17825), ROW(16880), ROW(16879), ROW(11559),
};

static const struct catalogue *catalogue_of(const struct bl_problem *p)
{
	for (size_t i = 0; p && i < sizeof catalogues / sizeof catalogues[0]; i++)
		if (strcmp(catalogues[i].problem, p->id) == 0)
			return &catalogues[i];
	return NULL;
}

size_t bl_mistake_count(const struct bl_problem *p)
{
	const struct catalogue *c = catalogue_of(p);
	return c ? c->n : 0;
}

const struct bl_mistake *bl_mistake_at(const struct bl_problem *p, size_t i)
{
	const struct catalogue *c = catalogue_of(p);
	return c && i < c->n ? &c->m[i] : NULL;
}

const struct bl_mistake *bl_mistake_find(const struct bl_problem *p, const char *id)
{
	const struct catalogue *c = catalogue_of(p);

	for (size_t i = 0; c && id && i < c->n; i++)
		if (strcmp(c->m[i].id, id) == 0)
			return &c->m[i];
	return NULL;
}

enum bl_code bl_mistake_variant(const struct bl_problem *p, const char *id, int *variant,
				struct bl_err *err)
{
	const struct bl_mistake *m = NULL;
	enum bl_code code = id ? bl_mistake_lookup(p, id, &m, err) : BL_OK;

	*variant = m ? m->variant : 0;
	return code;
}

enum bl_code bl_mistake_lookup(const struct bl_problem *p, const char *id,
			       const struct bl_mistake **m, struct bl_err *err)
{
	const struct catalogue *c = catalogue_of(p);
	char ids[400] = "";
	size_t at = 0;

	if ((*m = bl_mistake_find(p, id)) != NULL)
		return BL_OK;
	for (size_t i = 0; c && i < c->n && at < sizeof ids; i++)
		at += (size_t)snprintf(ids + at, sizeof ids - at, "%s%s", i ? ", " : "", c->m[i].id);
	return bl_fail(err, BL_ERR_ARG, "unknown mistake '%s' of %s; the mistakes are %s",
		       id ? id : "", p ? p->id : "no problem", ids);
}

void bl_mistake_list(const struct bl_problem *p, struct bl_buf *out)
{
	const struct catalogue *c = catalogue_of(p);
	size_t w = 0;

	for (size_t i = 0; c && i < c->n; i++)
		w = strlen(c->m[i].id) > w ? strlen(c->m[i].id) : w;
	for (size_t i = 0; c && i < c->n; i++)
		bl_buf_printf(out, "%-*s  %s\n", (int)w, c->m[i].id, c->m[i].desc);
}

const struct bl_witness *bl_mistake_witness(const struct bl_mistake *m)
{
	for (const struct bl_witness *w = bl_witness_table; m && w->problem; w++)
		if (strcmp(w->problem, m->problem) == 0 && strcmp(w->id, m->id) == 0)
			return w;
	return NULL;
}
