/*
 * tower_ref: a plain reference for the tower game, written apart from
 * lib/tower.c to check it and to time it against: every cell's stack is a
 * growable array, a piece's place in it is found by a linear search, and
 * the rules are played move by move to the limit, with no cycle detection.
 * Any board size and piece count the memory allows.
 */
#ifndef TOWER_REF_H
#define TOWER_REF_H

/* The final stack is recorded up to this many pieces. */
#define TOWER_REF_KMAX 32

/* Where the game ended, for comparing the final stack too. */
struct tower_ref_end {
	int row, col;                    /* 1-based; 0 when the answer is -1 */
	int height;                      /* the whole stack's */
	int stack[TOWER_REF_KMAX];       /* bottom to top, its first TOWER_REF_KMAX */
	long long moves;                 /* piece moves played (skipped ones too) */
};

/*
 * Reads one instance in the judge's format from *text (advancing it past
 * the instance) and plays it with the bottom rule when bottom_rule is set,
 * else the carry rule, until a stack of height pieces forms or limit turns
 * are done.  Returns the turn or -1, and -2 when the text is not a valid
 * instance or memory runs out.  end may be NULL.
 */
long long tower_ref_run(const char **text, int bottom_rule, long long height, long long limit,
			struct tower_ref_end *end);

/* tower_ref_run on a text holding one instance. */
long long tower_ref_solve(const char *text, int bottom_rule, long long height, long long limit,
			  struct tower_ref_end *end);

#endif
