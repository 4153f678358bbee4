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
			struct bl_tok letter = { t.s + bad, 1, t.line, t.col + (int)bad };
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
 * The scalar engine: a flood fill from every unvisited puyo in reading order
 * labels each group; groups of the pop size are cleared together, then only
 * the columns that lost a puyo fall.  A field has at most PUYO_CELLS_MAX
 * cells, so every buffer is a fixed array on the stack.  Returns the puyos
 * popped, 0 when nothing pops (and *f is then untouched).
 */
static int pop_and_fall(struct puyo_field *f, const struct puyo_rules *rules,
			struct puyo_step *step)
{
	enum { UNSEEN = 0xff, SMALL = 0xfe };
	unsigned char label[PUYO_CELLS_MAX];   /* group number of a popping cell, SMALL, UNSEEN */
	unsigned char stack[PUYO_CELLS_MAX], members[PUYO_CELLS_MAX];
	unsigned char size[PUYO_CELLS_MAX], colour[PUYO_CELLS_MAX];
	int rows = f->rows, ngroups = 0, npopped = 0;
	unsigned columns = 0;

	assert(rules->pop >= 1);
	memset(label, UNSEEN, sizeof label);
	for (int r = rows - 1; r >= 0; r--) {
		for (int c = 0; c < PUYO_COLS; c++) {
			int start = r * PUYO_COLS + c, k = f->cell[r][c];
			if (!is_colour(k) || label[start] != UNSEEN)
				continue;
			int sp = 0, n = 0;
			stack[sp++] = (unsigned char)start;
			label[start] = SMALL;
			while (sp > 0) {
				int at = stack[--sp], ar = at / PUYO_COLS, ac = at % PUYO_COLS;
				members[n++] = (unsigned char)at;
				int next[4] = { ar > 0 ? at - PUYO_COLS : -1,
						ar < rows - 1 ? at + PUYO_COLS : -1,
						ac > 0 ? at - 1 : -1,
						ac < PUYO_COLS - 1 ? at + 1 : -1 };
				for (int d = 0; d < 4; d++) {
					int to = next[d];
					if (to < 0 || label[to] != UNSEEN ||
					    f->cell[to / PUYO_COLS][to % PUYO_COLS] != k)
						continue;
					label[to] = SMALL;
					stack[sp++] = (unsigned char)to;
				}
			}
			if (n < rules->pop)
				continue;
			for (int i = 0; i < n; i++)
				label[members[i]] = (unsigned char)ngroups;
			size[ngroups] = (unsigned char)n;
			colour[ngroups] = (unsigned char)k;
			ngroups++;
			npopped += n;
		}
	}
	if (ngroups == 0)
		return 0;

	if (step) {
		/* A counting sort by group keeps each group's cells in reading order. */
		unsigned char fill[PUYO_CELLS_MAX];
		int first = 0;
		for (int g = 0; g < ngroups; g++) {
			step->group[g].colour = colour[g];
			step->group[g].size = size[g];
			step->group[g].first = (unsigned char)first;
			fill[g] = (unsigned char)first;
			first += size[g];
		}
		for (int r = rows - 1; r >= 0; r--)
			for (int c = 0; c < PUYO_COLS; c++) {
				int at = r * PUYO_COLS + c;
				if (label[at] < SMALL)
					step->cell[fill[label[at]]++] = (unsigned char)at;
			}
		step->ngroups = ngroups;
		step->npopped = npopped;
	}
	for (int at = 0; at < rows * PUYO_COLS; at++)
		if (label[at] < SMALL) {
			f->cell[at / PUYO_COLS][at % PUYO_COLS] = PUYO_EMPTY;
			columns |= 1u << (at % PUYO_COLS);
		}
	for (int c = 0; c < PUYO_COLS; c++)
		if (columns & (1u << c))
			fall_column(f, c);
	return npopped;
}

bool puyo_chain_step(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_step *step)
{
	return pop_and_fall(f, rules, step) > 0;
}

void puyo_chain_run(const struct puyo_field *f, const struct puyo_rules *rules,
		    struct puyo_result *res)
{
	int n;

	res->chains = 0;
	res->popped = 0;
	res->final = *f;
	while ((n = pop_and_fall(&res->final, rules, NULL)) > 0) {
		res->chains++;
		res->popped += n;
	}
}
