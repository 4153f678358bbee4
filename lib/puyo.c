#include "boardlab/puyo.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char cell_letters[PUYO_KINDS] = { '.', 'R', 'G', 'B', 'P', 'Y' };

static const char *const what_cell = "a puyo R, G, B, P, Y or '.'";
static const char *const what_cell_ojama = "a puyo R, G, B, P, Y, O (ojama) or '.'";

void puyo_rules_init(struct puyo_rules *rules, enum puyo_ruleset set)
{
	rules->set = set;
	rules->pop = PUYO_POP_DEFAULT;
	rules->ojama = set == PUYO_RULES_TSU;
	rules->engine = PUYO_ENGINE_AUTO;
	rules->mistake = PUYO_MISTAKE_NONE;
	puyo_rules_set_rows(rules, set == PUYO_RULES_TSU ? PUYO_BOJ_ROWS + 1 : PUYO_BOJ_ROWS);
}

const char *puyo_rules_name(enum puyo_ruleset set)
{
	return set == PUYO_RULES_TSU ? "tsu" : "boj";
}

void puyo_rules_set_engine(struct puyo_rules *rules, enum puyo_engine engine)
{
	rules->engine = engine;
}

void puyo_rules_set_rows(struct puyo_rules *rules, int rows)
{
	assert(rows >= 1 && rows <= PUYO_ROWS_MAX);
	rules->rows = rows;
	rules->visible = rows < PUYO_BOJ_ROWS ? rows : PUYO_BOJ_ROWS;
}

void puyo_field_init(struct puyo_field *f, int rows)
{
	assert(rows >= 1 && rows <= PUYO_ROWS_MAX);
	memset(f, 0, sizeof *f);
	f->rows = rows;
}

char puyo_cell_char(int cell)
{
	if (cell == PUYO_OJAMA)
		return 'O';
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

int puyo_cell_from_char_rules(char c, const struct puyo_rules *rules)
{
	if (c == 'O')
		return rules->ojama ? PUYO_OJAMA : -1;
	return puyo_cell_from_char(c);
}

/* Fills row `row` (from the floor) with the PUYO_COLS letters at s, all known. */
static void fill_row(struct puyo_field *f, int row, const char *s, const struct puyo_rules *rules)
{
	for (int c = 0; c < PUYO_COLS; c++)
		f->cell[row][c] = (unsigned char)puyo_cell_from_char_rules(s[c], rules);
}

/* The first byte of t that no cell letter stands for, or t->len. */
static size_t first_unknown(const struct bl_tok *t, const struct puyo_rules *rules)
{
	size_t i = 0;
	while (i < t->len && puyo_cell_from_char_rules(t->s[i], rules) >= 0)
		i++;
	return i;
}

/* "12", "12 or 13", "12 to 14": the rows a field of the rules may have in lines. */
static void rows_wanted(char *dst, size_t cap, int min_rows, int rows)
{
	if (min_rows == rows)
		snprintf(dst, cap, "%d", rows);
	else
		snprintf(dst, cap, "%d %s %d", min_rows, rows == min_rows + 1 ? "or" : "to", rows);
}

void puyo_limits_boj(struct puyo_limits *lim)
{
	lim->one_line = false;
}

void puyo_limits_any(struct puyo_limits *lim)
{
	lim->one_line = true;
}

/*
 * The cell of each byte as puyo_cell_from_char_rules reads it, plus one: 0
 * for a byte that is no cell.  'O' (ojama) maps to PUYO_OJAMA + 1 | 0x40:
 * a cell only under rules with ojama.
 */
#define FAST_OJAMA 0x40
static const unsigned char cell_of[256] = {
	['.'] = PUYO_EMPTY + 1, ['R'] = PUYO_RED + 1, ['G'] = PUYO_GREEN + 1,
	['B'] = PUYO_BLUE + 1, ['P'] = PUYO_PURPLE + 1, ['Y'] = PUYO_YELLOW + 1,
	['O'] = (PUYO_OJAMA + 1) | FAST_OJAMA,
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

#define BYTES6(b) (UINT64_C(0x010101010101) * (b))   /* b in each of the low 6 bytes */

/*
 * One row of 6 bytes at s into row, 8 bytes written (the two after the
 * row are the next row's, written after it, or stay 0): the cells, and in
 * *flags FAST_OJAMA for ojama and 0x80 for a byte that is no cell; returns
 * the occupied columns as bits.
 */
static inline unsigned fast_row(unsigned char *row, const char *s, uint64_t *flags)
{
	const unsigned char *u = (const unsigned char *)s;
	uint64_t v = (uint64_t)cell_of[u[0]] | (uint64_t)cell_of[u[1]] << 8 |
		     (uint64_t)cell_of[u[2]] << 16 | (uint64_t)cell_of[u[3]] << 24 |
		     (uint64_t)cell_of[u[4]] << 32 | (uint64_t)cell_of[u[5]] << 40;
	uint64_t t = (v - BYTES6(1)) & BYTES6(7);

	memcpy(row, &t, 8);
	/* A byte 0 (no cell) sets its top bit here; ojama keeps FAST_OJAMA. */
	*flags |= ((v - BYTES6(1)) & ~v & BYTES6(0x80)) | (v & BYTES6(FAST_OJAMA));
	/* Bytes of 2 or more (a puyo) get their top bit; the six bits gathered. */
	t = ((v + BYTES6(0x7e)) & BYTES6(0x80)) >> 7;
	return (unsigned)((t * (UINT64_C(1) << 56 | UINT64_C(1) << 49 | UINT64_C(1) << 42 |
				UINT64_C(1) << 35 | UINT64_C(1) << 28 | UINT64_C(1) << 21)) >> 56) &
	       0x3f;
}

/*
 * A field of 12 rows in the judge's layout, at full speed: after the line
 * breaks (LF alone) before it, 12 lines of exactly 6 cells each, every one
 * starting a line.  Returns 0, with nothing read, for anything else (the
 * reading token by token then gives the same field or the diagnostic);
 * otherwise the field is in *f, the rows' lines, columns and numbers in the
 * caller's arrays, the reader past the last row as the token reading
 * leaves it, and the result is 1, or 2 when a puyo floats.
 */
static int parse_fast(struct puyo_field *f, struct bl_reader *rd, const struct puyo_rules *rules,
		      int *line, int *col, int *number)
{
	const char *p;
	int l = rd->line, breaks = 0;
	unsigned below = 0x3f, floats = 0, nl = 0;
	uint64_t flags = 0;

	bl_reader_fill(rd, 96);
	for (p = rd->p; p < rd->end && *p == '\n'; p++)
		breaks++;
	if ((!breaks && rd->col != 1) || rd->end - p < 12 * 7 || l > INT_MAX / 2)
		return 0;
	/* From the floor, the last line, up: a row's stores run into the next one's. */
	for (int i = 0; i < PUYO_BOJ_ROWS; i++) {
		const char *s = p + 7 * (PUYO_BOJ_ROWS - 1 - i);
		unsigned occupied = fast_row(f->cell[i], s, &flags);
		floats |= occupied & ~below;   /* a puyo over an empty cell */
		below = occupied;
		nl |= (unsigned)(s[6] != '\n') << i;
	}
	/* Every row ends its line but the last, which whitespace ends. */
	if ((nl & ~1u) || !is_blank(p[12 * 7 - 1]) || (flags & BYTES6(0x80)) ||
	    ((flags & BYTES6(FAST_OJAMA)) && !rules->ojama))
		return 0;
	for (int r = 0; r < PUYO_BOJ_ROWS; r++) {
		line[r] = l + breaks + PUYO_BOJ_ROWS - 1 - r;
		col[r] = 1;
		number[r] = PUYO_BOJ_ROWS - r;
	}
	rd->p = p + 12 * 7 - 1;
	rd->line = rd->last_line = l + breaks + PUYO_BOJ_ROWS - 1;
	rd->col = rd->last_col = PUYO_COLS + 1;
	rd->ntok += PUYO_BOJ_ROWS;
	return floats ? 2 : 1;
}

/*
 * A field read token by token into f (initialised): its rows, each row's
 * line, column and number; *given the lines read (-1: the one-line form),
 * *last the line of the last one.
 */
static enum bl_code read_rows(struct puyo_field *f, struct bl_reader *rd,
			      const struct puyo_rules *rules, const struct puyo_limits *lim,
			      int *line, int *col, int *number, int *given, int *last,
			      struct bl_err *err)
{
	int rows = rules->rows;
	/* Fewer lines than rows only leave the hidden rows out. */
	int min_rows = rows > PUYO_BOJ_ROWS ? PUYO_BOJ_ROWS : rows;
	size_t line_len = (size_t)rows * PUYO_COLS;
	size_t visible_len = (size_t)PUYO_BOJ_ROWS * PUYO_COLS;   /* 72: the hidden rows empty */
	bool one_line_ok = lim->one_line;
	struct bl_tok tok[PUYO_ROWS_MAX], t;
	char want[32], raw[PUYO_ROWS_MAX][PUYO_COLS];   /* the rows' cells: a token's bytes go on a stream */

	rows_wanted(want, sizeof want, min_rows, rows);
	for (int top = 0; top < rows; top++) {
		/* A hidden row is a row on the next line, 6 cells long. */
		if (top >= min_rows && (!bl_reader_peek(rd, &t) || t.len != PUYO_COLS ||
					t.line > tok[top - 1].line + 1))
			break;
		if (!bl_reader_next(rd, &t)) {
			int l, c;
			bl_reader_end_pos(rd, &l, &c);
			if (top == 0)
				return bl_fail_at(err, BL_ERR_INPUT, l, c,
						  "expected %s rows, found end of input", want);
			return bl_fail_at(err, BL_ERR_INPUT, l, c,
					  "expected %s rows, found end of input after %d", want, top);
		}
		size_t bad = first_unknown(&t, rules);
		if (bad < t.len) {
			struct bl_tok letter = bl_tok_char(&t, bad);
			return bl_fail_tok(&letter, err, rules->ojama ? what_cell_ojama : what_cell);
		}
		if (top == 0 && one_line_ok &&
		    (t.len == line_len || (rows > PUYO_BOJ_ROWS && t.len == visible_len))) {
			int n = (int)(t.len / PUYO_COLS);
			for (int r = 0; r < n; r++) {
				line[r] = t.line;
				col[r] = t.col + (n - 1 - r) * PUYO_COLS;
				number[r] = n - r;
				fill_row(f, r, t.s + (size_t)(n - 1 - r) * PUYO_COLS, rules);
			}
			*given = -1;
			return BL_OK;
		}
		if (t.len != PUYO_COLS) {
			/* A long first row was most likely meant as a one-line field. */
			if (top == 0 && one_line_ok && t.len > PUYO_COLS && rows > PUYO_BOJ_ROWS)
				return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
						  "row 1 has %zu cells, expected %d (or %zu or %zu in "
						  "the one-line form)", t.len, PUYO_COLS, visible_len,
						  line_len);
			if (top == 0 && one_line_ok && t.len > PUYO_COLS)
				return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
						  "row 1 has %zu cells, expected %d (or %zu in the "
						  "one-line form)", t.len, PUYO_COLS, line_len);
			return bl_fail_at(err, BL_ERR_INPUT, t.line, t.col,
					  "row %d has %zu cell%s, expected %d", top + 1, t.len,
					  t.len == 1 ? "" : "s", PUYO_COLS);
		}
		memcpy(raw[top], t.s, PUYO_COLS);
		tok[top] = t;
		*given = top + 1;
		*last = t.line;
	}
	/* The lines read are the lowest rows, the last one the floor's. */
	for (int i = 0; i < *given; i++) {
		int r = *given - 1 - i;
		line[r] = tok[i].line;
		col[r] = tok[i].col;
		number[r] = i + 1;
		fill_row(f, r, raw[i], rules);
	}
	return BL_OK;
}

enum bl_code puyo_parse(struct puyo_field *f, struct bl_reader *rd, const struct puyo_rules *rules,
			unsigned flags, const struct puyo_limits *lim, struct bl_err *err)
{
	int rows = rules->rows, given = 0, last = 0, fast = 0, r, c;
	/* For each row from the floor: where its first cell is, and its row number in the input. */
	int line[PUYO_ROWS_MAX], col[PUYO_ROWS_MAX], number[PUYO_ROWS_MAX];
	struct bl_tok t;
	enum bl_code code;

	assert(rows >= 1 && rows <= PUYO_ROWS_MAX);
	puyo_field_init(f, rows);
	if (rows == PUYO_BOJ_ROWS && !(flags & PUYO_PARSE_PLAIN) &&
	    (fast = parse_fast(f, rd, rules, line, col, number)) == 1)
		return BL_OK;
	if (!fast) {
		puyo_field_init(f, rows);
		if ((code = read_rows(f, rd, rules, lim, line, col, number, &given, &last, err)) !=
		    BL_OK)
			return code;
	}
	if (puyo_field_floating(f, &r, &c)) {
		if (!(flags & PUYO_PARSE_SETTLE))
			return bl_fail_at(err, BL_ERR_INPUT, line[r], col[r] + c,
					  "floating puyo '%c' at row %d, column %d: the cell below "
					  "it is empty", puyo_cell_char(f->cell[r][c]), number[r], c + 1);
		puyo_field_settle(f);
	}
	/*
	 * In a batch, a field of lines that may have hidden rows ends at a blank
	 * line: otherwise the next field's first line would be read as this one's
	 * hidden row, and fields of 12 lines silently misread.
	 */
	if ((flags & PUYO_PARSE_BATCH) && given > 0 && rows > PUYO_BOJ_ROWS &&
	    bl_reader_peek(rd, &t) && t.line == last + 1)
		return bl_fail_tok(&t, err, "a blank line after the field (in a batch, fields of "
				       "lines with hidden rows are separated by one)");
	return BL_OK;
}

/*
 * The cells as bytes eight at a time (SWAR): the field's 84 bytes in 11
 * words, byte i of the cells the i % 8th lowest of word i / 8 whatever the
 * machine, the last word padded with empty cells.
 */
#define FIELD_WORDS ((sizeof ((struct puyo_field *)0)->cell + 7) / 8)
#define ONES 0x0101010101010101u
#define HIGH (ONES << 7)

static inline void field_words(const struct puyo_field *f, uint64_t w[FIELD_WORDS])
{
	w[FIELD_WORDS - 1] = 0;
	memcpy(w, f->cell, sizeof f->cell);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	for (size_t i = 0; i < FIELD_WORDS; i++)
		w[i] = __builtin_bswap64(w[i]);
#endif
}

/* The high bit of each byte of x that is not zero. */
static inline uint64_t nonzero_bytes(uint64_t x)
{
	return (((x & ~HIGH) + ~HIGH) | x) & HIGH;
}

bool puyo_field_bad_kind(const struct puyo_field *f, bool ojama)
{
	uint64_t w[FIELD_WORDS], bad = 0;

	field_words(f, w);
	for (size_t i = 0; i < FIELD_WORDS; i++) {
		/* bytes of PUYO_KINDS or more: no carry crosses a byte */
		uint64_t ge = (((w[i] & ~HIGH) + (0x80 - PUYO_KINDS) * ONES) | w[i]) & HIGH;
		if (ojama)
			ge &= nonzero_bytes(w[i] ^ PUYO_OJAMA * ONES);
		bad |= ge;
	}
	return bad != 0;
}

bool puyo_field_floating(const struct puyo_field *f, int *row, int *col)
{
	uint64_t w[FIELD_WORDS], occ[2] = { 0, 0 };

	/* Bit i: byte i (row i / 6, column i % 6) holds a puyo.  A floating one
	   is a bit i + 6 over a clear bit i. */
	field_words(f, w);
	for (size_t i = 0; i < FIELD_WORDS; i++)
		occ[i / 8] |= ((nonzero_bytes(w[i]) >> 7) * 0x0102040810204080u >> 56) << (8 * (i % 8));
	if ((((occ[0] >> PUYO_COLS) | occ[1] << (64 - PUYO_COLS)) & ~occ[0]) == 0 &&
	    ((occ[1] >> PUYO_COLS) & ~occ[1]) == 0)
		return false;
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
