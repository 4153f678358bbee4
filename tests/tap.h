/*
 * tap: a small Test Anything Protocol producer for the C unit tests, run by
 * prove.  Each check prints one "ok N - name" line; a failure adds "#" lines
 * with the file:line and what was got and wanted.  tap_done() prints the plan
 * and returns the exit status for main.
 */
#ifndef BOARDLAB_TAP_H
#define BOARDLAB_TAP_H

#include <stdbool.h>
#include <stdint.h>

bool tap_ok_at(const char *file, int line, bool cond, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;
bool tap_int_at(const char *file, int line, long long got, long long want, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;
bool tap_str_at(const char *file, int line, const char *got, const char *want, const char *fmt,
		...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/* A "# ..." comment line. */
void tap_diag(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;

/* Prints "1..N" for the checks made; returns 0 when all passed, else 1. */
int tap_done(void);

/* Number of failed checks so far. */
int tap_failed(void);

#define ok(cond, ...) tap_ok_at(__FILE__, __LINE__, (cond), __VA_ARGS__)
#define is_int(got, want, ...) tap_int_at(__FILE__, __LINE__, (long long)(got), (long long)(want), __VA_ARGS__)
#define is_str(got, want, ...) tap_str_at(__FILE__, __LINE__, (got), (want), __VA_ARGS__)

#endif
