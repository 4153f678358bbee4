/*
 * yut: dice yut (BOJ 17825 주사위 윷놀이).  A board is data: cells with a
 * name, a score, a red arrow and an optional blue arrow, one Start and one
 * End, read from and written to a small text format.  A game is a board,
 * the dice known in advance and a number of horses; the solver finds the
 * best total by a memoised search over (turn, horse cells) and can give the
 * optimal plan move by move.  With the dice unknown, an expectimax over
 * (rolls left, horse cells) gives the expected total under optimal play
 * (yut_expect) and ranks the moves of a roll (yut_advise).  The views
 * (lib/yut_view.c) write a game, its plan, a position, an expectation or
 * advice into a bl_buf as text, JSON, SVG or an HTML replay.  A game owns
 * its dice, a result owns its plan; a board is a caller-owned value (the
 * built-in one is static and read-only).
 */
#ifndef BOARDLAB_YUT_H
#define BOARDLAB_YUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "io.h"
#include "rng.h"

#define YUT_MAX_CELLS 255          /* cells of a board: a cell index fits a byte */
#define YUT_NAME_MAX 16            /* bytes of a cell name, its NUL included */
#define YUT_NONE (-1)              /* no cell: End's arrows, a cell without blue arrow */
#define YUT_DIE_MAX 5              /* a die shows 1..YUT_DIE_MAX */
#define YUT_MAX_HORSES 8
#define YUT_HORSES_DEFAULT 4
#define YUT_BOJ_DICE 10            /* dice of a judge instance */
#define YUT_LINE_DICE_MAX 10000    /* dice on one line of the line format */
#define YUT_SCORE_MAX 1000000      /* a cell's score is 0..YUT_SCORE_MAX */
#define YUT_DIST_TEXT_MAX 64      /* bytes of a yut_dist's text, its NUL included */
#define YUT_STATES_DEFAULT 4000000 /* search limit when yut_game.max_states is 0 (up to about 400 MB) */

struct yut_cell {
	char name[YUT_NAME_MAX];  /* unique on its board, NUL-terminated */
	int score;                /* added when a move ends here */
	int red;                  /* next cell; YUT_NONE only for End */
	int blue;                 /* first step of a move starting here, or YUT_NONE */
};

struct yut_board {
	int ncells;
	int start, end;           /* horses begin on start; a move reaching end stops */
	struct yut_cell cells[YUT_MAX_CELLS];
};

/*
 * The board of BOJ 17825 (33 cells): "start", the outer ring "2" .. "40",
 * the diagonals "d13" "d16" "d19" (blue from "10"), "d22" "d24" (blue from
 * "20"), "d28" "d27" "d26" (blue from "30"), the centre "c25" "c30" "c35"
 * (then "40"), and "end".  Static storage: never freed, never written.
 */
const struct yut_board *yut_board_builtin(void);

/*
 * Checks a board: 2..YUT_MAX_CELLS cells, distinct start and end, names
 * non-empty, NUL-terminated, unique and of ASCII letters, digits, '_' and
 * '-', scores in 0..YUT_SCORE_MAX and 0
 * for end (end adds 0), every cell but end with a red arrow to a cell, end
 * with no arrow, blue arrows to cells, no cycle of arrows (so every cell
 * reaches end by its red arrows).
 * Returns BL_OK or BL_ERR_ARG with the fault.  yut_solve runs the same
 * checks but the names' uniqueness and the cycles (the search, bounded by
 * the dice, needs neither).
 */
enum bl_code yut_board_check(const struct yut_board *b, struct bl_err *err);

/*
 * The board text format (docs/yut.md), one statement per line, '#' starting
 * a comment to the end of its line:
 *   start NAME                        the cell horses begin on
 *   end NAME                          the cell that stops a move
 *   cell NAME SCORE [red NEXT] [blue NEXT]
 * Names are 1 to YUT_NAME_MAX - 1 ASCII letters, digits, '_' and '-'; a
 * NEXT may name a cell defined further down.  Cells are numbered in the
 * order of their lines.
 *
 * yut_board_parse reads the whole of r into *b (left unspecified on
 * failure).  Faults are BL_ERR_INPUT at the line and column of the token
 * they concern: an unknown keyword, name or score; a missing or second
 * start or end line; a cell defined twice; two arrows of one colour from a
 * cell; an unknown cell name; the end cell with an arrow, or with a score
 * other than 0 (at the score); a cell other than end without a red arrow
 * (it cannot reach end); arrows that go round in a cycle; more than
 * YUT_MAX_CELLS cells.  BL_ERR_NOMEM.
 */
enum bl_code yut_board_parse(struct yut_board *b, struct bl_reader *r, struct bl_err *err);

/*
 * A board file's text[0..len) read into a board of the heap, *b (NULL on
 * failure; the caller frees it): yut_board_parse's errors, BL_ERR_NOMEM.
 */
enum bl_code yut_board_read(const char *text, size_t len, struct yut_board **b,
			    struct bl_err *err);

/*
 * Appends board b in the text format: a comment header, the start and end
 * lines, then one cell line per cell in index order, aligned in columns.
 * The header's first line names how the text is read back when `how` is
 * not NULL: "# a yut board (HOW), one statement a line:".
 * yut_board_parse gives back the same board, and the built-in board with
 * the tool's how, "boardlab yut --board FILE", gives the bytes of
 * examples/yut-board.txt.
 */
void yut_board_write(const struct yut_board *b, const char *how, struct bl_buf *out);

/* The index of the cell called name, or YUT_NONE. */
int yut_board_find(const struct yut_board *b, const char *name);

/*
 * A position's cells by name, "10,d16,start,start" (a horse's cell each,
 * comma-separated), into cells[0..*horses).  BL_ERR_ARG ("no cell 'd99' on
 * the board", "more than 8 horses") or BL_OK; the cells are not checked
 * against each other (yut_position_check does).
 */
enum bl_code yut_cells_parse(const struct yut_board *b, const char *text,
			     int cells[YUT_MAX_HORSES], int *horses, struct bl_err *err);

/*
 * The cell a horse reaches from cell `from` with die steps: the first step
 * takes the blue arrow when `from` has one, every other step the red arrow,
 * and reaching end stops the move.  from must be a cell, die >= 1.
 */
int yut_board_step(const struct yut_board *b, int from, int die);

/*
 * Where horse `horse` of cells[0..horses) (the horses' cells) ends with die
 * steps, or YUT_NONE when it may not be chosen: it is on end, or its move
 * would end on a cell held by another horse that is not end.
 */
int yut_try_move(const struct yut_board *b, const int *cells, int horses, int horse, int die);

/*
 * Checks a position, horse i on cells[i] for i < horses: every horse on a
 * cell of b, two horses on one cell only on start or end.  BL_ERR_ARG
 * ("horse 2 is on no cell", "horses 1 and 3 are both on '10'") or BL_OK.
 */
enum bl_code yut_position_check(const struct yut_board *b, const int *cells, int horses,
				struct bl_err *err);

/*
 * A known mistake of wrong solutions, played as a rule variant (docs/yut.md,
 * "Mistakes"; the catalogue is boardlab/mistake.h).  YUT_MISTAKE_NONE is
 * the rules.  A game with a mistake is searched by a plain engine
 * (lib/yut_variant.c), never by the fast one.
 */
enum yut_mistake {
	YUT_MISTAKE_NONE,
	YUT_MISTAKE_FINISHED_MAY_PASS,  /* a horse on end may be chosen, for 0 points */
	YUT_MISTAKE_END_BLOCKS,         /* end counts as occupied like any cell */
	YUT_MISTAKE_BLUE_WHEN_PASSING,  /* every step from a blue cell takes its blue arrow */
	YUT_MISTAKE_FORTY_TWICE,        /* "40" reached from "c35" is another cell than the
	                                   ring's (built-in board only) */
	YUT_MISTAKE_SHARED_BY_SCORE,    /* a move may not end on a cell whose score is that of
	                                   a cell another horse holds (start and end aside) */
	YUT_MISTAKE_GREEDY,             /* each turn the move of the most points now, the
	                                   lowest horse on a tie */
	YUT_MISTAKE_NO_RESTORE,         /* a cell stays occupied once a horse has ended a move
	                                   on it (end aside): the search never frees it */
	YUT_MISTAKE_COUNT
};

/* The most dice a game with a mistake takes (its search is recursive). */
#define YUT_MISTAKE_DICE_MAX 1000

struct yut_game {
	const struct yut_board *board;  /* borrowed: must outlive the game */
	int horses;                     /* 1..YUT_MAX_HORSES, all on start at turn 0 */
	unsigned char *dice;            /* the rolls, each 1..YUT_DIE_MAX; owned */
	size_t ndice;
	size_t max_states;              /* search limit, 0 for YUT_STATES_DEFAULT; a state
	                                   takes 40 to 100 bytes, more with more horses
	                                   (8 horses: 61 solving, 99 for an expectation) */
	size_t max_bytes;               /* memory a search's tables may take, growth and
	                                   the plan included; 0 for no bound but max_states */
	enum yut_mistake mistake;       /* YUT_MISTAKE_NONE (the default): the rules; else
	                                   yut_solve gives that mistake's total (no plan) */
	/* private */
	size_t cap;                     /* dice allocated */
};

/* A game on board b with YUT_HORSES_DEFAULT horses and no dice yet. */
void yut_game_init(struct yut_game *g, const struct yut_board *b);

/* Frees the dice.  g may be NULL. */
void yut_game_release(struct yut_game *g);

/*
 * Replaces the dice with dice[0..n).  BL_ERR_ARG for n == 0 or a value
 * outside 1..YUT_DIE_MAX, BL_ERR_NOMEM; the game is unchanged on failure.
 */
enum bl_code yut_game_set_dice(struct yut_game *g, const int *dice, size_t n, struct bl_err *err);

/*
 * The witness search of a mistake (boardlab/mistake.h): the first sequence
 * of ndice dice (1..YUT_WITNESS_DICE_MAX), in lexicographic order, on which
 * the best total of 4 horses on the built-in board with mistake m differs
 * from the rules', into dice[0..ndice); *found says whether there is one.
 * Depth first over the dice, each depth's positions kept (at most
 * YUT_WITNESS_STATES a depth), so that a sequence costs one die's moves.
 * At most max_work sequences (0: no bound; past it BL_ERR_LIMIT); *work
 * (may be NULL) gets the sequences tried.  BL_ERR_ARG for m NONE or ndice
 * out of range, BL_ERR_LIMIT, BL_ERR_NOMEM.
 */
#define YUT_WITNESS_DICE_MAX 10
#define YUT_WITNESS_STATES 65536
enum bl_code yut_witness(enum yut_mistake m, int ndice, uint64_t max_work, int *dice,
			 bool *found, uint64_t *work, struct bl_err *err);

/*
 * What an instance may be: the judge's (exactly 10 dice separated by any
 * whitespace, lines or not) or the tool's (the line format: one line of 1
 * to 10000 dice).
 */
struct yut_limits {
	bool line;       /* the dice are one line, 1 to max_dice of them (blank lines
	                    before it are skipped); else exactly max_dice dice */
	int max_dice;    /* at least 1 */
};

/* The judge's format (YUT_BOJ_DICE dice) or the tool's (a line of up to YUT_LINE_DICE_MAX). */
void yut_limits_boj(struct yut_limits *lim);
void yut_limits_any(struct yut_limits *lim);

/*
 * Reads one instance, as lim says, into g's dice, the rest of the input
 * left unread: the integers 1..5 on the first non-blank line, the instance
 * ending at the end of that line (lim->line), or exactly lim->max_dice of
 * them across any whitespace.  Faults (BL_ERR_INPUT, at the token or the end
 * of input): "expected 10 dice, found end of input after K", "expected a
 * die 1 to 5, found 'TOKEN'", "expected a die 1 to 5, found end of input"
 * (an empty input, line format), "expected end of line after 10000 dice,
 * found 'TOKEN'"; BL_ERR_ARG for limits of no dice; BL_ERR_NOMEM.  The
 * game is unchanged on failure.  Does not require end of input.
 */
enum bl_code yut_parse(struct yut_game *g, struct bl_reader *r, const struct yut_limits *lim,
		       struct bl_err *err);

/*
 * Appends g's dice in the line format: the dice separated by spaces, then
 * a newline ("5 1 2 3 4 5 5 3 2 4\n").
 */
void yut_game_write(const struct yut_game *g, struct bl_buf *out);

/* One move of a plan. */
struct yut_move {
	int die;
	int horse;              /* 0-based; horses are told apart by identity */
	int from, to;           /* cells */
	int64_t points, total;  /* the score of `to`, the running total after it */
};

struct yut_result {
	int64_t total;          /* the best total */
	size_t states;          /* states searched: distinct (turn, horse cells) with dice left */
	struct yut_move *moves; /* the plan (yut_plan only); owned, moves[t] is turn t */
	size_t nmoves;          /* < ndice when no horse could move at turn nmoves */
};

/* An empty result. */
void yut_result_init(struct yut_result *res);

/* Frees the plan and empties the result.  res may be NULL. */
void yut_result_release(struct yut_result *res);

/*
 * The best total of game g into res->total, and the states searched.  A
 * state is (turn, sorted horse cells), each solved once, so the work is the
 * number of reachable states, not the number of choice sequences (about
 * 1500 states, 40 us, for 10 dice and 4 horses; millions for 6 horses and
 * 40 dice).  A turn
 * where no horse may be chosen ends the game: the dice left score nothing.
 * Errors: BL_ERR_ARG (no dice, horses outside 1..YUT_MAX_HORSES, a bad
 * board), BL_ERR_LIMIT (more than max_states states, or tables past
 * max_bytes: "the search needs more memory than the 64 MiB allowed (N
 * states so far)"), BL_ERR_NOMEM.  res
 * must be initialised; its previous plan is freed.
 *
 * With g->mistake set it gives the total a solution with that mistake
 * prints, by a plain memoised search (lib/yut_variant.c; greedy plays its
 * moves): BL_ERR_ARG for forty-twice on a board without the built-in cells
 * "c35" and "40" and for no-restore on a board of more than 64 cells,
 * BL_ERR_LIMIT past YUT_MISTAKE_DICE_MAX dice.  yut_plan and yut_play
 * refuse a mistake (BL_ERR_ARG).
 */
enum bl_code yut_solve(const struct yut_game *g, struct yut_result *res, struct bl_err *err);


/*
 * As yut_solve, and the optimal plan in res->moves: at each turn, among the
 * moves that keep the best total, the one of the lowest horse number.
 */
enum bl_code yut_plan(const struct yut_game *g, struct yut_result *res, struct bl_err *err);

/*
 * One step of a played game: the start (turn 0), a turn's move, or the
 * turn where no horse can move, which ends the game.
 */
struct yut_step {
	size_t turn;                  /* 0 for the start (before turn 1), else the turn, from 1 */
	const struct yut_move *move;  /* the turn's move; NULL at the start and at the end */
	size_t unused;                /* at the end: the dice unused, this turn's included; else 0 */
	const int *cells;             /* each horse's cell after the step, horse 0 first */
	int horses;
};

/* Called with each step; returning false stops the walk. */
typedef bool (*yut_step_fn)(void *ctx, const struct yut_step *step);

/*
 * yut_plan, then the game it plays, step by step: fn(ctx, step) with the
 * start, after each move of the plan, and, when the game ends before the
 * dice do, with the turn where no horse can move.  res (the total, the
 * states, the plan) is complete before the first call.  Errors as
 * yut_plan, and fn is then not called; fn stopping the walk is no error.
 */
enum bl_code yut_play(const struct yut_game *g, yut_step_fn fn, void *ctx,
		      struct yut_result *res, struct bl_err *err);

/*
 * Unknown dice.  A distribution of the faces 1..YUT_DIE_MAX, from its text:
 *   d5             uniform, the problem's die
 *   F:W,F:W,...    integer weights 0..1000000 per face (faces not listed
 *                  weigh 0, at least one weight positive): "1:4,2:6,5:1"
 *   sticks[:P]     four yut sticks, each flat side up with probability P
 *                  (0 to 1, at most 6 decimals, default 0.6): k flat sides
 *                  move k for k = 1..4, none flat moves 5
 * The weights are kept as integers with their sum below 2^32 when they can
 * be (always for d5 and explicit weights; for sticks when P's reduced
 * denominator is at most 255), which is what exact expectations need.
 */
struct yut_dist {
	uint64_t w[YUT_DIE_MAX + 1];  /* w[d]: the integer weight of face d (w[0] is 0) */
	uint64_t total;               /* the sum of w, 0 < total < 2^32; 0 when only p holds */
	double p[YUT_DIE_MAX + 1];    /* p[d]: the probability of face d */
	uint32_t stick_num, stick_den; /* sticks: P = stick_num / stick_den; den 0 otherwise */
	char text[YUT_DIST_TEXT_MAX]; /* the text parsed, whole */
};

/*
 * Parses text into *d.  BL_ERR_ARG with the fault, which does not repeat
 * the text: "expected d5, sticks[:P] or weights like 1:4,2:6,5:1", "face 1
 * is weighted twice", "the weights are all 0", "expected a weight 0 to
 * 1000000 for face 1, found '2000000'".  A text of YUT_DIST_TEXT_MAX bytes
 * or more is no DIST (the longest, five weights of 7 digits, has 49), so
 * d->text holds any valid one whole.
 */
enum bl_code yut_dist_parse(struct yut_dist *d, const char *text, struct bl_err *err);

/* One roll drawn from d: integer draws only, the same on every machine. */
int yut_dist_draw(const struct yut_dist *d, struct bl_rng *rng);

/*
 * Random instances (lib/yut_gen.c), as `yut gen` draws them: instance i of
 * the run seed is g->dice dice drawn from g->dist by a generator of its own
 * (bl_rng_init_stream(seed, i)), so an instance does not depend on the
 * others drawn.
 */
struct yut_gen {
	struct yut_dist dist;   /* what a die shows (yut_dist_parse) */
	int dice;               /* dice per instance, 1..YUT_LINE_DICE_MAX */
	enum bl_gen_dist mix;   /* UNIFORM: dist and dice as they are; MIXED: below */
	bool free_dist;         /* MIXED: the mixture picks the die (else dist holds) */
	bool free_length;       /* MIXED: the mixture picks the length (else dice holds) */
	bool runs;              /* each die after the first repeats the one before it half
	                           the time (set by MIXED's runs component; false by init) */
};

/*
 * gen's defaults: YUT_BOJ_DICE dice of d5, the judge's instances, drawn
 * UNIFORM; under MIXED both the die and the length free.  The mixture
 * (docs/yut.md, "gen"), its component drawn first from the instance's
 * stream: the die is d5 (weight 4), 5 four times as likely as each other
 * face (3), only 4 and 5 (2), only 1 and 2 (1), two faces drawn at
 * random, evenly (1), or 1 or 2 (drawn evenly) and 5, the 5 four times as
 * likely (5); or runs, the 5-weighted die with each die after the first
 * the same as the one before it half the time (4).  The length,
 * when free, 1 to 5 one time in four, 11 to 100 one time in four, else
 * dice.
 */
void yut_gen_init(struct yut_gen *g);

/*
 * Appends instance i of the run seed in the line format, as yut_game_write
 * writes it.  BL_ERR_ARG for g->dice out of range (nothing appended),
 * BL_ERR_NOMEM.
 */
enum bl_code yut_gen(const struct yut_gen *g, uint64_t seed, int64_t i, struct bl_buf *out,
		     struct bl_err *err);

/*
 * The same instance as yut_gen's, as game's dice; its other fields are
 * kept.  BL_ERR_ARG, BL_ERR_NOMEM; the game is unchanged on failure.
 */
enum bl_code yut_gen_game(const struct yut_gen *g, uint64_t seed, int64_t i,
			  struct yut_game *game, struct bl_err *err);

/*
 * An expected total.  exact says that the value is the rational num/den
 * (both in decimal, reduced, den > 0): then value is its nearest double to
 * print.  Otherwise value was computed in double arithmetic.
 */
struct yut_expectation {
	double value;
	bool exact;
	char num[48], den[48];
};

/*
 * The expected total of game g's board and horses (all on start) over
 * `turns` rolls (1..YUT_TURNS_MAX) drawn from d, when every move is chosen
 * to maximise it (expectimax over the memoised states (rolls left, sorted
 * horse cells)).  A roll that lets no horse move ends the game.  *states
 * receives the states solved.  Arithmetic: exact when d has integer weights
 * and every numerator over total^turns fits 128 bits, otherwise double.
 * Errors: BL_ERR_ARG (turns, horses, board), BL_ERR_LIMIT (g->max_states,
 * g->max_bytes),
 * BL_ERR_NOMEM.  The search recurses once per move: at most horses x cells
 * deep (a few hundred bytes a level), however many turns.
 */
enum bl_code yut_expect(const struct yut_game *g, const struct yut_dist *d, int turns,
			struct yut_expectation *res, size_t *states, struct bl_err *err);

#define YUT_TURNS_MAX 10000

/* One legal move for a roll, with the expected final total after it. */
struct yut_advice_move {
	int horse;                      /* 0-based, an index into the cells given */
	int from, to;
	int points;
	struct yut_expectation total;   /* score + points + the expectation after the move */
};

struct yut_advice {
	struct yut_advice_move moves[YUT_MAX_HORSES];
	int nmoves;                     /* 0: no horse can move, the game ends */
	size_t states;
	int roll, left;                 /* the question answered: the roll, the rolls left */
	int64_t score;                  /* and the points so far */
};

/*
 * For horses on cells[0..g->horses) (two horses share a cell only on start
 * or end), `score` points so far (0..10^9), `left` rolls still to come
 * counting the one just thrown (1..YUT_TURNS_MAX) and that roll (1..5):
 * every legal move, best expected final total first (ties: the lower
 * horse).  Arithmetic as yut_expect.  Errors: BL_ERR_ARG (a bad position,
 * roll or count), BL_ERR_LIMIT, BL_ERR_NOMEM.
 */
enum bl_code yut_advise(const struct yut_game *g, const struct yut_dist *d, const int *cells,
			int64_t score, int left, int roll, struct yut_advice *res,
			struct bl_err *err);

/*
 * Views: each appends to out; a text view takes a style (NULL for plain
 * text), and the styled text is the plain text with spans added.  The
 * views that solve (yut_trace_*) write nothing when the search fails and
 * return its error, as yut_plan.
 */

/*
 * A step's line, without newline: "turn 3: die 2, horse 1, 10 -> d16, +16,
 * total 26", "turn 9: no horse can move, the game ends (2 dice unused)",
 * or "before turn 1" for the start.  The text trace and the replay's frames
 * both write it.  st is the trace's style, taken as every game's step line
 * takes it; this line has no coloured part.
 */
void yut_step_text(const struct yut_board *b, const struct yut_step *step,
		   const struct bl_style *st, struct bl_buf *out);

/*
 * A picture of the board in text with horse i (0-based) on cells[i]: the
 * red path from start, then for each blue arrow met the path it opens,
 * each until it meets a cell already drawn (in parentheses), so that each
 * cell and each horse is drawn once; the horses, numbered from 1, after
 * their cell: 10[1] or start[2,3] (the list a BL_HUE_YELLOW span).  Lines
 * wrap before 78 columns.
 */
void yut_position_text(const struct yut_board *b, const int *cells, int horses,
		       const struct bl_style *st, struct bl_buf *out);

/* {"horse_cells":["10","d16","start","start"]} and a newline. */
void yut_position_json(const struct yut_board *b, const int *cells, int horses,
		       struct bl_buf *out);

/* The position as an SVG picture of the board (docs/yut.md). */
void yut_position_svg(const struct yut_board *b, const int *cells, int horses,
		      struct bl_buf *out);

/* The board as one JSON object on a line: start, end, the cells in order. */
void yut_board_json(const struct yut_board *b, struct bl_buf *out);

/* How a text trace opens. */
enum yut_head {
	YUT_HEAD_TOTAL,   /* the best total alone: solve's answer */
	YUT_HEAD_DICE,    /* "dice: 5 1 ..." and "best total with 4 horses: T": plan's */
	YUT_HEAD_NONE,
};

/* What a text trace shows. */
struct yut_text_view {
	enum yut_head head;
	bool moves;                   /* the plan: a line per turn, a line if the game
	                                 ends early, then "states explored: N" */
	bool pictures;                /* with moves: the board (yut_position_text)
	                                 before turn 1 and after every move */
	const struct bl_style *style; /* for the pictures */
	bool compare;                 /* YUT_HEAD_DICE: a line on a solution's total, found,
	                                 beside the best one */
	int64_t found;
};

/*
 * Game g solved (yut_solve, or yut_play with v->moves) into res and
 * written as text (docs/yut.md: solve, solve --explain, plan and trace).
 */
enum bl_code yut_trace_text(const struct yut_game *g, const struct yut_text_view *v,
			    struct yut_result *res, struct bl_buf *out, struct bl_err *err);

/*
 * Game g solved into res and written as one JSON object on a line: horses,
 * dice, total, states; with moves, the plan (start, moves, unused_dice).
 */
enum bl_code yut_trace_json(const struct yut_game *g, bool moves, struct yut_result *res,
			    struct bl_buf *out, struct bl_err *err);

/*
 * Game g played (yut_play) into res and written as a self-contained HTML
 * page: a picture of the board before turn 1 and after every turn, the
 * step's line under each, and the best total.
 */
enum bl_code yut_trace_html(const struct yut_game *g, struct yut_result *res, struct bl_buf *out,
			    struct bl_err *err);

/* An expected total: "146.203648 (exact 456886/3125)", or "... (double)". */
void yut_expectation_text(const struct yut_expectation *e, struct bl_buf *out);

/*
 * The answer of yut_expect (e and its states, for game g, turns rolls of
 * d) as a line; with explain, what was computed and how, in two more.
 */
void yut_expect_text(const struct yut_game *g, const struct yut_dist *d, int turns,
		     const struct yut_expectation *e, size_t states, bool explain,
		     struct bl_buf *out);

/* The same as one JSON object on a line. */
void yut_expect_json(const struct yut_game *g, const struct yut_dist *d, int turns,
		     const struct yut_expectation *e, size_t states, struct bl_buf *out);

/*
 * The answer of yut_advise on board b under d: a line per move, best first;
 * the horses that share a cell and would make the same move share its line.
 */
void yut_advice_text(const struct yut_board *b, const struct yut_dist *d,
		     const struct yut_advice *a, struct bl_buf *out);

/*
 * The same as one JSON object on a line: a move per line of the text, with
 * "horses" the horses that make it and "horse" the first of them.
 */
void yut_advice_json(const struct yut_board *b, const struct yut_dist *d,
		     const struct yut_advice *a, struct bl_buf *out);

/*
 * The game's part of `boardlab demo`, appended to out: the instance example's dice,
 * its best total and the plan (yut_trace_text), then the expected total
 * when the 10 dice are thrown unknown (yut_expect).
 * example[0..len) is the tool's examples/yut.txt.  Returns BL_OK, or the
 * error of reading or solving the example (out may hold part of the tour).
 */
enum bl_code yut_demo(const char *example, size_t len, struct bl_buf *out, struct bl_err *err);

#endif
