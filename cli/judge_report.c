/*
 * judge_report: what the judge found, as text (a head, a line per test,
 * the end: the summary and the first failure) or as one JSON document with
 * the same facts (docs/judge.md shows both).
 */
#include "judge.h"

#include <string.h>

#define SHOW_LINES 6          /* expected and found: the lines shown */
#define SHOW_LINE_BYTES 120   /* and the bytes of each */
#define SMALL_INPUT_LINES 24  /* an input up to this is shown whole */
#define SMALL_INPUT_BYTES 2000

/* w as one shell word: as it is when that is safe, else in single quotes. */
static void shell_word(struct bl_buf *out, const char *w)
{
	bool plain = *w != '\0';

	for (const char *c = w; *c && plain; c++)
		plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			       "0123456789_-./=:,+@%", *c) != NULL;
	if (plain) {
		bl_buf_puts(out, w);
		return;
	}
	bl_buf_putc(out, '\'');
	for (const char *c = w; *c; c++) {
		if (*c == '\'')
			bl_buf_puts(out, "'\\''");
		else
			bl_buf_putc(out, *c);
	}
	bl_buf_putc(out, '\'');
}

static void judge_shell_words(struct bl_buf *out, char *const *words)
{
	for (int i = 0; words[i]; i++) {
		if (i)
			bl_buf_putc(out, ' ');
		shell_word(out, words[i]);
	}
}

static size_t count_lines(const char *s, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += s[i] == '\n';
	return n + (len && s[len - 1] != '\n');
}

/* The verdict counts, "WA 2, TLE 1", into out. */
static void verdict_counts(const struct judge *j, struct bl_buf *out)
{
	int count[J_NVERDICTS] = { 0 };
	bool first = true;

	for (int i = 0; i < j->ran; i++)
		count[j->res[i].v]++;
	for (int v = J_WA; v < J_NVERDICTS; v++) {
		if (!count[v])
			continue;
		bl_buf_printf(out, "%s%s %d", first ? "" : ", ", judge_verdict_names[v], count[v]);
		first = false;
	}
}

/* The lowest test that failed, or -1. */
static int first_failure(const struct judge *j)
{
	for (int i = 0; i < j->ran; i++)
		if (j->res[i].v != J_AC)
			return i;
	return -1;
}

static void max_use(const struct judge *j, int64_t *cpu, uint64_t *rss)
{
	*cpu = 0;
	*rss = 0;
	for (int i = 0; i < j->ran; i++) {
		if (j->res[i].cpu_ms > *cpu)
			*cpu = j->res[i].cpu_ms;
		if (j->res[i].rss > *rss)
			*rss = j->res[i].rss;
	}
}

/* "3.4 MiB", one decimal: a test line's memory. */
static void mib(struct bl_buf *out, uint64_t bytes)
{
	bl_buf_printf(out, "%.1f MiB", (double)bytes / (1 << 20));
}

void judge_report_head(const struct judge *j, struct bl_buf *out)
{
	char mem[BL_BYTES_TEXT_MAX];

	bl_buf_printf(out, "judge %s (%s): %d tests ", j->p->id, j->p->title, j->n);
	if (j->tests_dir)
		bl_buf_printf(out, "from %s", j->tests_dir);
	else
		bl_buf_puts(out, "of the suite");
	bl_buf_printf(out, "; limits %.3g s CPU", (double)j->time_ms / 1000);
	if (j->scale != 1)
		bl_buf_printf(out, " (x%g)", j->scale);
	bl_buf_printf(out, ", %s memory (%s); %lld job%s\n", bl_bytes_text(j->memory, mem),
		      j->mem_how, (long long)j->jobs, j->jobs == 1 ? "" : "s");
	if (j->script[0])
		bl_buf_printf(out, "note: %s is a script (%s): the CPU time it spends before your "
			      "program starts counts in every test (judge the program it runs)\n",
			      j->cmd[0], j->script);
}

void judge_report_line(const struct judge *j, int i, struct bl_buf *out)
{
	const struct judge_result *res = &j->res[i];

	bl_buf_printf(out, "%4d  %-3s  %6.2f s  ", j->t[i].id, judge_verdict_names[res->v],
		      (double)res->cpu_ms / 1000);
	mib(out, res->rss);
	bl_buf_printf(out, "  %s", j->t[i].name);
	if (res->v != J_AC)
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
static void reproduce(const struct judge *j, int i, struct bl_buf *out)
{
	if (j->tests_dir) {
		struct bl_buf path;

		bl_buf_init(&path);
		bl_buf_printf(&path, "%s/%s.in", j->tests_dir, j->t[i].name);
		judge_shell_words(out, j->cmd);
		bl_buf_puts(out, " < ");
		shell_word(out, path.data ? path.data : "");
		bl_buf_release(&path);
		return;
	}
	shell_word(out, cli_program);
	bl_buf_printf(out, " judge %s --input %d | ", j->p->id, j->t[i].id);
	judge_shell_words(out, j->cmd);
}

static void failure_text(const struct judge *j, int i, struct bl_buf *out)
{
	const struct judge_test *t = &j->t[i];
	const struct judge_result *res = &j->res[i];
	size_t lines = t->in_lines;

	bl_buf_printf(out, "first failure: test %d %s (%s)%s%s\n", t->id, t->name, t->kind,
		      *t->desc ? ": " : "", t->desc);
	bl_buf_printf(out, "  %s: %s\n", judge_verdict_long[res->v], res->why);
	excerpt(out, "expected:", t->ans, t->ans_len, SHOW_LINES);
	excerpt(out, "found:", res->out.data, res->out.len, SHOW_LINES);
	if (res->err.len)
		excerpt(out, "stderr:", res->err.data, res->err.len, SHOW_LINES);
	if (t->in && lines <= SMALL_INPUT_LINES && t->in_len <= SMALL_INPUT_BYTES)
		excerpt(out, "input:", t->in, t->in_len, SMALL_INPUT_LINES);
	else
		bl_buf_printf(out, "  input:     %zu lines, %zu bytes (not shown)\n", lines,
			      t->in_len);
	bl_buf_puts(out, "  reproduce: ");
	reproduce(j, i, out);
	bl_buf_putc(out, '\n');
}

void judge_report_end(const struct judge *j, struct bl_buf *out)
{
	int64_t cpu;
	uint64_t rss;
	int f = first_failure(j), ok = 0;

	max_use(j, &cpu, &rss);
	for (int i = 0; i < j->ran; i++)
		ok += j->res[i].v == J_AC;
	if (f < 0) {
		bl_buf_printf(out, "AC: %d/%d tests, max %.2f s, ", ok, j->n, (double)cpu / 1000);
		mib(out, rss);
		bl_buf_putc(out, '\n');
		return;
	}
	bl_buf_printf(out, "%s: %d/%d tests accepted (", judge_verdict_names[j->res[f].v], ok,
		      j->n);
	verdict_counts(j, out);
	if (j->ran < j->n)
		bl_buf_printf(out, "; %d not run after --fail-fast", j->n - j->ran);
	bl_buf_printf(out, "), max %.2f s, ", (double)cpu / 1000);
	mib(out, rss);
	bl_buf_putc(out, '\n');
	failure_text(j, f, out);
}

/* ---- JSON ---- */

/* p[0..len) as a JSON string; bytes that are not UTF-8 become U+FFFD. */
static void json_bytes(struct bl_buf *out, const char *p, size_t len)
{
	const unsigned char *s = (const unsigned char *)(p ? p : "");
	size_t i = 0;

	bl_buf_putc(out, '"');
	while (i < len) {
		unsigned c = s[i];
		size_t n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
			 : (c & 0xf8) == 0xf0 ? 4 : 0;
		bool valid = n > 0 && i + n <= len && !(n == 2 && c < 0xc2);
		for (size_t k = 1; valid && k < n; k++)
			valid = (s[i + k] & 0xc0) == 0x80;
		if (!valid) {
			bl_buf_puts(out, "\\ufffd");
			i++;
		} else if (c == '"' || c == '\\') {
			bl_buf_printf(out, "\\%c", c);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			bl_buf_printf(out, c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\u%04x", c);
			i++;
		} else {
			bl_buf_add(out, s + i, n);
			i += n;
		}
	}
	bl_buf_putc(out, '"');
}

static void json_test(const struct judge *j, int i, struct bl_buf *out)
{
	const struct judge_test *t = &j->t[i];
	const struct judge_result *res = &j->res[i];

	bl_buf_printf(out, "    {\"id\": %d, \"name\": ", t->id);
	bl_buf_json_str(out, t->name);
	bl_buf_printf(out, ", \"kind\": \"%s\", \"description\": ", t->kind);
	bl_buf_json_str(out, t->desc);
	bl_buf_printf(out,
		      ", \"verdict\": \"%s\", \"cpu_ms\": %lld, \"wall_ms\": %lld, "
		      "\"memory_bytes\": %llu, \"why\": ",
		      judge_verdict_names[res->v], (long long)res->cpu_ms, (long long)res->wall_ms,
		      (unsigned long long)res->rss);
	json_bytes(out, res->v == J_AC ? "" : res->why, res->v == J_AC ? 0 : strlen(res->why));
	bl_buf_printf(out, ", \"alone\": %s}", res->alone ? "true" : "false");
}

static void json_failure(const struct judge *j, int f, struct bl_buf *out)
{
	struct bl_buf cmd;

	if (f < 0) {
		bl_buf_puts(out, "  \"first_failure\": null\n");
		return;
	}
	bl_buf_printf(out, "  \"first_failure\": {\"id\": %d, \"name\": ", j->t[f].id);
	bl_buf_json_str(out, j->t[f].name);
	bl_buf_printf(out, ", \"verdict\": \"%s\", \"why\": ", judge_verdict_names[j->res[f].v]);
	json_bytes(out, j->res[f].why, strlen(j->res[f].why));
	bl_buf_puts(out, ", \"expected\": ");
	json_bytes(out, j->t[f].ans, j->t[f].ans_len);
	bl_buf_puts(out, ", \"found\": ");
	json_bytes(out, j->res[f].out.data, j->res[f].out.len);
	bl_buf_puts(out, ", \"stderr\": ");
	json_bytes(out, j->res[f].err.data, j->res[f].err.len);
	bl_buf_puts(out, ", \"input\": ");
	if (j->t[f].in && j->t[f].in_len <= SMALL_INPUT_BYTES)
		json_bytes(out, j->t[f].in, j->t[f].in_len);
	else
		bl_buf_puts(out, "null");
	bl_buf_init(&cmd);
	reproduce(j, f, &cmd);
	bl_buf_puts(out, ", \"reproduce\": ");
	bl_buf_json_str(out, cmd.data ? cmd.data : "");
	bl_buf_release(&cmd);
	bl_buf_puts(out, "}\n");
}

void judge_report_json(const struct judge *j, struct bl_buf *out)
{
	int64_t cpu;
	uint64_t rss;
	int f = first_failure(j), ok = 0;

	max_use(j, &cpu, &rss);
	for (int i = 0; i < j->ran; i++)
		ok += j->res[i].v == J_AC;
	bl_buf_printf(out, "{\n  \"problem\": \"%s\", \"title\": ", j->p->id);
	bl_buf_json_str(out, j->p->title);
	bl_buf_puts(out, ", \"tests_from\": ");
	bl_buf_json_str(out, j->tests_dir ? j->tests_dir : "suite");
	bl_buf_puts(out, ",\n  \"command\": [");
	for (int i = 0; j->cmd[i]; i++) {
		bl_buf_puts(out, i ? ", " : "");
		bl_buf_json_str(out, j->cmd[i]);
	}
	bl_buf_printf(out,
		      "],\n  \"limits\": {\"cpu_ms\": %lld, \"time_scale\": %g, \"memory_bytes\": "
		      "%llu, \"output_bytes\": %llu, \"memory_measure\": ",
		      (long long)j->time_ms, j->scale, (unsigned long long)j->memory,
		      (unsigned long long)j->output);
	bl_buf_json_str(out, j->mem_how);
	bl_buf_puts(out, ", \"command_script\": ");
	if (j->script[0])
		bl_buf_json_str(out, j->script);
	else
		bl_buf_puts(out, "null");
	bl_buf_printf(out,
		      "},\n  \"jobs\": %lld,\n  \"verdict\": \"%s\", \"accepted\": %d, \"tests\": %d, "
		      "\"run\": %d, \"max_cpu_ms\": %lld, \"max_memory_bytes\": %llu,\n  \"results\": [\n",
		      (long long)j->jobs, judge_verdict_names[f < 0 ? J_AC : j->res[f].v], ok, j->n,
		      j->ran, (long long)cpu, (unsigned long long)rss);
	for (int i = 0; i < j->ran; i++) {
		json_test(j, i, out);
		bl_buf_puts(out, i + 1 < j->ran ? ",\n" : "\n");
	}
	bl_buf_puts(out, "  ],\n  \"counts\": {");
	for (int v = 0, first = 1; v < J_NVERDICTS; v++) {
		int n = 0;
		for (int i = 0; i < j->ran; i++)
			n += j->res[i].v == (enum judge_verdict)v;
		if (n) {
			bl_buf_printf(out, "%s\"%s\": %d", first ? "" : ", ", judge_verdict_names[v], n);
			first = 0;
		}
	}
	bl_buf_puts(out, "},\n");
	json_failure(j, f, out);
	bl_buf_puts(out, "}\n");
}
