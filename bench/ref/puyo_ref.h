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

#endif
