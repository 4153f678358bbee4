/*
 * cli: what every boardlab command shares: the command tables (games, their
 * verbs, each verb's options), option parsing and the help generated from
 * the tables, reading FILE or standard input, diagnostics in the GNU format
 * of cli.md, exit statuses, and the loop that runs one or many instances.
 */
#ifndef BOARDLAB_CLI_H
#define BOARDLAB_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "boardlab/boardlab.h"

/* Exit statuses (cli.md). */
enum cli_status {
	CLI_OK = 0,        /* success */
	CLI_NEGATIVE = 1,  /* check found the input invalid, stress found a failure */
	CLI_USAGE = 2,     /* unknown command, option or option value */
	CLI_DATA = 3,      /* invalid input data */
	CLI_FAIL = 4,      /* out of memory, a limit, an i/o or internal error */
};

#define CLI_MAX_OPTS 32

/*
 * The options every game's gen shares, and stress with it (--seed), one
 * help text each, whichever game: the ranges are cli_gen_range's.
 */
#define CLI_SEED_OPT { "seed", "S", "the run's seed, 0 to 2^63-1 (default 1)" }
#define CLI_COUNT_OPT { "count", "N", "instances to print, 0 to 10^9 (default 1)" }
#define CLI_FIRST_OPT { "first", "I", "the number of the first instance, 1 to 10^18 (default 1)" }
/* gen's --dist, in each game's gen options (so stress's too); cli_gen_range reads it by name. */
#define CLI_DIST_OPT                                                                         \
	{ "dist", "D", "mixed (the default: a mixture that reaches the rules' corners) or "   \
		       "uniform (each parameter uniform in its range)" }

/* solve's --jobs (and boj's); cli_run_instances finds it by name. */
#define CLI_JOBS_OPT                                                                         \
	{ "jobs", "N", "with --batch: answer on N threads at once, 1 to 64 (default 1); the "  \
	  "answers in input order" }

/* Every game's check takes it; cli_check_instances finds it by name. */
#define CLI_STRICT_OPT                                                                       \
	{ "strict", NULL,                                                                    \
	  "the exact layout of a test file too: single spaces, none at a line's ends, no "  \
	  "blank line, one final newline, no CR or tab" }

struct cli_opt {
	const char *name;   /* long name without the dashes: "rule" */
	const char *arg;    /* metavariable shown in help ("RULE"); NULL for a flag */
	const char *help;   /* one line, lowercase */
};

struct cli_run;

struct cli_verb {
	const char *name;
	int (*run)(struct cli_run *r);   /* returns an enum cli_status */
	const char *args;                /* synopsis after [OPTIONS]: "[FILE]" */
	int max_args;                    /* positional arguments accepted */
	const char *summary;             /* one line, lowercase */
	const char *example;             /* one full command line */
	const struct cli_opt *opts;      /* ends with {0}; the verb indexes it by an enum */
	/*
	 * NULL, or more groups of options (NULL-terminated, each ending with
	 * {0}) that follow opts as if opts went on: the parser and the help
	 * read one list, opts then each group in order, and the verb's enum
	 * goes on counting through them (r->verb->opts of the run is that
	 * list).  A group can be shared: the gen options of a game are the
	 * gen verb's and its stress verb's.
	 */
	const struct cli_opt *const *more;
	const void *data;                /* what run needs of its row (stress: struct stress_game) */
};

/*
 * The bench verb of every game: its row's data is the game's struct
 * cli_bench, its options one flag, --quick (small workloads); it prints
 * the game's table of figures (bench/bench.h).
 */
struct cli_bench {
	enum bl_code (*run)(struct bl_buf *out, bool quick, struct bl_err *err);
};
int cli_bench_verb(struct cli_run *r);

/* The more of a verb row: CLI_GROUPS(gen_opts, stress_opts). */
#define CLI_GROUPS(...) ((const struct cli_opt *const[]){ __VA_ARGS__, NULL })

struct cli_game {
	const char *name;                /* "tower" */
	const char *summary;             /* one line */
	const struct cli_verb *verbs;    /* ends with {0} */
	/* this game's part of `boardlab demo` (the library's GAME_demo), on its example */
	enum bl_code (*demo)(const char *example, size_t len, struct bl_buf *out,
			     struct bl_err *err);
	const char *example;             /* examples/GAME.txt, compiled in */
};

/* One option as given on the command line. */
struct cli_given {
	int opt;             /* its index in the verb's options */
	const char *value;   /* "" for a flag */
};

/* One invocation of a verb, filled by the dispatcher from argv. */
struct cli_run {
	const struct cli_game *game;
	const struct cli_verb *verb;     /* the verb's row with its options as one list: opts is
	                                    every group, in order, and more is NULL */
	const struct cli_verb *row;      /* the row as its game's table declares it */
	const char *opt[CLI_MAX_OPTS];   /* by option index: its value, "" for a set flag, NULL unset;
	                                    the last one when an option is given more than once */
	const struct cli_given *given;   /* every option given, in command-line order: a verb
	                                    reads a repeatable option's values here */
	int ngiven;
	char **args;                     /* positional arguments */
	int nargs;
	int dashdash;                    /* args[dashdash] on came after "--"; -1 without "--" */
	const char *help_cmd;            /* "boardlab tower solve": named in usage errors */
	const char *extra_hint;          /* appended, in parentheses, to the message of a token
	                                    after a single instance; NULL for none */
	struct bl_buf out;               /* standard output, written after run() whatever it returns */
	struct bl_buf *capture;          /* when set, cli_flush moves the output here instead of
	                                    writing it (stress runs verbs in-process) */
	const char *input_name;          /* set by cli_run_instances: FILE as given, or "<stdin>" */
	long instances;                  /* set by cli_run_instances: the instances answered */
	bool strict;                     /* cli_run_instances checks the exact layout too
	                                    (bl_check_layout): check --strict */
	bool check;                      /* cli_run_instances gives fn no output (out NULL) */
	bool json_array;                 /* a batch's answers are a JSON array's elements */
	size_t ctx_size;                 /* --jobs: fn's context, copied per thread (0: none) */
	void (*fresh)(void *ctx), (*release)(void *ctx);   /* a copy's own objects */
	struct cli_verb flat;            /* what verb points to */
	struct cli_opt flat_opts[CLI_MAX_OPTS + 1];
};

/*
 * Input is streamed, but its size is still capped: 1 GiB, or the bytes
 * BOARDLAB_MAX_INPUT names (a positive decimal integer; set to anything
 * else but the empty string, it is a usage error, status 2).  Beyond the
 * cap the command fails with status 4.
 */
#define CLI_INPUT_MAX_DEFAULT ((size_t)1 << 30)

/* The games, in help order, and the examples compiled in from examples/. */
extern const struct cli_game tower_game, yut_game, grundy_game, puyo_game;
extern const char example_tower[], example_yut[], example_grundy[], example_puyo[];

/* The verb of game g named name, or NULL. */
const struct cli_verb *cli_find_verb(const struct cli_game *g, const char *name);

/*
 * The index of the option named name in v's options (every group, as one
 * list), or -1; *opt (when opt is not NULL) the option, or NULL.
 */
int cli_find_opt(const struct cli_verb *v, const char *name, const struct cli_opt **opt);

/* True for "--help" and "-h". */
bool cli_is_help(const char *arg);

/*
 * Runs verb v of game g on argv, the words after the verb: parses them
 * against v's options (options and positional arguments mixed; "--" ends
 * the options; --help prints the verb's help), runs it, and writes its
 * output to standard output, or appends it to capture when capture is not
 * NULL.  help_cmd ("boardlab tower solve") is named in usage errors.
 * Returns the exit status.
 */
/*
 * v's help as --help prints it, under the usage of cmd, without the
 * options named in skip (words "--NAME", others ignored; NULL-terminated):
 * those a problem's preset sets; end, when not NULL, in place of the verb's
 * example.
 */
void cli_verb_help_except(const struct cli_verb *v, const char *cmd, const char *const *skip,
			  const char *end);

int cli_run_verb(const struct cli_game *g, const struct cli_verb *v, int argc, char **argv,
		 const char *help_cmd, struct bl_buf *capture);

/*
 * Help text: "  LEFT  TEXT" with TEXT from column indent + 1 on, wrapped at
 * spaces before column 80; and the "options:" block of opts (ending with
 * {0}) but the options named in skip (words "--NAME", NULL-terminated, or
 * NULL), -h, --help last.
 */
void cli_help_entry(FILE *f, const char *left, int indent, const char *text);
void cli_help_opts(const struct cli_opt *opts, const char *const *skip, FILE *f);

/* True when flag option i was given. */
bool cli_flag(const struct cli_run *r, int i);

/*
 * Prints "boardlab: error: MESSAGE" and "see 'CMD --help'" on standard error;
 * returns CLI_USAGE.
 */
int cli_usage(const struct cli_run *r, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/* The same before a verb runs: "see 'CMD --help'". */
int cli_usage_cmd(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

/*
 * "unknown WHAT 'SHOWN'" as cli_usage_cmd, and " (did you mean
 * 'PREFIXNAME'?)" when a name offered to near is near (suggest.h): an
 * unknown command, verb or option.  Returns CLI_USAGE.
 */
int cli_unknown(const char *cmd, const char *what, const char *shown,
		const struct bl_suggest *near, const char *prefix);

/*
 * Option i as an integer in [lo, hi] into *out, left untouched when the option
 * was not given.  A value that is not a plain decimal integer in range is a
 * usage error (printed); returns CLI_OK or CLI_USAGE.
 */
int cli_opt_int(const struct cli_run *r, int i, int64_t lo, int64_t hi, int64_t *out);

/*
 * Option i as one of names (NULL-terminated) into *out, the index of the name;
 * untouched when not given.  Returns CLI_OK or CLI_USAGE (printed).
 */
int cli_opt_choice(const struct cli_run *r, int i, const char *const *names, int *out);

/* Option i, --mistake ID of problem pid, as the game's variant into *out (0 when not given). */
int cli_mistake(const struct cli_run *r, int i, const char *pid, int *out);
#define CLI_MISTAKE_OPT { "mistake", "ID", "play a known mistake (boardlab judge P --mistakes)" }

extern const char *const color_names[];   /* "auto", "always", "never" */
/* --format's choices: text, json; and render's svg or trace's html third. */
extern const char *const cli_formats[], *const cli_render_formats[], *const cli_trace_formats[];

/*
 * Option i (--color WHEN) into *on: always, never, or auto (not given
 * too), which is on when standard output is a terminal and NO_COLOR is not
 * set (to anything, even empty).  Returns CLI_OK or CLI_USAGE (printed).
 */
int cli_color(const struct cli_run *r, int i, bool *on);

/*
 * The same option as the style the library's text views take:
 * bl_style_ansi() when on, NULL (plain) when off.
 */
int cli_style(const struct cli_run *r, int i, const struct bl_style **st);

/*
 * --max-memory BYTES (cli/limits.c): the memory a verb's engine may use,
 * its tables, boards and state spaces (not the input text, which
 * BOARDLAB_MAX_INPUT bounds).  Past it the verb stops with status 4 and a
 * message saying what needed more.  Option i as a size into *out, left
 * untouched when not given: a decimal integer of bytes with an optional
 * suffix K, M or G (powers of 1024), 1 byte to CLI_MAX_MEMORY_MAX.  A bad
 * value is a usage error (printed); returns CLI_OK or CLI_USAGE.
 */
#define CLI_MAX_MEMORY_MAX (UINT64_C(1) << 40)
#define CLI_MAX_MEMORY_OPT(what)                                                          \
	{ "max-memory", "BYTES", "stop with status 4 when " what " would need more memory "   \
	  "than BYTES (suffix K, M or G)" }
int cli_opt_bytes(const struct cli_run *r, int i, size_t *out);

/*
 * The one reader of a whole file: path ("-": standard input) appended to
 * out, at most max bytes (max below SIZE_MAX), out's data then non-NULL.
 * Returns 0, or an errno value: EFBIG past max, ENOMEM, or why the file
 * could not be opened (*opened false, when opened is not NULL) or read.
 * Prints nothing.
 */
int cli_read_file(const char *path, size_t max, struct bl_buf *out, bool *opened);

/*
 * cli_read_file, its failure printed: "boardlab: NAME: error: cannot open:
 * REASON" or "cannot read: REASON", past max "boardlab: NAME: error: " and
 * too_big, or "boardlab: error: out of memory".  name is the file as the
 * diagnostics call it ("<stdin>").  CLI_OK or CLI_FAIL.
 */
int cli_load_file(const char *path, const char *name, size_t max, const char *too_big,
		  struct bl_buf *out);

/*
 * A failure of the system's, errno e, printed: "boardlab: error: out of
 * memory" for ENOMEM, else "boardlab: NAME: error: REASON" (no NAME: for
 * name NULL).  Returns CLI_FAIL.
 */
int cli_fail(const char *name, int e);

/*
 * Prints the diagnostic for e on standard error,
 * "boardlab: FILE:LINE:COL: error: [instance N: ]MESSAGE" (instance when
 * instance > 0; no FILE for name NULL), and returns the exit status for its
 * code: CLI_DATA for invalid input, CLI_USAGE for a bad argument, CLI_FAIL.
 */
int cli_report(const char *name, const struct bl_err *e, long instance);

/*
 * One instance: reads it from rd, appends its answer to out, or records the
 * error and returns its code (what it appended is then discarded); with out
 * NULL (--jobs) it only reads it (batch.h).
 */
typedef bl_instance_fn cli_instance_fn;

/*
 * Streams the input (FILE, or standard input) and runs fn once (the input
 * must then be at its end) or, with batch, once per instance until the
 * input ends, one instance's bytes in memory at a time; with the verb's
 * --jobs N (CLI_JOBS_OPT), batch and r->clone, on N threads, the answers in
 * input order.  An invalid instance is reported with its number; the
 * answers before it are kept.  Returns the exit status.
 */
int cli_run_instances(struct cli_run *r, bool batch, cli_instance_fn fn, void *ctx);

/*
 * Writes r->out to standard output (or appends it to r->capture) and
 * empties it.  On a write error prints the reason once (later failures
 * stay quiet) and returns false.
 */
bool cli_flush(struct cli_run *r);

/*
 * Flushes standard output at the end of a command and returns the final
 * exit status: status, or CLI_FAIL after a write error (reported once).
 */
int cli_finish(int status);

/*
 * gen: instance i (1-based) of a run is drawn from its own stream,
 * bl_rng_init_stream(&rng, seed, i), so that `--first I --count 1` gives
 * instance I of a longer run alone, byte for byte.
 */
struct cli_gen {
	uint64_t seed;    /* --seed, default 1 */
	int64_t first;    /* --first, default 1 */
	int64_t count;    /* --count, default 1 */
	enum bl_gen_dist dist;   /* --dist, default BL_GEN_MIXED */
};

/*
 * Reads the options seed_i, count_i and first_i (indexes into the verb's
 * options) into *g, defaults for those not given: --seed 0..2^63-1,
 * --count 0..10^9, --first 1..10^18; and the verb's --dist, found by
 * name (mixed when the verb has none).  Returns CLI_OK or
 * CLI_USAGE (printed).
 */
int cli_gen_range(const struct cli_run *r, int seed_i, int count_i, int first_i,
		  struct cli_gen *g);

/*
 * check: runs fn over the input like cli_run_instances (fn parses and
 * validates, and appends nothing); on success appends
 * "FILE: valid, N instance(s)" to r->out and returns CLI_OK.  An input of
 * no instance is invalid, with --batch too; with the verb's --strict
 * (CLI_STRICT_OPT) the layout is checked as well, the first offence in
 * reading order reported.  An invalid input is reported with its diagnostic
 * and gives CLI_NEGATIVE, the verdict of cli.md; a read or memory failure
 * stays CLI_FAIL.
 */
int cli_check_instances(struct cli_run *r, bool batch, cli_instance_fn fn, void *ctx);

/*
 * The command of stress and judge: the positional arguments must be
 * "-- CMD [ARG...]" with a non-empty CMD (r->args + r->dashdash).  CLI_OK,
 * or CLI_USAGE (printed: "missing '-- CMD': the command to WHAT", ...).
 */
int cli_command(const struct cli_run *r, const char *what);

/*
 * The tool as it was started (argv[0]: "boardlab", "build/boardlab"), for
 * commands a report tells the user to run; "boardlab" until main sets it.
 */
extern const char *cli_program;

#endif
