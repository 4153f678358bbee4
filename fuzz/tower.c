/*
 * tower's input format (tower_parse) under the judge's limits and the
 * tool's, one instance and a batch; a game that parses is played under both
 * rules, so the engine meets odd boards too, and a small one (K <= 16) to
 * the judge's 1000 turns against the plain reference engine of bench/ref,
 * which reads the instance's text on its own: the answers must agree.  The
 * same text streamed in small reads must parse to the same instances.
 */
#include "fuzz.h"

#include "ref/tower_ref.h"

static void run(const char *text, size_t len, const struct tower_limits *lim)
{
	struct tower t;
	struct bl_reader rd;
	struct bl_err err;
	int instances = 0;

	tower_init(&t);
	bl_reader_init(&rd, text, len);
	while (!bl_reader_eof(&rd) && instances < 8) {
		const char *start = rd.p;
		bl_err_clear(&err);
		enum bl_code code = tower_parse(&t, &rd, lim, &err);
		if (code != BL_OK) {
			fuzz_check_err(code, &err);
			FUZZ_ASSERT(code == BL_ERR_INPUT);
			break;
		}
		instances++;
		FUZZ_ASSERT(t.n >= lim->n_min && t.n <= lim->n_max);
		FUZZ_ASSERT(t.k >= lim->k_min && t.k <= lim->k_max && t.k <= t.n * t.n);
		/* The instance's own text, NUL-terminated, for the reference. */
		size_t span = (size_t)(rd.p - start);
		char *one = malloc(span + 1);
		FUZZ_ASSERT(one);
		memcpy(one, start, span);
		one[span] = '\0';
		for (int rule = TOWER_CARRY; rule <= TOWER_BOTTOM; rule++) {
			struct tower_opts o;
			struct tower_result res;
			bool small = t.k <= 16;
			tower_opts_init(&o);
			o.rule = (enum tower_rule)rule;
			o.limit = small ? TOWER_LIMIT : 64;
			tower_reset(&t);
			code = tower_solve(&t, &o, &res, &err);
			FUZZ_ASSERT(code == BL_OK);
			FUZZ_ASSERT(res.answer == -1 || (res.answer >= 1 && res.answer <= o.limit));
			if (small) {
				long long ref = tower_ref_solve(one, rule == TOWER_BOTTOM, o.height,
								o.limit, NULL);
				if (ref != -2 && ref != res.answer) {
					fprintf(stderr, "rule %d: boardlab %lld, reference %lld\n",
						rule, (long long)res.answer, ref);
					abort();
				}
			}
		}
		free(one);
	}
	tower_release(&t);
}

/* Every instance of rd, its board and pieces, for fuzz_same_stream. */
static void parse_all(struct bl_reader *rd, const void *arg, struct bl_buf *out)
{
	struct tower t;
	struct bl_err err;

	tower_init(&t);
	for (int i = 0; i < 8 && !bl_reader_eof(rd); i++) {
		bl_err_clear(&err);
		enum bl_code code = tower_parse(&t, rd, arg, &err);
		if (code != BL_OK) {
			fuzz_put_err(out, code, &err);
			break;
		}
		bl_buf_printf(out, "%d %d:", t.n, t.k);
		for (int c = 0; c < t.n * t.n; c++)
			bl_buf_putc(out, (char)('0' + tower_colour_at(&t, c)));
		for (int p = 1; p <= t.k; p++)
			bl_buf_printf(out, " %d/%d", tower_cell_of(&t, p), (int)tower_dir_of(&t, p));
		bl_buf_putc(out, '\n');
	}
	tower_release(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tower_limits boj, any;
	char *text = fuzz_copy(data, size);

	tower_limits_boj(&boj);
	tower_limits_any(&any);
	run(text, size, &boj);
	run(text, size, &any);
	fuzz_same_stream(text, size, parse_all, &boj);
	fuzz_same_stream(text, size, parse_all, &any);
	free(text);
	return 0;
}
