/*
 * grundy_table: the brute-force Grundy table of any piece, and the check of
 * a closed form against it.
 */
#include "boardlab/grundy.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void grundy_table_init(struct grundy_table *t)
{
	t->size = 0;
	t->g = NULL;
}

void grundy_table_release(struct grundy_table *t)
{
	if (!t)
		return;
	free(t->g);
	grundy_table_init(t);
}

uint32_t grundy_table_at(const struct grundy_table *t, int x, int y)
{
	assert(x >= 0 && y >= 0 && x < t->size && y < t->size);
	return t->g[(size_t)x * (size_t)t->size + (size_t)y];
}

/*
 * A cell's value is at most its number of options, and a ride (dx, dy)
 * offers at most (m - 1) / max(dx, dy) cells: so every value is below
 * `bits`, the size of every line's bitset.
 */
static uint64_t value_bits(const struct grundy_piece *p, int m)
{
	uint64_t bits = 1;

	for (int i = 0; i < p->nmoves; i++) {
		const struct grundy_move *mv = &p->moves[i];
		int d = mv->dx > mv->dy ? mv->dx : mv->dy;
		bits += mv->step == GRUNDY_LEAP ? 1 : (uint64_t)(m - 1) / (uint64_t)d;
	}
	return bits;
}

/*
 * The lines of a ride (dx, dy): the cells (x0 + k dx, y0 + k dy) from a
 * start cell with x0 < dx or y0 < dy, each named by its start: (dx + dy) m
 * names in all.
 */
static uint64_t ride_lines(const struct grundy_move *mv, int m)
{
	return (uint64_t)(mv->dx + mv->dy) * (uint64_t)m;
}

static size_t add_sat(size_t a, uint64_t b)
{
	return b >= SIZE_MAX - a ? SIZE_MAX : a + (size_t)b;
}

size_t grundy_table_bytes(const struct grundy_piece *p, int m)
{
	uint64_t words = value_bits(p, m) / 64 + 1, mm = (uint64_t)m * (uint64_t)m;
	size_t total = 0;

	if (mm > SIZE_MAX / 4)
		return SIZE_MAX;
	total = add_sat(total, mm * 4);
	for (int i = 0; i < p->nmoves; i++) {
		uint64_t lines;
		if (p->moves[i].step != GRUNDY_RIDE)
			continue;
		lines = ride_lines(&p->moves[i], m);
		/* The bitsets and a mex per line. */
		if (words > UINT64_MAX / 8 / lines)
			return SIZE_MAX;
		total = add_sat(total, lines * (words * 8 + 4));
	}
	return total;
}

int grundy_table_fit(const struct grundy_piece *p)
{
	return grundy_table_fit_in(p, GRUNDY_TABLE_BYTES_MAX);
}

int grundy_table_fit_in(const struct grundy_piece *p, size_t bytes)
{
	int lo = 1, hi = GRUNDY_TABLE_MAX;

	if (bytes > GRUNDY_TABLE_BYTES_MAX)
		bytes = GRUNDY_TABLE_BYTES_MAX;
	if (grundy_table_bytes(p, 1) > bytes)
		return 0;
	while (lo < hi) {
		int mid = lo + (hi - lo + 1) / 2;
		if (grundy_table_bytes(p, mid) <= bytes)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

enum bl_code grundy_table_check(const struct grundy_piece *p, int m, size_t max_bytes,
				struct bl_err *err)
{
	char a[BL_BYTES_TEXT_MAX], b[BL_BYTES_TEXT_MAX];
	size_t need;

	if (!max_bytes || (need = grundy_table_bytes(p, m)) <= max_bytes)
		return BL_OK;
	return bl_fail(err, BL_ERR_LIMIT,
		       "a %d x %d table of piece '%c' needs %s, more than the %s allowed (the "
		       "largest that fits is %d x %d)",
		       m, m, p->letter, bl_bytes_text_up(need, a), bl_bytes_text(max_bytes, b),
		       grundy_table_fit_in(p, max_bytes), grundy_table_fit_in(p, max_bytes));
}

/* One ride's working sets: per line a bitset of the values seen and their mex. */
struct ride {
	int dx, dy;
	uint64_t *bits;    /* lines x words */
	uint32_t *mex;     /* per line */
	size_t line;       /* the current cell's line */
};

static size_t line_of(const struct ride *r, int x, int y, int m)
{
	int k, x0, y0;

	if (r->dx == 0)
		return (size_t)x * (size_t)r->dy + (size_t)(y % r->dy);
	if (r->dy == 0)
		return (size_t)(x % r->dx) * (size_t)m + (size_t)y;
	k = x / r->dx < y / r->dy ? x / r->dx : y / r->dy;
	x0 = x - k * r->dx;
	y0 = y - k * r->dy;
	if (x0 < r->dx)
		return (size_t)x0 * (size_t)m + (size_t)y0;
	return (size_t)r->dx * (size_t)m + (size_t)y0 * (size_t)m + (size_t)x0;
}

#define TILE 64

/* The value of (x, y), then the cell entered on each of its ride lines. */
static inline void fill_cell(uint32_t *g, int m, int x, int y, struct ride *rides, int nride,
		      const struct grundy_move *const *leaps, int nleap, size_t words)
{
	uint32_t start = 0, lv[GRUNDY_MOVES_MAX], v = 0;
	int nl = 0;

	for (int j = 0; j < nride; j++) {
		struct ride *r = &rides[j];
		r->line = line_of(r, x, y, m);
		if (r->mex[r->line] > start)
			start = r->mex[r->line];
	}
	for (int j = 0; j < nleap; j++) {
		int tx = x - leaps[j]->dx, ty = y - leaps[j]->dy;
		if (tx >= 0 && ty >= 0)
			lv[nl++] = g[(size_t)tx * (size_t)m + (size_t)ty];
	}
	/*
	 * The union of the lines' sets holds every value below start; scan on
	 * a word at a time, the leaps' values added to the word they fall in.
	 */
	for (size_t w = start / 64;; w++) {
		uint64_t word = 0;
		for (int j = 0; j < nride; j++)
			word |= rides[j].bits[rides[j].line * words + w];
		for (int j = 0; j < nl; j++)
			if (lv[j] / 64 == w)
				word |= (uint64_t)1 << (lv[j] % 64);
		if (w == start / 64)
			word |= ((uint64_t)1 << (start % 64)) - 1;
		if (word != UINT64_MAX) {
			v = (uint32_t)(w * 64) + (uint32_t)__builtin_ctzll(~word);
			break;
		}
	}
	g[(size_t)x * (size_t)m + (size_t)y] = v;
	for (int j = 0; j < nride; j++) {
		struct ride *r = &rides[j];
		uint64_t *b = r->bits + r->line * words;
		uint32_t *mx = &r->mex[r->line];
		b[v / 64] |= (uint64_t)1 << (v % 64);
		while (b[*mx / 64] >> (*mx % 64) & 1)
			++*mx;
	}
}

enum bl_code grundy_table_build(struct grundy_table *t, const struct grundy_piece *p, int m,
				struct bl_err *err)
{
	struct ride rides[GRUNDY_MOVES_MAX];
	const struct grundy_move *leaps[GRUNDY_MOVES_MAX];
	int nride = 0, nleap = 0;
	enum bl_code code;
	size_t words, bytes;
	uint32_t *g;
	bool nomem = false;

	grundy_table_release(t);
	if ((code = grundy_piece_check(p, err)) != BL_OK)
		return code;
	if (m < 1)
		return bl_fail(err, BL_ERR_ARG, "table size %d, expected at least 1", m);
	if (m > GRUNDY_TABLE_MAX)
		return bl_fail(err, BL_ERR_LIMIT, "table size %d is over the limit %d", m,
			       GRUNDY_TABLE_MAX);
	bytes = grundy_table_bytes(p, m);
	if (bytes > GRUNDY_TABLE_BYTES_MAX)
		return bl_fail(err, BL_ERR_LIMIT,
			       "a %d x %d table of piece '%c' needs %zu MiB, over the limit of %zu "
			       "MiB (the largest that fits is %d x %d)",
			       m, m, p->letter, (bytes + (1u << 20) - 1) >> 20,
			       GRUNDY_TABLE_BYTES_MAX >> 20, grundy_table_fit(p), grundy_table_fit(p));
	/* One word more than the values need: a line's mex may reach `bits`. */
	words = (size_t)(value_bits(p, m) / 64 + 1);
	g = malloc((size_t)m * (size_t)m * sizeof *g);
	nomem = !g;
	for (int i = 0; i < p->nmoves; i++) {
		const struct grundy_move *mv = &p->moves[i];
		if (mv->step == GRUNDY_LEAP) {
			leaps[nleap++] = mv;
			continue;
		}
		struct ride *r = &rides[nride++];
		size_t lines = (size_t)ride_lines(mv, m);
		r->dx = mv->dx;
		r->dy = mv->dy;
		r->bits = calloc(lines * words, sizeof *r->bits);
		r->mex = calloc(lines, sizeof *r->mex);
		nomem = nomem || !r->bits || !r->mex;
	}
	/*
	 * Tiles of TILE x TILE cells, in x-major order of tiles and of cells
	 * within a tile: still an order in which every move's target comes
	 * first (moves never raise x or y), and the lines a tile touches stay
	 * in the cache while it is filled.
	 */
	for (int tx0 = 0; !nomem && tx0 < m; tx0 += TILE)
		for (int ty0 = 0; ty0 < m; ty0 += TILE)
			for (int x = tx0; x < tx0 + TILE && x < m; x++)
				for (int y = ty0; y < ty0 + TILE && y < m; y++)
					fill_cell(g, m, x, y, rides, nride, leaps, nleap, words);
	for (int j = 0; j < nride; j++) {
		free(rides[j].bits);
		free(rides[j].mex);
	}
	if (nomem) {
		free(g);
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for a %d x %d table", m, m);
	}
	t->size = m;
	t->g = g;
	return BL_OK;
}

int64_t grundy_verify(uint64_t (*closed)(uint64_t x, uint64_t y), const struct grundy_table *t,
		      struct grundy_mismatch *bad, int max)
{
	int64_t n = 0;

	for (int x = 0; x < t->size; x++)
		for (int y = 0; y < t->size; y++) {
			uint64_t c = closed((uint64_t)x, (uint64_t)y);
			uint32_t v = grundy_table_at(t, x, y);
			if (c == v)
				continue;
			if (n < max) {
				bad[n].x = x;
				bad[n].y = y;
				bad[n].closed = c;
				bad[n].table = v;
			}
			n++;
		}
	return n;
}

void grundy_verify_report(const struct grundy_piece *p, const char *words, int m, int64_t nbad,
			  const struct grundy_mismatch *bad, int show, bool json,
			  struct bl_buf *out)
{
	int64_t cells = (int64_t)m * m;

	if (json) {
		bl_buf_printf(out, "{\"piece\":\"%c\",\"closed\":", p->letter);
		bl_buf_json_str(out, words);
		bl_buf_printf(out, ",\"size\":%d,\"cells\":%lld,\"mismatches\":%lld,\"first\":[", m,
			      (long long)cells, (long long)nbad);
		for (int64_t i = 0; i < nbad && i < show; i++)
			bl_buf_printf(out, "%s{\"x\":%d,\"y\":%d,\"closed\":%llu,\"table\":%u}",
				      i ? "," : "", bad[i].x, bad[i].y,
				      (unsigned long long)bad[i].closed, bad[i].table);
		bl_buf_puts(out, "]}\n");
	} else if (nbad == 0) {
		bl_buf_printf(out,
			      "%c (%s): the closed form %s agrees with the brute-force table on all "
			      "%lld cells 0 <= x, y < %d, the edges x = 0 and y = 0 included\n",
			      p->letter, p->name, words, (long long)cells, m);
	} else {
		bl_buf_printf(out,
			      "%c (%s): the closed form %s disagrees with the brute-force table on "
			      "%lld of %lld cells 0 <= x, y < %d\n",
			      p->letter, p->name, words, (long long)nbad, (long long)cells, m);
		for (int64_t i = 0; i < nbad && i < show; i++)
			bl_buf_printf(out, "  (%d, %d): closed form %llu, table %u\n", bad[i].x,
				      bad[i].y, (unsigned long long)bad[i].closed, bad[i].table);
	}
}
