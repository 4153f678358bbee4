/*
 * A plain solution of BOJ 17837 (tower, carry rule; with the argument
 * "bottom" first, BOJ 17780), for the tests of `boardlab tower stress`.
 * The last argument picks a deliberate bug, so that stress has something
 * to find:
 *   ok          none: the right answer every time
 *   end-check   checks the heights only at the end of a turn, so a stack of
 *               4 that forms and breaks up within one turn is missed
 *   red-bounce  after bouncing off a blue cell or the edge onto a red cell,
 *               moves the pieces without reversing their order
 *   stuck       a piece blocked on both sides turns back to its first direction,
 *               instead of keeping the reversed one (it matters once a piece
 *               below carries it away)
 *   crash       aborts (SIGABRT) when a piece bounces off the edge of the board
 *   sleep       when two pieces first share a cell, forks and sleeps, child
 *               and parent both (a TLE that leaves a process to kill); with
 *               STRESS_PIDS set, writes both pids into that folder first
 *   spin        when two pieces first share a cell, loops forever on the CPU
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXN 64
#define MAXK 16

static int n, k, colour[MAXN][MAXN];
static int pr[MAXK], pc[MAXK], pd[MAXK];
static int stack[MAXN][MAXN][MAXK], height[MAXN][MAXN];
static const int dr[5] = { 0, 0, 0, -1, 1 }, dc[5] = { 0, 1, -1, 0, 0 };
static const char *bug = "ok";

static int is(const char *b)
{
	return strcmp(bug, b) == 0;
}

static int blocked(int r, int c)
{
	return r < 0 || c < 0 || r >= n || c >= n || colour[r][c] == 2;
}

static void sleep_forever(void)
{
	const char *dir = getenv("STRESS_PIDS");
	pid_t child = fork();

	if (dir && child > 0) {
		char path[4096];
		snprintf(path, sizeof path, "%s/pids", dir);
		FILE *f = fopen(path, "a");
		if (f) {
			fprintf(f, "%ld %ld\n", (long)getpid(), (long)child);
			fclose(f);
		}
	}
	for (;;)
		sleep(60);
}

/* Moves piece i; returns the height of the stack it lands on. */
static int move(int i, int bottom_rule)
{
	int r = pr[i], c = pc[i], at = 0, bounced = 0;

	while (stack[r][c][at] != i)
		at++;
	if (bottom_rule && at != 0)
		return 0;
	if (blocked(r + dr[pd[i]], c + dc[pd[i]])) {
		if (is("crash") && (r + dr[pd[i]] < 0 || r + dr[pd[i]] >= n || c + dc[pd[i]] < 0 ||
				    c + dc[pd[i]] >= n))
			abort();
		pd[i] ^= pd[i] <= 2 ? 3 : 7;   /* 1<->2, 3<->4 */
		bounced = 1;
		if (blocked(r + dr[pd[i]], c + dc[pd[i]])) {
			if (is("stuck"))
				pd[i] ^= pd[i] <= 2 ? 3 : 7;
			return height[r][c];
		}
	}
	int nr = r + dr[pd[i]], nc = c + dc[pd[i]];
	int group[MAXK], g = 0;
	for (int j = at; j < height[r][c]; j++)
		group[g++] = stack[r][c][j];
	height[r][c] = at;
	int reverse = colour[nr][nc] == 1 && !(bounced && is("red-bounce"));
	for (int j = 0; j < g; j++) {
		int p = group[reverse ? g - 1 - j : j];
		stack[nr][nc][height[nr][nc]++] = p;
		pr[p] = nr;
		pc[p] = nc;
	}
	if (is("sleep") && height[nr][nc] >= 2)
		sleep_forever();
	for (volatile unsigned spin = 0; is("spin") && height[nr][nc] >= 2;)
		spin++;
	return height[nr][nc];
}

int main(int argc, char **argv)
{
	int bottom_rule = argc > 1 && strcmp(argv[1], "bottom") == 0;

	if (argc > 1)
		bug = argv[argc - 1];
	if (scanf("%d %d", &n, &k) != 2 || n < 1 || n > MAXN || k < 1 || k > MAXK)
		return 2;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			if (scanf("%d", &colour[r][c]) != 1)
				return 2;
	for (int i = 0; i < k; i++) {
		if (scanf("%d %d %d", &pr[i], &pc[i], &pd[i]) != 3)
			return 2;
		pr[i]--;
		pc[i]--;
		stack[pr[i]][pc[i]][height[pr[i]][pc[i]]++] = i;
	}
	for (int turn = 1; turn <= 1000; turn++) {
		for (int i = 0; i < k; i++)
			if (move(i, bottom_rule) >= 4 && !is("end-check")) {
				printf("%d\n", turn);
				return 0;
			}
		if (is("end-check"))
			for (int r = 0; r < n; r++)
				for (int c = 0; c < n; c++)
					if (height[r][c] >= 4) {
						printf("%d\n", turn);
						return 0;
					}
	}
	printf("-1\n");
	return 0;
}
