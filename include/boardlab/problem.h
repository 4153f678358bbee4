/*
 * problem: the judge problems of Baekjoon Online Judge that boardlab
 * answers, in one table: each problem's id, title, game, the game verb and
 * options that answer it (what `boardlab boj` runs), its published time and
 * memory limits with where the figures come from, the kind of token its
 * answer is, the judge's expected output for an input, and the judge's
 * comparison of an output with it.  The table is static and read-only.
 */
#ifndef BOARDLAB_PROBLEM_H
#define BOARDLAB_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "rng.h"

/* What one token of a problem's answer is. */
enum bl_token_kind {
	BL_TOKEN_INTEGER,   /* an optional sign and decimal digits: "-1", "190" */
	BL_TOKEN_WINNER,    /* one of the words "koosaga" or "cubelover" */
};

/*
 * One problem.  Every field may be read; none may be written (the table is
 * const).  The limits are the judge's for C and C++, before any extra time
 * a judge gives slower languages.
 */
struct bl_problem {
	const char *id;              /* "17837" */
	const char *title;           /* the problem's title: "새로운 게임 2" */
	const char *summary;         /* what boardlab calls it: "tower, carry rule" */
	const char *game;            /* the game that answers it: "tower" */
	const char *verb;            /* the game's verb: "solve" */
	const char *const *argv;     /* the verb's options that make it the judge's,
	                                NULL-terminated: "--rule", "carry", "--boj" */
	int64_t time_ms;             /* the time limit in milliseconds: 500 */
	uint64_t memory_bytes;       /* the memory limit in bytes (BOJ's MB are MiB) */
	const char *limits_source;   /* where the two figures come from, and which of them
	                                is not confirmed there */
	enum bl_token_kind token;    /* the kind of each token of the answer */
	int answer_tokens;           /* tokens in every answer: 1 */
	/* private: how bl_problem_answer plays it */
	int variant;                 /* tower: enum tower_rule; grundy: the only piece or
	                                GRUNDY_MIXED; 0 otherwise */
};

/* The number of problems, and problem i (0 <= i < count) in the table's order; NULL past it. */
size_t bl_problem_count(void);
const struct bl_problem *bl_problem_at(size_t i);

/* The problem whose id is id ("17837"), or NULL. */
const struct bl_problem *bl_problem_find(const char *id);

/*
 * The same, for a word the user typed: when no problem has that id, NULL
 * and err (BL_ERR_ARG) saying so and naming every problem and the nearest
 * id (suggest.h): "unknown problem '17873': expected 17780, 17837, 17825,
 * 16880, 16879 or 11559 (did you mean '17837'?)".
 */
const struct bl_problem *bl_problem_lookup(const char *id, struct bl_err *err);

/*
 * The judge's expected output for the input in[0..len), appended to out:
 * the answer and a newline, exactly what `boardlab boj ID` prints.  The
 * input is read as the judge's format within the judge's limits
 * (GAME_limits_boj) and solved with the options of p->argv; a byte order
 * mark, an invalid instance, or anything but whitespace after it is
 * BL_ERR_INPUT with the position in err and nothing appended.  Other
 * errors: BL_ERR_NOMEM (out is then failed), BL_ERR_LIMIT.
 */
enum bl_code bl_problem_answer(const struct bl_problem *p, const char *in, size_t len,
			       struct bl_buf *out, struct bl_err *err);

/*
 * Instance i (1-based) of the run seed as `boardlab stress P` draws it by
 * default, appended to out: `boardlab GAME gen OPTIONS --seed SEED --first
 * I --count 1 --dist D` with p's options (p->argv) and gen's own defaults,
 * mixed or uniform (rng.h).  tests/cli/t-gen-catch.sh checks that the two
 * agree.  Errors as the game's gen: BL_ERR_NOMEM, BL_ERR_LIMIT.
 */
enum bl_code bl_problem_gen(const struct bl_problem *p, enum bl_gen_dist dist, uint64_t seed,
			    int64_t i, struct bl_buf *out, struct bl_err *err);

/*
 * The judge's comparison of an output with the expected one.
 *
 * Both are read as tokens: runs of bytes other than the six whitespace
 * bytes space, \t, \n, \v, \f and \r.  Whitespace between and after tokens
 * is ignored, however much and of whichever kind, so trailing spaces, a
 * missing final newline, \r\n line ends and blank lines are all accepted.
 * Any other byte (a NUL, a byte order mark, a letter) is part of a token.
 * Then, in this order:
 *  - PE when the output has no token (nothing, or only whitespace);
 *  - PE when a token of the output is not of the problem's kind
 *    (p->token): for an integer answer a token that is not an optional
 *    sign and decimal digits ("1.0", "-", "abc"), for a winner a token
 *    other than "koosaga" and "cubelover" ("Koosaga", "1");
 *  - AC when the tokens are the expected ones, byte for byte, in order;
 *  - WA otherwise: a token differs ("007" is not "7"), or there are more
 *    or fewer tokens than expected.
 * p may be NULL: then any token is of the right kind.
 */
enum bl_verdict {
	BL_VERDICT_AC,   /* accepted */
	BL_VERDICT_WA,   /* wrong answer */
	BL_VERDICT_PE,   /* presentation error: no output, or a token of the wrong kind */
	/* how a run ended, never bl_compare's (judge.h: bl_judge_classify) */
	BL_VERDICT_TLE,  /* time limit exceeded */
	BL_VERDICT_MLE,  /* memory limit exceeded */
	BL_VERDICT_OLE,  /* output limit exceeded */
	BL_VERDICT_RE,   /* runtime error: a signal or a non-zero exit status */
	BL_VERDICT_COUNT
};

#define BL_COMPARE_WHY_MAX 512

/* What bl_compare found, for a report. */
struct bl_comparison {
	enum bl_verdict verdict;
	size_t token;            /* WA, PE: the 1-based token of the output where it goes
	                            wrong (one past the last when tokens are missing); 0
	                            for no output and for AC */
	size_t expected_tokens;  /* tokens in the expected output */
	size_t found_tokens;     /* tokens in the output */
	bool whitespace_only;    /* AC, and the bytes differ (in whitespace only) */
	char why[BL_COMPARE_WHY_MAX];   /* one line for people: "no output; expected 1
	                                   token", "token 1: expected an integer, '5',
	                                   found 'five'", "token 1: expected '5', found
	                                   '7'", "token 2: expected end of output, found
	                                   '7'"; empty for AC unless whitespace_only */
};

/*
 * Compares found[0..found_len) with expected[0..expected_len) as above and
 * returns the verdict; *res (may be NULL) receives the details.  Tokens
 * are quoted in res->why at most 40 bytes each, a NUL as \0, another
 * control byte as \xHH and a backslash as \\.  Linear in the two lengths;
 * allocates nothing.
 */
enum bl_verdict bl_compare(const struct bl_problem *p, const char *expected, size_t expected_len,
			   const char *found, size_t found_len, struct bl_comparison *res);

/*
 * stress's comparison (`boardlab GAME stress`), which knows no problem and
 * is stricter on the output's shape than bl_compare.  The same tokens,
 * then in this order: PE when the output has no token, or another number
 * of tokens than expected ("2 tokens of output, expected 1"); then token
 * by token, PE at the first where an integer is expected and the output's
 * is not one ("token 3: expected an integer, '5', found 'x'"), even after
 * a token that differs; else WA at the first token that differs; else AC
 * (whitespace_only when the bytes differ).  A NUL in a quoted token is
 * shown as \0.  res may be NULL; expected and found may be NULL (empty).
 */
enum bl_verdict bl_compare_shape(const char *expected, size_t expected_len, const char *found,
				 size_t found_len, struct bl_comparison *res);

/*
 * "AC", "WA", "PE", "TLE", "MLE", "OLE" or "RE"; and for people "accepted",
 * "wrong answer", ..., "runtime error".  "?" for a value out of the enum.
 */
const char *bl_verdict_name(enum bl_verdict v);
const char *bl_verdict_long(enum bl_verdict v);

/* "integer" or "winner". */
const char *bl_token_kind_name(enum bl_token_kind k);

#endif
