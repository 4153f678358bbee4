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

/*
 * puyo_ref_sim: the same plain approach on a field of any height, with the
 * hidden rows, ojama and Tsu's score.  Row 0 is the top line.
 */
#define HMAX 14

struct sim {
	int h, hidden, pop;      /* hidden: the rows 0 .. hidden-1 never pop */
	char g[HMAX][W];
};

static void sim_drop(struct sim *s)
{
	for (int x = 0; x < W; x++) {
		char keep[HMAX];
		int n = 0;
		for (int y = s->h - 1; y >= 0; y--)
			if (s->g[y][x] != '.')
				keep[n++] = s->g[y][x];
		for (int y = s->h - 1, i = 0; y >= 0; y--, i++)
			s->g[y][x] = i < n ? keep[i] : '.';
	}
}

static int chain_power(int step)
{
	static const int table[] = { 0, 8, 16, 32, 64 };
	return step <= 5 ? table[step - 1] : 64 + 32 * (step - 5);
}

static int group_bonus(int size)
{
	static const int table[] = { 0, 2, 3, 4, 5, 6, 7 };
	if (size < 4)
		return 0;
	return size >= 11 ? 10 : table[size - 4];
}

/*
 * One pop round at chain step `step`: BFS every group of the visible rows,
 * blank those of pop or more and the ojama next to them.  Returns the
 * coloured puyos popped; *score gets the step's score.
 */
static int sim_round(struct sim *s, int step, long long *score, int *ojama)
{
	static const int dy[4] = { -1, 1, 0, 0 }, dx[4] = { 0, 0, -1, 1 };
	int seen[HMAX][W], qy[HMAX * W], qx[HMAX * W];
	int popped = 0, bonus = 0, colours = 0;
	const char *letters = "RGBPY";
	int used[5] = { 0 };

	memset(seen, 0, sizeof seen);
	for (int y = s->hidden; y < s->h; y++) {
		for (int x = 0; x < W; x++) {
			char c = s->g[y][x];
			if (c == '.' || c == 'O' || c == '-' || seen[y][x])
				continue;
			int head = 0, tail = 0;
			seen[y][x] = 1;
			qy[tail] = y;
			qx[tail++] = x;
			while (head < tail) {
				int cy = qy[head], cx = qx[head];
				head++;
				for (int d = 0; d < 4; d++) {
					int ny = cy + dy[d], nx = cx + dx[d];
					if (ny < s->hidden || ny >= s->h || nx < 0 || nx >= W)
						continue;
					if (seen[ny][nx] || s->g[ny][nx] != c)
						continue;
					seen[ny][nx] = 1;
					qy[tail] = ny;
					qx[tail++] = nx;
				}
			}
			if (tail < s->pop)
				continue;
			for (int i = 0; i < tail; i++)
				s->g[qy[i]][qx[i]] = '-';
			popped += tail;
			bonus += group_bonus(tail);
			used[strchr(letters, c) - letters] = 1;
		}
	}
	*ojama = 0;
	if (popped == 0)
		return 0;
	/* Ojama next to a popped puyo, in the visible rows, goes too. */
	for (int y = s->hidden; y < s->h; y++)
		for (int x = 0; x < W; x++) {
			if (s->g[y][x] != 'O')
				continue;
			for (int d = 0; d < 4; d++) {
				int ny = y + dy[d], nx = x + dx[d];
				if (ny >= 0 && ny < s->h && nx >= 0 && nx < W && s->g[ny][nx] == '-') {
					s->g[y][x] = '+';
					(*ojama)++;
					break;
				}
			}
		}
	for (int y = 0; y < s->h; y++)
		for (int x = 0; x < W; x++)
			if (s->g[y][x] == '-' || s->g[y][x] == '+')
				s->g[y][x] = '.';
	for (int k = 0; k < 5; k++)
		colours += used[k];
	static const int colour_bonus[] = { 0, 0, 3, 6, 12, 24 };
	int mult = chain_power(step) + colour_bonus[colours] + bonus;
	mult = mult < 1 ? 1 : mult > 999 ? 999 : mult;
	*score = 10LL * popped * mult;
	return popped;
}

int puyo_ref_sim(const char *cells, const struct puyo_ref_rules *rules, struct puyo_ref_out *out)
{
	struct sim s;
	long long carry = 0;
	int n, cleared;

	s.h = rules->rows;
	s.hidden = rules->rows - rules->visible;
	s.pop = rules->pop;
	for (int y = 0; y < s.h; y++)
		for (int x = 0; x < W; x++) {
			char c = cells[y * W + x];
			if (!c || !strchr(".RGBPYO", c))
				return -1;
			s.g[y][x] = c;
		}
	memset(out, 0, sizeof *out);
	for (;;) {
		long long score = 0;
		n = sim_round(&s, out->chains + 1, &score, &cleared);
		if (n == 0)
			break;
		out->chains++;
		out->popped += n;
		out->ojama_cleared += cleared;
		out->score += score;
		carry += score;
		out->ojama_sent += carry / 70;
		carry %= 70;
		sim_drop(&s);
	}
	int left = 0;
	for (int y = 0; y < s.h; y++)
		for (int x = 0; x < W; x++) {
			out->final[y * W + x] = s.g[y][x];
			left += s.g[y][x] != '.';
		}
	out->final[s.h * W] = '\0';
	out->all_clear = out->chains > 0 && left == 0;
	return out->chains;
}
