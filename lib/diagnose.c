/*
 * diagnose: which known mistake a failing solution makes (see
 * bl_judge_diagnose in boardlab/judge.h).  Each mistake of the problem's
 * catalogue (boardlab/mistake.h) is played on the tests that speak: the
 * witness tests run and the first failing test; the mistakes whose answers
 * are the program's on all of them are the likely ones, first the one that
 * answers as the program on the most of all the tests run, then the most
 * exercised.  For the first, its witness is shown with the right answer, the
 * mistake's and the program's, and for tower the move at which the two
 * games part.
 */
#include "boardlab/judge.h"

#include <stdio.h>
#include <string.h>

#include "boardlab/mistake.h"
#include "boardlab/suite.h"
#include "boardlab/tower.h"

#define DIAG_SHOWN 3   /* the likely mistakes named */

/* A test that speaks, and what the program answered on it (NULL: no answer). */
struct said {
	const struct bl_judge_test *t;
	const char *out;
	size_t out_len;
};

/* What the program printed: the expected output when accepted, what was kept when wrong. */
static bool program_said(const struct bl_judge_test *t, const struct bl_judge_result *r,
			 struct said *s)
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

/*
 * Whether mistake m answers test s as the program did: the same tokens, or
 * no answer from either (the mistake never stops; the program was stopped
 * or failed); *moved: the mistake's answer differs from the right one.
 */
static bool agrees(const struct bl_problem *p, const struct bl_mistake *m, const struct said *s,
		   struct bl_buf *tmp, bool *moved)
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

/* Plays the witness by the rules and with mistake m; the first move where they part. */
static void tower_parting(const struct bl_problem *p, const struct bl_mistake *m, const char *in,
			  size_t len, struct bl_buf *out)
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
			if (ex && ey)
				bl_buf_printf(out, "    where the games part: by the rules, %.*s\n"
					      "    with the mistake, %.*s\n", (int)(ex - x), x,
					      (int)(ey - y), y);
			else if (ey)
				bl_buf_printf(out, "    where the games part: by the rules the game is "
					      "over; with the mistake it goes on, %.*s\n",
					      (int)(ey - y), y);
			else if (ex)
				bl_buf_printf(out, "    where the games part: with the mistake the game "
					      "is over; by the rules it goes on, %.*s\n",
					      (int)(ex - x), x);
		}
	}
	tower_release(&t);
	bl_buf_release(&a.text);
	bl_buf_release(&b.text);
}

/* One line of an output for the report: its first line, or what stands for none. */
static void answer_text(const char *s, size_t len, struct bl_buf *out)
{
	size_t n = 0;

	if (!s) {
		bl_buf_puts(out, "no answer");
		return;
	}
	while (n < len && n < 40 && s[n] != '\n')
		n++;
	bl_buf_printf(out, "'%.*s'", (int)n, s);
}

/* The report of the first likely mistake: its witness test, the answers, the parting. */
static void show_first(const struct bl_problem *p, const struct bl_mistake *m,
		       const struct said *s, size_t n, struct bl_buf *out)
{
	struct bl_buf tmp;
	char name[BL_TEST_NAME_MAX + 16];
	bool endless;

	snprintf(name, sizeof name, "witness-%s", m->id);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(s[i].t->name, name) != 0)
			continue;
		bl_buf_init(&tmp);
		bl_mistake_answer(m, s[i].t->input, s[i].t->input_len, &tmp, &endless, NULL);
		bl_buf_printf(out, "  its witness, test %d %s: the right answer ", s[i].t->id,
			      s[i].t->name);
		answer_text(s[i].t->expected, s[i].t->expected_len, out);
		bl_buf_puts(out, ", the mistake's ");
		answer_text(endless ? NULL : tmp.data ? tmp.data : "", tmp.len, out);
		bl_buf_puts(out, ", yours ");
		answer_text(s[i].out, s[i].out_len, out);
		bl_buf_putc(out, '\n');
		if (strcmp(p->game, "tower") == 0)
			tower_parting(p, m, s[i].t->input, s[i].t->input_len, out);
		bl_buf_release(&tmp);
		return;
	}
}

/*
 * How many of the tests run, res[0..ran), mistake m answers as the program
 * did: the rank of the mistakes that match on the witnesses.
 */
static int fit(const struct bl_problem *p, const struct bl_mistake *m,
	       const struct bl_judge_test *tests, const struct bl_judge_result *res, int ran,
	       struct bl_buf *tmp)
{
	int n = 0;

	for (int i = 0; i < ran; i++) {
		struct said s;
		bool moved;
		n += program_said(&tests[i], &res[i], &s) && agrees(p, m, &s, tmp, &moved);
	}
	return n;
}

void bl_judge_diagnose(const struct bl_judge_settings *set, const struct bl_judge_test *tests,
		       const struct bl_judge_result *res, int n, int ran, struct bl_buf *out)
{
	const struct bl_problem *p = set->problem;
	struct said s[BL_DIAG_TESTS_MAX];
	size_t ns = 0, witnesses = 0, nm = bl_mistake_count(p);
	int failing = -1, score[64], order[64], nlikely = 0, readable = 0;
	struct bl_buf tmp;

	if (ran > n)
		ran = n;
	for (int i = 0; i < ran; i++) {
		bool witness = strcmp(tests[i].kind, "witness") == 0;
		struct said any;
		readable += program_said(&tests[i], &res[i], &any);
		if (failing < 0 && res[i].done && res[i].verdict != BL_VERDICT_AC)
			failing = i;
		if ((witness || failing == i) && ns < BL_DIAG_TESTS_MAX &&
		    program_said(&tests[i], &res[i], &s[ns]))
			witnesses += witness, ns++;
	}
	if (failing < 0 || !p || nm == 0 || nm > 64)
		return;
	if (witnesses == 0) {
		bl_buf_puts(out, "diagnosis: no witness test ran, so no known mistake is named\n");
		return;
	}
	bl_buf_init(&tmp);
	for (size_t k = 0; k < nm; k++) {
		const struct bl_mistake *m = bl_mistake_at(p, k);
		bool all = true;
		int moved_on = 0;
		for (size_t i = 0; i < ns && all; i++) {
			bool moved = false;
			all = agrees(p, m, &s[i], &tmp, &moved);
			moved_on += moved;
		}
		if (!all || moved_on == 0)
			continue;
		/* best first: the most tests answered as the program, then the most moved */
		score[k] = fit(p, m, tests, res, ran, &tmp) * 1000 + moved_on;
		int at = nlikely++;
		while (at > 0 && score[order[at - 1]] < score[k]) {
			order[at] = order[at - 1];
			at--;
		}
		order[at] = (int)k;
	}
	bl_buf_release(&tmp);
	if (nlikely == 0) {
		bl_buf_printf(out, "diagnosis: no known mistake of %s matches (each of the %zu answers "
			      "otherwise than your program on one of %zu tests: the %zu witness tests "
			      "and the first failure)\n", p->id, nm, ns, witnesses);
		return;
	}
	for (int i = 0; i < nlikely && i < DIAG_SHOWN; i++) {
		const struct bl_mistake *m = bl_mistake_at(p, (size_t)order[i]);
		bl_buf_printf(out, "%s mistake: %s \xe2\x80\x94 %s\n", i ? "  or" : "likely", m->id,
			      m->desc);
		if (i == 0)
			show_first(p, m, s, ns, out);
	}
	bl_buf_printf(out, "  (%d of the %zu known mistakes of %s match your program on the %zu "
		      "witness tests and the first failure; the first answers as it does on %d of "
		      "%d tests replayed; no runs beyond the suite's)\n", nlikely, nm, p->id,
		      witnesses, score[order[0]] / 1000, readable);
}
