/*
 * main: the command tables of boardlab and the dispatcher.  A game is a row
 * of `games`, a verb a row of its game's table, an option a row of its
 * verb's; help text is generated from the same rows (cli.c parses a verb's
 * words and prints its help).  `boj` runs the presets of the library's
 * problem table over game verbs, not separate code, and `judge P` and
 * `stress P` are the game's verbs with --problem P.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "judge.h"
#include "stress.h"

static const struct cli_game *const games[] = {
	&tower_game, &yut_game, &grundy_game, &puyo_game, NULL,
};

/* The commands beside the games, for "did you mean". */
static const char *const commands[] = { "boj", "judge", "stress", "help", "demo", NULL };

static const struct cli_opt boj_opts[] = {
	{ "batch", NULL, "read any number of instances, print one answer line each" },
	{ "explain", NULL, "after the answer, how it came about (then not the judge's output)" },
	CLI_JOBS_OPT,
	{ 0 },
};

static const char *const exit_help =
	"exit status:\n"
	"  0  success\n"
	"  1  a negative verdict (check: the input is invalid; grundy verify: a mismatch;\n"
	"     stress: a failing case)\n"
	"  2  usage error (unknown command, option or option value)\n"
	"  3  invalid input data (a diagnostic FILE:LINE:COL on standard error)\n"
	"  4  resource or internal error (memory, limits, i/o)\n";

static const struct cli_game *find_game(const char *name)
{
	for (int i = 0; games[i]; i++)
		if (strcmp(games[i]->name, name) == 0)
			return games[i];
	return NULL;
}

/* The problem called id, or NULL with the usage error printed (every problem named). */
static const struct bl_problem *find_problem(const char *cmd, const char *id)
{
	struct bl_err err;
	const struct bl_problem *p;

	bl_err_clear(&err);
	if (id[0] == '-' && id[1]) {   /* an option where the problem goes */
		cli_usage_cmd(cmd, "the problem number comes first, before '%s': %s PROBLEM "
			      "[OPTIONS]", id, cmd);
		return NULL;
	}
	if ((p = bl_problem_lookup(id, &err)) == NULL)
		cli_usage_cmd(cmd, "%s", err.msg);
	return p;
}

static void game_help(const struct cli_game *g)
{
	printf("usage: boardlab %s VERB [OPTIONS] [FILE]\n\n%s\n\nverbs:\n", g->name, g->summary);
	for (const struct cli_verb *v = g->verbs; v->name; v++)
		cli_help_entry(stdout, v->name, 12, v->summary);
	printf("\nexamples:\n");
	for (const struct cli_verb *v = g->verbs; v->name; v++)
		printf("  %s\n", v->example);
	printf("\nsee 'boardlab %s VERB --help' for a verb's options\n", g->name);
}

/* boj's help, of every problem or of only one. */
static void boj_help(const struct bl_problem *only)
{
	const char *id = only ? only->id : "PROBLEM";

	printf("usage: boardlab boj %s [--batch] [--jobs N] [--explain] [FILE]\n       boardlab boj %s trace "
	       "[OPTIONS] [FILE]\n\njudge-exact answers: the problem's input in, its exact output "
	       "out;\ntrace: the game step by step, the game's trace verb under the preset\n\n"
	       "problems:\n", id, id);
	for (size_t i = 0; i < bl_problem_count(); i++) {
		const struct bl_problem *p = bl_problem_at(i);
		if (only && p != only)
			continue;
		printf("  %s  %s (%s)\n         = boardlab %s %s", p->id, p->title, p->summary,
		       p->game, p->verb);
		for (int k = 0; p->argv[k]; k++)
			printf(" %s", p->argv[k]);
		putchar('\n');
	}
	if (only)
		printf("\njudge a solution on the problem's tests: boardlab judge %s -- CMD;\n"
		       "stress it on random instances: boardlab stress %s -- CMD\n", id, id);
	putchar('\n');
	cli_help_opts(boj_opts, NULL, stdout);
	printf("\nexamples:\n  boardlab boj %s < input.txt\n  boardlab boj %s trace --format "
	       "html input.txt > game.html\n", only ? id : "17837", only ? id : "17837");
}

static void main_help(void)
{
	printf("usage: boardlab GAME VERB [OPTIONS] [FILE]\n"
	       "       boardlab boj PROBLEM [--batch] [--jobs N] [--explain] [FILE]\n"
	       "       boardlab boj PROBLEM trace [OPTIONS] [FILE]\n"
	       "       boardlab judge PROBLEM [OPTIONS] -- CMD [ARG...]\n"
	       "       boardlab stress PROBLEM [OPTIONS] -- CMD [ARG...]\n"
	       "       boardlab help [GAME [VERB]]\n"
	       "       boardlab demo\n"
	       "       boardlab --help | --version\n\n"
	       "boardlab %s: exact, fast engines for four board games of Baekjoon\n"
	       "Online Judge problems, and the games beyond the problems\n\ngames:\n", BL_VERSION);
	for (int i = 0; games[i]; i++) {
		struct bl_buf verbs;
		bl_buf_init(&verbs);
		for (const struct cli_verb *v = games[i]->verbs; v->name; v++)
			bl_buf_printf(&verbs, "%s%s", v == games[i]->verbs ? "verbs: " : ", ", v->name);
		cli_help_entry(stdout, games[i]->name, 12, games[i]->summary);
		cli_help_entry(stdout, "", 12, verbs.data ? verbs.data : "");
		bl_buf_release(&verbs);
	}
	printf("\ncommands:\n");
	cli_help_entry(stdout, "boj", 12, "judge-exact answers for BOJ problems, and their games "
			     "traced (see 'boardlab boj --help')");
	cli_help_entry(stdout, "judge", 12,
		       "judge a solution on a problem's test suite (see 'boardlab judge --help')");
	cli_help_entry(stdout, "stress", 12, "a solution against the exact answers on a problem's "
			     "random instances (see 'boardlab stress --help')");
	cli_help_entry(stdout, "help", 12, "help on a game, a verb or a command: 'boardlab help "
			     "tower solve' is 'boardlab tower solve --help'");
	cli_help_entry(stdout, "demo", 12, "a short tour of every game on built-in examples");
	printf("\nproblems:");
	for (size_t i = 0; i < bl_problem_count(); i++)
		printf(" %s", bl_problem_at(i)->id);
	printf("\n\nFILE is a path; '-' or no FILE reads standard input.\n\n%s\n"
	       "examples:\n  boardlab boj 17837 < input.txt\n  boardlab help tower\n", exit_help);
}

static int cmd_game(const struct cli_game *g, int argc, char **argv)
{
	char cmd[64];
	struct bl_suggest near;
	const struct cli_verb *v;

	snprintf(cmd, sizeof cmd, "boardlab %s", g->name);
	if (argc < 1)
		return cli_usage_cmd(cmd, "missing verb after '%s'", g->name);
	if (cli_is_help(argv[0])) {
		game_help(g);
		return CLI_OK;
	}
	if ((v = cli_find_verb(g, argv[0])) == NULL) {
		bl_suggest_init(&near, argv[0]);
		for (v = g->verbs; v->name; v++)
			bl_suggest_add(&near, v->name);
		return cli_unknown(cmd, "verb", argv[0], &near, "");
	}
	snprintf(cmd, sizeof cmd, "boardlab %s %s", g->name, v->name);
	return cli_run_verb(g, v, argc - 1, argv + 1, cmd, NULL);
}

/*
 * Runs verb `verb` of problem p's game on the words pre[0..npre) followed
 * by the user's, argv[0..argc), as if they had been typed so; cmd names
 * the command in messages.
 */
static int run_prefixed(const struct bl_problem *p, const char *verb, const char *const *pre,
			int npre, int argc, char **argv, const char *cmd)
{
	const struct cli_game *g = find_game(p->game);
	const struct cli_verb *v = g ? cli_find_verb(g, verb) : NULL;
	char **all = calloc((size_t)(npre + argc + 1), sizeof *all);
	int status = CLI_FAIL;

	if (!v)
		fprintf(stderr, "boardlab: error: internal error: no verb '%s %s' for problem %s\n",
			p->game, verb, p->id);
	else if (!all)
		fputs("boardlab: error: out of memory\n", stderr);
	for (int i = 0; v && all && i < npre + argc; i++)
		all[i] = i < npre ? (char *)pre[i] : argv[i - npre];
	if (v && all)
		status = cli_run_verb(g, v, npre + argc, all, cmd, NULL);
	free(all);
	return status;
}

/*
 * boardlab boj PROBLEM [--batch] [--jobs N] [--explain] [FILE]: the
 * preset's options, then the user's, run as the game verb; only --batch,
 * --jobs and --explain are accepted, so that the answer stays the judge's.
 * boardlab boj PROBLEM trace [OPTIONS] [FILE]: the game's trace verb under
 * the preset, with any of its options but the game's rules (its game
 * options), which the problem sets.
 */
static int cmd_boj(int argc, char **argv)
{
	const struct bl_problem *p;
	char cmd[64], typed[BL_SUGGEST_LEN_MAX + 1];
	int trace, npre = 0;
	struct bl_suggest near;

	if (argc < 1)
		return cli_usage_cmd("boardlab boj", "missing problem number after 'boj'");
	if (cli_is_help(argv[0])) {
		boj_help(NULL);
		return CLI_OK;
	}
	if ((p = find_problem("boardlab boj", argv[0])) == NULL)
		return CLI_USAGE;
	trace = argc > 1 && strcmp(argv[1], "trace") == 0;
	snprintf(cmd, sizeof cmd, "boardlab boj %s%s", p->id, trace ? " trace" : "");
	/* the game's rules: its game options, the first group of its stress verb's */
	const struct cli_game *g = find_game(p->game);
	const struct cli_verb *rules = g ? cli_find_verb(g, "stress") : NULL;
	while (p->argv[npre])
		npre++;
	for (int i = 1 + trace; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (cli_is_help(argv[i]) && !trace) {
			boj_help(p);
			return CLI_OK;
		}
		if (argv[i][0] != '-' || !argv[i][1])
			continue;   /* FILE */
		snprintf(typed, sizeof typed, "%.*s", (int)strcspn(argv[i], "="), argv[i]);
		for (const struct cli_opt *o = rules ? rules->opts : NULL; trace && o && o->name; o++)
			if (typed[1] == '-' && strcmp(typed + 2, o->name) == 0)
				return cli_usage_cmd(cmd, "option '%s' is one of the game's rules, which "
						     "problem %s sets (boardlab %s trace takes it)",
						     typed, p->id, p->game);
		if (trace || strcmp(typed, "--batch") == 0 || strcmp(typed, "--explain") == 0)
			continue;
		if (strcmp(typed, "--jobs") == 0) {
			i += argv[i][6] != '=';   /* its value: the verb reads it */
			continue;
		}
		bl_suggest_init(&near, typed);
		bl_suggest_add(&near, "--batch");
		bl_suggest_add(&near, "--jobs");
		bl_suggest_add(&near, "--explain");
		return cli_unknown(cmd, "option", typed, &near, "");
	}
	return run_prefixed(p, trace ? "trace" : p->verb, p->argv, npre, argc - 1 - trace,
			    argv + 1 + trace, cmd);
}

/*
 * The commands of a problem that are a verb of its game with --problem P:
 * boardlab judge P ... is boardlab GAME judge --problem P ..., and so is
 * stress; their help comes from here.
 */
struct problem_cmd {
	const char *verb;            /* the command and the game's verb: "judge" */
	const char *about;           /* the help after the first usage line */
	const struct cli_opt *opts;  /* the options the help lists */
	const char *status;          /* the help's exit status line */
	const char *examples;        /* and its examples */
	const char *python;          /* the options of the example for a Python program */
};

static const struct problem_cmd problem_cmds[] = {
	{ "judge",
	  "       boardlab judge PROBLEM --list | --export DIR | --input ID\n\n"
	  "judge CMD as the online judge did: every test of the problem's suite on its\n"
	  "standard input, a verdict per test (AC, WA, PE, TLE, MLE, OLE, RE), its CPU\n"
	  "time and peak memory, and the first failure in full",
	  judge_opts + 1,
	  "exit status: 0 every test accepted, 1 a test failed, 2 usage, 3 an invalid input\n"
	  "of --tests, 4 CMD cannot be run\n",
	  "  boardlab judge 17837 -- ./a.out\n"
	  "  boardlab judge 16880 --time-scale 3 -- python3 sol.py\n"
	  "  boardlab judge 11559 --export tests/\n",
	  "--time-scale 3" },
	{ "stress",
	  "\nrun CMD on random instances of the problem against its exact answers, and\n"
	  "shrink the first failure: boardlab GAME stress --problem PROBLEM, which\n"
	  "takes the game's gen options too (see 'boardlab GAME stress --help')",
	  stress_opts + 1,
	  "exit status: 0 every run passed, 1 a failure, 2 usage, 4 CMD cannot be run\n",
	  "  boardlab stress 17837 -- ./a.out\n"
	  "  boardlab stress 11559 --runs 1000 --save fail -- python3 sol.py\n",
	  "--runs 1000 --save fail" },
};

/*
 * `boardlab VERB P --help`: the game verb's help without --problem and the
 * game's rules, P's, and the command's exit status and examples for P.
 */
static int problem_help(const struct bl_problem *p, const struct problem_cmd *pc, const char *cmd)
{
	const struct cli_game *g = find_game(p->game);
	const struct cli_verb *v = g ? cli_find_verb(g, pc->verb) : NULL;
	const struct cli_verb *rules = g ? cli_find_verb(g, "stress") : NULL;
	char words[16][40];
	const char *skip[17] = { "--problem" };
	size_t n = 1;

	for (const struct cli_opt *o = rules ? rules->opts : NULL; o && o->name && n < 16; o++) {
		snprintf(words[n], sizeof words[n], "--%s", o->name);
		skip[n] = words[n];
		n++;
	}
	char end[512];
	snprintf(end, sizeof end, "%s\nexamples:\n  %s -- ./a.out\n  %s %s -- python3 sol.py\n",
		 pc->status, cmd, cmd, pc->python);
	if (v)
		cli_verb_help_except(v, cmd, skip, end);
	return CLI_OK;
}

static int cmd_problem(const struct problem_cmd *pc, int argc, char **argv)
{
	const struct bl_problem *p;
	char cmd[64];

	snprintf(cmd, sizeof cmd, "boardlab %s", pc->verb);
	if (argc < 1)
		return cli_usage_cmd(cmd, "missing problem number after '%s'", pc->verb);
	if (cli_is_help(argv[0])) {
		printf("usage: boardlab %s PROBLEM [OPTIONS] -- CMD [ARG...]\n%s\n\nproblems:",
		       pc->verb, pc->about);
		for (size_t i = 0; i < bl_problem_count(); i++)
			printf(" %s", bl_problem_at(i)->id);
		printf("\n\n");
		cli_help_opts(pc->opts, NULL, stdout);
		printf("\n%s\nexamples:\n%s", pc->status, pc->examples);
		return CLI_OK;
	}
	if ((p = find_problem(cmd, argv[0])) == NULL)
		return CLI_USAGE;
	const char *const pre[] = { "--problem", p->id };
	snprintf(cmd, sizeof cmd, "boardlab %s %s", pc->verb, p->id);
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (strncmp(argv[i], "--problem", 9) == 0 && strchr("=", argv[i][9]))
			return cli_usage_cmd(cmd, "the problem is %s already: no --problem here", p->id);
		if (cli_is_help(argv[i]))
			return problem_help(p, pc, cmd);
	}
	return run_prefixed(p, pc->verb, pre, 2, argc - 1, argv + 1, cmd);
}

static int cmd_demo(int argc, char **argv)
{
	struct bl_buf out;
	struct bl_err err;
	char name[64];
	int status = CLI_OK;

	if (argc > 0 && cli_is_help(argv[0])) {
		printf("usage: boardlab demo\n\na short tour of every game on built-in examples\n\n"
		       "example:\n  boardlab demo\n");
		return CLI_OK;
	}
	if (argc > 0)
		return cli_usage_cmd("boardlab demo", "unexpected argument '%s'", argv[0]);
	bl_buf_init(&out);
	for (int i = 0; games[i] && status == CLI_OK; i++) {
		const struct cli_game *g = games[i];
		bl_buf_printf(&out, "%s== %s: %s ==\n\n", i ? "\n" : "", g->name, g->summary);
		bl_err_clear(&err);
		if (g->demo(g->example, strlen(g->example), &out, &err) != BL_OK) {
			snprintf(name, sizeof name, "examples/%s.txt", g->name);
			cli_report(name, &err, 0);
			status = CLI_FAIL;
		}
	}
	if (bl_buf_failed(&out))
		status = cli_fail(NULL, ENOMEM);
	else if (out.len)
		fwrite(out.data, 1, out.len, stdout);   /* a failure shows in cli_finish */
	bl_buf_release(&out);
	return status;
}

/*
 * The command argv[0] with its words: --help, --version, a command or a
 * game; `help [WORD [WORD]]` runs `WORD WORD --help`.
 */
static int run_command(int argc, char **argv)
{
	const char *c = argv[0];
	const struct cli_game *g;
	struct bl_suggest near;

	if (strcmp(c, "help") == 0 && argc <= 3) {
		char *words[4] = { NULL };
		argc = argc > 1 && cli_is_help(argv[1]) ? 1 : argc;
		for (int i = 1; i < argc; i++)
			words[i - 1] = argv[i];
		words[argc - 1] = (char *)"--help";
		if (argc == 2 && bl_problem_find(argv[1]))   /* help 17837: boj 17837's */
			return cmd_boj(2, words);
		return run_command(argc, words);
	}
	if (cli_is_help(c) || strcmp(c, "--version") == 0 || strcmp(c, "help") == 0) {
		if (argc > 1)
			return cli_usage_cmd("boardlab", "unexpected argument '%s'",
					     argv[strcmp(c, "help") == 0 ? 3 : 1]);
		if (cli_is_help(c))
			main_help();
		else
			printf("boardlab %s\n", bl_version());
		return CLI_OK;
	}
	if (strcmp(c, "boj") == 0)
		return cmd_boj(argc - 1, argv + 1);
	for (size_t i = 0; i < sizeof problem_cmds / sizeof problem_cmds[0]; i++)
		if (strcmp(c, problem_cmds[i].verb) == 0)
			return cmd_problem(&problem_cmds[i], argc - 1, argv + 1);
	if (strcmp(c, "demo") == 0)
		return cmd_demo(argc - 1, argv + 1);
	if ((g = find_game(c)) != NULL)
		return cmd_game(g, argc - 1, argv + 1);
	if (bl_problem_find(c))
		return cli_usage_cmd("boardlab", "unknown command '%s': for the problem, 'boardlab "
				     "boj %s', 'judge %s -- CMD' or 'stress %s -- CMD'", c, c, c, c);
	bl_suggest_init(&near, c);
	for (int i = 0; games[i]; i++)
		bl_suggest_add(&near, games[i]->name);
	for (int i = 0; commands[i]; i++)
		bl_suggest_add(&near, commands[i]);
	return cli_unknown("boardlab", "command", c, &near, "");
}

int main(int argc, char **argv)
{
	if (argc > 0 && argv[0] && *argv[0])
		cli_program = argv[0];
	if (argc < 2)
		return cli_usage_cmd("boardlab", "missing command");
	return cli_finish(run_command(argc - 1, argv + 1));
}
