/*
 * tower_ref: a plain reference for the tower game, written apart from
 * lib/tower.c to check it: fixed arrays of stacks, a linear search for each
 * piece, the rules played move by move to the limit.  Small boards only.
 */
#ifndef TOWER_REF_H
#define TOWER_REF_H

#define TOWER_REF_NMAX 16
#define TOWER_REF_KMAX 32

/* Where the game ended, for comparing the final stack too. */
struct tower_ref_end {
	int row, col;                    /* 1-based; 0 when the answer is -1 */
	int height;
	int stack[TOWER_REF_KMAX];       /* bottom to top */
};

/*
 * Plays the instance in text (the judge's format) with the bottom rule when
 * bottom_rule is set, else the carry rule, until a stack of height pieces
 * forms or limit turns are done.  Returns the turn or -1, and -2 when the
 * text is not an instance within TOWER_REF_NMAX and TOWER_REF_KMAX.  end may
 * be NULL.
 */
long tower_ref_solve(const char *text, int bottom_rule, int height, long limit,
		     struct tower_ref_end *end);

#endif
