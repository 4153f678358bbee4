/*
 * lab: the C side of the lab page (build/lab.html), libboardlab compiled to
 * WebAssembly.  The page writes the input text and the options into buffers
 * this module owns (lab_input, lab_options), calls one function, then reads
 * the result (lab_output, lab_aux) or the diagnostic (lab_error_*).  Every
 * answer, diagnostic, picture and replay frame comes from the library; the
 * page's script only shows them and turns clicks and keys into calls.
 *
 * The state is this module's own (one input, one output, one diagnostic):
 * a WebAssembly export has no caller-owned struct to take, and the page
 * makes one call at a time.  lab.c holds the calls every game shares,
 * lab_play.c the play modes.  The same code builds natively for the unit
 * test (tests/unit/t-lab.c).
 *
 * Options are lines "key=value" (or "key" alone for a flag):
 *   p=PROBLEM            a judge's problem (17780 ...): its game with the
 *                        options of its `boardlab boj` preset
 *   g=GAME               tower, yut, grundy or puyo, with the game's options
 *   boj                  the judge's limits and format
 *   tower:  rule=carry|bottom height=H limit=L every=move|turn
 *   yut:    horses=H dice=DIST (play: at=CELLS score=S left=N roll=D)
 *   grundy: only=LETTER piece=RULES turns=T (play: move=I,X,Y turn=T)
 *   puyo:   rules=boj|tsu rows=N pop=N settle (play: next=RG,BY top=N)
 * the words and ranges of the same options of the boardlab tool.
 */
#ifndef BOARDLAB_LAB_H
#define BOARDLAB_LAB_H

#include <stddef.h>

#if defined(__wasm__)
#define LAB_EXPORT(name) __attribute__((export_name(#name)))
#else
#define LAB_EXPORT(name)
#endif

/*
 * Room for n bytes of input text (or of options), which the page writes
 * there (the bytes are not cleared); they are NUL-terminated at n.  NULL
 * when out of memory.  The text stays until the next lab_input
 * (lab_options) call.
 */
LAB_EXPORT(lab_input) char *lab_input(size_t n);
LAB_EXPORT(lab_options) char *lab_options(size_t n);

/*
 * The input (which 0) or the options (1) are only their first n bytes:
 * the page asks room for the longest its text can take, then says what it
 * took.  A larger n changes nothing.
 */
LAB_EXPORT(lab_trim) void lab_trim(int which, size_t n);

/*
 * An edit of the input in place: the del bytes at byte at give way to ins
 * bytes, which the page then writes at the pointer returned (the rest
 * moved, NUL-terminated).  NULL when at and del are not inside the input
 * or out of memory; the input is then unchanged.  An edit of a large
 * input costs the bytes it changes, not a new copy of all of it.
 */
LAB_EXPORT(lab_splice) char *lab_splice(size_t at, size_t del, size_t ins);

/*
 * The last call's result: its bytes (NUL-terminated) and their count.
 * lab_aux is a second result some calls give (lab_frames: the replay's
 * answer line).
 */
LAB_EXPORT(lab_output) const char *lab_output(void);
LAB_EXPORT(lab_output_len) size_t lab_output_len(void);
LAB_EXPORT(lab_aux) const char *lab_aux(void);
LAB_EXPORT(lab_aux_len) size_t lab_aux_len(void);

/*
 * Frees the buffers, leaving the module as it started (the page never
 * needs it; a program that checks its memory does).
 */
LAB_EXPORT(lab_release) void lab_release(void);

/*
 * The last call's failure: its code (enum bl_code, 0 when it succeeded),
 * its 1-based line and column in the input (0 when it has no position)
 * and its message, in the tool's words.
 */
LAB_EXPORT(lab_error_code) int lab_error_code(void);
LAB_EXPORT(lab_error_line) int lab_error_line(void);
LAB_EXPORT(lab_error_col) int lab_error_col(void);
LAB_EXPORT(lab_error_msg) const char *lab_error_msg(void);

/*
 * Every call below returns its enum bl_code (0 for success) and leaves
 * its result in lab_output or its failure in lab_error_*.  Bad options are
 * BL_ERR_ARG without a position.
 */

/*
 * The answer for the input: with p=, the judge's expected output
 * (bl_problem_answer, what `boardlab boj P` prints); with g=, what
 * `boardlab GAME solve OPTIONS` prints.  With explain set, what the same
 * with --explain prints (a problem: its preset's game and options).
 */
LAB_EXPORT(lab_solve) int lab_solve(int explain);

/*
 * The replay's frames: the bytes between the stage's opening and closing
 * tags of the page `boardlab GAME trace --format html OPTIONS` writes for
 * the input (one <div class="frame"> each, its description in data-desc);
 * the replay's answer line, unescaped, in lab_aux.
 */
LAB_EXPORT(lab_frames) int lab_frames(void);

/* The input's start position as SVG (`render --format svg`). */
LAB_EXPORT(lab_render) int lab_render(void);

/*
 * The input as JSON for the page's board editor: `render --format json`
 * (tower, at turn 0; grundy; puyo), or yut's `solve --format json`.
 */
LAB_EXPORT(lab_model) int lab_model(void);

/*
 * Instance i (from 0) of the run seed of the setup's game, as `GAME gen`
 * draws them (`--boj` with boj); puyo's are fields built to chain 2 to 8
 * times.
 */
LAB_EXPORT(lab_gen) int lab_gen(int seed, int i);

/* The judge's problems, a line each: "ID\tGAME\tTITLE\tSUMMARY" (problem.h's table). */
LAB_EXPORT(lab_problems) int lab_problems(void);

/* The library's version ("0.1.0"). */
LAB_EXPORT(lab_version) const char *lab_version(void);

/* ---- play (lab_play.c) ---- */

/*
 * Puyo: pair i (from 0) of the stream seed: two letters of R, G, B and Y,
 * the axis first.
 */
LAB_EXPORT(lab_puyo_pair) int lab_puyo_pair(int seed, int i);

/*
 * The legal moves of the pair axis, child (letters) on the input field: a
 * line "COL ROT" each, the column from 0 and the rotation 0 up, 1 right,
 * 2 down, 3 left (puyo_moves' order); nothing when the game is over.
 */
LAB_EXPORT(lab_puyo_moves) int lab_puyo_moves(int axis, int child);

/*
 * Places the pair by move (col, rot) on the input field, runs the chain,
 * and gives one JSON object: {"placed": the field after the pair fell, as
 * text, "final": the field after the chain, "chains", "score", "result":
 * solve's answer line, "over": whether the game is over on final}.
 * BL_ERR_ARG for an illegal move.
 */
LAB_EXPORT(lab_puyo_drop) int lab_puyo_drop(int axis, int child, int col, int rot);

/* `puyo best --next NEXT --top N` on the input field (options next and top). */
LAB_EXPORT(lab_puyo_best) int lab_puyo_best(void);

/* Yut: roll i (from 0) of the stream seed under the dice option (d5 by default). */
LAB_EXPORT(lab_yut_roll) int lab_yut_roll(int seed, int i);

/*
 * `yut advise --at AT --turns LEFT --roll ROLL --score SCORE --dice DIST`:
 * text, or (json set) its JSON.
 */
LAB_EXPORT(lab_yut_advise) int lab_yut_advise(int json);

/*
 * Moves horse (from 0) of the position at by roll: {"at": the cells
 * after, "points": the points of the cell reached}.  BL_ERR_ARG when the
 * horse may not move.
 */
LAB_EXPORT(lab_yut_move) int lab_yut_move(int horse);

/* The position at as SVG (`yut render --format svg --at AT`). */
LAB_EXPORT(lab_yut_position) int lab_yut_position(void);

/*
 * Grundy: plays move=I,X,Y (piece I from 1, in input order, to (X, Y)) on
 * the input position as turn T (turn=T, from 1), then, when reply is set,
 * the engine's answer (grundy_play's move for the next turn: a winning
 * move when there is one).  One JSON object: {"lines": the moves' lines
 * (grundy_step_text) and, when the game is over, its end's line, "text":
 * the position after them as input text, "xor", "over"}.  Without move=,
 * only the engine's move.  BL_ERR_ARG for an illegal move.
 */
LAB_EXPORT(lab_grundy_play) int lab_grundy_play(int reply);

#endif
