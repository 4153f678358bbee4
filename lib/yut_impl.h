/*
 * yut_impl: what the files of the yut module share and no caller needs.
 * Not part of the interface (include/boardlab/yut.h is).
 */
#ifndef BOARDLAB_YUT_IMPL_H
#define BOARDLAB_YUT_IMPL_H

#include "boardlab/yut.h"

/*
 * Looks for a cycle of arrows (red and blue) on a board whose arrows all
 * lead to cells.  Returns 0 when there is none; else the length k of one
 * cycle, its cells in path[0..k) (path[i] has an arrow to path[i + 1], and
 * path[k - 1] to path[0]).  path has room for YUT_MAX_CELLS.
 */
int yut_board_cycle(const struct yut_board *b, int *path);

/*
 * The characters of a cell name: ASCII letters, digits, '_' and '-', so
 * that names never run into the punctuation of pictures, plans and --at.
 */
static inline bool yut_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '-';
}

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

#endif
