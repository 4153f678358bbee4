/*
 * The streamed reader against the reader of a text held whole: every game's
 * parser (and its solve, hint and the mark it reads twice from) on every
 * input of tests/golden, read as a batch through both, must give the same
 * answers, the same diagnostics to the byte, and leave the reader at the
 * same offset, line and column, whatever the size of the reads (down to one
 * byte at a time); the reader's own calls are checked on a few texts made to
 * cut a token, a CR LF and a byte order mark at a read's end.
 */
#include "tap.h"

#include "boardlab/boardlab.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A text given to a streamed reader at most step bytes per read. */
struct mem {
	const char *s;
	size_t len, at, step;
};

static ptrdiff_t mem_read(void *vctx, char *dst, size_t cap)
{
	struct mem *m = vctx;
	size_t n = m->len - m->at;

	if (n > cap)
		n = cap;
	if (n > m->step)
		n = m->step;
	memcpy(dst, m->s + m->at, n);
	m->at += n;
	return (ptrdiff_t)n;
}

enum game { TOWER, YUT_BOJ, YUT_LINE, GRUNDY, GRUNDY_HINT, GRUNDY_ONLY_P, PUYO_BOJ, PUYO_TSU,
	    NGAMES };

static const char *const game_name[] = { "tower", "yut --boj", "yut", "grundy", "grundy hint",
					 "grundy --only P", "puyo", "puyo --rules tsu" };

/* One instance of game g from rd, its answer (or error) appended to out. */
static enum bl_code one(enum game g, struct bl_reader *rd, struct bl_buf *out, struct bl_err *err)
{
	enum bl_code code = BL_OK;

	if (g == TOWER) {
		struct tower t;
		struct tower_limits lim;
		struct tower_opts o;
		struct tower_result res;
		tower_init(&t);
		tower_limits_any(&lim);
		tower_opts_init(&o);
		o.limit = 100;
		if ((code = tower_parse(&t, rd, &lim, err)) == BL_OK &&
		    (code = tower_solve(&t, &o, &res, err)) == BL_OK)
			bl_buf_printf(out, "%lld\n", (long long)res.answer);
		tower_release(&t);
	} else if (g == YUT_BOJ || g == YUT_LINE) {
		struct yut_game game;
		struct yut_limits lim;
		struct yut_result res;
		yut_game_init(&game, yut_board_builtin());
		yut_result_init(&res);
		if (g == YUT_BOJ)
			yut_limits_boj(&lim);
		else
			yut_limits_any(&lim);
		if ((code = yut_parse(&game, rd, &lim, err)) == BL_OK &&
		    (code = yut_solve(&game, &res, err)) == BL_OK)
			bl_buf_printf(out, "%lld\n", (long long)res.total);
		yut_result_release(&res);
		yut_game_release(&game);
	} else if (g == PUYO_BOJ || g == PUYO_TSU) {
		struct puyo_rules rules;
		struct puyo_limits lim;
		struct puyo_field f;
		struct puyo_result res;
		puyo_rules_init(&rules, g == PUYO_BOJ ? PUYO_RULES_BOJ : PUYO_RULES_TSU);
		puyo_limits_any(&lim);
		if ((code = puyo_parse(&f, rd, &rules, PUYO_PARSE_BATCH, &lim, err)) == BL_OK &&
		    (code = puyo_solve(&f, &rules, &res, err)) == BL_OK)
			bl_buf_printf(out, "%d\n", res.chains);
	} else {
		struct grundy_format fmt = { g == GRUNDY_ONLY_P ? GRUNDY_PALACE : GRUNDY_MIXED, NULL,
					     false, GRUNDY_MISTAKE_NONE };
		struct grundy_limits lim;
		struct grundy_result res;
		struct grundy_hint h;
		grundy_limits_any(&lim);
		if (g == GRUNDY_HINT && (code = grundy_hint_find(rd, &fmt, &lim, &h, err)) == BL_OK)
			bl_buf_printf(out, "%llu %lld\n", (unsigned long long)h.nim,
				      (long long)h.index);
		else if (g != GRUNDY_HINT && (code = grundy_solve(rd, &fmt, &lim, &res, err)) == BL_OK)
			bl_buf_printf(out, "%llu\n", (unsigned long long)res.nim);
	}
	return code;
}

/* Every instance of rd as game g, then where the reader stopped, into out. */
static void run(enum game g, struct bl_reader *rd, struct bl_buf *out)
{
	struct bl_err err;

	bl_err_clear(&err);
	for (int i = 0; i < 50 && bl_refuse_bom(rd, &err) == BL_OK && !bl_reader_eof(rd); i++)
		if (one(g, rd, out, &err) != BL_OK)
			break;
	if (err.code != BL_OK)
		bl_buf_printf(out, "%d:%d: %s (%d)\n", err.line, err.col, err.msg, err.code);
	bl_buf_printf(out, "at %llu %d:%d, %zu tokens, last %d:%d\n",
		      (unsigned long long)bl_reader_offset(rd), rd->line, rd->col, rd->ntok,
		      rd->last_line, rd->last_col);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct bl_buf b;
	char chunk[4096];
	size_t n;

	if (!f)
		return NULL;
	bl_buf_init(&b);
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		bl_buf_add(&b, chunk, n);
	fclose(f);
	*len = b.len;
	if (!b.data)
		return calloc(1, 1);
	return b.data;
}

/* One text: every game, whole and streamed in reads of each step. */
static int check_text(const char *name, const char *text, size_t len)
{
	static const size_t steps[] = { 1, 2, 3, 7, 64, 4096 };
	int bad = 0;

	for (int g = 0; g < NGAMES; g++) {
		struct bl_reader whole;
		struct bl_buf want;
		bl_buf_init(&want);
		bl_reader_init(&whole, text, len);
		run((enum game)g, &whole, &want);
		for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
			struct mem m = { text, len, 0, steps[k] };
			struct bl_reader rd;
			struct bl_buf got;
			bl_buf_init(&got);
			/* The buffer's own size small too: tokens cross reads and refills. */
			bl_reader_init_stream(&rd, mem_read, &m, steps[k] < 64 ? 2 * steps[k] : 0);
			run((enum game)g, &rd, &got);
			if (strcmp(got.data, want.data) != 0) {
				tap_diag("%s as %s in reads of %zu bytes:", name, game_name[g], steps[k]);
				tap_diag("got:  %s", got.data);
				tap_diag("want: %s", want.data);
				bad++;
			}
			bl_reader_release(&rd);
			bl_buf_release(&got);
		}
		bl_buf_release(&want);
	}
	return bad;
}

static void test_golden(const char *dir)
{
	char path[1024];
	int files = 0, bad = 0;
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!ok(d != NULL, "%s is there", dir))
		return;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name), len;
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (n > 3 && strcmp(e->d_name + n - 3, ".in") == 0) {
			char *text = slurp(path, &len);
			if (text) {
				bad += check_text(path, text, len);
				files++;
				free(text);
			}
		} else if (!strchr(e->d_name, '.')) {
			test_golden(path);
		}
	}
	closedir(d);
	if (files)
		ok(bad == 0, "%s: %d inputs, every game, streamed as read whole", dir, files);
}

static void test_reader(void)
{
	static const char *const texts[] = {
		"12 345\r\n6789\r\n\r\n", "\357\273\2771 2\n", "a\r\rb \t\tc\n\xc3\xa9t\xc3\xa9 z",
		"", "   \n", "x",
	};
	int bad = 0;

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char name[32];
		snprintf(name, sizeof name, "text %zu", i);
		bad += check_text(name, texts[i], strlen(texts[i]));
	}
	ok(bad == 0, "CR LF, a lone CR, tabs, UTF-8 and a BOM across reads");

	/* A mark keeps its bytes however far the reader goes; rewind goes back. */
	struct mem m = { "one two three four five six seven", 33, 0, 1 };
	struct bl_reader rd;
	struct bl_tok t;
	struct bl_mark mk;
	size_t len;
	bl_reader_init_stream(&rd, mem_read, &m, 2);
	bl_reader_next(&rd, &t);
	bl_reader_mark(&rd, &mk);
	while (bl_reader_next(&rd, &t))
		;
	const char *since = bl_reader_since(&rd, &mk, &len);
	ok(len == 30 && memcmp(since, " two three four five six seven", 30) == 0,
	   "the bytes since a mark stay in hand");
	bl_reader_rewind(&rd, &mk);
	ok(bl_reader_next(&rd, &t) && t.len == 3 && memcmp(t.s, "two", 3) == 0 && t.col == 5,
	   "a rewind reads again from the mark, at its column");
	bl_reader_unmark(&rd, &mk);
	while (bl_reader_next(&rd, &t))
		;
	ok(rd.cap <= 64, "without a mark the buffer stays small (%zu bytes)", rd.cap);
	is_int(bl_reader_status(&rd), BL_OK, "no failure");
	bl_reader_release(&rd);
}

static ptrdiff_t failing_read(void *vctx, char *dst, size_t cap)
{
	int *calls = vctx;

	if ((*calls)++ > 0)
		return -1;
	memcpy(dst, "1 2 3", cap < 5 ? cap : 5);
	return cap < 5 ? (ptrdiff_t)cap : 5;
}

static void test_failure(void)
{
	int calls = 0;
	struct bl_reader rd;
	struct bl_tok t;
	int n = 0;

	bl_reader_init_stream(&rd, failing_read, &calls, 0);
	while (bl_reader_next(&rd, &t))
		n++;
	ok(n == 3 && bl_reader_status(&rd) == BL_ERR_IO,
	   "a failed read ends the input and is reported (%d tokens)", n);
	bl_reader_release(&rd);
}

static void test_layout_stream(void)
{
	static const char *const texts[] = {
		"4 4\n0 0 1 0\n", "", "\n", "4 4\n0 0 1 0", "4 4\n0 0 1 0\n\n", "4 4\n\n0 0\n",
		"4  4\n", " 4 4\n", "4 4 \n", "4 4 ", "4 4\r\n", "\xc3\xa9\t4\n", "4\v4\n",
	};
	int bad = 0;

	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct bl_err whole;
		size_t len = strlen(texts[i]);
		bl_err_clear(&whole);
		bl_check_layout(texts[i], len, &whole);
		for (size_t step = 1; step <= 3; step++) {
			struct bl_layout l;
			bl_layout_init(&l);
			for (size_t at = 0; at < len; at += step)
				bl_layout_feed(&l, texts[i] + at, len - at < step ? len - at : step);
			bl_layout_end(&l);
			if (l.err.code != whole.code || l.err.line != whole.line ||
			    l.err.col != whole.col || strcmp(l.err.msg, whole.msg) != 0) {
				tap_diag("text %zu in pieces of %zu: %d:%d %s, whole %d:%d %s", i, step,
					 l.err.line, l.err.col, l.err.msg, whole.line, whole.col,
					 whole.msg);
				bad++;
			}
		}
	}
	ok(bad == 0, "the layout check fed in pieces finds what it finds in the whole text");
}

int main(void)
{
	test_reader();
	test_failure();
	test_layout_stream();
	test_golden("tests/golden");
	return tap_done();
}
