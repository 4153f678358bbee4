/*
 * diagnose: which known mistake a failing solution makes (see bl_diagnose
 * in boardlab/judge.h), for the judge and for stress.  Each mistake of the
 * problem's catalogue (boardlab/mistake.h) is played on the tests that
 * speak: the witness tests read and the failing test; the mistakes whose
 * answers are the program's on all of them are the likely ones, first the
 * one that answers as the program on the most of all the tests read, then
 * the most exercised.  For the first, its witness is kept with the right
 * answer, the mistake's and the program's, and for tower the move at which
 * the two games part.  A judging whose witness tests did not all run runs
 * them here, through the caller, while a mistake may still match
 * (bl_judge_diagnosis); stress's runs are lib/stress.c's.  The report's
 * text and JSON of a diagnosis are here too.
 */
#include "boardlab/judge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardlab/mistake.h"
#include "boardlab/suite.h"
#include "boardlab/tower.h"

#define MISTAKES_MAX 64   /* a catalogue longer than this is not read */

/*
 * Whether mistake m answers test s as the program did: the same tokens, or
 * no answer from either (the mistake never stops; the program was stopped
 * or failed); *moved: the mistake's answer differs from the right one.
 */
static bool agrees(const struct bl_problem *p, const struct bl_mistake *m,
		   const struct bl_diag_said *s, struct bl_buf *tmp, bool *moved)
{
	bool endless;

	bl_buf_reset(tmp);
	if (bl_mistake_answer(m, s->t->input, s->t->input_len, tmp, &endless, NULL) != BL_OK)
		return false;
	*moved = endless || bl_compare(p, s->t->expected, s->t->expected_len, tmp->data,
				       tmp->len, NULL) != BL_VERDICT_AC;
	if (endless || !s->out)
		return endless && !s->out;
	return bl_compare(p, tmp->data, tmp->len, s->out, s->out_len, NULL) == BL_VERDICT_AC;
}

/* The tests that speak among said[0..n): the witness tests and said[failing]; at most 64. */
static size_t speakers(const struct bl_diag_said *said, size_t n, size_t failing, size_t *at,
		       size_t *witnesses)
{
	size_t ns = 0;

	*witnesses = 0;
	for (size_t i = 0; i < n && ns < BL_DIAG_TESTS_MAX; i++) {
		bool witness = strcmp(said[i].t->kind, "witness") == 0;
		if (witness || i == failing) {
			at[ns++] = i;
			*witnesses += witness;
		}
	}
	return ns;
}

/* Whether m agrees with the program on every speaker; on how many its answer is wrong. */
static bool matches(const struct bl_problem *p, const struct bl_mistake *m,
		    const struct bl_diag_said *said, const size_t *at, size_t ns,
		    struct bl_buf *tmp, int *moved_on)
{
	*moved_on = 0;
	for (size_t i = 0; i < ns; i++) {
		bool moved = false;
		if (!agrees(p, m, &said[at[i]], tmp, &moved))
			return false;
		*moved_on += moved;
	}
	return true;
}

size_t bl_diag_candidates(const struct bl_problem *p, const struct bl_diag_said *said, size_t n,
			  size_t failing)
{
	size_t at[BL_DIAG_TESTS_MAX], w, ns = speakers(said, n, failing, at, &w), nm, count = 0;
	struct bl_buf tmp;
	int moved;

	nm = bl_mistake_count(p);
	if (nm > MISTAKES_MAX)
		return 0;
	bl_buf_init(&tmp);
	for (size_t k = 0; k < nm; k++)
		count += matches(p, bl_mistake_at(p, k), said, at, ns, &tmp, &moved);
	bl_buf_release(&tmp);
	return count;
}

/* The moves of a tower game, one line each (tower_step_text), for the parting. */
struct moves {
	struct bl_buf text;
	size_t n;
};

static bool note_move(void *ctx, const struct tower_step *step)
{
	struct moves *mv = ctx;

	if (step->mv) {
		bl_buf_printf(&mv->text, "turn %lld: ", (long long)step->turn);
		tower_step_text(step, NULL, &mv->text);
		bl_buf_putc(&mv->text, '\n');
		mv->n++;
	}
	return mv->n < 100000;
}

/* line[0..len) into dst (cap bytes, cut there), NUL-ended. */
static void copy_line(char *dst, size_t cap, const char *line, size_t len)
{
	if (len >= cap)
		len = cap - 1;
	memcpy(dst, line, len);
	dst[len] = '\0';
}

/* Plays the witness by the rules and with mistake m; the first move where they part, into w. */
static void tower_parting(const struct bl_problem *p, const struct bl_mistake *m, const char *in,
			  size_t len, struct bl_diag_witness *w)
{
	struct moves a = { .n = 0 }, b = { .n = 0 };
	struct tower t;
	struct tower_limits lim;
	struct tower_opts o;
	struct tower_result res;
	struct bl_reader rd;

	bl_buf_init(&a.text);
	bl_buf_init(&b.text);
	tower_limits_boj(&lim);
	tower_opts_init(&o);
	o.rule = (enum tower_rule)p->variant;
	tower_init(&t);
	bl_reader_init(&rd, in, len);
	if (tower_parse(&t, &rd, &lim, NULL) == BL_OK && tower_play(&t, &o, note_move, &a, &res,
								  NULL) == BL_OK) {
		o.mistake = (enum tower_mistake)m->variant;
		if (tower_play(&t, &o, note_move, &b, &res, NULL) == BL_OK) {
			const char *x = a.text.data ? a.text.data : "", *y = b.text.data ? b.text.data : "";
			while (*x && *x == *y) {   /* to the first line that differs */
				const char *ex = strchr(x, '\n'), *ey = strchr(y, '\n');
				if (!ex || !ey || ex - x != ey - y || memcmp(x, y, (size_t)(ex - x)) != 0)
					break;
				x = ex + 1;
				y = ey + 1;
			}
			const char *ex = strchr(x, '\n'), *ey = strchr(y, '\n');
			w->parted = ex || ey;
			copy_line(w->rules, sizeof w->rules, x, ex ? (size_t)(ex - x) : 0);
			copy_line(w->mistake, sizeof w->mistake, y, ey ? (size_t)(ey - y) : 0);
		}
	}
	tower_release(&t);
	bl_buf_release(&a.text);
	bl_buf_release(&b.text);
}

/* An answer as shown: its first line, at most BL_DIAG_ANSWER_MAX bytes; none for NULL. */
static void answer_set(struct bl_diag_answer *a, const char *s, size_t len)
{
	size_t n = 0;

	a->none = s == NULL;
	while (s && n < len && n < BL_DIAG_ANSWER_MAX && s[n] != '\n')
		n++;
	copy_line(a->text, sizeof a->text, s ? s : "", n);
	a->len = n;
}

/* The first likely mistake's witness test among said[0..n), when it was read. */
static void witness_of(const struct bl_problem *p, const struct bl_mistake *m,
		       const struct bl_diag_said *said, size_t n, struct bl_diag_witness *w)
{
	char name[BL_TEST_NAME_MAX + 16];
	struct bl_buf tmp;
	bool endless;

	snprintf(name, sizeof name, "witness-%s", m->id);
	for (size_t i = 0; i < n; i++) {
		const struct bl_diag_said *s = &said[i];
		if (strcmp(s->t->kind, "witness") != 0 || strcmp(s->t->name, name) != 0)
			continue;
		w->id = s->t->id;
		snprintf(w->name, sizeof w->name, "%s", s->t->name);
		bl_buf_init(&tmp);
		bl_mistake_answer(m, s->t->input, s->t->input_len, &tmp, &endless, NULL);
		answer_set(&w->right, s->t->expected, s->t->expected_len);
		answer_set(&w->mistaken, endless ? NULL : tmp.data ? tmp.data : "", tmp.len);
		answer_set(&w->yours, s->out, s->out_len);
		if (strcmp(p->game, "tower") == 0)
			tower_parting(p, m, s->t->input, s->t->input_len, w);
		bl_buf_release(&tmp);
		return;
	}
}

/*
 * When no mistake matches: the one that answers as the program on the most
 * failed tests of said[0..n), the first of the catalogue on a tie, into
 * d->closest when that is 2 or more and half of them or more (a program
 * that prints -1 everywhere meets some mistake's -1 now and then), and when
 * the mistake is wrong where the program is right on at most a quarter of
 * the tests it is wrong on: a mistake whose answers are all wrong, 16880's
 * names-swapped, otherwise meets every failure of a game with two answers.
 */
static void closest(const struct bl_problem *p, const struct bl_diag_said *said, size_t n,
		    struct bl_buf *tmp, struct bl_diagnosis *d)
{
	size_t nm = bl_mistake_count(p);
	int best = 0;
	bool *failed = calloc(n ? n : 1, sizeof *failed);

	if (!failed)
		return;   /* no closest, rather than no report */
	for (size_t i = 0; i < n; i++) {
		const struct bl_judge_test *t = said[i].t;
		failed[i] = !said[i].out || bl_compare(p, t->expected, t->expected_len, said[i].out,
						       said[i].out_len, NULL) != BL_VERDICT_AC;
		d->failed += failed[i];
	}
	for (size_t k = 0; k < nm; k++) {
		const struct bl_mistake *m = bl_mistake_at(p, k);
		int on = 0, wrong = 0, alone = 0;   /* alone: wrong where the program is right */
		for (size_t i = 0; i < n; i++) {
			bool moved = false, same = agrees(p, m, &said[i], tmp, &moved);
			on += failed[i] && same;
			wrong += moved;
			alone += moved && !failed[i];
		}
		if (on > best && on >= 2 && 2 * on >= d->failed && 4 * alone <= wrong) {
			best = on;
			d->closest = m;
			d->closest_on = on;
		}
	}
	free(failed);
}

void bl_diagnose(const struct bl_problem *p, const struct bl_diag_said *said, size_t n,
		 size_t failing, const char *failure, struct bl_diagnosis *d)
{
	size_t at[BL_DIAG_TESTS_MAX], nm = bl_mistake_count(p);
	int score[MISTAKES_MAX], order[MISTAKES_MAX], fit[MISTAKES_MAX];
	struct bl_buf tmp;

	d->problem = NULL;
	d->failure = failure;
	d->matched = 0;
	d->fit = 0;
	d->replayed = (int)n;
	d->closest = NULL;
	d->closest_on = d->failed = 0;
	memset(d->likely, 0, sizeof d->likely);
	memset(&d->witness, 0, sizeof d->witness);
	d->spoken = speakers(said, n, failing, at, &d->witnesses);
	d->mistakes = nm;
	if (!p || nm == 0 || nm > MISTAKES_MAX)
		return;
	d->problem = p;
	bl_buf_init(&tmp);
	for (size_t k = 0; k < nm; k++) {
		const struct bl_mistake *m = bl_mistake_at(p, k);
		int moved_on, at_k;
		if (!matches(p, m, said, at, d->spoken, &tmp, &moved_on) || moved_on == 0)
			continue;
		/* best first: the most tests answered as the program, then the most moved */
		fit[k] = 0;
		for (size_t i = 0; i < n; i++) {
			bool moved;
			fit[k] += agrees(p, m, &said[i], &tmp, &moved);
		}
		score[k] = fit[k] * 1000 + moved_on;
		at_k = d->matched++;
		while (at_k > 0 && score[order[at_k - 1]] < score[k]) {
			order[at_k] = order[at_k - 1];
			at_k--;
		}
		order[at_k] = (int)k;
	}
	if (d->matched == 0)
		closest(p, said, n, &tmp, d);
	bl_buf_release(&tmp);
	for (int i = 0; i < d->matched && i < BL_DIAG_SHOWN; i++)
		d->likely[i] = bl_mistake_at(p, (size_t)order[i]);
	if (d->matched > 0) {
		d->fit = fit[order[0]];
		witness_of(p, d->likely[0], said, n, &d->witness);
	}
}

/* ---- a judging's diagnosis ---- */

/* What the program printed: the expected output when accepted, what was kept when wrong. */
static bool program_said(const struct bl_judge_test *t, const struct bl_judge_result *r,
			 struct bl_diag_said *s)
{
	s->t = t;
	s->out = NULL;
	s->out_len = 0;
	if (!r->done || !t->input)
		return false;
	if (r->verdict == BL_VERDICT_AC) {
		s->out = t->expected;
		s->out_len = t->expected_len;
	} else if (r->verdict == BL_VERDICT_WA || r->verdict == BL_VERDICT_PE) {
		s->out = r->out.data ? r->out.data : "";
		s->out_len = r->out.len;
	}
	return true;
}

int bl_judge_diagnosis(const struct bl_judge_settings *set, const struct bl_judge_test *tests,
		       struct bl_judge_result *res, int ran, int total,
		       int (*run)(void *ctx, int i), void *ctx, struct bl_diagnosis *d)
{
	const struct bl_problem *p = set->problem;
	struct bl_diag_said *said;
	size_t n = 0, failing = SIZE_MAX;
	bool failed = false;
	int status = 0;

	memset(d, 0, sizeof *d);
	if (total < ran)
		total = ran;
	for (int i = 0; i < ran && !failed; i++)
		failed = res[i].done && res[i].verdict != BL_VERDICT_AC;
	if (!failed || !p)
		return 0;
	if ((said = malloc((size_t)(total ? total : 1) * sizeof *said)) == NULL)
		return 0;   /* no diagnosis, rather than no report */
	for (int i = 0; i < ran; i++) {
		if (failing == SIZE_MAX && res[i].done && res[i].verdict != BL_VERDICT_AC)
			failing = program_said(&tests[i], &res[i], &said[n]) ? n : SIZE_MAX - 1;
		n += program_said(&tests[i], &res[i], &said[n]);
	}
	for (int i = ran; i < total && status == 0; i++) {
		if (res[i].done || strcmp(tests[i].kind, "witness") != 0 || !tests[i].input)
			continue;
		if (bl_diag_candidates(p, said, n, failing) == 0)
			break;   /* no run can name a mistake now */
		if ((status = run(ctx, i)) != 0)
			break;
		if (d->extra < BL_DIAG_TESTS_MAX)
			d->extra_id[d->extra] = tests[i].id;
		d->extra++;
		d->extra_cpu_ms += res[i].cpu_ms;
		d->extra_wall_ms += res[i].wall_ms;
		n += program_said(&tests[i], &res[i], &said[n]);
	}
	if (status == 0)
		bl_diagnose(p, said, n, failing, "the first failure", d);
	free(said);
	return status;
}

/* ---- the report ---- */

/* An answer for the text: 'TEXT', or what stands for none. */
static void answer_text(const struct bl_diag_answer *a, struct bl_buf *out)
{
	if (a->none)
		bl_buf_puts(out, "no answer");
	else
		bl_buf_printf(out, "'%.*s'", (int)a->len, a->text);
}

/* The extra runs' tests: "62 to 71", "3, 5 to 9", "62"; the first 64. */
static void ids_text(const struct bl_diagnosis *d, struct bl_buf *out)
{
	int n = d->extra < BL_DIAG_TESTS_MAX ? d->extra : BL_DIAG_TESTS_MAX;

	for (int i = 0; i < n;) {
		int j = i;
		while (j + 1 < n && d->extra_id[j + 1] == d->extra_id[j] + 1)
			j++;
		bl_buf_printf(out, "%s%d", i ? ", " : "", d->extra_id[i]);
		if (j > i)
			bl_buf_printf(out, " to %d", d->extra_id[j]);
		i = j + 1;
	}
	if (d->extra > n)
		bl_buf_puts(out, ", ...");
}

static void witness_text(const struct bl_diag_witness *w, struct bl_buf *out)
{
	if (!w->id)
		return;
	bl_buf_printf(out, "  its witness, test %d %s: the right answer ", w->id, w->name);
	answer_text(&w->right, out);
	bl_buf_puts(out, ", the mistake's ");
	answer_text(&w->mistaken, out);
	bl_buf_puts(out, ", yours ");
	answer_text(&w->yours, out);
	bl_buf_putc(out, '\n');
	if (!w->parted)
		return;
	if (w->rules[0] && w->mistake[0])
		bl_buf_printf(out, "    where the games part: by the rules, %s\n"
			      "    with the mistake, %s\n", w->rules, w->mistake);
	else if (w->mistake[0])
		bl_buf_printf(out, "    where the games part: by the rules the game is over; with "
			      "the mistake it goes on, %s\n", w->mistake);
	else
		bl_buf_printf(out, "    where the games part: with the mistake the game is over; by "
			      "the rules it goes on, %s\n", w->rules);
}

void bl_diagnosis_text(const struct bl_diagnosis *d, struct bl_buf *out)
{
	const char *id;

	if (!d->problem)
		return;
	id = d->problem->id;
	if (d->matched == 0 && d->witnesses == 0)
		bl_buf_printf(out, "diagnosis: no known mistake of %s matches (each of the %zu "
			      "answers otherwise than your program on %s, so no witness test was "
			      "run)\n", id, d->mistakes, d->failure);
	else if (d->matched == 0)
		bl_buf_printf(out, "diagnosis: no known mistake of %s matches (each of the %zu answers "
			      "otherwise than your program on one of %zu tests: the %zu witness tests "
			      "and %s)\n", id, d->mistakes, d->spoken, d->witnesses, d->failure);
	else if (d->witnesses == 0)
		bl_buf_puts(out, "diagnosis: no witness test ran, so no known mistake is named\n");
	if (d->matched == 0 && d->closest)
		bl_buf_printf(out, "closest mistake: %s \xe2\x80\x94 %s\n  (it answers as your program "
			      "on %d of the %d failed tests replayed, not on all the tests that "
			      "speak: your program may make it and another mistake)\n",
			      d->closest->id, d->closest->desc, d->closest_on, d->failed);
	for (int i = 0; d->witnesses && i < d->matched && i < BL_DIAG_SHOWN; i++) {
		bl_buf_printf(out, "%s mistake: %s \xe2\x80\x94 %s\n", i ? "  or" : "likely",
			      d->likely[i]->id, d->likely[i]->desc);
		if (i == 0)
			witness_text(&d->witness, out);
	}
	if (d->matched && d->witnesses)
		bl_buf_printf(out, "  (%d of the %zu known mistakes of %s match your program on the "
			      "%zu witness tests and %s; the first answers as it does on %d of %d "
			      "tests replayed%s)\n", d->matched, d->mistakes, id, d->witnesses,
			      d->failure, d->fit, d->replayed,
			      d->extra ? "" : "; no runs beyond the suite's");
	if (d->extra) {
		bl_buf_printf(out, "  runs for the diagnosis: %d, of the witness test%s ", d->extra,
			      d->extra > 1 ? "s" : "");
		ids_text(d, out);
		bl_buf_printf(out, " (%.2f s of CPU time, %.2f s wall)\n",
			      (double)d->extra_cpu_ms / 1000, (double)d->extra_wall_ms / 1000);
	}
}

/* "KEY": answer, an answer's text or null. */
static void json_answer(const char *key, const struct bl_diag_answer *a, struct bl_buf *out)
{
	bl_buf_printf(out, "\"%s\": ", key);
	if (a->none)
		bl_buf_puts(out, "null");
	else
		bl_buf_json_bytes(out, a->text, a->len);
}

static void json_witness(const struct bl_diag_witness *w, struct bl_buf *out)
{
	if (!w->id) {
		bl_buf_puts(out, "null");
		return;
	}
	bl_buf_printf(out, "{\"id\": %d, \"name\": ", w->id);
	bl_buf_json_str(out, w->name);
	bl_buf_puts(out, ", ");
	json_answer("right", &w->right, out);
	bl_buf_puts(out, ", ");
	json_answer("mistake", &w->mistaken, out);
	bl_buf_puts(out, ", ");
	json_answer("program", &w->yours, out);
	bl_buf_puts(out, ",\n      \"parting\": ");
	if (!w->parted) {
		bl_buf_puts(out, "null}");
		return;
	}
	bl_buf_puts(out, "{\"rules\": ");
	if (w->rules[0])
		bl_buf_json_str(out, w->rules);
	else
		bl_buf_puts(out, "null");
	bl_buf_puts(out, ", \"mistake\": ");
	if (w->mistake[0])
		bl_buf_json_str(out, w->mistake);
	else
		bl_buf_puts(out, "null");
	bl_buf_puts(out, "}}");
}

void bl_diagnosis_json(const struct bl_diagnosis *d, struct bl_buf *out)
{
	int shown = d->extra < BL_DIAG_TESTS_MAX ? d->extra : BL_DIAG_TESTS_MAX;

	if (!d->problem) {
		bl_buf_puts(out, "null");
		return;
	}
	bl_buf_printf(out, "{\n    \"problem\": \"%s\", \"mistakes\": %zu, \"witness_tests\": %zu, "
		      "\"tests_speaking\": %zu, \"matched\": %d,\n    \"likely\": [",
		      d->problem->id, d->mistakes, d->witnesses, d->spoken,
		      d->witnesses ? d->matched : 0);
	for (int i = 0; d->witnesses && i < d->matched && i < BL_DIAG_SHOWN; i++) {
		bl_buf_printf(out, "%s{\"id\": ", i ? ", " : "");
		bl_buf_json_str(out, d->likely[i]->id);
		bl_buf_puts(out, ", \"description\": ");
		bl_buf_json_str(out, d->likely[i]->desc);
		bl_buf_putc(out, '}');
	}
	bl_buf_puts(out, "],\n    \"witness\": ");
	if (d->witnesses && d->matched)
		json_witness(&d->witness, out);
	else
		bl_buf_puts(out, "null");
	bl_buf_puts(out, ",\n    \"closest\": ");
	if (d->matched == 0 && d->closest) {
		bl_buf_puts(out, "{\"id\": ");
		bl_buf_json_str(out, d->closest->id);
		bl_buf_puts(out, ", \"description\": ");
		bl_buf_json_str(out, d->closest->desc);
		bl_buf_printf(out, ", \"agrees_on\": %d, \"failed\": %d}", d->closest_on, d->failed);
	} else {
		bl_buf_puts(out, "null");
	}
	bl_buf_printf(out, ",\n    \"first_agrees_on\": %d, \"replayed\": %d,\n    \"extra_runs\": "
		      "{\"count\": %d, \"tests\": [", d->witnesses && d->matched ? d->fit : 0,
		      d->replayed, d->extra);
	for (int i = 0; i < shown; i++)
		bl_buf_printf(out, "%s%d", i ? ", " : "", d->extra_id[i]);
	bl_buf_printf(out, "], \"cpu_ms\": %lld, \"wall_ms\": %lld}\n  }",
		      (long long)d->extra_cpu_ms, (long long)d->extra_wall_ms);
}
