/*
 * tower: the stacking game of BOJ 17837 (carry rule) and 17780 (bottom rule)
 * on an N x N board of white, red and blue cells.  A struct tower owns one
 * instance (the board and the pieces' start) and the live position: every
 * cell's stack as a linked list, so a move costs O(pieces that move).
 * tower_play finds a repeated state exactly whatever the turn limit: a
 * history of every state while it fits in a fixed budget, then Brent.
 * Files: lib/tower_board.c (limits, parsing, the position), tower.c (the
 * engine; tower_small.c and tower_split.c are its internals, tower_impl.h),
 * tower_text.c (text and JSON of a position, a move, a result),
 * tower_view.c (whole traces and renders), tower_svg.c (the picture) and
 * tower_gen.c (random instances).
 */
#ifndef BOARDLAB_TOWER_H
#define BOARDLAB_TOWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "io.h"
#include "rng.h"

#define TOWER_N_MAX 4096          /* board side, without the judge limits */
#define TOWER_K_MAX 1000000       /* pieces, without the judge limits */
#define TOWER_BOJ_N_MIN 4
#define TOWER_BOJ_N_MAX 12
#define TOWER_BOJ_K_MIN 4
#define TOWER_BOJ_K_MAX 10
#define TOWER_HEIGHT 4            /* the stack height that ends the game */
#define TOWER_LIMIT 1000          /* turns played before the answer is -1 */
#define TOWER_OPT_MAX INT64_C(1000000000000000000)   /* --height and --limit: 10^18 */
#define TOWER_HISTORY_WORDS (1u << 18)   /* tower_play keeps states in 2 MiB at most */
#define TOWER_HISTORY_TURNS (1 << 16)    /* and 65536 of them at most */

enum tower_rule {
	TOWER_CARRY,    /* BOJ 17837: every piece moves, carrying those above it */
	TOWER_BOTTOM,   /* BOJ 17780: only a stack's bottom piece moves */
};

/* What a move meets: the input's colour codes, then the board's edge. */
enum tower_colour {
	TOWER_WHITE = 0,
	TOWER_RED = 1,
	TOWER_BLUE = 2,
	TOWER_EDGE = 3,
};

/* The input's direction codes. */
enum tower_dir {
	TOWER_RIGHT = 1,
	TOWER_LEFT = 2,
	TOWER_UP = 3,
	TOWER_DOWN = 4,
};

/* Bounds a parse enforces: the judge's or the tool's. */
struct tower_limits {
	int n_min, n_max;   /* board side */
	int k_min, k_max;   /* pieces; never more than the board's cells either */
	size_t max_bytes;   /* memory a tower may hold (tower_bytes), 0 for no bound:
	                       both limits functions leave it 0 */
};

/*
 * A known mistake of wrong solutions, played as a rule variant (docs/tower.md,
 * "Mistakes"; the catalogue of each problem's ids is boardlab/mistake.h).
 * TOWER_MISTAKE_NONE is the rules.  A game with a mistake is played by a
 * plain engine, turn by turn (lib/tower_variant.c), never by the fast one.
 */
enum tower_mistake {
	TOWER_MISTAKE_NONE,
	TOWER_MISTAKE_END_OF_TURN,      /* the height is checked only when a turn is over */
	TOWER_MISTAKE_BLUE_NO_RECHECK,  /* after a bounce, a blue cell is entered like a white
	                                   one (off the board the piece stays) */
	TOWER_MISTAKE_BLUE_FORGET_DIR,  /* a bounce's reversed direction is used for the move
	                                   but not kept */
	TOWER_MISTAKE_BLUE_THEN_RED,    /* a bounce onto red does not reverse the group */
	TOWER_MISTAKE_RED_WHOLE_STACK,  /* red reverses the whole stack the group lands on */
	TOWER_MISTAKE_CARRY_ALONE,      /* a piece moves without the pieces above it */
	TOWER_MISTAKE_LIMIT_SHORT,      /* turn `limit` is not played: a stack on it gives -1 */
	TOWER_MISTAKE_LIMIT_LONG,       /* turn limit + 1 is played too */
	TOWER_MISTAKE_CYCLE_NO_ORDER,   /* -1 once the cells and directions after a turn repeat,
	                                   the stacks' order ignored */
	TOWER_MISTAKE_DIR_SWAP,         /* directions 3 and 4 swapped: 3 moves down, 4 up */
	TOWER_MISTAKE_ANY_PIECE_MOVES,  /* bottom rule: pieces not at the bottom move too,
	                                   carrying those above them (the carry rule) */
	TOWER_MISTAKE_SKIP_NEW_BOTTOM,  /* bottom rule: who moves is fixed when the turn starts,
	                                   so a piece that becomes a bottom during it is skipped */
	TOWER_MISTAKE_COUNT
};

/* A game with a mistake plays at most this many piece-moves (pieces x turns). */
#define TOWER_MISTAKE_MOVES_MAX INT64_C(10000000)

/* How a game is played.  tower_opts_init gives the judge's game. */
struct tower_opts {
	enum tower_rule rule;
	int64_t height;     /* a stack this high ends the game; 2..TOWER_OPT_MAX */
	int64_t limit;      /* turns played before giving up; 1..TOWER_OPT_MAX */
	bool play_few;      /* play even with fewer pieces than height (no TOWER_END_FEW) */
	/* tuning, for tests and benchmarks: the answer is the same either way,
	   how a -1 is found may differ */
	int64_t history;    /* states kept for finding a repeat at once (default
	                       TOWER_HISTORY_TURNS); fewer than 2: Brent alone */
	bool split;         /* also prove -1 by groups that never meet (default on;
	                       used when the limit reaches past the history,
	                       in the history and in the Brent phase after it) */
	bool answer_only;   /* the answer alone (default off): within the history a
	                       repeat ends the game when Brent's method sees it,
	                       cycle_from..cycle_to a repeat but not always the first */
	enum tower_mistake mistake;   /* TOWER_MISTAKE_NONE (the default): the rules */
};

/* One piece; pieces are numbered 1..k and 0 means none. */
struct tower_piece {
	int32_t cell;        /* row * n + col, 0-based */
	int32_t above;       /* the piece on top of this one, or 0 */
	int32_t below;       /* the piece under this one, or 0 */
	int32_t level;       /* 0 at the bottom of the stack */
	int32_t start_cell;  /* where the game starts */
	uint8_t dir;         /* enum tower_dir */
	uint8_t start_dir;
};

/*
 * One instance and its live position.  The caller owns the struct
 * (tower_init, tower_release); n and k may be read, everything else is
 * the module's: read the position through the functions below.
 */
struct tower {
	int n, k;                    /* board side and pieces; 0 when empty */

	/* private: the board and the position (lib/tower_board.c) */
	uint8_t *colour;             /* n * n cells, row-major: enum tower_colour in bits
	                                0-1, above them where the board ends around the
	                                cell (read it through tower_colour_at) */
	int32_t *top;                /* n * n: the top piece of each cell, or 0 */
	struct tower_piece *piece;   /* k + 1 entries; entry 0 is scratch */
	size_t cell_cap, piece_cap;  /* allocated entries, kept across parses */

	/* private: tower_play's working memory, kept across games */
	uint64_t *words;             /* tower_play's states, k words each (see pack_state) */
	uint64_t *hashes;            /* the hash of each state kept */
	int32_t *slots;              /* a table of those hashes: the turn, or -1 */
	size_t words_cap, hashes_cap, slots_cap;
	int32_t *uf;                 /* tower_split: groups of pieces (3 * (k + 1)) */
	int32_t *owner;              /* and each cell's first user in the window (n * n),
	                                0 for every cell not in owned */
	int32_t *owned;              /* the cells given an owner since it was cleared */
	size_t uf_cap, owner_cap, owned_len;   /* owned_len > TOWER_OWNED_MAX: too many */
	bool tracking;               /* a tower_split window is open */
	struct tower_small *small;   /* the compact engine for small games, or NULL */
	bool small_live;             /* tower_play is playing on it */
	int32_t unknown;             /* tower_witness: 1 + the first cell of unknown colour a
	                                game with a mistake met, or 0 */
};

/* One move, as tower_move reports it. */
struct tower_move {
	int64_t turn;               /* set by tower_solve; 0 from tower_move */
	int piece;                  /* the piece whose move it was, 1..k */
	int from, to;               /* cells; to == from when nothing moved */
	enum tower_dir dir;         /* the piece's direction before the move */
	enum tower_colour met;      /* the cell (or edge) in that direction */
	enum tower_colour met2;     /* after a bounce, the one behind; else as met */
	bool skipped;               /* bottom rule: the piece was not at the bottom */
	bool bounced;               /* met blue or the edge: the direction flipped */
	bool moved;                 /* the group left its cell */
	int group;                  /* pieces moved: the piece and those above it */
	int height;                 /* the stack at `to` after the move */
};

enum tower_end {
	TOWER_END_STACK,   /* a stack reached the height: answer is the turn */
	TOWER_END_LIMIT,   /* the limit passed without one: answer -1 */
	TOWER_END_FEW,     /* fewer pieces than the height: answer -1 at once */
	TOWER_END_CYCLE,   /* a state repeated, so no stack can ever form: -1 */
	TOWER_END_STOPPED, /* tower_play's callback stopped the game: answer -1, not a verdict */
	TOWER_END_SPLIT,   /* the pieces split into groups that never meet, each
	                      repeating on its own, so no stack can ever form: -1 */
};

#define TOWER_SPLIT_SHOWN 8   /* the groups whose periods a result lists */

struct tower_result {
	int64_t answer;          /* the turn the game ended, or -1 */
	enum tower_end end;
	int64_t turns;           /* turns completed (the answer's turn was not) */
	struct tower_move last;  /* TOWER_END_STACK: the move that built the stack */
	int64_t cycle_from;      /* TOWER_END_CYCLE: the state after turn cycle_to */
	int64_t cycle_to;        /* is the one after turn cycle_from, its first repeat
	                            (a repeat, not always the first, with answer_only) */
	int64_t moves;           /* piece-moves of the game up to its end, for benchmarks
	                            (the compact engine may play a few more turns to find
	                            a repeat, and counts them not) */
	int groups;              /* TOWER_END_SPLIT: the groups, which have shared */
	int64_t split_from;      /* no cell since turn split_from; after turn `turns` */
	int64_t periods[TOWER_SPLIT_SHOWN];   /* each is in its state of periods[i]
	                                         turns before (the first groups by
	                                         their lowest piece) */
};

/*
 * One step of a game as tower_play shows it: a move (mv set, mv->turn ==
 * turn) or the end of a complete turn (mv NULL), with the position after
 * it.  Everything it points to is tower_play's, valid during the call.
 */
struct tower_step {
	const struct tower *t;          /* the position after the step */
	int64_t turn;                   /* the turn the step belongs to, from 1 */
	const struct tower_move *mv;    /* the move just played, or NULL at a turn's end */
};

/*
 * Called by tower_play after every step.  Returning false stops the game
 * (TOWER_END_STOPPED), unless the turn just completed ends it anyway (the
 * limit, a repeat or a split found at that turn's end), which is then
 * reported as without the callback.
 */
typedef bool (*tower_step_fn)(void *ctx, const struct tower_step *step);

/* The judge's bounds (4 <= N <= 12, 4 <= K <= 10) or the tool's. */
void tower_limits_boj(struct tower_limits *lim);
void tower_limits_any(struct tower_limits *lim);

/*
 * The most memory, in bytes, a tower of side n with k pieces holds:
 * tower_parse's board and pieces, and what tower_play adds (the history of
 * states, the groups of the proof by groups, the twin of a cycle's replay,
 * the compact engine), about 13 n^2 + 88 k bytes and 4 MiB.  Saturates at
 * SIZE_MAX.  At the tool's limits (n 4096, k 10^6) it is 310,101,592 bytes (296 MiB,
 * as the tool rounds it up).
 */
size_t tower_bytes(int n, int k);

/*
 * The judge's game: carry rule, height 4, limit 1000 turns; the history of
 * TOWER_HISTORY_TURNS states and the proof by groups on, play_few off.
 */
void tower_opts_init(struct tower_opts *o);

/* An empty tower that owns nothing yet. */
void tower_init(struct tower *t);

/* Frees what the tower owns and leaves it empty.  t may be NULL. */
void tower_release(struct tower *t);

/*
 * Reads one instance in the judge's format (N K, N rows of N colours, K
 * lines "row col direction") from rd, leaving the rest of the input unread,
 * and sets the tower to its start position.  lim bounds N and K (K is also
 * at most N * N).  Buffers are reused, so a batch can parse into one tower.
 * The board (5 bytes a cell) is allocated only when the unread input has at
 * least a byte per cell, and the pieces (24 bytes each) only when it has 3
 * bytes per piece: a header claiming more than the input could hold is
 * checked token by token and refused at the first missing or bad one with
 * nothing allocated for it.  This bounds the allocation by the input's
 * length, not by its tokens: "4096 1" and one 16 MiB token still allocate
 * the 80 MiB board before the token is found bad.  With lim->max_bytes set, an instance whose tower_bytes
 * (counting the buffers kept from earlier parses) passes it is refused
 * before anything is allocated: BL_ERR_LIMIT at the board size, "a
 * 4096x4096 board with 9 pieces needs up to 212 MiB, more than the 64 MiB
 * allowed".  Returns BL_OK, BL_ERR_INPUT with a positioned message in err
 * (the tower is then empty), BL_ERR_LIMIT or BL_ERR_NOMEM.
 */
enum bl_code tower_parse(struct tower *t, struct bl_reader *rd, const struct tower_limits *lim,
			 struct bl_err *err);

/* Puts every piece back where the instance starts, in O(k). */
void tower_reset(struct tower *t);

/*
 * Plays piece p's move (1 <= p <= k) under rule from the current position
 * and describes it in *mv (mv->turn is left 0).  Under the bottom rule a
 * piece with another under it does not move (mv->skipped).
 */
void tower_move(struct tower *t, enum tower_rule rule, int p, struct tower_move *mv);

/*
 * Plays the game of o from the start position until a stack reaches
 * o->height, o->limit turns are complete, or the state at the end of a turn
 * (every piece's cell, direction and the piece under it) repeats an earlier
 * one, and fills *res.  Repeats are found exactly and the first one is
 * reported (cycle_from, cycle_to): while k * turns fits in
 * TOWER_HISTORY_WORDS every state is kept, with a hash table, and a repeat
 * is seen on the turn it happens (on the compact engine of judge-size
 * games, a comparison a turn with one saved state finds it, perhaps a few
 * turns late, and the kept states give the first one); past that Brent's
 * method finds one (a
 * hash match confirmed word by word against one saved state) by turn
 * max(2 mu, mu + lambda) + lambda at the latest, and the first repeat is
 * found by replaying two copies lambda turns apart.  So the time is
 * proportional to the run-up plus the cycle whatever the limit, and the
 * memory O(N^2 + K).  The tower is left in the final position (tower_bottom
 * and tower_above show the stack; after a cycle, the state after turn
 * cycle_from, which is the state after cycle_to).  Returns BL_OK,
 * BL_ERR_ARG when o is out of range (height or limit outside 2..10^18 and
 * 1..10^18, an unknown rule or mistake) or BL_ERR_NOMEM.
 *
 * With o->mistake set it plays the game a solution with that mistake
 * plays, turn by turn on the same position (lib/tower_variant.c): no
 * repeat is looked for but the mistake's own (TOWER_MISTAKE_CYCLE_NO_ORDER:
 * res->end TOWER_END_CYCLE), so a -1 costs every turn up to the limit;
 * BL_ERR_LIMIT when the pieces times the turns it may play pass
 * TOWER_MISTAKE_MOVES_MAX.  End of turn: res->last is the move that made
 * the turn's highest stack.
 */
enum bl_code tower_solve(struct tower *t, const struct tower_opts *o, struct tower_result *res,
			 struct bl_err *err);

/*
 * tower_solve with fn called after every move and every turn (see
 * tower_step_fn); fn may be NULL.  The replay that finds the first repeat
 * of a cycle is not shown to fn.  Every trace and replay view is built on
 * it.
 */
enum bl_code tower_play(struct tower *t, const struct tower_opts *o, tower_step_fn fn, void *ctx,
			struct tower_result *res, struct bl_err *err);

/*
 * The hash of the current position, in O(k): equal positions have equal
 * hashes; a hash match says nothing for sure, tower_play confirms it word
 * by word.
 */
uint64_t tower_hash(const struct tower *t);

/*
 * Appends why the game of *res ended, as lines for people: the move that
 * built the stack (turn, piece, cells as row,col, the colour met, a bounce)
 * and the stack bottom to top, read from t's final position; or that no
 * stack formed within the limit; or that the state after turn t repeats
 * the state after turn s; or that too few pieces exist.  Call it right
 * after tower_solve.
 */
void tower_explain(const struct tower *t, const struct tower_opts *o,
		   const struct tower_result *res, struct bl_buf *out);

/* The colour of a cell (0 <= cell < n * n). */
enum tower_colour tower_colour_at(const struct tower *t, int cell);

/* The bottom piece of a cell's stack, or 0 when the cell is empty. */
int tower_bottom(const struct tower *t, int cell);

/* The piece on top of piece p, or 0. */
int tower_above(const struct tower *t, int p);

/* The number of pieces on a cell. */
int tower_height(const struct tower *t, int cell);

/* The piece under piece p, or 0. */
int tower_below(const struct tower *t, int p);

/* A piece's cell and current direction. */
int tower_cell_of(const struct tower *t, int p);
enum tower_dir tower_dir_of(const struct tower *t, int p);

/* Names for text: "right", "left", "up", "down"; "white", "red", "blue", "edge". */
const char *tower_dir_name(enum tower_dir d);
const char *tower_colour_name(enum tower_colour c);

/*
 * Views of a position and of a move, for trace and render (lib/tower_text.c).
 * Directions are drawn as arrows '>' right, '<' left, '^' up, 'v' down;
 * colours as W, R, B; cells as (row,col) from 1.
 */

/* The arrow of a direction: '>', '<', '^' or 'v'. */
char tower_dir_arrow(enum tower_dir d);

/*
 * Appends the board as a grid: a header of column numbers, then one line
 * per row, its number and each cell as its colour letter followed by its
 * stack bottom to top, each piece as its number and arrow ("R3>12v"); the
 * letters R and B are spans of BL_HUE_RED and BL_HUE_BLUE in style st
 * (NULL: plain).
 * Each column is padded to its widest cell up to 24 characters; a longer
 * cell runs on and pushes the rest of its row right.  So the text has
 * O(N^2 + K) characters, made in O(N^2 + K) time, however tall a stack:
 * at most 26 bytes a cell and 9 a piece, all appended to out at once (about
 * 425 MiB at N 4096, K 10^6; not counted by tower_limits.max_bytes).
 */
void tower_board_text(const struct tower *t, const struct bl_style *st, struct bl_buf *out);

/* Appends a cell's stack bottom to top, "3> 12v", or "empty". */
void tower_stack_text(const struct tower *t, int cell, struct bl_buf *out);

/*
 * Appends one line for a move just played on t (as tower_move described
 * it): where the piece was going, what it met, a bounce, and where the
 * group went with the stack it made, or that it stayed or was skipped.
 * The colour words red and blue are spans of their hue in style st.
 */
void tower_move_text(const struct tower *t, const struct tower_move *mv, const struct bl_style *st,
		     struct bl_buf *out);

/*
 * Appends a step's line, without a newline: a move's as tower_move_text
 * writes it, "after turn 7" for a turn's end.  The text trace and the
 * replay's frames describe their steps with it.
 */
void tower_step_text(const struct tower_step *step, const struct bl_style *st, struct bl_buf *out);

/*
 * JSON: the position's non-empty stacks as an array, row-major, each
 * {"cell":[r,c],"colour":C,"pieces":[{"piece":P,"dir":D},...]} bottom to
 * top; a move as an object (see docs/tower.md); the board's colours as an
 * array of rows of numbers; the result of a game as an object.
 */
void tower_stacks_json(const struct tower *t, struct bl_buf *out);
void tower_move_json(const struct tower *t, const struct tower_move *mv, struct bl_buf *out);
void tower_colours_json(const struct tower *t, struct bl_buf *out);
void tower_result_json(const struct tower *t, const struct tower_opts *o,
		       const struct tower_result *res, struct bl_buf *out);

/* "carry" or "bottom"; "stack", "limit", "few", "cycle", "stopped" or "split". */
const char *tower_rule_name(enum tower_rule r);
const char *tower_end_name(enum tower_end e);

/*
 * The witness search of mistakes (boardlab/mistake.h, docs/judge.md): for
 * each job, among every valid judge input of side n with k pieces (the
 * judge's bounds) whose answer under the rules of o (its rule, height and
 * limit; its mistake is not read) is exactly o->limit, the smallest by its
 * numbers in input order on which the game with the job's mistake answers
 * otherwise: appended to the job's input (a bl_buf the caller initialised)
 * in the judge's format, found set.  Exhaustive: every placement up to the
 * board's reflections (which every mistake respects), every colour of
 * every cell a game looks at, the other cells 0; a game that can no longer
 * end on turn o->limit is cut short (with the height equal to k, when the
 * pieces cannot all gather by then; with cycle-no-order alone, when no
 * false repeat came before the last turn).  The jobs share the rules'
 * games.  At most max_nodes games (0: no bound; past it BL_ERR_LIMIT);
 * *nodes (may be NULL) gets the games played.  BL_ERR_ARG for a mistake it
 * does not search (none, the two limit mistakes), more than 32 jobs, or
 * bounds out of range.
 */
struct tower_witness_job {
	enum tower_mistake mistake;   /* in */
	bool found;                   /* out */
	struct bl_buf input;          /* out: the witness, appended */
};

enum bl_code tower_witness(const struct tower_opts *o, struct tower_witness_job *jobs, int njobs,
			   int n, int k, uint64_t max_nodes, uint64_t *nodes, struct bl_err *err);

/*
 * The position after turn `turn` (0 for the start) of the game of o (its
 * rule and height; o->limit is not read), in t.  A game that ends first
 * stops there: res->end is TOWER_END_STACK and res->last the move that
 * ended it.  Otherwise res->end is TOWER_END_CYCLE when the position came
 * from a repeat found on the way (any turn up to 10^18 takes the time of
 * the run-up and one cycle), else TOWER_END_LIMIT; the pieces move on
 * even when there are fewer than the height.  Returns BL_OK, BL_ERR_ARG
 * (turn outside 0..TOWER_OPT_MAX, o out of range) or BL_ERR_NOMEM.
 */
enum bl_code tower_play_to(struct tower *t, const struct tower_opts *o, int64_t turn,
			   struct tower_result *res, struct bl_err *err);

/*
 * Whole views (lib/tower_view.c), as the trace and render verbs print them
 * (docs/tower.md shows each).  A picture (svg, and the html replay's
 * frames) draws boards up to TOWER_SVG_N_MAX cells a side.
 */
#define TOWER_SVG_N_MAX 64

enum tower_format {
	TOWER_FORMAT_TEXT,
	TOWER_FORMAT_JSON,
	TOWER_FORMAT_SVG,    /* render only */
	TOWER_FORMAT_HTML,   /* trace only: a replay page of svg frames */
};

/* What a trace shows; tower_trace_opts_init gives every move as text. */
struct tower_trace_opts {
	enum tower_format format;       /* text, json or html */
	bool every_turn;                /* a board per turn instead of a line per move */
	int64_t from;                   /* the first turn shown, from 1 */
	int64_t to;                     /* the game stops after this turn; 0: played to its end */
	const struct bl_style *style;   /* text: the colours of cells and words; NULL plain */
	bool (*flush)(void *ctx);       /* text and json: when set, called after a step that
	                                   left 64 KiB or more in out, to write it out and
	                                   empty it; false (a write error) stops the game */
	void *flush_ctx;
	bool compare;                   /* text: point at where an answer of `found` parts
	                                   from the game (see tower_trace) */
	int64_t found;
};

void tower_trace_opts_init(struct tower_trace_opts *v);

/*
 * Plays the game of o on t from its start and appends it as v asks: text
 * (the game, the start board, each move's line under its turn or each
 * turn's board, then the answer and tower_explain), json (the game, the
 * colours, the start, the steps, the final stacks and the result) or an
 * html replay page (a frame per step, at most HTML's cap, described by
 * tower_step_text).  With v->compare, a text trace that points at where
 * an answer of v->found (a solution's) parts from this game: the turn P
 * by which they part (the earlier of the game's answer and the found
 * one, each where it is a turn), what each answer says there and, during
 * the found turn, the tallest stack; then turns P - 9 to P + 1 move by
 * move, from P - 2 on each with the board after it (the board before the
 * first first), the board after the move that ends the game, the answer and tower_explain; v->from,
 * v->to and v->every_turn must be their defaults.  Returns BL_OK,
 * BL_ERR_ARG (v or o out of range), BL_ERR_LIMIT (html: a board over
 * TOWER_SVG_N_MAX, before anything is written) or BL_ERR_NOMEM; out may
 * then hold part of the trace.
 */
enum bl_code tower_trace(struct tower *t, const struct tower_opts *o,
			 const struct tower_trace_opts *v, struct bl_buf *out, struct bl_err *err);

/*
 * Plays to the position after turn `turn` (tower_play_to) and appends it
 * as text (a title line, then tower_board_text in style st), json (the
 * colours, the stacks, and how the game ended if it did) or an svg
 * picture.  Returns BL_OK, BL_ERR_ARG, BL_ERR_LIMIT (svg: a board over
 * TOWER_SVG_N_MAX, refused before playing) or BL_ERR_NOMEM.
 */
enum bl_code tower_render(struct tower *t, const struct tower_opts *o, int64_t turn,
			  enum tower_format f, const struct bl_style *st, struct bl_buf *out,
			  struct bl_err *err);

/*
 * Random instances (lib/tower_gen.c), as `tower gen` draws them.  Each
 * range is [0] to [1], both included.
 */
enum tower_ending {
	TOWER_ENDING_ANY,     /* any game */
	TOWER_ENDING_STACK,   /* a game that ends with a stack */
	TOWER_ENDING_NEVER,   /* a game that does not */
};

#define TOWER_GEN_TRIES 1000   /* draws of one instance before giving up on its ending */

struct tower_gen {
	int64_t n[2];              /* the board side, 1..TOWER_N_MAX */
	int64_t k[2];              /* the piece count, 1..TOWER_K_MAX, at most the cells drawn */
	int64_t red[2], blue[2];   /* percent of red and of blue cells, 0..100 */
	enum tower_ending ending;
	struct tower_opts opts;    /* the game an ending is judged by */
	struct tower_limits lim;   /* and the limits a draw is read with for it */
	enum bl_gen_dist mix;      /* UNIFORM: the ranges as they are; MIXED: below */
	int64_t dense;             /* MIXED's dense boards: red or blue up to this percent
	                              when more than the range's top; 0: within the range */
};

#define TOWER_GEN_LATE_TRIES 3000   /* draws for a game that ends near the limit */

/*
 * gen's defaults: side 4-12, 4-10 pieces, 0-25 percent red and 0-25 blue,
 * any ending, the judge's game (tower_opts_init), the tool's limits,
 * UNIFORM, dense 60.  Under MIXED (docs/tower.md, "gen") an instance's
 * component is drawn first from its stream: the uniform draw (weight 3);
 * a small board, the least side that holds the fewest pieces or one more,
 * crowded with pieces leaning to the most (2); a dense red board, the red
 * percent leaning to the top of red[0] to max(red[1], dense) (1); the
 * same in blue (1); or, with any ending and a limit up to 10^5, a game
 * built to end near the limit (2): draws from the ranges are played on
 * past the limit until one ends with a stack on turn limit + d or later
 * (d -1, 0 or +1, drawn first: 0 and +1 twice as often), and it is cut
 * at the turn that leaves exactly limit + d turns to play, when every
 * piece stands alone after it (the position after that turn is the
 * instance); after TOWER_GEN_LATE_TRIES draws the last one stands.  Under
 * the bottom rule with height 4 and limit 1000 (17780's game), where such
 * draws almost never come, the game is instead one of a table of games
 * found by draws to end on turn 1001 that fits the side and piece ranges,
 * under one of the board's 8 symmetries, the cells it never looks at
 * coloured afresh from the ranges, and cut the same way (every piece
 * alone through turn 2); each is confirmed by tower_solve, the draws of
 * before standing in should one not end on its turn.
 */
void tower_gen_init(struct tower_gen *g);

/*
 * One of the ranges of a tower_gen as gen's options write it: "N" (LO = HI
 * = N) or "LO-HI", with lo <= LO <= HI <= hi.  True with them in *a and *b.
 */
bool tower_gen_range(const char *s, int64_t lo, int64_t hi, int64_t *a, int64_t *b);

/*
 * The requests of g that no draw can meet, as gen's usage errors say them:
 * BL_ERR_ARG "10 pieces do not fit on a 3x3 board", "--red 60 and --blue 50
 * make more than 100 percent", or with TOWER_ENDING_STACK a height more
 * than the pieces the ranges allow, or a board all blue and never red
 * (no piece ever moves).  BL_OK when some draw can.
 */
enum bl_code tower_gen_check(const struct tower_gen *g, struct bl_err *err);

/*
 * Appends one instance drawn from rng, in the judge's format: the side
 * (from the least one that holds g->k[0] pieces), the piece count (at most
 * the side's cells), the red and blue densities (blue at most 100 less
 * red), each cell's colour, then the pieces on distinct cells with random
 * directions.  The ending is not looked at.  False when out of memory.
 */
bool tower_gen_draw(const struct tower_gen *g, struct bl_rng *rng, struct bl_buf *out);

/*
 * Appends instance i of the run of seed: drawn by tower_gen_draw from the
 * stream bl_rng_init_stream(seed, i), and drawn again from it until the
 * game (g->opts, read with g->lim) ends as g->ending asks, so that
 * instance i is the same whatever instances are drawn with it.  Returns
 * BL_OK, BL_ERR_ARG (a range out of order or of bounds, more pieces than
 * cells, red and blue over 100 percent), BL_ERR_LIMIT (no such game in
 * TOWER_GEN_TRIES draws: "instance I: no game that ... in 1000 draws") or
 * BL_ERR_NOMEM; then nothing is appended.
 */
enum bl_code tower_gen(const struct tower_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
		       struct bl_err *err);

/*
 * The game's part of `boardlab demo`, appended to out: the rules in a few lines,
 * the instance example (the judge's limits), its answer under each rule
 * with tower_explain, and how the bottom rule differs.
 * example[0..len) is the tool's examples/tower.txt.  Returns BL_OK, or the
 * error of reading or solving the example (out may hold part of the tour).
 */
enum bl_code tower_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err);

#endif
