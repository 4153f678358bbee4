/*
 * A plain solution of BOJ 11559 (Puyo Puyo), for the tests of
 * `boardlab puyo stress`: 12 lines of 6 cells, groups of 4 or more of one
 * colour pop together, what is above falls, and each round that pops is
 * one chain.  The argument picks a deliberate bug:
 *   ok      none: the right answer every time
 *   groups  counts every group that pops as a chain of its own, so a round
 *           that pops two groups at once counts 2
 */
#include <stdio.h>
#include <string.h>

#define ROWS 12
#define COLS 6

static char f[ROWS][COLS + 2];
static int seen[ROWS][COLS];

/* The size of the group of (r, c), marked with mark in seen. */
static int group(int r, int c, char colour, int mark)
{
	if (r < 0 || c < 0 || r >= ROWS || c >= COLS || seen[r][c] || f[r][c] != colour)
		return 0;
	seen[r][c] = mark;
	return 1 + group(r + 1, c, colour, mark) + group(r - 1, c, colour, mark) +
	       group(r, c + 1, colour, mark) + group(r, c - 1, colour, mark);
}

int main(int argc, char **argv)
{
	int groups_bug = argc > 1 && strcmp(argv[1], "groups") == 0;
	int chains = 0;

	for (int r = 0; r < ROWS; r++)
		if (scanf("%7s", f[r]) != 1 || strlen(f[r]) != COLS)
			return 2;
	for (;;) {
		int popped = 0, mark = 0, pop[ROWS * COLS + 1] = { 0 };
		memset(seen, 0, sizeof seen);
		for (int r = 0; r < ROWS; r++)
			for (int c = 0; c < COLS; c++)
				if (f[r][c] != '.' && !seen[r][c] && group(r, c, f[r][c], ++mark) >= 4)
					pop[mark] = 1;
		for (int m = 1; m <= mark; m++)
			popped += pop[m];
		if (popped == 0)
			break;
		for (int r = 0; r < ROWS; r++)
			for (int c = 0; c < COLS; c++)
				if (pop[seen[r][c]] && seen[r][c])
					f[r][c] = '.';
		for (int c = 0; c < COLS; c++) {
			int to = ROWS - 1;
			for (int r = ROWS - 1; r >= 0; r--)
				if (f[r][c] != '.') {
					char x = f[r][c];
					f[r][c] = '.';
					f[to--][c] = x;
				}
		}
		chains += groups_bug ? popped : 1;
	}
	printf("%d\n", chains);
	return 0;
}
