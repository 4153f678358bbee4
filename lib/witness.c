/*
 * witness: the exhaustive search for each mistake's smallest witness (see
 * bl_witness_search in boardlab/mistake.h): the smallest valid judge input,
 * under the game's size order, on which the mistake's answer differs from
 * the rules'.  tower's search is the tower module's (tower_witness); yut's,
 * grundy's and puyo's are here, each walking its order from the smallest
 * input up and stopping at the first size that holds a witness.
 */
#include "boardlab/mistake.h"

#include <stdio.h>
#include <string.h>

#include "boardlab/grundy.h"
#include "boardlab/puyo.h"
#include "boardlab/tower.h"
#include "boardlab/yut.h"

/* Room for the searches' own bounds. */
#define YUT_DICE 10
#define GRUNDY_PIECES_MAX 3
#define GRUNDY_SUM_MAX 24
#define PUYO_MAX 12

struct wctx {
	const struct bl_mistake *m;
	const struct bl_witness_bounds *b;
	struct bl_witness_stats *st;
	struct bl_buf *out;
	bool found;
};

static bool over(const struct wctx *w)
{
	return w->b->max_work && w->st->work >= w->b->max_work;
}

/* ---- tower: side 4 and 4 pieces (the judge's least), the right answer's turn 1, 2, ... ---- */

static enum bl_code search_tower(struct wctx *w, struct bl_err *err)
{
	const struct bl_problem *p = bl_problem_find(w->m->problem);
	struct tower_opts o;
	enum bl_code code = BL_OK;

	tower_opts_init(&o);
	o.rule = (enum tower_rule)p->variant;
	o.mistake = (enum tower_mistake)w->m->variant;
	if (o.mistake == TOWER_MISTAKE_LIMIT_SHORT || o.mistake == TOWER_MISTAKE_LIMIT_LONG)
		return bl_fail(err, BL_ERR_ARG, "%s %s: its witnesses are games that last 1000 "
			       "turns, beyond the search", p->id, w->m->id);
	struct tower_witness_job job = { o.mistake, false, { 0 } };
	bl_buf_init(&job.input);
	for (int64_t t = 1; code == BL_OK && !job.found && t <= w->b->tower_turns; t++) {
		uint64_t nodes = 0;
		o.limit = t;
		code = tower_witness(&o, &job, 1, TOWER_BOJ_N_MIN, TOWER_BOJ_K_MIN,
				     w->b->max_work ? w->b->max_work - w->st->work : 0, &nodes, err);
		w->st->work += nodes;
		w->st->size = t;
	}
	if (code == BL_OK && job.found)
		bl_buf_add(w->out, job.input.data, job.input.len);
	w->found = code == BL_OK && job.found;
	bl_buf_release(&job.input);
	return code;
}

/* ---- yut: the ten dice in lexicographic order ---- */

static enum bl_code search_yut(struct wctx *w, struct bl_err *err)
{
	int dice[YUT_DICE];
	enum bl_code code = yut_witness((enum yut_mistake)w->m->variant, YUT_DICE, w->b->max_work,
					dice, &w->found, &w->st->work, err);

	for (int i = 0; code == BL_OK && w->found && i < YUT_DICE; i++)
		bl_buf_printf(w->out, "%d%c", dice[i], i + 1 < YUT_DICE ? ' ' : '\n');
	return code;
}

/* ---- grundy: the pieces, then the sum of their coordinates ---- */

struct gsearch {
	struct wctx *w;
	bool palaces;             /* 16879: every piece a palace, lines "x y" */
	int n;
	int x[GRUNDY_PIECES_MAX], y[GRUNDY_PIECES_MAX], c[GRUNDY_PIECES_MAX];
	int best[3 * GRUNDY_PIECES_MAX];
	struct bl_buf in, right, wrong, text;   /* text: the best witness so far */
	enum bl_code code;
	struct bl_err *err;
};

/* The letters in the order the problem names them: rook, bishop, king, knight, palace. */
static const char letters[] = "RBKNP";

/* Tries the position of g's pieces; a witness smaller than the best is kept. */
static void grundy_try(struct gsearch *g)
{
	const struct bl_problem *p = bl_problem_find(g->w->m->problem);
	int key[3 * GRUNDY_PIECES_MAX];
	bool endless;

	g->w->st->work++;
	bl_buf_reset(&g->in);
	bl_buf_reset(&g->right);
	bl_buf_reset(&g->wrong);
	bl_buf_printf(&g->in, "%d\n", g->n);
	for (int i = 0; i < g->n; i++) {
		bl_buf_printf(&g->in, "%d %d", g->x[i], g->y[i]);
		if (!g->palaces)
			bl_buf_printf(&g->in, " %c", letters[g->c[i]]);
		bl_buf_putc(&g->in, '\n');
		key[3 * i] = g->x[i], key[3 * i + 1] = g->y[i], key[3 * i + 2] = g->c[i];
	}
	if (g->code != BL_OK ||
	    (g->code = bl_problem_answer(p, g->in.data, g->in.len, &g->right, g->err)) != BL_OK ||
	    (g->code = bl_mistake_answer(g->w->m, g->in.data, g->in.len, &g->wrong, &endless,
					 g->err)) != BL_OK ||
	    strcmp(g->right.data, g->wrong.data) == 0)
		return;
	for (int i = 0; g->w->found && i < 3 * g->n; i++)
		if (key[i] != g->best[i]) {
			if (key[i] > g->best[i])
				return;
			break;
		}
	memcpy(g->best, key, (size_t)(3 * g->n) * sizeof *key);
	bl_buf_reset(&g->text);
	bl_buf_add(&g->text, g->in.data, g->in.len);
	g->w->found = true;
}

/*
 * Piece i on, with `left` of the coordinates' sum still to place: every
 * piece not before piece i - 1 in (x, y, letter) order, so that each
 * multiset of pieces is tried once, in its smallest order.
 */
static void grundy_place(struct gsearch *g, int i, int left)
{
	if (i == g->n) {
		if (left == 0)
			grundy_try(g);
		return;
	}
	for (int s = 0; s <= left; s++)
		for (int x = 0; x <= s; x++)
			for (int c = 0; c < (g->palaces ? 1 : 5); c++) {
				int y = s - x, pc = g->palaces ? 4 : c;
				if (i > 0 && (x < g->x[i - 1] || (x == g->x[i - 1] &&
				    (y < g->y[i - 1] || (y == g->y[i - 1] && pc < g->c[i - 1])))))
					continue;
				g->x[i] = x, g->y[i] = y, g->c[i] = pc;
				grundy_place(g, i + 1, left - s);
			}
}

static enum bl_code search_grundy(struct wctx *w, struct bl_err *err)
{
	struct gsearch g = { .w = w, .code = BL_OK, .err = err };

	g.palaces = bl_problem_find(w->m->problem)->variant == GRUNDY_PALACE;
	bl_buf_init(&g.in);
	bl_buf_init(&g.right);
	bl_buf_init(&g.wrong);
	bl_buf_init(&g.text);
	for (g.n = 1; g.n <= GRUNDY_PIECES_MAX && !w->found && g.code == BL_OK; g.n++)
		for (int s = 0; s <= GRUNDY_SUM_MAX && !w->found && g.code == BL_OK; s++) {
			grundy_place(&g, 0, s);
			w->st->size = 100 * g.n + s;
		}
	bl_buf_release(&g.in);
	bl_buf_release(&g.right);
	if (w->found)
		bl_buf_add(w->out, g.text.data, g.text.len);
	bl_buf_release(&g.wrong);
	bl_buf_release(&g.text);
	return g.code;
}

/* ---- puyo: the puyos, then the height ---- */

struct psearch {
	struct wctx *w;
	struct puyo_rules right, wrong;
	int height[PUYO_COLS];
	int cells[PUYO_CELLS_MAX], ncells;   /* the puyos' cells in the text's order: the top
	                                        row first, each row left to right */
	int colour[PUYO_CELLS_MAX];
	char best[PUYO_BOJ_ROWS * (PUYO_COLS + 1) + 1];
};

/* The field's text, the colours named by first appearance B, G, P, R, Y: the least of its relabellings. */
static void puyo_text(const struct psearch *s, char *text)
{
	static const char names[] = "BGPRY";
	int at = 0, k = 0;

	for (int r = PUYO_BOJ_ROWS - 1; r >= 0; r--) {
		for (int c = 0; c < PUYO_COLS; c++)
			text[at++] = r < s->height[c] ? names[s->colour[k++]] : '.';
		text[at++] = '\n';
	}
	text[at] = '\0';
}

static void puyo_try(struct psearch *s)
{
	struct puyo_field f;
	struct puyo_result a, b;
	char text[sizeof s->best];

	s->w->st->work++;
	memset(&f, 0, sizeof f);
	f.rows = PUYO_BOJ_ROWS;
	for (int i = 0; i < s->ncells; i++)
		f.cell[s->cells[i] / PUYO_COLS][s->cells[i] % PUYO_COLS] =
			(unsigned char)(PUYO_RED + s->colour[i]);
	if (puyo_solve(&f, &s->right, &a, NULL) != BL_OK ||
	    puyo_solve(&f, &s->wrong, &b, NULL) != BL_OK || a.chains == b.chains)
		return;
	puyo_text(s, text);
	if (!s->w->found || strcmp(text, s->best) < 0)
		strcpy(s->best, text);
	s->w->found = true;
}

/* Every colouring of the cells from i on, colours numbered by first appearance (at most 5). */
static void puyo_colour(struct psearch *s, int i, int used)
{
	if (over(s->w))
		return;
	if (i == s->ncells) {
		puyo_try(s);
		return;
	}
	for (int c = 0; c <= used && c < PUYO_COLOURS; c++) {
		s->colour[i] = c;
		puyo_colour(s, i + 1, c == used ? used + 1 : used);
	}
}

/* Every column height from column c on, each at most h, the highest exactly h, summing to left. */
static void puyo_shape(struct psearch *s, int c, int left, int h, bool reached)
{
	if (c == PUYO_COLS) {
		if (left || !reached)
			return;
		s->ncells = 0;
		for (int r = h - 1; r >= 0; r--)
			for (int k = 0; k < PUYO_COLS; k++)
				if (r < s->height[k])
					s->cells[s->ncells++] = r * PUYO_COLS + k;
		puyo_colour(s, 0, 0);
		return;
	}
	for (int v = 0; v <= h && v <= left; v++) {
		s->height[c] = v;
		puyo_shape(s, c + 1, left - v, h, reached || v == h);
	}
}

static enum bl_code search_puyo(struct wctx *w, struct bl_err *err)
{
	struct psearch s = { .w = w };

	puyo_rules_init(&s.right, PUYO_RULES_BOJ);
	s.wrong = s.right;
	s.wrong.mistake = (enum puyo_mistake)w->m->variant;
	for (int p = 0; p <= PUYO_MAX && !w->found && !over(w); p++)
		for (int h = (p + PUYO_COLS - 1) / PUYO_COLS; h <= p && h <= PUYO_BOJ_ROWS &&
		     !w->found && !over(w); h++) {
			puyo_shape(&s, 0, p, h, false);
			w->st->size = 100 * p + h;
		}
	if (over(w))
		return bl_fail(err, BL_ERR_LIMIT, "the search passed %llu fields",
			       (unsigned long long)w->st->work);
	if (w->found)
		bl_buf_puts(w->out, s.best);
	return BL_OK;
}

enum bl_code bl_witness_search(const struct bl_mistake *m, const struct bl_witness_bounds *b,
			       struct bl_buf *out, bool *found, struct bl_witness_stats *st,
			       struct bl_err *err)
{
	struct bl_witness_stats own;
	struct wctx w = { m, b, st ? st : &own, out, false };
	const struct bl_problem *p = m ? bl_problem_find(m->problem) : NULL;
	size_t mark = out->len;
	enum bl_code code;

	*found = false;
	memset(w.st, 0, sizeof *w.st);
	if (!p || !b)
		return bl_fail(err, BL_ERR_ARG, "no mistake given");
	if (strcmp(p->game, "tower") == 0)
		code = search_tower(&w, err);
	else if (strcmp(p->game, "yut") == 0)
		code = search_yut(&w, err);
	else if (strcmp(p->game, "grundy") == 0)
		code = search_grundy(&w, err);
	else
		code = search_puyo(&w, err);
	if (code != BL_OK) {
		out->len = mark;
		if (out->data)
			out->data[mark] = '\0';
		return code;
	}
	*found = w.found;
	return bl_buf_failed(out) ? bl_fail(err, BL_ERR_NOMEM, "out of memory") : BL_OK;
}
