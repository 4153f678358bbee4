/*
 * boardlab.h: the umbrella header of libboardlab, the engines behind the
 * boardlab tool.  The library never prints and never exits: every fallible
 * call returns an enum bl_code and fills a caller-owned struct bl_err.
 *
 * The contracts every header shares:
 *  - Ownership: the caller owns every struct it passes (on the stack or
 *    the heap); a struct that owns memory has an init function, which
 *    allocates nothing, and a release function, which frees it all and
 *    accepts an initialised struct in any state, NULL too.  Pointers a
 *    struct borrows (a reader's text, a game's board) must outlive it.
 *    The built-in boards and pieces are static and read-only.
 *  - Errors: BL_ERR_INPUT is bad input, with a 1-based line and column in
 *    the bl_err; BL_ERR_ARG a bad argument from the caller; BL_ERR_LIMIT a
 *    documented bound passed; BL_ERR_NOMEM; the first error recorded wins.
 *  - Limits: every size read from input is checked against its documented
 *    maximum, and what is allocated for it grows with the input that
 *    follows (a header claiming a huge board costs nothing); the engines
 *    whose memory grows with their input or options take a bound in bytes
 *    (tower_limits.max_bytes, yut_game.max_bytes, grundy_set.max_bytes) and
 *    fail with BL_ERR_LIMIT rather than pass it.
 *  - Threads: there is no mutable global state (but an atomic note of the
 *    CPU's features, puyo's), so threads may use the library at once on
 *    distinct objects; randomness is a caller-owned struct bl_rng.
 *  - Text in and out: parsers read through a struct bl_reader over text in
 *    memory or streamed by the caller's read function (io.h), instances as
 *    the tool reads them through a struct bl_batch (batch.h); writers append
 *    to a struct bl_buf (buf.h).
 */
#ifndef BOARDLAB_H
#define BOARDLAB_H

#define BL_VERSION "0.1.0"

#include "err.h"
#include "buf.h"
#include "io.h"
#include "batch.h"
#include "rng.h"
#include "suggest.h"
#include "tower.h"
#include "yut.h"
#include "grundy.h"
#include "puyo.h"
#include "shrink.h"
#include "problem.h"
#include "mistake.h"
#include "suite.h"
#include "judge.h"
#include "stress.h"

/* The library's version string, BL_VERSION of the copy that was linked. */
const char *bl_version(void);

#endif
