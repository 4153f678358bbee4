/*
 * yut_impl: what the files of the yut module share and no caller needs.
 * Not part of the interface (include/boardlab/yut.h is).
 */
#ifndef BOARDLAB_YUT_IMPL_H
#define BOARDLAB_YUT_IMPL_H

#include "boardlab/yut.h"

/*
 * Files, each calling only those after it in this list: yut_view.c (the
 * views), yut_svg.c (the pictures), yut_gen.c (random instances),
 * yut_expect.c (random dice), yut.c (the game, its parser and its search),
 * yut_board.c (the board).
 */

/*
 * The checks of yut_board_check that the search relies on, in time linear
 * in the cells (it runs before every solve): the cells' count, start and
 * end, names, scores and arrows, but not the names' uniqueness nor cycles.
 * BL_ERR_ARG with the fault, or BL_OK.
 */
enum bl_code yut_board_check_arrows(const struct yut_board *b, struct bl_err *err);

/* Room for n dice in g (g->ndice is left to the caller).  BL_ERR_NOMEM. */
enum bl_code yut_game_reserve(struct yut_game *g, size_t n, struct bl_err *err);

/*
 * The checks every search makes of its game first: a board (all of
 * yut_board_check when whole_board, else only what the search relies on, in
 * time linear in the cells) and 1 to YUT_MAX_HORSES horses.  BL_ERR_ARG
 * with the reason, or BL_OK.
 */
enum bl_code yut_check_board_horses(const struct yut_game *g, bool whole_board,
				    struct bl_err *err);

/*
 * Room for a new block of more bytes beside the held ones (a table grows
 * into a new block before the old one is freed), within max_bytes (0: no
 * bound).  BL_ERR_LIMIT naming the bound and the states so far, or BL_OK.
 */
enum bl_code yut_room(size_t held, size_t more, size_t max_bytes, size_t states,
		      struct bl_err *err);

/* A position, each horse's cell in a byte from horse 0 up. */
static inline uint64_t yut_pack(const int *c, int horses)
{
	uint64_t v = 0;
	for (int i = 0; i < horses; i++)
		v |= (uint64_t)c[i] << (8 * i);
	return v;
}

/* Pictures (lib/yut_svg.c), drawn by the views. */

/*
 * Where a picture of a yut board puts everything, worked out once per
 * board and number of horses (a replay's frames then share it and do not
 * move): the cells' centres; for each arrow its bend (0 straight, else the
 * offset of its curve's control point, chosen so that the curve keeps
 * clear of every other cell and its name); the picture's size, room made
 * for every arrow's curve and for up to horses horses on any cell.
 */
struct pic_yut_layout {
	bool classic;                  /* the built-in board, drawn as the square board */
	int x[YUT_MAX_CELLS], y[YUT_MAX_CELLS];
	int bend[YUT_MAX_CELLS][2];    /* [c][0] the red arrow's, [c][1] the blue's */
	int w, h, horses;
};

void pic_yut_layout(const struct yut_board *b, int horses, struct pic_yut_layout *lay);

/*
 * The yut board laid out by lay (for lay->horses horses or more): every
 * cell with its score (start and end by name), red and blue arrows, the
 * blue cells filled; horse i (0-based) on cells[i], drawn as disc i + 1
 * above its cell (four a row, a second row above for more).  from and to
 * (cells, or YUT_NONE) mark a move just made, its route drawn along the
 * arrows it took.  The arrowheads are markers with ids: own_defs writes
 * them in the picture; a page of many pictures writes them once with
 * pic_yut_defs instead (a marker in a hidden frame would not draw).
 */
void pic_yut(const struct yut_board *b, const struct pic_yut_layout *lay, const int *cells,
	     int horses, int from, int to, bool own_defs, const char *title, const char *caption,
	     struct bl_buf *out);
void pic_yut_defs(struct bl_buf *out);

/*
 * yut_solve of a checked game with a mistake (g->mistake not YUT_MISTAKE_NONE):
 * the total a solution with that mistake prints, by a plain memoised search
 * (greedy: by playing the greedy moves), res->states the states it solved.
 * Besides yut_solve's errors: BL_ERR_ARG for forty-twice on a board without
 * the built-in cells "c35" and "40", for no-restore on a board of more than
 * 64 cells; BL_ERR_LIMIT for more than YUT_MISTAKE_DICE_MAX dice.
 */
enum bl_code yut_variant_solve(const struct yut_game *g, struct yut_result *res,
			       struct bl_err *err);

#endif
