/*
 * 11559, WRONG on purpose: the mistake sequential-pop planted by hand in
 * tests/judge/11559.c for the diagnosis test (tests/cli/t-diagnose.sh).
 *
 * One group pops at a time, with a fall after each.
 */
#include <stdio.h>

#define ROWS 12
#define COLS 6

static char field[ROWS][COLS + 2];   /* row 0 is the top line */
static int seen[ROWS][COLS];
static int queue_r[ROWS * COLS], queue_c[ROWS * COLS];

static const int dr[4] = { -1, 1, 0, 0 };
static const int dc[4] = { 0, 0, -1, 1 };

/* Flood-fills the group of (r, c) into the queue; returns its size. */
static int fill(int r, int c)
{
	int head = 0, tail = 0;

	seen[r][c] = 1;
	queue_r[tail] = r;
	queue_c[tail] = c;
	tail++;
	while (head < tail) {
		int cr = queue_r[head], cc = queue_c[head];
		head++;
		for (int d = 0; d < 4; d++) {
			int nr = cr + dr[d], nc = cc + dc[d];
			if (nr < 0 || nr >= ROWS || nc < 0 || nc >= COLS)
				continue;
			if (seen[nr][nc] || field[nr][nc] != field[r][c])
				continue;
			seen[nr][nc] = 1;
			queue_r[tail] = nr;
			queue_c[tail] = nc;
			tail++;
		}
	}
	return tail;
}

/* Pops every group of 4 or more; returns whether any popped. */
static int pop(void)
{
	int popped = 0;

	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++)
			seen[r][c] = 0;
	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++) {
			if (field[r][c] == '.' || seen[r][c])
				continue;
			int size = fill(r, c);
			if (size < 4)
				continue;
			for (int i = 0; i < size; i++)
				field[queue_r[i]][queue_c[i]] = '.';
			return 1;
		}
	return popped;
}

/* Lets every puyo fall to the floor or onto another puyo. */
static void fall(void)
{
	for (int c = 0; c < COLS; c++) {
		int to = ROWS - 1;
		for (int r = ROWS - 1; r >= 0; r--) {
			if (field[r][c] == '.')
				continue;
			char p = field[r][c];
			field[r][c] = '.';
			field[to][c] = p;
			to--;
		}
	}
}

int main(void)
{
	int chains = 0;

	for (int r = 0; r < ROWS; r++)
		if (scanf("%7s", field[r]) != 1)
			return 0;
	while (pop()) {
		fall();
		chains++;
	}
	printf("%d\n", chains);
	return 0;
}
