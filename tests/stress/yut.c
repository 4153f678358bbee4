/*
 * A plain solution of BOJ 17825 (dice yut), for the tests of
 * `boardlab yut stress`: the dice are read to the end of the input (any
 * count, as `boardlab yut solve` reads them), four horses (or the second
 * argument's number, as --horses), every choice tried.  The first argument
 * picks a deliberate bug:
 *   ok     none: the right answer every time
 *   pass   a horse that has finished may still be chosen: it "moves" for
 *          0 points, so a die can be thrown away (the rules forbid it)
 */
#include <stdio.h>
#include <string.h>

#define END 21
#define MAXD 64

/*
 * Cells: 0 start, 1..20 the outer ring (scores 2..40), 21 end, 22..24 the
 * diagonal 13 16 19 from 10, 25..26 the diagonal 22 24 from 20, 27..29 the
 * diagonal 28 27 26 from 30, 30..32 the centre 25 30 35 (then outer 40).
 */
static const int score[33] = { 0,  2,  4,  6,  8,  10, 12, 14, 16, 18, 20,
			       22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 0,
			       13, 16, 19, 22, 24, 28, 27, 26, 25, 30, 35 };
static int red[33], blue[33];
static int dice[MAXD], ndice, horses = 4, pass_bug;

static int step(int from, int d)
{
	int c = from;

	if (blue[c]) {
		c = blue[c];
		d--;
	}
	while (d-- > 0 && c != END)
		c = red[c];
	return c;
}

static int best(int turn, int *horse)
{
	int top = 0;

	if (turn == ndice)
		return 0;
	for (int h = 0; h < horses; h++) {
		int from = horse[h], to, ok = 1;
		if (from == END) {
			if (!pass_bug)
				continue;
			int v = best(turn + 1, horse);   /* the bug: a finished horse passes */
			if (v > top)
				top = v;
			continue;
		}
		to = step(from, dice[turn]);
		for (int o = 0; o < horses; o++)
			if (o != h && to != END && horse[o] == to)
				ok = 0;
		if (!ok)
			continue;
		horse[h] = to;
		int v = score[to] + best(turn + 1, horse);
		horse[h] = from;
		if (v > top)
			top = v;
	}
	return top;
}

int main(int argc, char **argv)
{
	int horse[8] = { 0 };

	pass_bug = argc > 1 && strcmp(argv[1], "pass") == 0;
	if (argc > 2 && (sscanf(argv[2], "%d", &horses) != 1 || horses < 1 || horses > 8))
		return 2;
	for (int i = 0; i < 20; i++)
		red[i] = i + 1;
	red[20] = END;
	red[22] = 23, red[23] = 24, red[24] = 30;
	red[25] = 26, red[26] = 30;
	red[27] = 28, red[28] = 29, red[29] = 30;
	red[30] = 31, red[31] = 32, red[32] = 20;
	blue[5] = 22, blue[10] = 25, blue[15] = 27;
	while (ndice < MAXD && scanf("%d", &dice[ndice]) == 1)
		ndice++;
	printf("%d\n", best(0, horse));
	return 0;
}
