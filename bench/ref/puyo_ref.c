#include "puyo_ref.h"

#include <string.h>

#define H 12
#define W 6

/* Row 0 is the top line of the text, as the problem statement draws it. */
static int read_grid(const char *text, char g[H][W])
{
	int row = 0;
	const char *p = text;

	while (*p) {
		while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
			p++;
		if (!*p)
			break;
		const char *start = p;
		while (*p && *p != ' ' && *p != '\n' && *p != '\r' && *p != '\t')
			p++;
		if (row >= H || p - start != W)
			return -1;
		for (int x = 0; x < W; x++) {
			if (!strchr(".RGBPY", start[x]))
				return -1;
			g[row][x] = start[x];
		}
		row++;
	}
	return row == H ? 0 : -1;
}

/* Each column: collect the puyos bottom-up, write them back from the floor. */
static void drop(char g[H][W])
{
	for (int x = 0; x < W; x++) {
		char keep[H] = { 0 };
		int n = 0;
		for (int y = H - 1; y >= 0; y--)
			if (g[y][x] != '.')
				keep[n++] = g[y][x];
		for (int y = H - 1, i = 0; y >= 0; y--, i++)
			g[y][x] = i < n ? keep[i] : '.';
	}
}

/* One pop round: BFS every group, blank the ones of 4 or more.  Returns the puyos popped. */
static int pop_round(char g[H][W])
{
	static const int dy[4] = { -1, 1, 0, 0 }, dx[4] = { 0, 0, -1, 1 };
	int seen[H][W];
	int qy[H * W], qx[H * W];
	int popped = 0;

	memset(seen, 0, sizeof seen);
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			if (g[y][x] == '.' || seen[y][x])
				continue;
			char colour = g[y][x];
			int head = 0, tail = 0;
			seen[y][x] = 1;
			qy[tail] = y;
			qx[tail] = x;
			tail++;
			while (head < tail) {
				int cy = qy[head], cx = qx[head];
				head++;
				for (int d = 0; d < 4; d++) {
					int ny = cy + dy[d], nx = cx + dx[d];
					if (ny < 0 || ny >= H || nx < 0 || nx >= W)
						continue;
					if (seen[ny][nx] || g[ny][nx] != colour)
						continue;
					seen[ny][nx] = 1;
					qy[tail] = ny;
					qx[tail] = nx;
					tail++;
				}
			}
			/* The queue holds exactly this group's cells, in BFS order. */
			if (tail >= 4) {
				for (int i = 0; i < tail; i++)
					g[qy[i]][qx[i]] = '-';
				popped += tail;
			}
		}
	}
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			if (g[y][x] == '-')
				g[y][x] = '.';
	return popped;
}

int puyo_ref_run(const char *text, int settle, int *popped, char *final)
{
	char g[H][W];
	int chains = 0, total = 0, n;

	if (read_grid(text, g) < 0)
		return -1;
	if (settle)
		drop(g);
	while ((n = pop_round(g)) > 0) {
		chains++;
		total += n;
		drop(g);
	}
	if (popped)
		*popped = total;
	if (final) {
		memcpy(final, g, H * W);
		final[H * W] = '\0';
	}
	return chains;
}

int puyo_ref_chains(const char *text, int settle)
{
	return puyo_ref_run(text, settle, NULL, NULL);
}
