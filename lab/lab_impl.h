/*
 * lab_impl: what lab.c and lab_play.c share: the options read into a
 * setup (the game and its rules, as the tool's options give them) and the
 * call's frame (lab_begin resets the output and reads the options,
 * lab_end settles the diagnostic).
 */
#ifndef BOARDLAB_LAB_IMPL_H
#define BOARDLAB_LAB_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boardlab/boardlab.h"

enum lab_game { LAB_TOWER, LAB_YUT, LAB_GRUNDY, LAB_PUYO };

#define LAB_OPTS_MAX 32
/*
 * The memory one search or table may take in the page (a tab has a few
 * GiB at most): the tool's --max-memory, set for every call.
 */
#define LAB_MAX_BYTES ((size_t)512 << 20)

struct lab_opt {
	const char *key, *val;   /* in the options text, not NUL-terminated */
	size_t klen, vlen;
};

struct lab_setup {
	const struct bl_problem *problem;   /* p=, or NULL */
	enum lab_game game;
	bool boj;
	struct tower_opts tower;            /* tower: rule, height, limit */
	bool every_turn;                    /* tower's frames: a frame per turn */
	int horses;                         /* yut */
	struct yut_dist dist;               /* yut: the dice of play */
	struct grundy_set set;              /* grundy: the pieces (piece=) */
	struct grundy_format fmt;           /* grundy: fmt.set is &set, fmt.only */
	int64_t turns;                      /* grundy's frames: the turns played at most */
	struct puyo_rules rules;            /* puyo */
	unsigned flags;                     /* puyo: PUYO_PARSE_SETTLE */
	int nopt;
	struct lab_opt opt[LAB_OPTS_MAX];   /* every option given, for the play calls */
};

/* The input text, NUL-terminated, and its length. */
const char *lab_text(size_t *len);

/* The call's result, second result and failure. */
struct bl_buf *lab_out(void);
struct bl_buf *lab_aux_buf(void);
struct bl_err *lab_err(void);

/*
 * Starts a call: empties the results and the failure, then reads the
 * options into *s (lab_end releases it whatever this returns).
 */
enum bl_code lab_begin(struct lab_setup *s);

/*
 * Ends a call that returns code: on failure the results are emptied and
 * the failure has a message; an output that could not grow is
 * BL_ERR_NOMEM.  Releases *s.  Returns the code as an int for the export.
 */
int lab_end(struct lab_setup *s, enum bl_code code);

/* The option called key, or NULL. */
const struct lab_opt *lab_opt_find(const struct lab_setup *s, const char *key);

/* The value of o as a C string in buf (cut at cap - 1 bytes); returns buf. */
const char *lab_opt_text(const struct lab_opt *o, char *buf, size_t cap);

/*
 * The option key's value as an integer in [lo, hi] into *v (left as it
 * is when the option is not given), or BL_ERR_ARG in the tool's words.
 */
enum bl_code lab_opt_int(const struct lab_setup *s, const char *key, int64_t lo, int64_t hi,
			 int64_t *v, struct bl_err *err);

/* One instance of any game, read whole. */
struct lab_inst {
	struct tower t;
	struct yut_game g;            /* the built-in board, the setup's horses */
	struct grundy_position pos;
	struct puyo_field f;
};

void lab_inst_init(const struct lab_setup *s, struct lab_inst *x);
void lab_inst_release(struct lab_inst *x);

/*
 * The input read as one instance of the setup's game, as the tool reads
 * FILE: no byte order mark, the game's parse within its limits, then only
 * whitespace.  BL_ERR_INPUT with the position, or the parse's other codes.
 */
enum bl_code lab_inst_read(const struct lab_setup *s, struct lab_inst *x, struct bl_err *err);

/* The limits of the setup's game: the judge's with boj, else the tool's. */
void lab_tower_limits(const struct lab_setup *s, struct tower_limits *lim);

/*
 * How many grundy answers were followed from the last solve, not read
 * whole (lab.c's grundy_quick): the unit test's check that edits take
 * that way.
 */
long lab_grundy_followed(void);

#endif
