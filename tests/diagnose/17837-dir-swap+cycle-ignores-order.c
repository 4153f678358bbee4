/*
 * 17837, WRONG on purpose, twice: the mistakes dir-swap and
 * cycle-ignores-order planted by hand in tests/judge/17837.c, for the
 * diagnosis of a program with two mistakes (tests/cli/t-diagnose.sh).
 *
 * Up and down are the wrong way round in the move table, and a turn whose
 * cells and directions were seen before, whatever the order of the
 * stacks, answers -1.
 */
#include <stdio.h>
#include <string.h>

#define MAXN 12
#define MAXK 10

enum { WHITE, RED, BLUE };

static int n, k;
static int colour[MAXN][MAXN];
static int row[MAXK], col[MAXK], dir[MAXK];   /* dir: 1 right, 2 left, 3 up, 4 down */
static int stack[MAXN][MAXN][MAXK];           /* each cell's pieces, bottom first */
static int height[MAXN][MAXN];

static const int drow[5] = { 0, 0, 0, 1, -1 };
static const int dcol[5] = { 0, 1, -1, 0, 0 };
static const int opposite[5] = { 0, 2, 1, 4, 3 };

/* Off the board or blue: a move there bounces. */
static int blocked(int r, int c)
{
	return r < 0 || r >= n || c < 0 || c >= n || colour[r][c] == BLUE;
}

/* Moves piece p with the pieces above it; returns the height of the stack it ends on. */
static int move(int p)
{
	int r = row[p], c = col[p];
	int nr = r + drow[dir[p]], nc = c + dcol[dir[p]];

	if (blocked(nr, nc)) {
		dir[p] = opposite[dir[p]];
		nr = r + drow[dir[p]];
		nc = c + dcol[dir[p]];
		if (blocked(nr, nc))
			return height[r][c];
	}
	int at = 0;
	while (stack[r][c][at] != p)
		at++;
	int group = height[r][c] - at;
	for (int i = 0; i < group; i++) {
		int q;
		if (colour[nr][nc] == RED)
			q = stack[r][c][height[r][c] - 1 - i];
		else
			q = stack[r][c][at + i];
		stack[nr][nc][height[nr][nc]] = q;
		height[nr][nc]++;
		row[q] = nr;
		col[q] = nc;
	}
	height[r][c] = at;
	return height[nr][nc];
}

int main(void)
{
	if (scanf("%d %d", &n, &k) != 2)
		return 0;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			if (scanf("%d", &colour[r][c]) != 1)
				return 0;
	for (int p = 0; p < k; p++) {
		if (scanf("%d %d %d", &row[p], &col[p], &dir[p]) != 3)
			return 0;
		row[p]--;
		col[p]--;
		stack[row[p]][col[p]][0] = p;
		height[row[p]][col[p]] = 1;
	}
	static int seen[1001][MAXK][3];
	for (int p = 0; p < k; p++) {
		seen[0][p][0] = row[p];
		seen[0][p][1] = col[p];
		seen[0][p][2] = dir[p];
	}
	for (int turn = 1; turn <= 1000; turn++) {
		for (int p = 0; p < k; p++)
			if (move(p) >= 4) {
				printf("%d\n", turn);
				return 0;
			}
		for (int p = 0; p < k; p++) {
			seen[turn][p][0] = row[p];
			seen[turn][p][1] = col[p];
			seen[turn][p][2] = dir[p];
		}
		for (int t = 0; t < turn; t++)
			if (memcmp(seen[t], seen[turn], sizeof seen[t]) == 0) {
				printf("-1\n");
				return 0;
			}
	}
	printf("-1\n");
	return 0;
}
