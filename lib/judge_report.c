/*
 * judge_report: what the judge found, as text (a head, a line per test,
 * the end: the summary and the first failure) or as one JSON document with
 * the same facts (docs/judge.md shows both); and what of a test the report
 * needs, kept apart from where it came from.
 */
#include "boardlab/judge.h"

#include <string.h>

#define SHOW_LINES 6          /* expected and found: the lines shown */
#define SHOW_LINE_BYTES 120   /* and the bytes of each */
#define SMALL_INPUT_LINES 24  /* an input up to this is shown whole */
#define SMALL_INPUT_BYTES BL_JUDGE_INPUT_SHOWN

/* What the summary and the JSON document read: the arguments of each. */
struct report {
	const struct bl_judge_settings *s;
	const struct bl_judge_test *t;
	const struct bl_judge_result *res;
	int ran;              /* the tests run, the first ran */
};

static size_t count_lines(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n + (len && s[len - 1] != '\n');
}

/*
 * The tests run by verdict, those with none left out, into out: the
 * summary's failures, "WA 2, TLE 1", or JSON's counts of all,
 * "\"AC\": 58, \"WA\": 2".
 */
static void verdict_counts(const struct report *j, bool json, struct bl_buf *out)
{
	int count[BL_VERDICT_COUNT] = { 0 };
	bool first = true;

	for (int i = 0; i < j->ran; i++)
		count[j->res[i].verdict]++;
	for (int v = json ? BL_VERDICT_AC : BL_VERDICT_WA; v < BL_VERDICT_COUNT; v++) {
		const char *name = bl_verdict_name((enum bl_verdict)v);
		if (!count[v])
			continue;
		if (json)
			bl_buf_printf(out, "%s\"%s\": %d", first ? "" : ", ", name, count[v]);
		else
			bl_buf_printf(out, "%s%s %d", first ? "" : ", ", name, count[v]);
		first = false;
	}
}

/* What the summary says of the tests run. */
struct totals {
	int first;            /* the lowest test that failed, or -1 */
	int accepted;
	int64_t cpu_ms;       /* the most CPU time */
	uint64_t peak_bytes;  /* the most memory */
};

static void totals(const struct report *j, struct totals *tot)
{
	*tot = (struct totals){ .first = -1 };
	for (int i = 0; i < j->ran; i++) {
		const struct bl_judge_result *res = &j->res[i];
		if (res->verdict == BL_VERDICT_AC)
			tot->accepted++;
		else if (tot->first < 0)
			tot->first = i;
		if (res->cpu_ms > tot->cpu_ms)
			tot->cpu_ms = res->cpu_ms;
		if (res->peak_bytes > tot->peak_bytes)
			tot->peak_bytes = res->peak_bytes;
	}
}

/* "3.4 MiB", one decimal: a test line's memory. */
static void mib(struct bl_buf *out, uint64_t bytes)
{
	bl_buf_printf(out, "%.1f MiB", (double)bytes / (1 << 20));
}

void bl_judge_head(const struct bl_judge_settings *s, int n, struct bl_buf *out)
{
	char mem[BL_BYTES_TEXT_MAX];

	bl_buf_printf(out, "judge %s (%s): %d tests %s%s; limits %.3g s CPU", s->problem->id,
		      s->problem->title, n, s->tests_dir ? "from " : "of the suite",
		      s->tests_dir ? s->tests_dir : "", (double)s->time_ms / 1000);
	if (s->time_scale != 1)
		bl_buf_printf(out, " (x%g)", s->time_scale);
	bl_buf_printf(out, ", %s memory (%s); %lld job%s\n", bl_bytes_text(s->memory_bytes, mem),
		      s->memory_measure, (long long)s->jobs, s->jobs == 1 ? "" : "s");
	if (s->command_script)
		bl_buf_printf(out, "note: %s is a script (%s): the CPU time it spends before your "
			      "program starts counts in every test (judge the program it runs)\n",
			      s->command[0], s->command_script);
}

void bl_judge_line(const struct bl_judge_test *t, const struct bl_judge_result *res,
		   struct bl_buf *out)
{
	bl_buf_printf(out, "%4d  %-3s  %6.2f s  ", t->id, bl_verdict_name(res->verdict),
		      (double)res->cpu_ms / 1000);
	mib(out, res->peak_bytes);
	bl_buf_printf(out, "  %s", t->name);
	if (res->verdict != BL_VERDICT_AC)
		bl_buf_printf(out, ": %s", res->why);
	if (res->alone)
		bl_buf_puts(out, " (run again alone)");
	bl_buf_putc(out, '\n');
}

/* At most lines lines of s[0..n), each cut at SHOW_LINE_BYTES, indented. */
static void excerpt(struct bl_buf *out, const char *label, const char *s, size_t n, size_t lines)
{
	size_t at = 0, shown = 0, total = count_lines(s, n);

	bl_buf_printf(out, "  %-11s", label);
	if (n == 0) {
		bl_buf_puts(out, "(nothing)\n");
		return;
	}
	while (at < n && shown < lines) {
		const char *nl = memchr(s + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - (s + at)) : n - at;
		bl_buf_printf(out, "%s%.*s%s\n", shown ? "             " : "",
			      (int)(len < SHOW_LINE_BYTES ? len : SHOW_LINE_BYTES), s + at,
			      len > SHOW_LINE_BYTES ? " [...]" : "");
		at += len + 1;
		shown++;
	}
	if (total > shown)
		bl_buf_printf(out, "             [%zu more line%s]\n", total - shown,
			      total - shown == 1 ? "" : "s");
}

/* The shell command that runs CMD on test i alone. */
static void reproduce(const struct report *j, int i, struct bl_buf *out)
{
	if (j->s->tests_dir) {
		struct bl_buf path;

		bl_buf_init(&path);
		bl_buf_printf(&path, "%s/%s.in", j->s->tests_dir, j->t[i].name);
		bl_buf_shell_words(out, j->s->command);
		bl_buf_puts(out, " < ");
		bl_buf_shell_word(out, path.data ? path.data : "");
		bl_buf_release(&path);
		return;
	}
	bl_buf_shell_word(out, j->s->program ? j->s->program : "boardlab");
	bl_buf_printf(out, " judge %s --input %d | ", j->s->problem->id, j->t[i].id);
	bl_buf_shell_words(out, j->s->command);
}

static void failure_text(const struct report *j, int i, struct bl_buf *out)
{
	const struct bl_judge_test *t = &j->t[i];
	const struct bl_judge_result *res = &j->res[i];
	size_t lines = t->input ? count_lines(t->input, t->input_len) : t->input_lines;

	bl_buf_printf(out, "first failure: test %d %s (%s)%s%s\n", t->id, t->name, t->kind,
		      *t->desc ? ": " : "", t->desc);
	bl_buf_printf(out, "  %s: %s\n", bl_verdict_long(res->verdict), res->why);
	excerpt(out, "expected:", t->expected, t->expected_len, SHOW_LINES);
	excerpt(out, "found:", res->out.data, res->out.len, SHOW_LINES);
	if (res->err.len)
		excerpt(out, "stderr:", res->err.data, res->err.len, SHOW_LINES);
	if (t->input && lines <= SMALL_INPUT_LINES && t->input_len <= SMALL_INPUT_BYTES)
		excerpt(out, "input:", t->input, t->input_len, SMALL_INPUT_LINES);
	else
		bl_buf_printf(out, "  input:     %zu lines, %zu bytes (not shown)\n", lines,
			      t->input_len);
	bl_buf_puts(out, "  reproduce: ");
	reproduce(j, i, out);
	bl_buf_putc(out, '\n');
}

void bl_judge_summary(const struct bl_judge_settings *s, const struct bl_judge_test *tests,
		      const struct bl_judge_result *res, int n, int ran, struct bl_buf *out)
{
	const struct report jd = { s, tests, res, ran }, *j = &jd;
	struct totals tot;

	totals(j, &tot);
	if (tot.first < 0) {
		bl_buf_printf(out, "AC: %d/%d tests, max %.2f s, ", tot.accepted, n,
			      (double)tot.cpu_ms / 1000);
		mib(out, tot.peak_bytes);
		bl_buf_putc(out, '\n');
		return;
	}
	bl_buf_printf(out, "%s: %d/%d tests accepted (", bl_verdict_name(res[tot.first].verdict),
		      tot.accepted, n);
	verdict_counts(j, false, out);
	if (ran < n)
		bl_buf_printf(out, "; %d not run after --fail-fast", n - ran);
	bl_buf_printf(out, "), max %.2f s, ", (double)tot.cpu_ms / 1000);
	mib(out, tot.peak_bytes);
	bl_buf_putc(out, '\n');
	failure_text(j, tot.first, out);
}

/* ---- JSON ---- */

static void json_test(const struct bl_judge_test *t, const struct bl_judge_result *res,
		      struct bl_buf *out)
{
	bl_buf_printf(out, "    {\"id\": %d, \"name\": ", t->id);
	bl_buf_json_str(out, t->name);
	bl_buf_printf(out, ", \"kind\": \"%s\", \"description\": ", t->kind);
	bl_buf_json_str(out, t->desc);
	bl_buf_printf(out,
		      ", \"verdict\": \"%s\", \"cpu_ms\": %lld, \"wall_ms\": %lld, "
		      "\"memory_bytes\": %llu, \"why\": ",
		      bl_verdict_name(res->verdict), (long long)res->cpu_ms, (long long)res->wall_ms,
		      (unsigned long long)res->peak_bytes);
	bl_buf_json_bytes(out, res->why, res->verdict == BL_VERDICT_AC ? 0 : strlen(res->why));
	bl_buf_printf(out, ", \"alone\": %s}", res->alone ? "true" : "false");
}

static void json_failure(const struct report *j, int f, struct bl_buf *out)
{
	struct bl_buf cmd;

	if (f < 0) {
		bl_buf_puts(out, "  \"first_failure\": null");
		return;
	}
	bl_buf_printf(out, "  \"first_failure\": {\"id\": %d, \"name\": ", j->t[f].id);
	bl_buf_json_str(out, j->t[f].name);
	bl_buf_printf(out, ", \"verdict\": \"%s\", \"why\": ", bl_verdict_name(j->res[f].verdict));
	bl_buf_json_bytes(out, j->res[f].why, strlen(j->res[f].why));
	bl_buf_puts(out, ", \"expected\": ");
	bl_buf_json_bytes(out, j->t[f].expected, j->t[f].expected_len);
	bl_buf_puts(out, ", \"found\": ");
	bl_buf_json_bytes(out, j->res[f].out.data, j->res[f].out.len);
	bl_buf_puts(out, ", \"stderr\": ");
	bl_buf_json_bytes(out, j->res[f].err.data, j->res[f].err.len);
	bl_buf_puts(out, ", \"input\": ");
	if (j->t[f].input && j->t[f].input_len <= SMALL_INPUT_BYTES)
		bl_buf_json_bytes(out, j->t[f].input, j->t[f].input_len);
	else
		bl_buf_puts(out, "null");
	bl_buf_init(&cmd);
	reproduce(j, f, &cmd);
	bl_buf_puts(out, ", \"reproduce\": ");
	bl_buf_json_str(out, cmd.data ? cmd.data : "");
	bl_buf_release(&cmd);
	bl_buf_putc(out, '}');
}

/* The document's head: the problem, where the tests come from, CMD, the limits and jobs. */
static void json_settings(const struct bl_judge_settings *s, struct bl_buf *out)
{
	bl_buf_printf(out, "{\n  \"problem\": \"%s\", \"title\": ", s->problem->id);
	bl_buf_json_str(out, s->problem->title);
	bl_buf_puts(out, ", \"tests_from\": ");
	bl_buf_json_str(out, s->tests_dir ? s->tests_dir : "suite");
	bl_buf_puts(out, ",\n  \"command\": [");
	for (int i = 0; s->command[i]; i++) {
		bl_buf_puts(out, i ? ", " : "");
		bl_buf_json_str(out, s->command[i]);
	}
	bl_buf_printf(out,
		      "],\n  \"limits\": {\"cpu_ms\": %lld, \"time_scale\": %g, \"memory_bytes\": "
		      "%llu, \"output_bytes\": %llu, \"memory_measure\": ",
		      (long long)s->time_ms, s->time_scale, (unsigned long long)s->memory_bytes,
		      (unsigned long long)s->output_bytes);
	bl_buf_json_str(out, s->memory_measure);
	bl_buf_puts(out, ", \"command_script\": ");
	if (s->command_script)
		bl_buf_json_str(out, s->command_script);
	else
		bl_buf_puts(out, "null");
	bl_buf_printf(out, "},\n  \"jobs\": %lld,\n", (long long)s->jobs);
}

void bl_judge_json(const struct bl_judge_settings *s, const struct bl_judge_test *tests,
		   const struct bl_judge_result *res, int n, int ran,
		   const struct bl_diagnosis *diag, struct bl_buf *out)
{
	const struct report jd = { s, tests, res, ran };
	struct totals tot;

	totals(&jd, &tot);
	json_settings(s, out);
	bl_buf_printf(out,
		      "  \"verdict\": \"%s\", \"accepted\": %d, \"tests\": %d, \"run\": %d, "
		      "\"max_cpu_ms\": %lld, \"max_memory_bytes\": %llu,\n  \"results\": [\n",
		      bl_verdict_name(tot.first < 0 ? BL_VERDICT_AC : res[tot.first].verdict),
		      tot.accepted, n, ran, (long long)tot.cpu_ms,
		      (unsigned long long)tot.peak_bytes);
	for (int i = 0; i < ran; i++) {
		json_test(&tests[i], &res[i], out);
		bl_buf_puts(out, i + 1 < ran ? ",\n" : "\n");
	}
	bl_buf_puts(out, "  ],\n  \"counts\": {");
	verdict_counts(&jd, true, out);
	bl_buf_puts(out, "},\n");
	json_failure(&jd, tot.first, out);
	bl_buf_puts(out, ",\n  \"diagnosis\": ");
	if (diag)
		bl_diagnosis_json(diag, out);
	else
		bl_buf_puts(out, "null");
	bl_buf_puts(out, "\n}\n");
}

/* ---- the suite without CMD: --list, --export's index; an input let go ---- */

bool bl_judge_test_drop_input(struct bl_judge_test *t)
{
	if (!t->input || t->input_len <= BL_JUDGE_INPUT_SHOWN)
		return t->input != NULL;
	t->input_lines = count_lines(t->input, t->input_len);
	t->input = NULL;
	return false;
}

/* Appends s[0..len) and a NUL to own; where it starts. */
static size_t keep(struct bl_buf *own, const char *s, size_t len)
{
	size_t at = own->len;

	bl_buf_add(own, s, len);
	bl_buf_putc(own, '\0');
	return at;
}

bool bl_judge_test_keep(struct bl_judge_test *t, struct bl_buf *own)
{
	struct bl_judge_test k = *t;
	bool input = bl_judge_test_drop_input(&k);
	size_t name, desc, expected, in = 0;

	bl_buf_reset(own);
	name = keep(own, k.name, strlen(k.name));
	desc = keep(own, k.desc, strlen(k.desc));
	expected = keep(own, k.expected ? k.expected : "", k.expected_len);
	if (input)
		in = keep(own, k.input, k.input_len);
	if (bl_buf_failed(own))
		return false;
	k.name = own->data + name;
	k.desc = own->data + desc;
	k.expected = own->data + expected;
	if (input)
		k.input = own->data + in;
	*t = k;
	return true;
}

void bl_judge_list(const struct bl_judge_settings *s, const struct bl_judge_test *tests, int n,
		   struct bl_buf *out)
{
	char mem[BL_BYTES_TEXT_MAX];

	bl_buf_printf(out, "%s %s: %d tests; time limit %.3g s, memory limit %s\n", s->problem->id,
		      s->problem->title, n, (double)s->time_ms / 1000,
		      bl_bytes_text(s->memory_bytes, mem));
	for (int i = 0; i < n; i++)
		bl_buf_printf(out, "%3d  %-6s  %-28s  %s\n", tests[i].id, tests[i].kind, tests[i].name,
			      tests[i].desc);
}

void bl_judge_index(const struct bl_judge_test *tests, int n, struct bl_buf *out)
{
	bl_buf_puts(out, "id\tkind\tname\tdescription\n");
	for (int i = 0; i < n; i++)
		bl_buf_printf(out, "%03d\t%s\t%s\t%s\n", tests[i].id, tests[i].kind, tests[i].name,
			      tests[i].desc);
}
