/*
 * main: the command tables of boardlab and the dispatcher.  A game is a row
 * of `games`, a verb a row of its game's table, an option a row of its
 * verb's; help text is generated from the same rows (cli.c parses a verb's
 * words and prints its help).  `boj` runs the presets of the library's
 * problem table over game verbs, not separate code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "judge.h"

static const struct cli_game *const games[] = {
	&tower_game, &yut_game, &grundy_game, &puyo_game, NULL,
};

static const struct cli_opt boj_opts[] = {
	{ "batch", NULL, "read any number of instances, print one answer line each" },
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

static void usage_hint(const char *cmd, const char *fmt, const char *arg)
{
	fputs("boardlab: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nsee '%s --help'\n", cmd);
}

static const struct cli_game *find_game(const char *name)
{
	for (int i = 0; games[i]; i++)
		if (strcmp(games[i]->name, name) == 0)
			return games[i];
	return NULL;
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

static void boj_help(void)
{
	printf("usage: boardlab boj PROBLEM [--batch] [FILE]\n\n"
	       "judge-exact answers: the problem's input in, its exact output out\n\n"
	       "problems:\n");
	for (size_t i = 0; i < bl_problem_count(); i++) {
		const struct bl_problem *p = bl_problem_at(i);
		printf("  %s  %s (%s)\n         = boardlab %s %s", p->id, p->title, p->summary,
		       p->game, p->verb);
		for (int k = 0; p->argv[k]; k++)
			printf(" %s", p->argv[k]);
		putchar('\n');
	}
	putchar('\n');
	cli_help_opts(boj_opts, stdout);
	printf("\nexample:\n  boardlab boj 17837 < input.txt\n");
}

static void main_help(void)
{
	printf("usage: boardlab GAME VERB [OPTIONS] [FILE]\n"
	       "       boardlab boj PROBLEM [--batch] [FILE]\n"
	       "       boardlab judge PROBLEM [OPTIONS] -- CMD [ARG...]\n"
	       "       boardlab demo\n"
	       "       boardlab --help | --version\n\n"
	       "boardlab %s: exact, fast engines for four board games of Baekjoon\n"
	       "Online Judge problems, and the games beyond the problems\n\n"
	       "games:\n",
	       BL_VERSION);
	for (int i = 0; games[i]; i++)
		cli_help_entry(stdout, games[i]->name, 12, games[i]->summary);
	printf("\ncommands:\n");
	cli_help_entry(stdout, "boj", 12,
		       "judge-exact answers for BOJ problems (see 'boardlab boj --help')");
	cli_help_entry(stdout, "judge", 12,
		       "judge a solution on a problem's test suite (see 'boardlab judge --help')");
	cli_help_entry(stdout, "demo", 12, "a short tour of every game on built-in examples");
	printf("\nproblems:");
	for (size_t i = 0; i < bl_problem_count(); i++)
		printf(" %s", bl_problem_at(i)->id);
	printf("\n\nFILE is a path; '-' or no FILE reads standard input.\n\n%s\n"
	       "examples:\n  boardlab boj 17837 < input.txt\n  boardlab tower --help\n",
	       exit_help);
}

static int cmd_game(const struct cli_game *g, int argc, char **argv)
{
	char cmd[64];

	snprintf(cmd, sizeof cmd, "boardlab %s", g->name);
	if (argc < 1) {
		usage_hint(cmd, "missing verb after '%s'", g->name);
		return CLI_USAGE;
	}
	if (cli_is_help(argv[0])) {
		game_help(g);
		return CLI_OK;
	}
	const struct cli_verb *v = cli_find_verb(g, argv[0]);
	if (!v) {
		usage_hint(cmd, "unknown verb '%s'", argv[0]);
		return CLI_USAGE;
	}
	snprintf(cmd, sizeof cmd, "boardlab %s %s", g->name, v->name);
	return cli_run_verb(g, v, argc - 1, argv + 1, cmd, NULL);
}

/*
 * Runs verb v of game g on the words pre[0..npre) followed by the user's,
 * argv[0..argc), as if they had been typed so; cmd names the command in
 * messages.
 */
static int run_prefixed(const struct cli_game *g, const struct cli_verb *v,
			const char *const *pre, int npre, int argc, char **argv, const char *cmd)
{
	char **all = calloc((size_t)(npre + argc + 1), sizeof *all);
	int status;

	if (!all) {
		fputs("boardlab: error: out of memory\n", stderr);
		return CLI_FAIL;
	}
	for (int i = 0; i < npre; i++)
		all[i] = (char *)pre[i];
	for (int i = 0; i < argc; i++)
		all[npre + i] = argv[i];
	status = cli_run_verb(g, v, npre + argc, all, cmd, NULL);
	free(all);
	return status;
}

/*
 * boardlab boj PROBLEM [--batch] [FILE]: the preset's options, then the
 * user's, run as the game verb.  Only --batch, --jobs and FILE are accepted,
 * so the output stays exactly the judge's.
 */
static int cmd_boj(int argc, char **argv)
{
	const struct bl_problem *p = NULL;
	char cmd[64];

	if (argc < 1) {
		usage_hint("boardlab boj", "missing problem number after '%s'", "boj");
		return CLI_USAGE;
	}
	if (cli_is_help(argv[0])) {
		boj_help();
		return CLI_OK;
	}
	p = bl_problem_find(argv[0]);
	if (!p) {
		usage_hint("boardlab boj", "unknown problem '%s'", argv[0]);
		return CLI_USAGE;
	}
	snprintf(cmd, sizeof cmd, "boardlab boj %s", p->id);
	const struct cli_game *g = find_game(p->game);
	const struct cli_verb *v = g ? cli_find_verb(g, p->verb) : NULL;
	if (!v) {
		fprintf(stderr, "boardlab: error: internal error: no verb '%s %s' for problem %s\n",
			p->game, p->verb, p->id);
		return CLI_FAIL;
	}

	int npre = 0;
	bool opts_done = false;
	while (p->argv[npre])
		npre++;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!opts_done && cli_is_help(a)) {
			printf("usage: %s [--batch] [FILE]\n\n%s: %s (%s)\nthe same as: boardlab %s %s",
			       cmd, p->id, p->title, p->summary, p->game, p->verb);
			for (int k = 0; p->argv[k]; k++)
				printf(" %s", p->argv[k]);
			printf(" [--batch] [FILE]\n(%s)\n\n", v->summary);
			cli_help_opts(boj_opts, stdout);
			printf("\nexample:\n  %s < input.txt\n", cmd);
			return CLI_OK;
		}
		if (!opts_done && strcmp(a, "--") == 0)
			opts_done = true;
		else if (!opts_done && strcmp(a, "--jobs") == 0)
			i++;   /* its value: the verb reads it */
		else if (!opts_done && a[0] == '-' && a[1] && strcmp(a, "--batch") != 0 &&
			 strncmp(a, "--batch=", 8) != 0 && strncmp(a, "--jobs=", 7) != 0) {
			usage_hint(cmd, "unknown option '%s'", a);
			return CLI_USAGE;
		}
	}
	return run_prefixed(g, v, p->argv, npre, argc - 1, argv + 1, cmd);
}

static void judge_help(void)
{
	printf("usage: boardlab judge PROBLEM [OPTIONS] -- CMD [ARG...]\n"
	       "       boardlab judge PROBLEM --list | --export DIR | --input ID\n\n"
	       "judge CMD as the online judge did: every test of the problem's suite on its\n"
	       "standard input, a verdict per test (AC, WA, PE, TLE, MLE, OLE, RE), its CPU\n"
	       "time and peak memory, and the first failure in full\n\nproblems:");
	for (size_t i = 0; i < bl_problem_count(); i++)
		printf(" %s", bl_problem_at(i)->id);
	printf("\n\n");
	cli_help_opts(judge_opts + 1, stdout);
	printf("\nexit status: 0 every test accepted, 1 a test failed, 2 usage, 3 an invalid input "
	       "of --tests, 4 CMD cannot be run\n\nexamples:\n  boardlab judge 17837 -- ./a.out\n"
	       "  boardlab judge 16880 --time-scale 3 -- python3 sol.py\n"
	       "  boardlab judge 11559 --export tests/\n");
}

/*
 * boardlab judge PROBLEM [OPTIONS] -- CMD: the judge verb of the problem's
 * game with --problem PROBLEM before the user's words.
 */
static int cmd_judge(int argc, char **argv)
{
	const struct bl_problem *p;
	const struct cli_game *g;
	const struct cli_verb *v;
	char cmd[64];

	if (argc < 1 || cli_is_help(argv[0])) {
		if (argc < 1) {
			usage_hint("boardlab judge", "missing problem number after '%s'", "judge");
			return CLI_USAGE;
		}
		judge_help();
		return CLI_OK;
	}
	if ((p = bl_problem_find(argv[0])) == NULL) {
		usage_hint("boardlab judge", "unknown problem '%s'", argv[0]);
		return CLI_USAGE;
	}
	g = find_game(p->game);
	v = g ? cli_find_verb(g, "judge") : NULL;
	if (!v) {
		fprintf(stderr, "boardlab: error: internal error: no judge verb for %s\n", p->id);
		return CLI_FAIL;
	}
	const char *const pre[] = { "--problem", argv[0] };
	snprintf(cmd, sizeof cmd, "boardlab judge %s", p->id);
	return run_prefixed(g, v, pre, 2, argc - 1, argv + 1, cmd);
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
	if (argc > 0) {
		usage_hint("boardlab demo", "unexpected argument '%s'", argv[0]);
		return CLI_USAGE;
	}
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
	if (bl_buf_failed(&out)) {
		fputs("boardlab: error: out of memory\n", stderr);
		status = CLI_FAIL;
	} else if (out.len) {
		fwrite(out.data, 1, out.len, stdout);   /* a failure shows in cli_finish */
	}
	bl_buf_release(&out);
	return status;
}

int main(int argc, char **argv)
{
	int status;

	if (argc > 0 && argv[0] && *argv[0])
		cli_program = argv[0];
	if (argc < 2) {
		usage_hint("boardlab", "missing command%s", "");
		return CLI_USAGE;
	}
	const char *c = argv[1];
	const struct cli_game *g;
	if (cli_is_help(c) || strcmp(c, "--version") == 0) {
		if (argc > 2) {
			usage_hint("boardlab", "unexpected argument '%s'", argv[2]);
			return CLI_USAGE;
		}
		if (cli_is_help(c))
			main_help();
		else
			printf("boardlab %s\n", bl_version());
		status = CLI_OK;
	} else if (strcmp(c, "boj") == 0) {
		status = cmd_boj(argc - 2, argv + 2);
	} else if (strcmp(c, "judge") == 0) {
		status = cmd_judge(argc - 2, argv + 2);
	} else if (strcmp(c, "demo") == 0) {
		status = cmd_demo(argc - 2, argv + 2);
	} else if ((g = find_game(c)) != NULL) {
		status = cmd_game(g, argc - 2, argv + 2);
	} else {
		usage_hint("boardlab", "unknown command '%s'", c);
		status = CLI_USAGE;
	}
	return cli_finish(status);
}
