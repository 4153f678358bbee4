/*
 * puyo_ref: the plain reference for BOJ 11559 the puyo engine is checked
 * against: its own text reading, a char grid, a BFS queue.  Written apart
 * from lib/puyo.c and sharing none of its code.
 */
#ifndef PUYO_REF_H
#define PUYO_REF_H

/*
 * Runs the chain of the field in text: 12 whitespace-separated rows of 6
 * letters from ".RGBPY", top row first.  With settle, puyos first fall onto
 * whatever is below them.  Returns the chain count, or -1 when text is not
 * such a field.  popped (if not NULL) receives the puyos popped in all;
 * final (if not NULL, room for 73 bytes) the field at the end as 72 letters,
 * top row first.
 */
int puyo_ref_run(const char *text, int settle, int *popped, char *final);

/* puyo_ref_run's chain count alone. */
int puyo_ref_chains(const char *text, int settle);

/*
 * The general rules for puyo_ref_sim: a field of rows rows (12 to 14), of
 * which the lowest `visible` pop (the ones above are hidden: their puyos
 * fall but never pop), groups of `pop` or more pop.
 */
struct puyo_ref_rules {
	int rows, visible, pop;
};

/* What puyo_ref_sim found, under Puyo Puyo Tsu's scoring. */
struct puyo_ref_out {
	int chains, popped, ojama_cleared;
	long long score, ojama_sent;   /* the ojama: score / 70 with the remainder carried */
	int all_clear;                 /* the chain emptied the field */
	char final[14 * 6 + 1];        /* the field at the end, top row first */
};

/*
 * Runs the chain of a settled field of rules->rows * 6 letters from
 * ".RGBPYO" (O: ojama, cleared next to a popping puyo in a visible row),
 * top row first, and scores it.  Returns the chain count, or -1 when a
 * letter is not a cell.
 */
int puyo_ref_sim(const char *cells, const struct puyo_ref_rules *rules, struct puyo_ref_out *out);

#endif
