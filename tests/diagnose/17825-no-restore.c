/*
 * 17825, WRONG on purpose: the mistake no-restore planted by hand in
 * tests/judge/17825.c for the diagnosis test (tests/cli/t-diagnose.sh).
 *
 * A cell a horse ended on is never freed within the search.
 */
#include <stdio.h>

#define TURNS 10
#define HORSES 4
#define CELLS 33
#define START 0
#define END 21

/*
 * Cells: 0 Start, 1..20 the outer ring 2, 4, ..., 40, 21 End, 22..24 the
 * diagonal 13, 16, 19 from outer 10, 25..26 the diagonal 22, 24 from outer
 * 20, 27..29 the diagonal 28, 27, 26 from outer 30, 30..32 the centre 25,
 * 30, 35, which lead to outer 40 (cell 20).
 */
static const int score[CELLS] = {
	0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40,
	0, 13, 16, 19, 22, 24, 28, 27, 26, 25, 30, 35,
};
static const int red[CELLS] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
	21, 23, 24, 30, 26, 30, 28, 29, 30, 31, 32, 20,
};
static int blue[CELLS];   /* 0: none; set in main */

static int dice[TURNS];
static int at[HORSES];
static int used[CELLS];

/* Where a horse on cell from ends with die d. */
static int step(int from, int d)
{
	int cell = blue[from] ? blue[from] : red[from];

	for (int i = 1; i < d && cell != END; i++)
		cell = red[cell];
	return cell;
}

/* Whether a horse other than h stands on cell. */
static int taken(int h, int cell)
{
	for (int j = 0; j < HORSES; j++)
		if (j != h && at[j] == cell)
			return 1;
	return 0;
}

/* The best score from turn t on. */
static int best(int t)
{
	if (t == TURNS)
		return 0;
	int result = 0;
	for (int h = 0; h < HORSES; h++) {
		if (at[h] == END)
			continue;
		if (h > 0 && at[h] == START && at[h - 1] == START)
			continue;   /* horses on Start are alike: the first stands for them */
		int from = at[h], to = step(from, dice[t]);
		if (to != END && (taken(h, to) || used[to]))
			continue;
		at[h] = to;
		if (to != END)
			used[to] = 1;
		int total = score[to] + best(t + 1);
		if (to != END)
			used[to] = 0;
		at[h] = from;
		if (total > result)
			result = total;
	}
	return result;
}

int main(void)
{
	for (int t = 0; t < TURNS; t++)
		if (scanf("%d", &dice[t]) != 1)
			return 0;
	blue[5] = 22;
	blue[10] = 25;
	blue[15] = 27;
	printf("%d\n", best(0));
	return 0;
}
