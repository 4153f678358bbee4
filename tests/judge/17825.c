/*
 * 17825 주사위 윷놀이 (dice yut): a correct plain solution, written from the
 * rules of docs/yut.md.  Expected verdict: AC.
 *
 * A depth-first search over the horse chosen each turn, the best total from
 * each (turn, horse cells) remembered in a small hash table: horses are
 * interchangeable for the score, so the cells are sorted first, and a few
 * thousand positions stand for the 4^10 sequences.  Of the horses on Start
 * only the first is tried, which keeps the search quick even where the
 * table does not help.  A horse on End is never chosen; a move may not end
 * on a cell another horse holds, unless that cell is End; a move that
 * starts on a blue cell takes the blue arrow first.  Also the reference
 * that the mutation test mutates: every name but main is static, main
 * returns.
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

#define SLOTS 8192   /* the memo: a power of two, well above the positions met */

static int dice[TURNS];
static int at[HORSES];
static unsigned memo_key[SLOTS];   /* 0: empty; else the position's key */
static int memo_best[SLOTS];

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

/* (turn, sorted horse cells) in one number, never 0: 4 bits and 6 bits a cell. */
static unsigned position_key(int t)
{
	int cell[HORSES];

	for (int h = 0; h < HORSES; h++)
		cell[h] = at[h];
	for (int i = 1; i < HORSES; i++)
		for (int j = i; j > 0 && cell[j - 1] > cell[j]; j--) {
			int swap = cell[j];
			cell[j] = cell[j - 1];
			cell[j - 1] = swap;
		}
	unsigned key = (unsigned)t + 1;
	for (int h = 0; h < HORSES; h++)
		key = key * 64 + (unsigned)cell[h];
	return key;
}

/* The slot of key in the memo: where it is, or the empty one where it goes. */
static int slot_of(unsigned key)
{
	unsigned i = (key * 2654435761u) >> 19;   /* the top 13 bits: SLOTS is 2^13 */

	while (memo_key[i] != 0 && memo_key[i] != key)
		i = (i + 1) % SLOTS;
	return (int)i;
}

static int search(int t);

/* The best score from turn t on, remembered. */
static int best(int t)
{
	unsigned key = position_key(t);
	int i = slot_of(key);

	if (memo_key[i] == key)
		return memo_best[i];
	int value = search(t);
	i = slot_of(key);   /* the search may have filled the slot found before it */
	memo_key[i] = key;
	memo_best[i] = value;
	return value;
}

/* The best score from turn t on: each horse that may move, tried. */
static int search(int t)
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
		if (to != END && taken(h, to))
			continue;
		at[h] = to;
		int total = score[to] + best(t + 1);
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
