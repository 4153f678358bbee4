/* Random puyo fields for the differential tests (see puyo_fields.h). */
#include "puyo_fields.h"

#include <string.h>

#define W PUYO_COLS

static int pick(struct bl_rng *rng, int lo, int hi)
{
	return (int)bl_rng_range(rng, lo, hi);
}

/* The height of a column under profile (0 to 5) in a field of rows rows. */
static int height(struct bl_rng *rng, int profile, int rows)
{
	switch (profile) {
	case 0:
		return pick(rng, 0, rows);
	case 1:
		return pick(rng, rows - 3, rows);
	case 2:   /* a few puyos: all clears */
		return pick(rng, 0, 2);
	case 3:   /* full to the visible rows: the benchmark's fields */
		return rows < 12 ? rows : 12;
	default:
		return pick(rng, 8, rows);
	}
}

static void random_field(struct bl_rng *rng, int rows, bool ojama, char *g)
{
	static const char colours[] = "RGBPY";
	int k = pick(rng, 2, 5), profile = pick(rng, 0, 5);
	int copy = profile == 3 ? 0 : pick(rng, 0, 60), oj = ojama ? pick(rng, 0, 3) * 5 : 0;
	char palette[5];

	memcpy(palette, colours, 5);
	for (int i = 4; i > 0; i--) {
		int j = pick(rng, 0, i);
		char t = palette[i];
		palette[i] = palette[j];
		palette[j] = t;
	}
	memset(g, '.', (size_t)rows * W);
	g[rows * W] = '\0';
	for (int c = 0; c < W; c++) {
		int h = height(rng, profile, rows);
		for (int i = 0; i < h; i++) {
			int r = rows - 1 - i, roll = pick(rng, 0, 99);
			char v = palette[pick(rng, 0, k - 1)];
			if (roll < copy / 2 && i > 0 && g[(r + 1) * W + c] != 'O')
				v = g[(r + 1) * W + c];
			else if (roll < copy && c > 0 && g[r * W + c - 1] != '.' &&
				 g[r * W + c - 1] != 'O')
				v = g[r * W + c - 1];
			if (pick(rng, 0, 99) < oj)
				v = 'O';
			g[r * W + c] = v;
		}
	}
}

void tp_random_instance(struct bl_rng *rng, struct puyo_rules *rules, char *g)
{
	bool tsu = pick(rng, 0, 1);

	puyo_rules_init(rules, tsu ? PUYO_RULES_TSU : PUYO_RULES_BOJ);
	if (tsu && pick(rng, 0, 7) == 0)
		puyo_rules_set_rows(rules, 14);
	if (pick(rng, 0, 9) == 0)
		rules->pop = pick(rng, 1, 7);
	random_field(rng, rules->rows, rules->ojama, g);
}

bool tp_parse_cells(const char *g, const struct puyo_rules *rules, struct puyo_field *f)
{
	struct bl_reader rd;
	struct bl_err err;
	struct puyo_limits lim;

	puyo_limits_any(&lim);
	bl_err_clear(&err);
	bl_reader_init(&rd, g, strlen(g));
	return puyo_parse(f, &rd, rules, 0, &lim, &err) == BL_OK;
}

void tp_field_cells(const struct puyo_field *f, char *dst)
{
	for (int r = 0; r < f->rows; r++)
		for (int c = 0; c < W; c++)
			dst[r * W + c] = puyo_cell_char(f->cell[f->rows - 1 - r][c]);
	dst[f->rows * W] = '\0';
}
