/*
 * Unit tests of grundy's views of a stream and of a table
 * (lib/grundy_view.c): the explanation line by line, as a table, and
 * handed to a drain; grundy_check, which reads without valuing; the hint
 * as text and JSON; the pieces' list; a table's window as aligned text,
 * CSV and SVG, and a drain that stops a long table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/boardlab.h"
#include "tap.h"

static struct grundy_set SET;   /* the built-ins and Q, a queen valued from its table */
static const struct grundy_format MIXED = { GRUNDY_MIXED, &SET, false, GRUNDY_MISTAKE_NONE };

static const char EXAMPLE[] = "2\n3 4 R\n0 9 Q\n";

static void test_explain(void)
{
	static const char want[] =
		"piece 1: R at (3, 4): 3 xor 4 = 7, xor so far 7\n"
		"piece 2: Q at (0, 9): table value 9, xor so far 14\n"
		"xor of 2 values = 14, not 0: koosaga, who moves first, has a move to xor 0 and "
		"wins\n";
	struct grundy_limits lim;
	struct grundy_result res;
	struct bl_reader rd;
	struct bl_buf b;
	int64_t count = 0;

	grundy_limits_any(&lim);
	bl_buf_init(&b);
	bl_reader_init(&rd, EXAMPLE, sizeof EXAMPLE - 1);
	is_int(grundy_explain(&rd, &MIXED, &lim, &b, NULL, NULL, NULL), BL_OK, "explained");
	is_str(b.data, want, "a line a piece, then the xor and who wins by it");

	bl_buf_reset(&b);
	bl_reader_init(&rd, EXAMPLE, sizeof EXAMPLE - 1);
	is_int(grundy_explain_table(&rd, &MIXED, &lim, &res, &b, NULL), BL_OK, "as a table");
	ok(res.nim == 14 && res.count == 2 && strstr(b.data, "table value 9") &&
		   strstr(b.data, "  grundy value  "),
	   "with its head, each piece's working and the xor (%llu)",
	   (unsigned long long)res.nim);

	bl_reader_init(&rd, "2\n1 2 Q\n5 5 X", 14);
	struct bl_err err;
	bl_err_clear(&err);
	is_int(grundy_check(&rd, &MIXED, &lim, &count, &err), BL_ERR_INPUT,
	       "check: a bad letter is invalid input");
	bl_reader_init(&rd, "2\n1 2 Q\n99999 5 Q\n", 20);
	SET.max_bytes = 1024;   /* no table of Q fits: check must not need one */
	is_int(grundy_check(&rd, &MIXED, &lim, &count, NULL), BL_OK,
	       "check: valid, no value computed (no table built)");
	SET.max_bytes = 0;
	is_int(count, 2, "and counted");
	bl_buf_release(&b);
}

struct sink {
	long calls;
	size_t bytes;
	int refuse_at;   /* the call that refuses; 0 for none */
};

static bool to_sink(void *ctx, struct bl_buf *out)
{
	struct sink *s = ctx;

	if (++s->calls == s->refuse_at)
		return false;
	s->bytes += out->len;
	bl_buf_reset(out);
	return true;
}

static void test_explain_drained(void)
{
	struct grundy_limits lim;
	struct bl_buf text, whole, b;
	struct bl_reader rd;
	struct sink s = { 0, 0, 0 };
	struct grundy_format builtins = { GRUNDY_MIXED, NULL, false, GRUNDY_MISTAKE_NONE };

	grundy_limits_any(&lim);
	bl_buf_init(&text);
	bl_buf_init(&whole);
	bl_buf_init(&b);
	bl_buf_puts(&text, "5000\n");
	for (int i = 0; i < 5000; i++)
		bl_buf_printf(&text, "%d %d %c\n", i, 7 * i, "RBKNP"[i % 5]);
	bl_reader_init(&rd, text.data, text.len);
	grundy_explain(&rd, &builtins, &lim, &whole, NULL, NULL, NULL);
	bl_reader_init(&rd, text.data, text.len);
	grundy_explain(&rd, &builtins, &lim, &b, to_sink, &s, NULL);
	ok(s.calls >= 3 && s.bytes + b.len == whole.len,
	   "an explanation handed on in %ld parts adds up to the whole (%zu bytes)", s.calls,
	   whole.len);
	bl_buf_reset(&b);
	s = (struct sink){ 0, 0, 1 };
	bl_reader_init(&rd, text.data, text.len);
	is_int(grundy_explain(&rd, &builtins, &lim, &b, to_sink, &s, NULL), BL_OK,
	       "a drain that refuses stops the explanation, no error");
	ok(s.calls == 1 && b.len < whole.len && !strstr(b.data, "xor of 5000"),
	   "at once, without its last line");
	bl_buf_release(&text);
	bl_buf_release(&whole);
	bl_buf_release(&b);
}

static void test_hint_and_pieces(void)
{
	static const char want_json[] =
		"{\"xor\":14,\"winner\":\"koosaga\",\"move\":{\"piece\":2,\"letter\":\"Q\","
		"\"from\":[0,9],\"to\":[0,7],\"value\":9,\"to_value\":7}}\n";
	struct grundy_limits lim;
	struct grundy_hint h;
	struct bl_reader rd;
	struct bl_buf b;

	grundy_limits_any(&lim);
	bl_buf_init(&b);
	bl_reader_init(&rd, EXAMPLE, sizeof EXAMPLE - 1);
	if (grundy_hint_find(&rd, &MIXED, &lim, &h, NULL) == BL_OK) {
		grundy_hint_text(&SET, &h, &b);
		is_str(b.data, "move piece 2 (Q) from (0, 9) to (0, 7): value 9 to 7, xor 14 to 0\n",
		       "a hint as text");
		bl_buf_reset(&b);
		grundy_hint_json(&SET, &h, &b);
		is_str(b.data, want_json, "and as JSON");
	} else {
		ok(0, "the hint is found");
	}
	h.nim = 0;
	bl_buf_reset(&b);
	grundy_hint_json(&SET, &h, &b);
	is_str(b.data, "{\"xor\":0,\"winner\":\"cubelover\",\"move\":null}\n", "no winning move");

	bl_buf_reset(&b);
	grundy_pieces_write(&SET, false, &b);
	ok(strstr(b.data, "rook    R = ride(1,0) + ride(0,1)                closed form: x xor y\n") &&
		   strstr(b.data, "custom  Q = ride(1,0) + ride(0,1) + ride(1,1)    closed form: "
				  "none: a brute-force table, up to "),
	   "the pieces' list: a built-in and a piece without a closed form");
	bl_buf_reset(&b);
	grundy_pieces_write(&SET, true, &b);
	ok(b.data[0] == '[' && strstr(b.data, "{\"letter\":\"B\",\"name\":\"bishop\",\"rule\":\"B = "
					      "ride(1,1)\",\"closed\":\"min(x, y)\",\"table_max\":") &&
		   strstr(b.data, "\"closed\":null") && !strcmp(b.data + b.len - 3, "}]\n"),
	   "and as JSON");
	bl_buf_release(&b);
}

static void test_table(void)
{
	static const char want_text[] = "x\\y 0 1 2\n  0 0 1 2\n  1 1 0 3\n  2 2 3 0\n";
	static const char want_csv[] = "x\\y,10,11\n9,3,2\n10,0,1\n11,1,2\n";
	struct grundy_table t;
	struct grundy_window all = { 0, 0, 3, 3 }, corner = { 9, 10, 2, 3 }, two = { 0, 0, 2, 2 };
	struct sink s = { 0, 0, 1 };
	struct bl_buf b;

	bl_buf_init(&b);
	grundy_table_init(&t);
	grundy_table_build(&t, grundy_builtin(GRUNDY_ROOK), 3, NULL);
	grundy_table_write(&t, grundy_builtin(GRUNDY_ROOK), GRUNDY_TABLE_TEXT, &all, &b, NULL, NULL);
	is_str(b.data, want_text, "the rook's 3 x 3 table as text");
	grundy_table_build(&t, grundy_builtin(GRUNDY_KING), 12, NULL);
	bl_buf_reset(&b);
	grundy_table_write(&t, grundy_builtin(GRUNDY_KING), GRUNDY_TABLE_CSV, &corner, &b, NULL,
			   NULL);
	is_str(b.data, want_csv, "a window of the king's as CSV, x 9..11 and y 10..11");
	grundy_table_build(&t, grundy_builtin(GRUNDY_BISHOP), 2, NULL);
	bl_buf_reset(&b);
	grundy_table_write(&t, grundy_builtin(GRUNDY_BISHOP), GRUNDY_TABLE_SVG, &two, &b, NULL,
			   NULL);
	ok(!strncmp(b.data, "<svg ", 5) &&
		   strstr(b.data, ">B (bishop): x 0..1 down, y 0..1 across, values 0..1</text>") &&
		   strstr(b.data, "fill=\"#800026\"><title>(1, 1): 1</title></rect>\n</svg>\n"),
	   "and the bishop's as an SVG heat map, the largest value darkest");
	grundy_table_build(&t, grundy_builtin(GRUNDY_ROOK), 300, NULL);
	bl_buf_reset(&b);
	struct grundy_window big = { 0, 0, 300, 300 };
	grundy_table_write(&t, grundy_builtin(GRUNDY_ROOK), GRUNDY_TABLE_TEXT, &big, &b, to_sink,
			   &s);
	ok(s.calls == 1 && b.len >= GRUNDY_DRAIN_BYTES && b.len < GRUNDY_DRAIN_BYTES + 16,
	   "a drain that refuses stops a long table (%zu bytes)", b.len);
	grundy_table_release(&t);
	bl_buf_release(&b);
}

/* The game's part of `boardlab demo`: the example explained, and who wins. */
static void test_demo(void)
{
	static const char ex[] = "2\n3 4 R\n7 0 B\n";
	struct bl_buf b;
	struct bl_err err;

	bl_buf_init(&b);
	bl_err_clear(&err);
	ok(grundy_demo(ex, sizeof ex - 1, &b, &err) == BL_OK && b.data &&
	   strstr(b.data, "Pieces on a quarter-plane board") == b.data &&
	   strstr(b.data, "\nanswer: koosaga (the xor is not 0)\n'boardlab grundy solve "
			  "--explain examples/grundy.txt' says the same, a line\na piece, and "
			  "explains any other file so\n") != NULL,
	   "demo: the example explained, koosaga wins");
	bl_buf_reset(&b);
	bl_err_clear(&err);
	ok(grundy_demo("1\n3 4 R\n5\n", 10, &b, &err) == BL_ERR_INPUT && err.line == 3,
	   "demo: more after the instance is an input error at its line");
	bl_buf_release(&b);
}

int main(void)
{
	static const char rule[] = "Q = ride(1,0) + ride(0,1) + ride(1,1)";

	grundy_set_init(&SET);
	if (grundy_set_parse(&SET, rule, sizeof rule - 1, NULL) != BL_OK) {
		printf("Bail out! the queen's rule\n");
		return 1;
	}
	test_explain();
	test_explain_drained();
	test_hint_and_pieces();
	test_table();
	test_demo();
	grundy_set_release(&SET);
	return tap_done();
}
