/*
 * stress: the outcome of a run of the solution under test, and the
 * report's views of a failure (stress.h).
 */
#include "boardlab/stress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/suite.h"

#define REPRODUCE_BYTES 4000   /* the most bytes of a printf line */

const char *bl_stress_verdict_name(enum bl_stress_verdict v)
{
	static const char *const names[BL_STRESS_COUNT] = { "OK", "WA", "PE", "RE", "TLE", "IDLE" };

	return (unsigned)v < BL_STRESS_COUNT ? names[v] : "?";
}

const char *bl_stress_verdict_long(enum bl_stress_verdict v)
{
	static const char *const names[BL_STRESS_COUNT] = {
		"accepted", "wrong answer", "presentation error", "runtime error",
		"time limit exceeded", "wall-clock time-out",
	};

	return (unsigned)v < BL_STRESS_COUNT ? names[v] : "?";
}

/* How the run ended, when that decides: TLE, IDLE, PE or RE into o; false when it does not. */
static bool classify_end(const struct bl_judge_run *run, int64_t cpu_ms, size_t out_cap,
			 struct bl_stress_outcome *o)
{
	if (run->cpu_over || (run->wall_over && run->cpu_ms >= cpu_ms)) {
		o->verdict = BL_STRESS_TLE;
		snprintf(o->why, sizeof o->why, "%lld ms of CPU time, over the limit of %lld ms (%lld ms wall)",
			 (long long)run->cpu_ms, (long long)cpu_ms, (long long)run->wall_ms);
	} else if (run->wall_over) {
		o->verdict = BL_STRESS_IDLE;
		snprintf(o->why, sizeof o->why,
			 "stopped by the wall-clock backstop at %lld ms, after %lld ms of CPU time "
			 "(limit %lld ms); its process group was killed",
			 (long long)run->wall_ms, (long long)run->cpu_ms, (long long)cpu_ms);
	} else if (run->out_over) {
		o->verdict = BL_STRESS_PE;
		snprintf(o->why, sizeof o->why, "more than %zu bytes of output; it was killed", out_cap);
	} else if (bl_judge_runtime_error(run, o->why, sizeof o->why)) {
		o->verdict = BL_STRESS_RE;
		o->signal = run->signal;
		o->exit_status = run->signal ? 0 : run->exit_status;
	} else {
		return false;
	}
	return true;
}

void bl_stress_classify(const struct bl_judge_run *run, int64_t cpu_ms, size_t out_cap,
			const char *expected, size_t expected_len, struct bl_stress_outcome *o)
{
	static const enum bl_stress_verdict of[] = { [BL_VERDICT_AC] = BL_STRESS_OK,
						     [BL_VERDICT_WA] = BL_STRESS_WA,
						     [BL_VERDICT_PE] = BL_STRESS_PE };
	struct bl_comparison c;

	memset(o, 0, sizeof *o);
	if (classify_end(run, cpu_ms, out_cap, o))
		return;
	o->verdict = of[bl_compare_shape(expected, expected_len, run->out, run->out_len, &c)];
	o->whitespace_only = c.whitespace_only;
	memcpy(o->why, c.why, sizeof o->why);
}

bool bl_stress_same_failure(const struct bl_stress_outcome *a, const struct bl_stress_outcome *b)
{
	bool time_a = a->verdict == BL_STRESS_TLE || a->verdict == BL_STRESS_IDLE;
	bool time_b = b->verdict == BL_STRESS_TLE || b->verdict == BL_STRESS_IDLE;

	if (time_a && time_b)
		return true;   /* not done in time: by the CPU limit or the backstop */
	if (a->verdict != b->verdict)
		return false;
	if (a->verdict == BL_STRESS_RE)
		return a->signal == b->signal && (a->signal != 0 || a->exit_status == b->exit_status);
	return true;
}

const char *bl_stress_found_answer(const struct bl_stress_outcome *o, const char *found,
				   size_t len, char buf[32])
{
	size_t i = 0, n = 0;

	if (o->verdict != BL_STRESS_WA || !found)
		return NULL;
	while (i < len && strchr(" \t\r\n\v\f", found[i]) && found[i])
		i++;
	while (i + n < len && found[i + n] && !strchr(" \t\r\n\v\f", found[i + n]))
		n++;
	if (n == 0 || n > 31)
		return NULL;
	memcpy(buf, found + i, n);
	buf[n] = '\0';
	return buf;
}

void bl_stress_outcome_text(const struct bl_stress_outcome *o, struct bl_buf *out)
{
	if (o->verdict == BL_STRESS_OK)
		bl_buf_puts(out, "OK (accepted)");
	else
		bl_buf_printf(out, "%s (%s): %s", bl_stress_verdict_name(o->verdict),
			      bl_stress_verdict_long(o->verdict), o->why);
}

void bl_stress_flaky(const struct bl_stress_outcome *again, struct bl_buf *out)
{
	bl_buf_puts(out, "flaky: run again alone, it did not fail the same way, so it is not "
			 "shrunk\n  run again: ");
	bl_stress_outcome_text(again, out);
	bl_buf_putc(out, '\n');
}

void bl_stress_shrunk(long steps, long tries, uint64_t spent_ns, const char *stopped,
		      const struct bl_stress_outcome *o, struct bl_buf *out)
{
	bl_buf_printf(out, "shrunk in %ld step%s (%ld reduction%s run, %.1f s%s%s)\n", steps,
		      steps == 1 ? "" : "s", tries, tries == 1 ? "" : "s", (double)spent_ns / 1e9,
		      stopped ? "; " : "", stopped ? stopped : "");
	if (steps > 0)
		bl_buf_printf(out, "  still %s: %s\n", bl_stress_verdict_name(o->verdict), o->why);
}

int64_t bl_stress_shrink_budget_ms(int64_t run_ms)
{
	int64_t ms = run_ms < INT64_MAX / BL_STRESS_SHRINK_RUNS ? run_ms * BL_STRESS_SHRINK_RUNS
								 : 600000;

	return ms < 10000 ? 10000 : ms > 600000 ? 600000 : ms;
}

void bl_stress_unconfirmed(const struct bl_stress_outcome *again, struct bl_buf *out)
{
	bl_buf_puts(out, "but run again alone, the minimal input did not fail the same way:\n"
			 "  run again: ");
	bl_stress_outcome_text(again, out);
	bl_buf_putc(out, '\n');
}

void bl_stress_shown_instead(long step, const struct bl_stress_outcome *o, struct bl_buf *out)
{
	if (step == 0) {
		bl_buf_puts(out, "  shown instead: the original input, which did, twice\n");
		return;
	}
	bl_buf_printf(out, "  shown instead: the input after step %ld, which did: ", step);
	bl_stress_outcome_text(o, out);
	bl_buf_putc(out, '\n');
}

void bl_stress_head(const struct bl_stress_outcome *o, int64_t instance, uint64_t seed,
		    int64_t runs, const char *gen, char *const *command, struct bl_buf *out)
{
	bl_buf_printf(out, "%s (%s) on instance %lld of seed %llu, after %lld run%s\n",
		      bl_stress_verdict_name(o->verdict), bl_stress_verdict_long(o->verdict),
		      (long long)instance, (unsigned long long)seed, (long long)runs,
		      runs == 1 ? "" : "s");
	bl_buf_printf(out, "  %s\noriginal: %s | ", o->why, gen);
	bl_buf_shell_words(out, command);
	bl_buf_putc(out, '\n');
}

void bl_stress_passed(int64_t runs, uint64_t seed, int64_t instances, int64_t ws,
		      int64_t ws_first, struct bl_buf *out)
{
	bl_buf_printf(out, "OK: %lld run%s passed (seed %llu, instances 1 to %lld)\n",
		      (long long)runs, runs == 1 ? "" : "s", (unsigned long long)seed,
		      (long long)instances);
	if (ws)
		bl_buf_printf(out,
			      "note: %lld of them differ from the expected output in whitespace "
			      "only (first: instance %lld)\n",
			      (long long)ws, (long long)ws_first);
}

/* The command that runs CMD on the failure's input, as the report says it. */
static void reproduce(const struct bl_stress_failure *f, struct bl_buf *out)
{
	struct bl_buf line, path;

	bl_buf_init(&line);
	bl_buf_shell_printf(&line, f->input, f->input_len);
	if (f->saved) {
		bl_buf_init(&path);
		bl_buf_printf(&path, "%s/minimal.in", f->saved);
		bl_buf_shell_words(out, f->command);
		bl_buf_puts(out, " < ");
		bl_buf_shell_word(out, path.data ? path.data : "");
		bl_buf_release(&path);
	} else if (line.len <= REPRODUCE_BYTES) {
		bl_buf_add(out, line.data, line.len);
		bl_buf_puts(out, " | ");
		bl_buf_shell_words(out, f->command);
	} else if (f->gen) {
		bl_buf_printf(out, "%s | ", f->gen);
		bl_buf_shell_words(out, f->command);
	} else {
		bl_buf_printf(out, "the minimal input is %zu bytes, too long for one line: with "
				   "--save DIR, ",
			      f->input_len);
		bl_buf_shell_words(out, f->command);
		bl_buf_puts(out, " < DIR/minimal.in");
	}
	bl_buf_release(&line);
}

void bl_stress_failure_text(const struct bl_stress_failure *f, struct bl_buf *out)
{
	bl_buf_puts(out, f->minimal ? "minimal input:\n"
			 : f->original ? "original input (not shrunk):\n" : "input:\n");
	bl_stress_block(out, f->input, f->input_len, 0);
	bl_buf_puts(out, "expected output:\n");
	bl_stress_block(out, f->expected, f->expected_len, 0);
	bl_buf_puts(out, "found output:\n");
	bl_stress_block(out, f->found, f->found_len, f->found_more);
	if (f->err_len) {
		bl_buf_puts(out, "its standard error:\n");
		bl_stress_block(out, f->err, f->err_len, f->err_more);
	}
	bl_buf_puts(out, "reproduce: ");
	reproduce(f, out);
	bl_buf_putc(out, '\n');
	if (f->saved)
		bl_buf_printf(out, "saved: original.in, minimal.in, expected.out, found.out in %s\n",
			      f->saved);
	bl_buf_printf(out, "reference trace of the %sinput (%s):\n",
		      f->minimal ? "minimal " : f->original ? "original " : "", f->trace);
}

#define BLOCK_LINES 40
#define BLOCK_BYTES 4000

void bl_stress_block(struct bl_buf *b, const char *text, size_t len, size_t more)
{
	size_t lines = 0, i = 0;

	if (len == 0 && more == 0) {
		bl_buf_puts(b, "  (nothing)\n");
		return;
	}
	while (i < len && lines < BLOCK_LINES && i < BLOCK_BYTES) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) : len - i;
		bool whole = n <= BLOCK_BYTES - i;
		if (!whole)
			n = BLOCK_BYTES - i;
		bl_buf_puts(b, "  ");
		bl_buf_add(b, text + i, n);
		bl_buf_putc(b, '\n');
		i += n + (nl && whole ? 1 : 0);
		lines++;
	}
	if (i < len || more > 0)
		bl_buf_printf(b, "  ... (%zu more bytes)\n", len - i + more);
	else if (text[len - 1] != '\n')
		bl_buf_puts(b, "  (no final newline)\n");
}

#define TRACE_HEAD_LINES 100
#define TRACE_HEAD_BYTES 8000
#define TRACE_TAIL_LINES 20
#define TRACE_TAIL_BYTES 2000

/*
 * A trace as it is, or, when it is longer than its first TRACE_HEAD and
 * last TRACE_TAIL lines and bytes together, those two with a line that
 * says how much is left out between them (a line longer than what is left
 * of the head's bytes is cut there; the tail has whole lines only).
 */
void bl_stress_trace(struct bl_buf *b, const char *text, size_t len)
{
	const char *t = text ? text : "";
	size_t head = 0, tail = len, lines = 0, cut_lines = 0;

	while (head < len && lines < TRACE_HEAD_LINES && head < TRACE_HEAD_BYTES) {
		const char *nl = memchr(t + head, '\n', len - head);
		size_t n = nl ? (size_t)(nl - (t + head)) + 1 : len - head;
		if (n > TRACE_HEAD_BYTES - head)
			n = TRACE_HEAD_BYTES - head;
		head += n;
		lines++;
	}
	/* The tail: whole lines back from the end (the last one ends at len). */
	lines = 0;
	while (tail > head && lines < TRACE_TAIL_LINES) {
		size_t at = tail - (tail > 0 && t[tail - 1] == '\n' ? 1 : 0);
		while (at > head && t[at - 1] != '\n')
			at--;
		if (len - at > TRACE_TAIL_BYTES)
			break;
		tail = at;
		lines++;
	}
	if (head >= tail) {
		bl_buf_add(b, t, len);
		return;
	}
	for (size_t i = head; i < tail; i++)
		cut_lines += t[i] == '\n';
	bl_buf_add(b, t, head);
	if (head > 0 && t[head - 1] != '\n')
		bl_buf_putc(b, '\n');
	bl_buf_printf(b, "[... %zu line%s, %zu bytes left out: the command above, on the minimal "
			 "input, shows them ...]\n",
		      cut_lines, cut_lines == 1 ? "" : "s", tail - head);
	bl_buf_add(b, t + tail, len - tail);
}

/* ---- a failing case ---- */

void bl_stress_case_init(struct bl_stress_case *c)
{
	memset(c, 0, sizeof *c);
	bl_buf_init(&c->input);
	bl_buf_init(&c->expected);
	bl_buf_init(&c->found);
	bl_buf_init(&c->err);
}

void bl_stress_case_release(struct bl_stress_case *c)
{
	if (!c)
		return;
	bl_buf_release(&c->input);
	bl_buf_release(&c->expected);
	bl_buf_release(&c->found);
	bl_buf_release(&c->err);
	bl_stress_case_init(c);
}

static bool copy_buf(struct bl_buf *dst, const struct bl_buf *src)
{
	bl_buf_reset(dst);
	bl_buf_add(dst, src->data ? src->data : "", src->len);
	return !bl_buf_failed(dst);
}

bool bl_stress_case_set(struct bl_stress_case *c, const struct bl_stress_outcome *o,
			const struct bl_buf *input, const struct bl_buf *expected,
			const struct bl_buf *found, size_t found_more, const struct bl_buf *err,
			size_t err_more)
{
	c->o = *o;
	c->found_more = found_more;
	c->err_more = err_more;
	return copy_buf(&c->input, input) && copy_buf(&c->expected, expected) &&
	       copy_buf(&c->found, found) && copy_buf(&c->err, err);
}

bool bl_stress_case_copy(struct bl_stress_case *dst, const struct bl_stress_case *src)
{
	dst->instance = src->instance;
	return bl_stress_case_set(dst, &src->o, &src->input, &src->expected, &src->found,
				  src->found_more, &src->err, src->err_more);
}

/* ---- --keep-going, progress ---- */

void bl_stress_tally_add(struct bl_stress_tally *t, int64_t i, const struct bl_stress_outcome *o)
{
	int at;

	t->runs++;
	t->count[(unsigned)o->verdict < BL_STRESS_COUNT ? o->verdict : BL_STRESS_WA]++;
	if (o->verdict == BL_STRESS_OK)
		return;
	t->failed++;
	for (at = t->listed; at > 0 && t->instance[at - 1] > i; at--)
		;   /* the runs end in any order: the list stays in order of instance */
	if (at == BL_STRESS_LISTED)
		return;
	int move = (t->listed < BL_STRESS_LISTED ? t->listed : BL_STRESS_LISTED - 1) - at;
	memmove(&t->instance[at + 1], &t->instance[at], (size_t)move * sizeof t->instance[0]);
	memmove(&t->o[at + 1], &t->o[at], (size_t)move * sizeof t->o[0]);
	t->instance[at] = i;
	t->o[at] = *o;
	t->listed += t->listed < BL_STRESS_LISTED;
}

void bl_stress_tally_text(const struct bl_stress_tally *t, uint64_t seed, struct bl_buf *out)
{
	bool first = true;

	bl_buf_printf(out, "%lld of %lld run%s failed (seed %llu):", (long long)t->failed,
		      (long long)t->runs, t->runs == 1 ? "" : "s", (unsigned long long)seed);
	for (int v = BL_STRESS_WA; v < BL_STRESS_COUNT; v++) {
		if (!t->count[v])
			continue;
		bl_buf_printf(out, "%s %s %lld", first ? "" : ",",
			      bl_stress_verdict_name((enum bl_stress_verdict)v), (long long)t->count[v]);
		first = false;
	}
	bl_buf_putc(out, '\n');
	for (int k = 0; k < t->listed; k++) {
		bl_buf_printf(out, "  instance %lld: ", (long long)t->instance[k]);
		bl_stress_outcome_text(&t->o[k], out);
		bl_buf_putc(out, '\n');
	}
	if (t->failed > t->listed)
		bl_buf_printf(out, "  ... and %lld more\n", (long long)(t->failed - t->listed));
}

void bl_stress_progress_shrink(const char *game, long steps, long tries, uint64_t elapsed_ns,
			       int64_t budget_ms, struct bl_buf *out)
{
	bl_buf_printf(out, "stress %s: shrinking, %ld step%s, %ld reduction%s run", game, steps,
		      steps == 1 ? "" : "s", tries, tries == 1 ? "" : "s");
	if (elapsed_ns > 0)
		bl_buf_printf(out, ", %.1f/s", (double)tries / ((double)elapsed_ns / 1e9));
	bl_buf_printf(out, ", %.0f of %.0f s", (double)elapsed_ns / 1e9, (double)budget_ms / 1000);
}

/* ---- JSON ---- */

static void json_outcome(const struct bl_stress_outcome *o, struct bl_buf *out)
{
	bl_buf_printf(out, "{\"verdict\": \"%s\", \"why\": ", bl_stress_verdict_name(o->verdict));
	bl_buf_json_bytes(out, o->why, o->verdict == BL_STRESS_OK ? 0 : strlen(o->why));
	bl_buf_putc(out, '}');
}

static void json_key_str(const char *key, const char *s, struct bl_buf *out)
{
	bl_buf_printf(out, "\"%s\": ", key);
	if (s)
		bl_buf_json_str(out, s);
	else
		bl_buf_puts(out, "null");
}

/* The check and the shrinking of the failure. */
static void json_check(const struct bl_stress_check *c, struct bl_buf *out)
{
	bl_buf_printf(out, "    \"flaky\": %s, \"again\": ", c->flaky ? "true" : "false");
	if (c->flaky)
		json_outcome(&c->again, out);
	else
		bl_buf_puts(out, "null");
	bl_buf_printf(out, ",\n    \"shrink\": {\"steps\": %ld, \"reductions\": %ld, "
			   "\"seconds\": %.1f, ",
		      c->steps, c->tries, (double)c->spent_ns / 1e9);
	json_key_str("stopped", c->stopped, out);
	bl_buf_printf(out, "},\n    \"confirmed\": %s, \"again_minimal\": ",
		      c->unconfirmed ? "false" : "true");
	if (c->unconfirmed)
		json_outcome(&c->again_minimal, out);
	else
		bl_buf_puts(out, "null");
	bl_buf_printf(out, ", \"shown_step\": %ld,\n", c->shown);
}

/* The failure: as found, its check, the input shown, its outputs, reproduce, trace. */
static void json_failure(const struct bl_stress_json *j, struct bl_buf *out)
{
	const struct bl_stress_failure *f = j->shown;
	struct bl_buf line;

	bl_buf_printf(out, "  \"failure\": {\n    \"instance\": %lld, \"found_as\": ",
		      (long long)j->first->instance);
	json_outcome(&j->first->o, out);
	bl_buf_puts(out, ",\n    ");
	json_key_str("gen", j->gen, out);
	bl_buf_putc(out, ',');
	bl_buf_putc(out, '\n');
	json_check(j->check, out);
	bl_buf_printf(out, "    \"shown\": \"%s\", \"outcome\": ",
		      f->minimal ? "minimal" : f->original ? "original" : "input");
	json_outcome(j->shown_o, out);
	bl_buf_puts(out, ",\n    \"input\": ");
	bl_buf_json_bytes(out, f->input, f->input_len);
	bl_buf_puts(out, ",\n    \"expected\": ");
	bl_buf_json_bytes(out, f->expected, f->expected_len);
	bl_buf_puts(out, ", \"found\": ");
	bl_buf_json_bytes(out, f->found, f->found_len);
	bl_buf_printf(out, ", \"found_more_bytes\": %zu, \"stderr\": ", f->found_more);
	bl_buf_json_bytes(out, f->err, f->err_len);
	bl_buf_puts(out, ",\n    ");
	bl_buf_init(&line);
	reproduce(f, &line);
	json_key_str("reproduce", line.data ? line.data : "", out);
	bl_buf_release(&line);
	bl_buf_puts(out, ", ");
	json_key_str("saved", f->saved, out);
	bl_buf_puts(out, ",\n    ");
	json_key_str("trace_command", f->trace, out);
	bl_buf_puts(out, ", \"trace\": ");
	bl_buf_init(&line);
	bl_stress_trace(&line, j->trace, j->trace_len);   /* cut as the text report's */
	bl_buf_json_bytes(out, line.data, line.len);
	bl_buf_release(&line);
	bl_buf_puts(out, "\n  }");
}

void bl_stress_json(const struct bl_stress_json *j, struct bl_buf *out)
{
	const struct bl_stress_tally *t = j->tally;
	bool first = true;

	bl_buf_puts(out, "{\n  ");
	json_key_str("game", j->game, out);
	bl_buf_puts(out, ", ");
	json_key_str("problem", j->problem, out);
	bl_buf_printf(out, ", \"seed\": %llu, \"instances\": %lld,\n  \"command\": [",
		      (unsigned long long)j->seed, (long long)j->instances);
	for (int i = 0; j->command[i]; i++) {
		bl_buf_puts(out, i ? ", " : "");
		bl_buf_json_str(out, j->command[i]);
	}
	bl_buf_printf(out, "],\n  \"verdict\": \"%s\", \"runs\": %lld, \"failed\": %lld, \"counts\": {",
		      bl_stress_verdict_name(j->first ? j->first->o.verdict : BL_STRESS_OK),
		      (long long)t->runs, (long long)t->failed);
	for (int v = BL_STRESS_OK; v < BL_STRESS_COUNT; v++) {
		if (!t->count[v])
			continue;
		bl_buf_printf(out, "%s\"%s\": %lld", first ? "" : ", ",
			      bl_stress_verdict_name((enum bl_stress_verdict)v), (long long)t->count[v]);
		first = false;
	}
	bl_buf_printf(out, "},\n  \"whitespace_only\": %lld, \"whitespace_first\": ", (long long)j->ws);
	if (j->ws)
		bl_buf_printf(out, "%lld", (long long)j->ws_first);
	else
		bl_buf_puts(out, "null");
	bl_buf_puts(out, ",\n  \"failures\": [");
	for (int k = 0; k < t->listed; k++) {
		bl_buf_printf(out, "%s\n    {\"instance\": %lld, \"outcome\": ", k ? "," : "",
			      (long long)t->instance[k]);
		json_outcome(&t->o[k], out);
		bl_buf_putc(out, '}');
	}
	bl_buf_puts(out, t->listed ? "\n  ],\n" : "],\n");
	if (j->first)
		json_failure(j, out);
	else
		bl_buf_puts(out, "  \"failure\": null");
	bl_buf_puts(out, ",\n  \"diagnosis\": ");
	if (j->diagnosis)
		bl_diagnosis_json(j->diagnosis, out);
	else
		bl_buf_puts(out, "null");
	bl_buf_puts(out, "\n}\n");
}

/* ---- checking and shrinking a failure ---- */

/* What the greedy loop keeps: the cases of a batch, the budget. */
struct shrink_loop {
	const struct bl_stress_runner *rn;
	struct bl_stress_case *c;     /* rn->jobs of them */
	long *idx;
	uint64_t t0, budget_ns;
	int64_t budget_ms;
};

/*
 * The next batch: up to rn->jobs reductions that solve accepts and that
 * could be taken, into l->c; how many; *more false when none is left.
 */
static int next_batch(struct shrink_loop *l, struct bl_shrinker *sh, bool *more)
{
	int n = 0;

	while (n < l->rn->jobs && (*more = bl_shrinker_next(sh, &l->c[n].input, &l->idx[n])))
		if (l->rn->solve(l->rn->ctx, &l->c[n].input, &l->c[n].expected) &&
		    bl_shrinker_worth(sh, l->c[n].input.data, l->c[n].input.len, l->c[n].expected.data,
				      l->c[n].expected.len))
			n++;
	return n;
}

/* Why shrinking stops before a local minimum, or NULL while it goes on. */
static const char *stop_reason(const struct shrink_loop *l, struct bl_stress_check *c)
{
	if (c->tries >= BL_STRESS_SHRINK_TRIES)
		return "stopped by the cap of 20000 reductions";
	if (l->rn->now() - l->t0 < l->budget_ns)
		return NULL;
	if (l->rn->shrink_ms >= 0)
		return "stopped by the budget, --shrink-ms";
	snprintf(c->budget, sizeof c->budget, "stopped by the budget of %.1f s, the time of %d runs "
		 "(--shrink-ms)", (double)l->budget_ms / 1000, BL_STRESS_SHRINK_RUNS);
	return c->budget;
}

/* The greedy loop (bl_stress_check_shrink) on f, whose shrinker is sh. */
static int shrink_loop(struct shrink_loop *l, struct bl_shrinker *sh, struct bl_stress_case *f,
		       struct bl_stress_check *c)
{
	const struct bl_stress_runner *rn = l->rn;
	struct bl_buf line;
	int status = 0, n;
	bool more = !sh->failed;

	bl_buf_init(&line);
	while (more && !(c->stopped = stop_reason(l, c)) && (n = next_batch(l, sh, &more)) > 0) {
		int won = -1;
		c->tries += n;
		if ((status = rn->run(rn->ctx, l->c, n)) != 0)
			break;
		for (int i = 0; i < n && won < 0; i++)
			if (bl_stress_same_failure(&l->c[i].o, &f->o) &&
			    bl_shrinker_take(sh, l->idx[i], l->c[i].input.data, l->c[i].input.len,
					     l->c[i].expected.data, l->c[i].expected.len,
					     l->c[i].found.data, l->c[i].found.len))
				won = i;
		if (won >= 0 && !bl_stress_case_set(f, &l->c[won].o, &l->c[won].input,
						    &l->c[won].expected, &l->c[won].found,
						    l->c[won].found_more, &l->c[won].err,
						    l->c[won].err_more))
			return -1;
		more = more || won >= 0;
		if (rn->progress) {
			bl_buf_reset(&line);
			bl_stress_progress_shrink(rn->game, sh->steps, c->tries, rn->now() - l->t0,
						  l->budget_ms, &line);
			if (line.data)
				rn->progress(rn->ctx, line.data);
		}
	}
	bl_buf_release(&line);
	c->steps = sh->steps;
	c->spent_ns = rn->now() - l->t0;
	return sh->failed ? -1 : status;
}

/*
 * The minimal input f, run again alone, must fail the same way; else the
 * inputs shrinking went through (sh's chain), from the last back, until
 * one does; else the original, first.  What is shown instead goes to out.
 */
static int confirm(const struct bl_stress_runner *rn, const struct bl_shrinker *sh,
		   struct bl_stress_case *f, const struct bl_stress_case *first,
		   struct bl_stress_case *again, struct bl_stress_check *c, struct bl_buf *out)
{
	int status;

	c->shown = c->steps;
	if (!bl_stress_case_copy(again, f))
		return -1;
	if ((status = rn->run(rn->ctx, again, 1)) != 0 || bl_stress_same_failure(&again->o, &f->o))
		return status;
	c->unconfirmed = true;
	c->again_minimal = again->o;
	bl_stress_unconfirmed(&again->o, out);
	for (long k = (long)sh->nchain - 1; k >= 1; k--) {
		bl_buf_reset(&again->input);
		bl_buf_add(&again->input, sh->chain[k].data, sh->chain[k].len);
		if (!rn->solve(rn->ctx, &again->input, &again->expected))
			continue;
		if ((status = rn->run(rn->ctx, again, 1)) != 0)
			return status;
		if (bl_stress_same_failure(&again->o, &f->o)) {
			c->shown = k;
			bl_stress_shown_instead(k, &again->o, out);
			return bl_stress_case_copy(f, again) ? 0 : -1;
		}
	}
	c->shown = 0;
	bl_stress_shown_instead(0, NULL, out);
	return bl_stress_case_copy(f, first) ? 0 : -1;
}

int bl_stress_check_shrink(const struct bl_stress_runner *rn, const struct bl_shrink_game *game,
			   struct bl_stress_case *f, const struct bl_stress_case *first,
			   struct bl_stress_check *c, struct bl_buf *out)
{
	struct shrink_loop l = { rn, calloc((size_t)rn->jobs, sizeof *l.c),
				 calloc((size_t)rn->jobs, sizeof *l.idx), 0, 0, 0 };
	struct bl_shrinker sh;
	int status = l.c && l.idx ? 0 : -1;

	memset(&sh, 0, sizeof sh);
	if (status == 0 && (!bl_stress_case_copy(&l.c[0], f) || (status = rn->run(rn->ctx, l.c, 1))))
		status = status ? status : -1;
	if (status == 0 && !bl_stress_same_failure(&l.c[0].o, &f->o)) {
		c->flaky = true;
		c->again = l.c[0].o;
		bl_stress_flaky(&c->again, out);
	} else if (status == 0) {
		l.budget_ms = rn->shrink_ms >= 0 ? rn->shrink_ms
						  : bl_stress_shrink_budget_ms(l.c[0].wall_ms);
		l.budget_ns = (uint64_t)l.budget_ms * 1000000u;
		l.t0 = rn->now();
		bl_shrinker_init(&sh, game, f->input.data, f->input.len, f->expected.data,
				 f->expected.len, f->found.data, f->found.len);
		status = shrink_loop(&l, &sh, f, c);
		if (status == 0)
			bl_stress_shrunk(c->steps, c->tries, c->spent_ns, c->stopped, &f->o, out);
		if (status == 0 && c->steps > 0)
			status = confirm(rn, &sh, f, first, &l.c[0], c, out);
	}
	bl_shrinker_release(&sh);
	for (int i = 0; l.c && i < rn->jobs; i++)
		bl_stress_case_release(&l.c[i]);
	free(l.c);
	free(l.idx);
	return status;
}

/* ---- the diagnosis of a failure found with --problem ---- */

/* What a case's run answered: its output when OK, WA or PE; none otherwise. */
static void case_said(const struct bl_judge_test *t, const struct bl_stress_case *c,
		      struct bl_diag_said *s)
{
	bool said = c->o.verdict == BL_STRESS_OK || c->o.verdict == BL_STRESS_WA ||
		    c->o.verdict == BL_STRESS_PE;

	s->t = t;
	s->out = said ? c->found.data ? c->found.data : "" : NULL;
	s->out_len = said ? c->found.len : 0;
}

int bl_stress_diagnose(const struct bl_stress_runner *rn, const struct bl_problem *p,
		       const struct bl_stress_case *f, struct bl_diagnosis *d)
{
	struct bl_suite s;
	struct bl_judge_test *t = NULL, fail = { .name = "failing-input", .kind = "stress",
						 .desc = "" };
	struct bl_stress_case *c = NULL;
	struct bl_diag_said *said = NULL;
	size_t n = 1, w = 0;
	int status = -1;

	memset(d, 0, sizeof *d);
	if (bl_suite_witnesses(p, &s, NULL) != BL_OK)
		return -1;
	t = calloc(s.n + 1, sizeof *t);
	c = calloc(s.n + 1, sizeof *c);
	said = calloc(s.n + 1, sizeof *said);
	if (!t || !c || !said)
		goto done;
	for (size_t i = 0; i < s.n; i++)
		bl_stress_case_init(&c[i]);
	bl_judge_tests_of_suite(&s, t);
	fail.input = f->input.data ? f->input.data : "";
	fail.input_len = f->input.len;
	fail.expected = f->expected.data ? f->expected.data : "";
	fail.expected_len = f->expected.len;
	case_said(&fail, f, &said[0]);
	status = 0;
	while (w < s.n && status == 0 && bl_diag_candidates(p, said, n, 0) > 0) {
		size_t jobs = rn->jobs > 0 ? (size_t)rn->jobs : 1, k = s.n - w < jobs ? s.n - w : jobs;
		for (size_t i = w; i < w + k; i++) {
			bl_buf_add(&c[i].input, t[i].input, t[i].input_len);
			bl_buf_add(&c[i].expected, t[i].expected, t[i].expected_len);
			if (bl_buf_failed(&c[i].input) || bl_buf_failed(&c[i].expected))
				status = -1;
		}
		if (status != 0 || (status = rn->run(rn->ctx, c + w, (int)k)) != 0)
			break;
		for (; k > 0; k--, w++) {
			case_said(&t[w], &c[w], &said[n++]);
			if (d->extra < BL_DIAG_TESTS_MAX)
				d->extra_id[d->extra] = t[w].id;
			d->extra++;
			d->extra_cpu_ms += c[w].cpu_ms;
			d->extra_wall_ms += c[w].wall_ms;
		}
	}
	if (status == 0)
		bl_diagnose(p, said, n, 0, "the failing input", d);
done:
	for (size_t i = 0; c && i < s.n; i++)
		bl_stress_case_release(&c[i]);
	free(t);
	free(c);
	free(said);
	bl_suite_release(&s);
	return status;
}
