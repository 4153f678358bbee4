#include "puyo.h"

#include <assert.h>
#include <string.h>

static const char cell_letters[PUYO_KINDS] = { '.', 'R', 'G', 'B', 'P', 'Y' };

static const char *const what_cell = "a puyo R, G, B, P, Y or '.'";

void puyo_rules_init(struct puyo_rules *rules, enum puyo_ruleset set)
{
	rules->set = set;
	rules->rows = PUYO_BOJ_ROWS;
	rules->pop = PUYO_POP_DEFAULT;
}

void puyo_field_init(struct puyo_field *f, int rows)
{
	assert(rows >= 1 && rows <= PUYO_ROWS_MAX);
	memset(f, 0, sizeof *f);
	f->rows = rows;
}

char puyo_cell_char(int cell)
{
	if (cell < 0 || cell >= PUYO_KINDS)
		return '?';
	return cell_letters[cell];
}

int puyo_cell_from_char(char c)
{
	for (int k = 0; k < PUYO_KINDS; k++)
		if (cell_letters[k] == c)
			return k;
	return -1;
}

/* Cells that can form a group; ojama will be a kind that cannot. */
static bool is_colour(int cell)
{
	return cell > PUYO_EMPTY && cell < PUYO_KINDS;
}

/* Fills row `row` (from the floor) with the PUYO_COLS letters at s, all known. */
static void fill_row(struct puyo_field *f, int row, const char *s)
{
	for (int c = 0; c < PUYO_COLS; c++)
		f->cell[row][c] = (unsigned char)puyo_cell_from_char(s[c]);
}

/* The first byte of t that no cell letter stands for, or t->len. */
static size_t first_unknown(const struct bl_tok *t)
{
	size_t i = 0;
	while (i < t->len && puyo_cell_from_char(t->s[i]) >= 0)
		i++;
	return i;
}

enum bl_code puyo_parse(struct puyo_field *f, struct bl_reader *rd, const struct puyo_rules *rules,
			unsigned flags, struct bl_err *err)
{
	int rows = rules->rows;
	int line[PUYO_ROWS_MAX], col[PUYO_ROWS_MAX];   /* where each row's first cell is, top first */
	size_t line_len = (size_t)rows * PUYO_COLS;
	bool one_line_ok = !(flags & PUYO_PARSE_BOJ);
	struct bl_tok t;

	assert(rows >= 1 && rows <= PUYO_ROWS_MAX);
	puyo_field_init(f, rows);
	for (int top = 0; top < rows; top++) {
		if (!bl_reader_next(rd, &t)) {
			int l, c;
			bl_reader_end_pos(rd, &l, &c);
			if (top == 0)
				return bl_fail_at(err, BL_ERR_INPUT, l, c,
						  "expected %d rows, found end of input", rows);
			return bl_fail_at(err, BL_ERR_INPUT, l, c,
					  "expected %d rows, found end of input after %d", rows, top);
		}
		size_t bad = first_unknown(&t);
		if (bad < t.len) {
			struct bl_tok letter = bl_tok_char(&t, bad);
			return bl_fail_tok(&letter, err, what_cell);
		}
		if (top == 0 && one_line_ok && t.len == line_len) {
			for (int r = 0; r < rows; r++) {
				line[r] = t.line;
				col[r] = t.col + r * PUYO_COLS;
				fill_row(f, rows - 1 - r, t.s + (size_t)r * PUYO_COLS);
			}
			break;
		}
		if (t.len != PUYO_COLS) {
			/* A long first row was most likely meant as a one-line field. */
			if (top == 0 && one_line_ok && t.len > PUYO_COLS)
				return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
						  "row 1 has %zu cells, expected %d (or %zu in the "
						  "one-line form)", t.len, PUYO_COLS, line_len);
			return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
					  "row %d has %zu cell%s, expected %d", top + 1, t.len,
					  t.len == 1 ? "" : "s", PUYO_COLS);
		}
		line[top] = t.line;
		col[top] = t.col;
		fill_row(f, rows - 1 - top, t.s);
	}

	int r, c;
	if (puyo_field_floating(f, &r, &c)) {
		if (flags & PUYO_PARSE_SETTLE) {
			puyo_field_settle(f);
			return BL_OK;
		}
		int top = rows - 1 - r;
		return bl_fail_at(err, BL_ERR_INPUT, line[top], col[top] + c,
				  "floating puyo '%c' at row %d, column %d: the cell below it is empty",
				  puyo_cell_char(f->cell[r][c]), top + 1, c + 1);
	}
	return BL_OK;
}

bool puyo_field_floating(const struct puyo_field *f, int *row, int *col)
{
	for (int r = f->rows - 1; r >= 1; r--)
		for (int c = 0; c < PUYO_COLS; c++)
			if (f->cell[r][c] != PUYO_EMPTY && f->cell[r - 1][c] == PUYO_EMPTY) {
				*row = r;
				*col = c;
				return true;
			}
	return false;
}

/* Drops column c's puyos onto the floor, keeping their order.  Returns how many moved. */
static int fall_column(struct puyo_field *f, int c)
{
	int to = 0, moved = 0;

	for (int r = 0; r < f->rows; r++) {
		unsigned char k = f->cell[r][c];
		if (k == PUYO_EMPTY)
			continue;
		if (r != to) {
			f->cell[to][c] = k;
			f->cell[r][c] = PUYO_EMPTY;
			moved++;
		}
		to++;
	}
	return moved;
}

int puyo_field_settle(struct puyo_field *f)
{
	int moved = 0;
	for (int c = 0; c < PUYO_COLS; c++)
		moved += fall_column(f, c);
	return moved;
}

int puyo_field_count(const struct puyo_field *f)
{
	int n = 0;
	for (int r = 0; r < f->rows; r++)
		for (int c = 0; c < PUYO_COLS; c++)
			n += f->cell[r][c] != PUYO_EMPTY;
	return n;
}

int puyo_field_top(const struct puyo_field *f)
{
	for (int top = 0; top < f->rows; top++)
		for (int c = 0; c < PUYO_COLS; c++)
			if (f->cell[f->rows - 1 - top][c] != PUYO_EMPTY)
				return top;
	return f->rows;
}

void puyo_field_write(const struct puyo_field *f, int from_top, struct bl_buf *out)
{
	char line[PUYO_COLS + 1];

	line[PUYO_COLS] = '\n';
	for (int top = from_top; top < f->rows; top++) {
		for (int c = 0; c < PUYO_COLS; c++)
			line[c] = puyo_cell_char(f->cell[f->rows - 1 - top][c]);
		bl_buf_add(out, line, sizeof line);
	}
}

/*
 * The scalar engine.  It works on a copy of the field with a border of empty
 * cells, so a neighbour is always one add away and never out of bounds, and
 * it remembers which part of each column moved: a group none of whose puyos
 * moved is one that was too small at the last check and still is, so later
 * checks only start flood fills in the moved parts.  Every buffer is a fixed
 * array on the stack (a field has at most PUYO_CELLS_MAX cells).
 */
#define STRIDE 8                                  /* a border column each side */
#define GRID_CELLS ((PUYO_ROWS_MAX + 2) * STRIDE) /* and a border row below and above */

struct grid {
	int rows;
	unsigned char c[GRID_CELLS];   /* (row, col) at (row + 1) * STRIDE + col + 1 */
	int low[PUYO_COLS];            /* lowest row of each column changed since the last check */
};

static int grid_at(int row, int col)
{
	return (row + 1) * STRIDE + col + 1;
}

static void grid_load(struct grid *g, const struct puyo_field *f)
{
	memset(g->c, PUYO_EMPTY, sizeof g->c);
	g->rows = f->rows;
	for (int r = 0; r < f->rows; r++)
		memcpy(g->c + grid_at(r, 0), f->cell[r], PUYO_COLS);
	for (int c = 0; c < PUYO_COLS; c++)
		g->low[c] = 0;
}

static void grid_store(const struct grid *g, struct puyo_field *f)
{
	for (int r = 0; r < g->rows; r++)
		memcpy(f->cell[r], g->c + grid_at(r, 0), PUYO_COLS);
}

/* Cell index (row * PUYO_COLS + col) of a grid position. */
static unsigned char field_index(int at)
{
	return (unsigned char)((at / STRIDE - 1) * PUYO_COLS + at % STRIDE - 1);
}

/*
 * One check: labels the groups that start in a changed part, pops those of
 * rules->pop or more, lets the columns that lost a puyo fall and records in
 * g->low what moved.  Returns the puyos popped, 0 when nothing pops (g is
 * then unchanged but for g->low, which then marks nothing).  step, when not
 * NULL, receives the groups in reading order of their first cell.
 */
static int grid_pop(struct grid *g, const struct puyo_rules *rules, struct puyo_step *step)
{
	enum { UNSEEN = -2, SMALL = -1 };
	signed char label[GRID_CELLS];   /* a popping cell's group (>= 0), SMALL or UNSEEN */
	unsigned char stack[PUYO_CELLS_MAX], members[PUYO_CELLS_MAX];
	unsigned char size[PUYO_CELLS_MAX], colour[PUYO_CELLS_MAX];
	int rows = g->rows, ngroups = 0, npopped = 0;

	assert(rules->pop >= 1);
	memset(label, UNSEEN, sizeof label);   /* every byte -2 */
	for (int r = rows - 1; r >= 0; r--) {
		for (int col = 0; col < PUYO_COLS; col++) {
			int start = grid_at(r, col), k = g->c[start];
			if (r < g->low[col] || !is_colour(k) || label[start] != UNSEEN)
				continue;
			int sp = 0, n = 0;
			stack[sp++] = (unsigned char)start;
			label[start] = SMALL;
			while (sp > 0) {
				int at = stack[--sp];
				const int next[4] = { at - STRIDE, at + STRIDE, at - 1, at + 1 };
				members[n++] = (unsigned char)at;
				for (int d = 0; d < 4; d++) {
					int to = next[d];
					if (label[to] == UNSEEN && g->c[to] == k) {
						label[to] = SMALL;
						stack[sp++] = (unsigned char)to;
					}
				}
			}
			if (n < rules->pop)
				continue;
			for (int i = 0; i < n; i++)
				label[members[i]] = (signed char)ngroups;
			size[ngroups] = (unsigned char)n;
			colour[ngroups] = (unsigned char)k;
			ngroups++;
			npopped += n;
		}
	}
	for (int col = 0; col < PUYO_COLS; col++)
		g->low[col] = rows;
	if (ngroups == 0)
		return 0;

	if (step) {
		/*
		 * Groups were found in the order of their first changed cell;
		 * renumbering them as a reading-order scan meets them, and a
		 * counting sort of their cells, gives reading order throughout.
		 */
		signed char order[PUYO_CELLS_MAX];
		unsigned char fill[PUYO_CELLS_MAX];
		int seen = 0, first = 0;
		memset(order, -1, sizeof order);
		for (int r = rows - 1; r >= 0; r--)
			for (int col = 0; col < PUYO_COLS; col++) {
				int l = label[grid_at(r, col)];
				if (l >= 0 && order[l] < 0) {
					order[l] = (signed char)seen;
					step->group[seen].colour = colour[l];
					step->group[seen].size = size[l];
					step->group[seen].first = (unsigned char)first;
					fill[seen] = (unsigned char)first;
					first += size[l];
					seen++;
				}
			}
		for (int r = rows - 1; r >= 0; r--)
			for (int col = 0; col < PUYO_COLS; col++) {
				int at = grid_at(r, col);
				if (label[at] >= 0)
					step->cell[fill[order[label[at]]]++] = field_index(at);
			}
		step->ngroups = ngroups;
		step->npopped = npopped;
	}

	/* Each column keeps its survivors in order, from its lowest pop up. */
	for (int col = 0; col < PUYO_COLS; col++) {
		int r = 0;
		while (r < rows && label[grid_at(r, col)] < 0)
			r++;
		if (r == rows)
			continue;
		g->low[col] = r;
		int to = grid_at(r, col);
		for (int at = to; at < grid_at(rows, col); at += STRIDE) {
			if (label[at] < 0 && g->c[at] != PUYO_EMPTY) {
				g->c[to] = g->c[at];
				to += STRIDE;
			}
		}
		for (; to < grid_at(rows, col); to += STRIDE)
			g->c[to] = PUYO_EMPTY;
	}
	return npopped;
}

bool puyo_chain_step(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_step *step)
{
	struct grid g;

	grid_load(&g, f);
	if (grid_pop(&g, rules, step) == 0)
		return false;
	grid_store(&g, f);
	return true;
}

void puyo_chain_run(const struct puyo_field *f, const struct puyo_rules *rules,
		    struct puyo_result *res)
{
	struct grid g;
	int n;

	res->chains = 0;
	res->popped = 0;
	res->final = *f;
	grid_load(&g, f);
	while ((n = grid_pop(&g, rules, NULL)) > 0) {
		res->chains++;
		res->popped += n;
	}
	grid_store(&g, &res->final);
}
