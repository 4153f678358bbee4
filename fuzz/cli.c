/*
 * The command line: boardlab's main, in process (cli/main.c compiled with
 * main renamed boardlab_main), with argv and standard input taken from the
 * fuzz input.  The input's first line is argv after "boardlab", words
 * separated by spaces (or NUL bytes); the rest is standard input.  The
 * dispatcher, every verb's option parsing and option values, and the
 * games' readers behind them all run; the status must be one of cli.md's.
 *
 * What a fuzzer must not do is left out: `stress` runs commands and `bench`
 * runs for seconds, so neither verb is run; a word with a '/' is skipped
 * (the harness works in an empty temporary directory, so no file but
 * standard input can be opened); a number of more than two digits in argv,
 * or three in standard input, is skipped, and every verb that takes
 * --max-memory gets --max-memory 16M first (a later one wins), so that no
 * input asks for a game too large to play in the harness's time (a yut
 * expectation of 79 rolls takes seconds by right; the limits themselves
 * have their tests).  Standard output and standard error go to /dev/null.
 */
#include "fuzz.h"

#include <ctype.h>
#include <unistd.h>

int boardlab_main(int argc, char **argv);

#define MAX_WORDS 24

/* The verbs that take --max-memory (docs/limits.md). */
static const char *const bounded[][2] = {
	{ "tower", "solve" }, { "tower", "trace" },  { "tower", "render" },
	{ "yut", "solve" },   { "yut", "plan" },     { "yut", "advise" },
	{ "grundy", "solve" }, { "grundy", "hint" }, { "grundy", "table" },
	{ "grundy", "verify" },
};

static FILE *devnull;
static char dir[64];

static void remove_dir(void)
{
	if (dir[0])
		rmdir(dir);
}

static void setup(void)
{
	strcpy(dir, "/tmp/boardlab-fuzz-XXXXXX");
	if (!mkdtemp(dir) || chdir(dir) != 0 || !(devnull = fopen("/dev/null", "w")))
		abort();
	atexit(remove_dir);
	setenv("BOARDLAB_MAX_INPUT", "65536", 1);
}

/* A run of more than most digits anywhere in p[0..n). */
static bool long_number(const char *p, size_t n, size_t most)
{
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		run = isdigit((unsigned char)p[i]) ? run + 1 : 0;
		if (run > most)
			return true;
	}
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[MAX_WORDS + 4];
	static char mem_opt[] = "--max-memory", mem_val[] = "16M";
	int argc = 0;

	if (!devnull)
		setup();
	const uint8_t *nl = memchr(data, '\n', size);
	size_t alen = nl ? (size_t)(nl - data) : size;
	char *line = malloc(alen + 1), *body;
	size_t blen = nl ? size - alen - 1 : 0;
	if (!line)
		abort();
	memcpy(line, data, alen);
	line[alen] = '\0';
	body = fuzz_copy(nl ? nl + 1 : data, blen);
	if (long_number(line, alen, 2) || long_number(body, blen, 3))
		goto out;

	argv[argc++] = (char *)"boardlab";
	for (size_t i = 0; i < alen;) {
		while (i < alen && (line[i] == ' ' || line[i] == '\0'))
			line[i++] = '\0';
		if (i == alen)
			break;
		if (argc > MAX_WORDS)
			goto out;
		char *w = line + i;
		while (i < alen && line[i] != ' ' && line[i] != '\0')
			i++;
		line[i < alen ? i : alen] = '\0';
		i++;
		if (strchr(w, '/') || strcmp(w, "stress") == 0 || strcmp(w, "bench") == 0)
			goto out;
		argv[argc++] = w;
		if (argc == 3)
			for (size_t k = 0; k < sizeof bounded / sizeof bounded[0]; k++)
				if (strcmp(argv[1], bounded[k][0]) == 0 &&
				    strcmp(argv[2], bounded[k][1]) == 0) {
					argv[argc++] = mem_opt;
					argv[argc++] = mem_val;
				}
	}
	argv[argc] = NULL;

	FILE *in = blen ? fmemopen(body, blen, "r") : fopen("/dev/null", "r");
	if (!in)
		abort();
	FILE *saved_in = stdin, *saved_out = stdout, *saved_err = stderr;
	stdin = in;
	stdout = devnull;
	stderr = devnull;
	int status = boardlab_main(argc, argv);
	stdin = saved_in;
	stdout = saved_out;
	stderr = saved_err;
	fclose(in);
	FUZZ_ASSERT(status >= 0 && status <= 4);
out:
	free(body);
	free(line);
	return 0;
}
