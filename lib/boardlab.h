/*
 * boardlab.h: the umbrella header of libboardlab, the engines behind the
 * boardlab tool.  The library never prints and never exits: every fallible
 * call returns an enum bl_code and fills a caller-owned struct bl_err.
 */
#ifndef BOARDLAB_H
#define BOARDLAB_H

#define BL_VERSION "0.1.0"

#include "err.h"
#include "buf.h"
#include "io.h"
#include "rng.h"
#include "tower.h"
#include "yut.h"
#include "grundy.h"
#include "puyo.h"

/* The library's version string, BL_VERSION of the copy that was linked. */
const char *bl_version(void);

#endif
