/*
 * puyo: Puyo Puyo fields and chains (BOJ 11559, and Puyo Puyo Tsu's rules
 * with hidden rows, ojama and score).  Owns the field, a value struct with
 * room for the hidden rows; its text parser; the rules; the chain engine (a
 * bitboard engine, lib/puyo_chain.c), which pops every group of the pop size
 * at once, lets the columns fall and repeats, on a field or on bitboards the
 * caller keeps from call to call (struct puyo_bits), and the chain step by
 * step as data (lib/puyo_play.c); the placement search for the next pairs
 * (lib/puyo_best.c); the generator of fields (lib/puyo_gen.c); and the
 * views: text, JSON, SVG and the replay page.
 */
#ifndef BOARDLAB_PUYO_H
#define BOARDLAB_PUYO_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "io.h"
#include "rng.h"

#define PUYO_COLS 6
#define PUYO_ROWS_MAX 14                          /* 12 visible, Tsu's 13th and 14th */
#define PUYO_CELLS_MAX (PUYO_COLS * PUYO_ROWS_MAX)
#define PUYO_BOJ_ROWS 12
#define PUYO_POP_DEFAULT 4

/*
 * What a cell holds.  The letters are the input's: '.', R, G, B, P, Y, and
 * O for ojama (garbage, Tsu rules only).  PUYO_KINDS ends BOJ's kinds;
 * PUYO_OJAMA comes after it, so that a cell value below PUYO_KINDS is
 * always one of BOJ's.
 */
enum puyo_cell {
	PUYO_EMPTY,
	PUYO_RED,
	PUYO_GREEN,
	PUYO_BLUE,
	PUYO_PURPLE,
	PUYO_YELLOW,
	PUYO_KINDS,
	PUYO_OJAMA = PUYO_KINDS + 1
};

#define PUYO_COLOURS 5   /* PUYO_RED .. PUYO_YELLOW */

/*
 * A field.  Row 0 is the floor, so a field of any height shares the gravity
 * code and the hidden rows are simply the highest ones; in text the top row
 * comes first, and diagnostics and explanations number rows as the text does
 * (row 1 = the top line, column 1 = the left).  Cells at rows >= rows are
 * always PUYO_EMPTY.  Copy it by assignment.
 */
struct puyo_field {
	int rows;                                     /* rows in play: 12 for BOJ */
	unsigned char cell[PUYO_ROWS_MAX][PUYO_COLS]; /* [row from the floor][column] */
};

/*
 * The rule sets.  BOJ 11559: 12 rows, all of them pop, no ojama.  Puyo Puyo
 * Tsu: 12 visible rows and the hidden 13th (its puyos fall but never pop),
 * ojama (cleared next to a popping puyo in a visible row).  Both score the
 * chain the Tsu way (the BOJ answer is only the chain count).
 */
enum puyo_ruleset {
	PUYO_RULES_BOJ,
	PUYO_RULES_TSU
};

/*
 * The chain engines, a test switch: they all give the same answers.  AUTO
 * is the bitboard engine with BMI2's pext/pdep gravity when the CPU has
 * BMI2 (checked at run time) and the portable gravity otherwise; PORTABLE
 * forces the latter; BMI2 asks for the former.  Programs leave it AUTO;
 * the tests and the benchmark choose (see "Testing" at the end).
 */
enum puyo_engine {
	PUYO_ENGINE_AUTO,
	PUYO_ENGINE_PORTABLE,
	PUYO_ENGINE_BMI2
};

/*
 * A known mistake of wrong solutions of BOJ 11559, played as a rule variant
 * (docs/puyo.md, "Mistakes"; the catalogue is boardlab/mistake.h).
 * PUYO_MISTAKE_NONE is the rules.  A chain with a mistake is run by a plain
 * engine (lib/puyo_variant.c), never by the bitboard one, under rules
 * without ojama or hidden rows.
 */
enum puyo_mistake {
	PUYO_MISTAKE_NONE,
	PUYO_MISTAKE_GROUP_AS_CHAIN,    /* every group that pops counts as a chain */
	PUYO_MISTAKE_SEQUENTIAL_POP,    /* one group pops at a time (the first from the top
	                                   row, left to right), the rest falls, a chain each */
	PUYO_MISTAKE_GRAVITY_ONE_STEP,  /* after a pop each column is walked up from the floor
	                                   once, a puyo over an empty cell moving down one */
	PUYO_MISTAKE_DIAGONAL,          /* puyos touching diagonally are connected too */
	PUYO_MISTAKE_POP_FIVE,          /* a group needs one puyo more than the pop size */
	PUYO_MISTAKE_DOT_COLOUR,        /* empty cells form groups too: a chain that meets an
	                                   empty group of the pop size never stops */
	PUYO_MISTAKE_SINGLE_PASS,       /* groups are looked for once: 1 chain or none */
	PUYO_MISTAKE_COUNT
};

struct puyo_rules {
	enum puyo_ruleset set;
	int rows;      /* rows of a field, 1..PUYO_ROWS_MAX: 12 (BOJ), 13 (Tsu) */
	int pop;       /* smallest group that pops, >= 1: 4 */
	int visible;   /* the lowest rows, the only ones that pop: 12, or rows if fewer */
	bool ojama;    /* 'O' is a cell (Tsu) */
	/* private: a test switch, set by puyo_rules_init (AUTO) and puyo_rules_set_engine */
	enum puyo_engine engine;   /* the engine every chain under these rules runs on */
	enum puyo_mistake mistake; /* PUYO_MISTAKE_NONE (puyo_rules_init): the rules; else
	                              puyo_solve runs the chain with that mistake */
};

/*
 * The rules of set with their defaults (BOJ: 12 rows, groups of 4 pop;
 * Tsu: 13 rows of which 12 visible, groups of 4, ojama).  Change rows
 * with puyo_rules_set_rows.
 */
void puyo_rules_init(struct puyo_rules *rules, enum puyo_ruleset set);

/* The rule set's name as the tool spells it: "boj" or "tsu". */
const char *puyo_rules_name(enum puyo_ruleset set);

/*
 * Sets the field height to rows (1..PUYO_ROWS_MAX); the visible rows stay
 * the lowest 12 (all of them when rows <= 12).  With 14 rows the 14th is a
 * second hidden row: its puyos fall and never pop, like the 13th's.
 */
void puyo_rules_set_rows(struct puyo_rules *rules, int rows);

/* An empty field of rows rows (1..PUYO_ROWS_MAX). */
void puyo_field_init(struct puyo_field *f, int rows);

/* The letter of a cell ('.', 'R', 'G', 'B', 'P', 'Y'); '?' for none. */
char puyo_cell_char(int cell);

/* The cell a letter stands for among BOJ's ('.', R, G, B, P, Y), or -1. */
int puyo_cell_from_char(char c);

/* As puyo_cell_from_char, and 'O' for PUYO_OJAMA when rules->ojama. */
int puyo_cell_from_char_rules(char c, const struct puyo_rules *rules);

/*
 * The form a parse accepts, the judge's or the tool's (the rules say the
 * rest: rows, letters).  The judge's fields are rules->rows lines of
 * PUYO_COLS cells; the tool also reads a field as one token of its cells.
 */
struct puyo_limits {
	bool one_line;   /* a field may be one token of its cells, the rows one after another */
};

/* The judge's form (lines only) or the tool's (lines or one token). */
void puyo_limits_boj(struct puyo_limits *lim);
void puyo_limits_any(struct puyo_limits *lim);

/* puyo_parse flags. */
#define PUYO_PARSE_SETTLE 2u  /* let floating puyos fall instead of rejecting them */
#define PUYO_PARSE_BATCH 4u   /* one of many fields: with hidden rows, a blank line after */
#define PUYO_PARSE_PLAIN 8u   /* private: a test switch, token by token (the judge's layout
                                 of 12 rows is otherwise read at full speed) */

/*
 * Reads one field of rules->rows rows from rd into *f: rules->rows tokens of
 * PUYO_COLS cells each, top row first, or (when lim->one_line) a single
 * token of rules->rows * PUYO_COLS cells, the rows one after another, top
 * first.  The hidden rows (those above 12) may be left out: a single token
 * of 72 cells is a field, and so are 12 to rules->rows lines, a hidden row
 * being read only when the next token is 6 cells long and on the line after
 * the row before it.  With PUYO_PARSE_BATCH and rules->rows > 12, a field
 * of lines must be followed by a blank line or the end of input (a token on
 * the next line is an error): without one, fields of 12 lines would be read
 * as fields of 13.  The field must be settled (no puyo over an empty cell)
 * unless PUYO_PARSE_SETTLE, which drops the floating puyos.  Does not
 * require the input to end after the field.  Returns BL_OK, or BL_ERR_INPUT
 * with the message at the offending cell or at the end of input: a wrong
 * row length, an unknown letter, too few rows, a floating puyo, a missing
 * blank line.  *f is unspecified after a failure.
 */
enum bl_code puyo_parse(struct puyo_field *f, struct bl_reader *rd, const struct puyo_rules *rules,
			unsigned flags, const struct puyo_limits *lim, struct bl_err *err);

/*
 * Finds the first puyo, in reading order (top row first, then left to right),
 * that rests directly on an empty cell.  Returns false when the field is
 * settled; otherwise true and its row and column (0-based, row from the
 * floor) in *row and *col.
 */
bool puyo_field_floating(const struct puyo_field *f, int *row, int *col);

/* Whether a cell of f holds no kind of the rules: PUYO_KINDS or more, but for ojama when allowed. */
bool puyo_field_bad_kind(const struct puyo_field *f, bool ojama);

/* Lets every puyo fall as far as it can.  Returns how many puyos moved. */
int puyo_field_settle(struct puyo_field *f);

/* The number of puyos in the field. */
int puyo_field_count(const struct puyo_field *f);

/*
 * Appends the field as text: rows lines of PUYO_COLS letters, top row first,
 * each ending in '\n', starting at row `from_top` (0 writes all of them; the
 * rows above are skipped, e.g. the empty ones).
 */
void puyo_field_write(const struct puyo_field *f, int from_top, struct bl_buf *out);

/* The highest non-empty row counted from the top (0-based), f->rows if none. */
int puyo_field_top(const struct puyo_field *f);

/* One group that popped in a step. */
struct puyo_group {
	unsigned char colour;  /* enum puyo_cell */
	unsigned char size;    /* puyos in the group */
	unsigned char first;   /* its cells are step.cell[first .. first + size) */
};

/*
 * One chain step as data.  Groups are in reading order of their first cell,
 * the cells of a group in reading order; a cell is row * PUYO_COLS + column,
 * row from the floor.  The score is Tsu's: 10 * npopped * clamp(cp + cb +
 * gb, 1, 999).
 */
struct puyo_step {
	int ngroups;
	int npopped;                               /* coloured puyos popped, all groups */
	struct puyo_group group[PUYO_CELLS_MAX];
	unsigned char cell[PUYO_CELLS_MAX];
	int nojama;                                /* ojama cleared */
	unsigned char ojama[PUYO_CELLS_MAX];       /* their cells, in reading order */
	int chain;                                 /* this step's number, from 1 */
	int colours;                               /* colours popping */
	int cp, cb, gb;                            /* chain power, colour and group bonus */
	long long score;                           /* this step's score */
	long long ojama_sent;                      /* ojama sent after it (remainder carried) */
	struct puyo_field field;                   /* the field after the step's gravity */
};

/*
 * One chain step under rules: every group of rules->pop or more puyos of one
 * colour (connected up, down, left or right) pops, all at the same time,
 * then the puyos above the holes fall.  Returns true and leaves the field
 * after gravity in *f when something popped; returns false and leaves *f
 * as it was when nothing did (the chain is over).  step, when not NULL,
 * receives what popped, scored as the first step of a chain (for the score
 * of later steps, use puyo_chain_next).  *f must be settled, as puyo_parse
 * leaves it, with f->rows == rules->rows.
 */
bool puyo_chain_step(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_step *step);

/* The chain power, colour bonus and group bonus of Tsu's score. */
int puyo_chain_power(int chain);
int puyo_colour_bonus(int colours);
int puyo_group_bonus(int size);

/* What a whole chain did. */
struct puyo_result {
	int chains;                /* steps that popped: the BOJ answer */
	int popped;                /* coloured puyos popped in all */
	struct puyo_field final;   /* the field when nothing pops any more */
	long long score;           /* Tsu's score */
	long long ojama_sent;      /* ojama sent: score / 70, remainder carried step to step */
	int ojama_cleared;         /* ojama cleared */
	bool all_clear;            /* the chain left the field empty */
};

/*
 * Solves: runs the chain from the settled field f (f->rows == rules->rows)
 * under rules to its end and fills *res.  This is the engine's fast entry
 * point, the bitboard engine: it records no steps (puyo_play does), with
 * the same answers.  Returns BL_OK, or BL_ERR_ARG (*res untouched) for the
 * faults puyo_check finds: rules out of range, a field that does not fit
 * them or is not settled, an engine this CPU cannot run.
 */
enum bl_code puyo_solve(const struct puyo_field *f, const struct puyo_rules *rules,
			struct puyo_result *res, struct bl_err *err);

/*
 * The chain count alone, as puyo_solve's res->chains (-1: a mistake's chain
 * that never stops), into *chains: the bitboards' count-only path when
 * rules has no mistake, which skips the score and the final field (11559's
 * answer).  Fails as puyo_solve.
 */
enum bl_code puyo_solve_count(const struct puyo_field *f, const struct puyo_rules *rules,
			      int *chains, struct bl_err *err);

/*
 * puyo_solve under rules->mistake (not PUYO_MISTAKE_NONE), by the plain
 * engine of lib/puyo_variant.c: res->chains is the count a solution with
 * that mistake prints, or -1 when its chain never stops (dot-colour);
 * res->popped and res->final as for the rules, no score.  puyo_solve calls
 * it; puyo_play refuses a mistake.  BL_ERR_ARG as puyo_solve, and for
 * rules with ojama or hidden rows.
 */
enum bl_code puyo_variant_run(const struct puyo_field *f, const struct puyo_rules *rules,
			      struct puyo_result *res, struct bl_err *err);

/*
 * Called by puyo_play after every step of the chain, with what popped and
 * the field after it (step->field).  Returning false stops the chain there.
 */
typedef bool (*puyo_step_fn)(void *ctx, const struct puyo_step *step);

/*
 * Runs the chain from f under rules as puyo_solve does, calling fn (when
 * not NULL) with each step, and fills *res with the totals, so that a trace
 * runs the chain once.  When fn stops it, *res holds the steps so far (final
 * is the field after the last one).  Returns BL_OK, or BL_ERR_ARG (*res
 * untouched, fn never called) when the rules are out of range, f->rows is
 * not rules->rows, f holds a cell the rules have no letter for or is not
 * settled, or the rules' engine cannot run on this CPU.
 */
enum bl_code puyo_play(const struct puyo_field *f, const struct puyo_rules *rules, puyo_step_fn fn,
		       void *ctx, struct puyo_result *res, struct bl_err *err);

/* puyo_play's checks alone: BL_OK when it would run f under rules, else BL_ERR_ARG. */
enum bl_code puyo_check(const struct puyo_field *f, const struct puyo_rules *rules,
			struct bl_err *err);

/*
 * A chain in progress, the iterator puyo_play is built on: puyo_chain_start,
 * then puyo_chain_next until it returns false; the record carries the
 * chain's totals so far (puyo_chain_result).  field is the field so far.
 */
struct puyo_chain {
	struct puyo_field field;
	struct puyo_rules rules;
	int chains;
	int popped;                /* coloured puyos popped so far */
	long long score;
	long long ojama_sent;
	int ojama_cleared;
	/* private */
	enum puyo_engine engine;   /* PORTABLE or BMI2, resolved from the rules' */
	int carry;                 /* the score not yet sent as ojama (< 70) */
};

/* Starts the chain of the settled field f under rules (on the rules' engine, which must run). */
void puyo_chain_start(struct puyo_chain *c, const struct puyo_field *f,
		      const struct puyo_rules *rules);

/*
 * The next step of the chain: returns true, fills *step (when not NULL) and
 * updates c when something popped; false when the chain is over.
 */
bool puyo_chain_next(struct puyo_chain *c, struct puyo_step *step);

/* The totals of the chain so far, final its field: what puyo_solve gives at its end. */
void puyo_chain_result(const struct puyo_chain *c, struct puyo_result *res);

/*
 * Placing the next pairs (lib/puyo_best.c).  A pair is two puyos: the axis,
 * which the pair turns around, and the child.  A move puts the axis over a
 * column and the child above it, right of it, below it or left of it; both
 * then fall.  The pair appears over column 3 (index 2) and moves at the
 * height of rows 12 and 13:
 *  - when column 3 holds 12 puyos or more, nothing can be placed (the game
 *    is over);
 *  - a column is reachable when it and every column between it and column
 *    3 hold at most 11 puyos;
 *  - a move whose puyo would land above the field's top row is not legal
 *    (a vertical pair on a column of 11 puyos reaches row 13: legal under
 *    Tsu's rules, not under BOJ's 12 rows).
 * On an open field that is 22 moves; 11 for a pair of one colour, whose
 * child below or left repeats a move with the child above or right.
 */
struct puyo_pair {
	unsigned char axis, child;   /* enum puyo_cell, colours only */
};

/*
 * The next pairs as `best --next` takes them: "RG" (axis R, child G) or
 * "RG,BY", colours only, into pairs; returns how many (1 or 2), 0 when
 * text is neither.
 */
int puyo_pairs_parse(const char *text, struct puyo_pair pairs[2]);

enum puyo_rot {
	PUYO_ROT_UP,      /* the child above the axis */
	PUYO_ROT_RIGHT,
	PUYO_ROT_DOWN,
	PUYO_ROT_LEFT
};

struct puyo_move {
	unsigned char col;   /* the axis's column, 0-based */
	unsigned char rot;   /* enum puyo_rot */
};

#define PUYO_MOVES_MAX 22

/* A rotation's name as the tool writes it: "up", "right", "down", "left". */
const char *puyo_rot_name(enum puyo_rot rot);

/*
 * The legal moves of pair on the settled field f, in order of column, then
 * rotation (up, right, down, left), into out; returns how many.
 */
int puyo_moves(const struct puyo_field *f, const struct puyo_rules *rules, struct puyo_pair pair,
	       struct puyo_move out[PUYO_MOVES_MAX]);

/*
 * Places pair on the settled field *f by move m when it is legal (true;
 * *f is then settled, nothing popped yet), else returns false and leaves
 * *f unchanged.
 */
bool puyo_place(struct puyo_field *f, const struct puyo_rules *rules, struct puyo_pair pair,
		struct puyo_move m);

/*
 * True when the game is over on the settled field f: column 3 (where the
 * pair appears) holds 12 puyos or more, so no pair can be placed.  When it
 * is false puyo_moves may still find no move (column 3 holds 11, its
 * neighbours are full and the field has no 13th row).
 */
bool puyo_game_over(const struct puyo_field *f);

/* One line of puyo_best: the moves of the pairs and the chains they trigger. */
struct puyo_plan {
	int depth;                       /* pairs placed: 1, or 2 */
	struct puyo_move move[2];
	int chains[2];
	long long score[2];
	bool all_clear[2];
	long long total;                 /* score[0] + score[1] */
};

/*
 * Every legal move of pairs[0] on the settled field f, each with the chain
 * it triggers and, when npairs is 2, the best move of pairs[1] on the field
 * that chain leaves (depth 1 when it has none).  Into out, best first: by
 * total score, then the longest chain, then move order; a move of the
 * second pair is chosen the same way.  Returns how many (0 when the game is
 * over).  npairs is 1 or 2.
 */
int puyo_best(const struct puyo_field *f, const struct puyo_rules *rules,
	      const struct puyo_pair *pairs, int npairs, struct puyo_plan out[PUYO_MOVES_MAX]);

/*
 * ---- The field as bitboards (lib/puyo_chain.c, lib/puyo_best.c) ----
 * For programs that run many chains, such as a search over moves: the
 * field kept in the engine's own form from call to call, so that a call
 * pays no conversion (puyo_solve converts the field to bit planes and the
 * final field back on every call).  A struct puyo_bits is a value: copy it
 * by assignment to try a move and keep the position.  It holds the field
 * and what the chain needs of the rules it was loaded under (rows, the
 * rows that pop, the pop size, the engine), so the calls on it take no
 * rules.
 */
struct puyo_bits {
	/* private: the engine's form, read it through puyo_bits_store */
	uint64_t code[3][2];   /* the cells' code bits: 16 bits a column, row 0 lowest; columns 0-3, 4-5 */
	uint64_t visible[2];   /* the cells of the rows that pop */
	int rows;              /* the field's rows, the rules' */
	int pop;               /* the rules' pop size */
	int path;              /* the engine, and the instructions it runs on (popcnt or not) */
	bool ojama;            /* the field may hold ojama */
};

/*
 * Loads the settled field f under rules into *b, on the rules' engine.
 * Returns BL_OK, or BL_ERR_ARG (*b untouched) for what puyo_check refuses:
 * rules out of range, a field that does not fit them or is not settled, an
 * engine this CPU cannot run.
 */
enum bl_code puyo_bits_load(struct puyo_bits *b, const struct puyo_field *f,
			    const struct puyo_rules *rules, struct bl_err *err);

/* Writes the field *b holds into *f (f->rows is the rules' rows). */
void puyo_bits_store(const struct puyo_bits *b, struct puyo_field *f);

/*
 * Runs the chain of *b to its end, as puyo_solve does: *b becomes the
 * field when nothing pops any more, and *res gets the same chains, puyos
 * popped, score, ojama sent and cleared and all clear as puyo_solve gives,
 * under the rules *b was loaded with.  res->final is not written: the
 * final field is *b (puyo_bits_store).  Cannot fail.
 */
void puyo_bits_simulate(struct puyo_bits *b, struct puyo_result *res);

/*
 * The chain count alone: runs the chain of *b to its end as
 * puyo_bits_simulate does, leaving *b the same final field, and returns
 * the number of chains, without the score and the counts.
 */
int puyo_bits_chains(struct puyo_bits *b);

/*
 * puyo_moves and puyo_place on bitboards: the legal moves of pair on *b
 * (the same moves in the same order), and placing one (true, *b settled
 * with the pair in it, nothing popped yet; false, *b unchanged, when the
 * move is not legal).
 */
int puyo_bits_moves(const struct puyo_bits *b, struct puyo_pair pair,
		    struct puyo_move out[PUYO_MOVES_MAX]);
bool puyo_bits_place(struct puyo_bits *b, struct puyo_pair pair, struct puyo_move m);

/*
 * ---- Generating fields (lib/puyo_gen.c) ----
 * What `puyo gen` prints: random settled fields, in which groups form as
 * they do in play (a puyo often takes the colour of the one below or to
 * its left), or fields built to chain exactly a given number of times.
 */
enum puyo_gen_kind {
	PUYO_GEN_RANDOM,
	PUYO_GEN_CHAIN
};

struct puyo_gen {
	struct puyo_rules rules;   /* the fields' rules: rows 12..PUYO_ROWS_MAX, ojama */
	enum puyo_gen_kind kind;
	int chains;                /* PUYO_GEN_CHAIN: exactly this many, 1..puyo_gen_chains_max */
	int colours;               /* colours in play, 1..PUYO_COLOURS */
	int ojama;                 /* percent of ojama among the puyos, 0..100; 0 unless rules.ojama */
	enum bl_gen_dist mix;      /* UNIFORM: kind as it is; MIXED (PUYO_GEN_RANDOM only): below */
};

/*
 * Random fields of set's rules, 4 colours, no ojama; 5 chains for
 * PUYO_GEN_CHAIN; UNIFORM.  Under MIXED a random field's component is
 * drawn first from its stream (docs/puyo.md, "gen"): the random field
 * (weight 3); a field built to chain 2 to 6 times (2); a random field of 2
 * or 3 colours, where groups of exactly 4 and 5 and groups side by side
 * are common (2); or a field whose diagonal neighbours mostly share a
 * colour and whose side neighbours mostly do not (1).
 */
void puyo_gen_init(struct puyo_gen *g, enum puyo_ruleset set);

/*
 * The longest chain PUYO_GEN_CHAIN reaches every time with rows rows
 * (12..PUYO_ROWS_MAX) and colours colours (1..PUYO_COLOURS): 16 with 12
 * rows and 4 colours, 1 with one colour (any two groups of one colour
 * touch before they pop).
 */
int puyo_gen_chains_max(int rows, int colours);

/*
 * Appends field i of run seed as puyo_field_write writes it, g->rules.rows
 * lines: drawn from the stream bl_rng_init_stream(seed, i) alone, so any
 * field of a run can be drawn without the others: the same seed, i and
 * options give the same field on every machine.  A chain field is settled
 * and chains exactly g->chains times under g->rules (with ojama on top of
 * some columns when g->ojama, each kept when the chain stays the same).
 * Fields of more than 12 rows are read back one after another with a blank
 * line between them (puyo_parse, PUYO_PARSE_BATCH): the caller writes it.
 * Returns BL_OK; BL_ERR_ARG when g is out of range; BL_ERR_LIMIT when no
 * field of g->chains chains was found within the tries (not seen below
 * puyo_gen_chains_max); BL_ERR_NOMEM.  Nothing is appended on BL_ERR_ARG
 * or BL_ERR_LIMIT.
 */
enum bl_code puyo_gen(const struct puyo_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
		      struct bl_err *err);

/* The same field as puyo_gen's, into *f.  The same errors but BL_ERR_NOMEM. */
enum bl_code puyo_gen_field(const struct puyo_gen *g, uint64_t seed, int64_t i,
			    struct puyo_field *f, struct bl_err *err);

/*
 * ---- Views: text (lib/puyo_text.c), JSON (lib/puyo_json.c), pictures
 * (lib/puyo_svg.c) ----
 * Each appends to out.  Rows and columns are numbered as the input numbers
 * them: row 1 is the top line, column 1 the left.  The text views colour
 * the puyos' letters with st, spans of their hues (R red, G green, B blue,
 * P purple, Y yellow, O white; NULL for plain text), so that coloured text
 * is the plain text with the spans added.  The views of a chain read it
 * through puyo_play, once, on the rules' engine, and return its codes: on
 * BL_ERR_ARG (the field does not fit the rules, see puyo_play) they have
 * written nothing.
 */

/*
 * The field, one line per row from row from_top (0-based, from the top; 0
 * for all of them): indent spaces, the row's number in two columns and a
 * space, its letters, and "  hidden" after a hidden row.  render's text and
 * the trace's fields.
 */
void puyo_field_text(const struct puyo_field *f, const struct puyo_rules *rules, int indent,
		     int from_top, const struct bl_style *st, struct bl_buf *out);

/*
 * The field's non-empty rows on one line, top first:
 * "(rows 9-12) .Y..../.YG.../RRYG../RRYGG.\n", or "empty\n".
 */
void puyo_field_line(const struct puyo_field *f, struct bl_buf *out);

/*
 * A step's line, without a newline: "chain 2: 8 puyos in 2 groups of 2
 * colours".  The text trace's line for the step and the replay's
 * description of the step's pop.  st is the trace's style, taken as every
 * game's step line takes it; this line has no coloured part.
 */
void puyo_step_text(const struct puyo_step *step, const struct bl_style *st, struct bl_buf *out);

/*
 * solve's answer line: the chain count under BOJ's rules; "3 chains, 1000
 * points, 14 ojama sent" under Tsu's (", all clear" when the chain ends in
 * one).
 */
void puyo_result_text(const struct puyo_rules *rules, const struct puyo_result *res,
		      struct bl_buf *out);

/*
 * How the answer came about (solve --explain): every step's groups with
 * their cells and the field after gravity on one line (puyo_field_line);
 * under Tsu also the ojama cleared and the score; then that nothing pops
 * and how many puyos are left.
 */
enum bl_code puyo_explain(const struct puyo_field *f, const struct puyo_rules *rules,
			  struct bl_buf *out, struct bl_err *err);

/*
 * solve's answer to field f, appended to out: with json the result's JSON
 * object (puyo_result_json; a newline after it unless in_array, an element
 * of a batch's array); else puyo_result_text's line and, with explain, the
 * field as settled first when settled is set ("settled field: ..."), then
 * puyo_explain's steps.  Errors as puyo_solve.
 */
enum bl_code puyo_solve_write(const struct puyo_field *f, const struct puyo_rules *rules,
			      bool json, bool in_array, bool explain, bool settled,
			      struct bl_buf *out, struct bl_err *err);

/*
 * The text trace: the rules, the field, every step (its line, groups, under
 * Tsu the ojama cleared, score terms and ojama sent, the field after
 * gravity) and the totals (under BOJ the chains, the puyos popped and left).
 */
enum bl_code puyo_trace_text(const struct puyo_field *f, const struct puyo_rules *rules,
			     const struct bl_style *st, struct bl_buf *out, struct bl_err *err);

/*
 * best's table of plans[0..n) for npairs pairs (puyo_best's order is the
 * rank); when n is 0, why no move is legal on the field f.
 */
void puyo_plans_text(const struct puyo_field *f, const struct puyo_plan *plans, int n, int npairs,
		     struct bl_buf *out);

/* The field as a JSON array of its rows, top first, each a string of 6 letters. */
void puyo_field_json(const struct puyo_field *f, struct bl_buf *out);

/* solve's answer as one JSON object (the rules and the totals), without a newline. */
void puyo_result_json(const struct puyo_rules *rules, const struct puyo_result *res,
		      struct bl_buf *out);

/*
 * The JSON trace, one line: the rules, the field, every step (groups and
 * their cells, ojama cleared, score terms, the field after) and the totals.
 */
enum bl_code puyo_trace_json(const struct puyo_field *f, const struct puyo_rules *rules,
			     struct bl_buf *out, struct bl_err *err);

/* render's JSON, one line: {"field":[...]}. */
void puyo_render_json(const struct puyo_field *f, struct bl_buf *out);

/* best's plans[0..n) as one JSON object {"moves":[...]}, without a newline. */
void puyo_plans_json(const struct puyo_plan *plans, int n, struct bl_buf *out);

/*
 * The field as an SVG: puyos as discs with their letters, the hidden rows
 * shaded, a caption with the rules, rows and puyos.
 */
void puyo_render_svg(const struct puyo_field *f, const struct puyo_rules *rules,
		     struct bl_buf *out);

/*
 * The chain's replay, one self-contained HTML page: the start, then two
 * frames a step (the groups about to pop ringed on the field, then the
 * field after gravity), and the totals as the answer.
 */
enum bl_code puyo_trace_html(const struct puyo_field *f, const struct puyo_rules *rules,
			     struct bl_buf *out, struct bl_err *err);

/*
 * ---- Testing: choosing the chain engine ----
 * Every engine gives the same answers; the tests compare them and the
 * benchmark times each.  A program has no reason to use these.
 */

/* True when engine can run on this CPU (AUTO and PORTABLE always can). */
bool puyo_engine_available(enum puyo_engine engine);

/* The engine AUTO stands for on this CPU: PORTABLE or BMI2. */
enum puyo_engine puyo_engine_resolve(enum puyo_engine engine);

/*
 * The engine called name: "auto", "portable" or "bmi2" (the tool's
 * BOARDLAB_PUYO_ENGINE) into *e; false for any other name.
 */
bool puyo_engine_parse(const char *name, enum puyo_engine *e);

/*
 * Makes every chain under rules run on engine (puyo_solve, puyo_play,
 * puyo_best, the views): the tool's BOARDLAB_PUYO_ENGINE.  engine must be
 * available for puyo_best; puyo_solve and puyo_play refuse it if not.
 */
void puyo_rules_set_engine(struct puyo_rules *rules, enum puyo_engine engine);

/*
 * puyo_solve without its checks (f settled and of the rules' rows),
 * puyo_chain_start and puyo_best, on engine instead of the rules' (available).
 */
void puyo_chain_run_engine(const struct puyo_field *f, const struct puyo_rules *rules,
			   enum puyo_engine engine, struct puyo_result *res);
void puyo_chain_start_engine(struct puyo_chain *c, const struct puyo_field *f,
			     const struct puyo_rules *rules, enum puyo_engine engine);
int puyo_best_engine(const struct puyo_field *f, const struct puyo_rules *rules,
		     const struct puyo_pair *pairs, int npairs, enum puyo_engine engine,
		     struct puyo_plan out[PUYO_MOVES_MAX]);

/* puyo_bits_load without its checks (f settled and of the rules' rows), on engine (available). */
void puyo_bits_load_engine(struct puyo_bits *b, const struct puyo_field *f,
			   const struct puyo_rules *rules, enum puyo_engine engine);

/*
 * The game's part of `boardlab demo`, appended to out: the instance example's field
 * (the judge's rules), its chain count and puyo_explain's explanation.
 * example[0..len) is the tool's examples/puyo.txt.  Returns BL_OK, or the
 * error of reading or solving the example (out may hold part of the tour).
 */
enum bl_code puyo_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err);

#endif
