/*
 * yut_ref: a plain reference for dice yut (BOJ 17825), written apart from
 * lib/yut.c to check it: its own parser, the board as four hard-coded routes,
 * and a backtracking over every sequence of horse choices.
 */
#ifndef BOARDLAB_YUT_REF_H
#define BOARDLAB_YUT_REF_H

#define YUT_REF_MAX_DICE 64

/*
 * Parses text as whitespace-separated integers 1..5 into dice[0..max).
 * Returns their count, or -1 when a token is not such an integer or there
 * are more than max.
 */
int yut_ref_parse(const char *text, int *dice, int max);

/*
 * The best total for dice[0..n) with `horses` horses (1..8).  With
 * allow_pass, a horse on End may be "moved" for 0 points (the write-up's
 * fault, which the rules forbid).  When no horse can be chosen the game
 * ends there.
 */
int yut_ref_best(const int *dice, int n, int horses, int allow_pass);

/*
 * The same answer by the plainest backtracking: every horse not on End is
 * tried at every turn, horses sharing Start included, so the judge's 10
 * dice walk up to 4^10 choice sequences, as the usual accepted solutions
 * do.  The baseline of `yut bench`.
 */
int yut_ref_best_every(const int *dice, int n, int horses);

#endif
