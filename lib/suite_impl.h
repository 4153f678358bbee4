/*
 * suite_impl: internal to the suite module (lib/suite*.c), not an
 * interface.  lib/suite.c keeps the list; each game's file adds its tests
 * through suite_add and suite_take, and holds its data: the official
 * samples and the edge tests' inputs, in compact forms it expands.
 */
#ifndef BOARDLAB_SUITE_IMPL_H
#define BOARDLAB_SUITE_IMPL_H

#include "boardlab/buf.h"
#include "boardlab/suite.h"

/*
 * Appends a test of kind k to s: the input in[0..len) copied, the expected
 * output from bl_problem_answer.  name must be kebab-case and new to the
 * suite, desc one line (both asserted).  BL_ERR_NOMEM; BL_ERR_INTERNAL
 * when the problem refuses the input ("test 'NAME': MESSAGE").
 */
enum bl_code suite_add(struct bl_suite *s, enum bl_test_kind k, const char *name,
		       const char *desc, const char *in, size_t len, struct bl_err *err);

/*
 * As suite_add, with the input in *in, whose bytes the test takes (*in is
 * left empty).  BL_ERR_NOMEM as well when *in failed.
 */
enum bl_code suite_take(struct bl_suite *s, enum bl_test_kind k, const char *name,
			const char *desc, struct bl_buf *in, struct bl_err *err);

/* Each game's tests, for s->problem, appended in kind order. */
enum bl_code suite_tower(struct bl_suite *s, struct bl_err *err);
enum bl_code suite_yut(struct bl_suite *s, struct bl_err *err);
enum bl_code suite_grundy(struct bl_suite *s, struct bl_err *err);
enum bl_code suite_puyo(struct bl_suite *s, struct bl_err *err);

#endif
