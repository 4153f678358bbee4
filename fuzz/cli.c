/*
 * The command line: boardlab's main, in process (cli/main.c compiled with
 * main renamed boardlab_main), with argv and standard input taken from the
 * fuzz input.  The input's first line is argv after "boardlab", words
 * separated by spaces (or NUL bytes); the rest is standard input.  The
 * dispatcher, every verb's option parsing and option values, and the
 * games' readers behind them all run; the status must be one of cli.md's.
 *
 * What a fuzzer must not do is left out or made small, never more:
 * - `stress` and `judge` run commands (and `judge --export` writes files),
 *   `bench` runs for seconds: an input naming any of them is skipped, and
 *   so is a word with a '/' (no file but standard input can be opened:
 *   boardlab_main runs in an empty directory of the harness's own, BIN.cwd
 *   next to the harness binary, made once and reused, so that no run however
 *   it ends leaves anything behind; the caller's working directory is back
 *   between runs, for libFuzzer's own files);
 * - the values of the options that say how much work to do (--count,
 *   --pieces, --size, --turns, --window, tower's --height, --limit, --from,
 *   --to, --turn) have each number in their legal range above a small cap
 *   C replaced by itself modulo C + 1, in both the `--name VALUE` and the
 *   `--name=VALUE` forms; numbers past the legal range, and every other
 *   number (problem numbers, --seed, --first, --max-memory's, standard
 *   input's), reach the parsers as they are;
 * - every verb that takes --max-memory gets --max-memory 16M first (4M for
 *   yut, whose search is 25 times slower under the sanitizers than natively:
 *   16M of states take 5 s), and a later --max-memory whose value is a
 *   valid size above that has it replaced by the same (an invalid one is
 *   left to be refused; tower needs 4 MiB and more for any board), so that no
 *   input asks for a game too large to play in the harness's time (a yut
 *   expectation of 79 rolls takes seconds by right; the limits themselves
 *   have their tests).
 * Standard output and standard error go to /dev/null.
 */
#include "fuzz.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int boardlab_main(int argc, char **argv);

#define MAX_WORDS 24

/* The verbs that take --max-memory (docs/limits.md). */
static const char *const bounded[][2] = {
	{ "tower", "solve" }, { "tower", "trace" },  { "tower", "render" },
	{ "yut", "solve" },   { "yut", "plan" },     { "yut", "advise" },
	{ "yut", "trace" },   { "grundy", "solve" }, { "grundy", "hint" },
	{ "grundy", "table" }, { "grundy", "verify" }, { "grundy", "trace" },
	{ "grundy", "render" },
};

/* Options whose numbers in 0..max above cap become n % (cap + 1); game NULL: any. */
static const struct heavy {
	const char *game, *name;
	uint64_t cap, max;
} heavy[] = {
	{ NULL, "count", 99, 1000000000 },
	{ NULL, "jobs", 1, 64 },   /* no threads in the harness's process: one job */
	{ "tower", "pieces", 99, 1000000 },
	{ "grundy", "pieces", 99, 100000000 },
	{ "tower", "size", 64, 4096 },
	{ "grundy", "size", 256, 65536 },
	{ "grundy", "window", 256, 65536 },
	{ "yut", "turns", 20, 10000 },
	{ "grundy", "turns", 999, 100000 },
	{ "tower", "height", 999, UINT64_C(1000000000000000000) },
	{ "tower", "limit", 999, UINT64_C(1000000000000000000) },
	{ "tower", "from", 999, UINT64_C(1000000000000000000) },
	{ "tower", "to", 999, UINT64_C(1000000000000000000) },
	{ "tower", "turn", 999, UINT64_C(1000000000000000000) },
};

static FILE *devnull;
static int home = -1, here = -1;   /* the caller's working directory, and the harness's */

static void setup(void)
{
	static char dir[4096];
	ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 8);

	if (n <= 0 || (size_t)n >= sizeof dir - 8)
		abort();
	memcpy(dir + n, ".cwd", 5);
	if ((mkdir(dir, 0700) != 0 && errno != EEXIST) || (here = open(dir, O_RDONLY)) < 0 ||
	    (home = open(".", O_RDONLY)) < 0 || !(devnull = fopen("/dev/null", "w")))
		abort();
	setenv("BOARDLAB_MAX_INPUT", "65536", 1);
}

/* Each run of digits of v worth at most h->max and more than h->cap, taken modulo cap + 1. */
static void shrink(char *v, const struct heavy *h)
{
	char *w = v;

	for (char *p = v; *p;) {
		if (*p < '0' || *p > '9') {
			*w++ = *p++;
			continue;
		}
		char *start = p;
		uint64_t n = 0;
		bool over = false;
		for (; *p >= '0' && *p <= '9'; p++) {
			if (n > (UINT64_MAX - 9) / 10)
				over = true;
			else
				n = n * 10 + (uint64_t)(*p - '0');
		}
		if (over || n > h->max || n <= h->cap) {
			memmove(w, start, (size_t)(p - start));
			w += p - start;
		} else {
			char num[24];
			int k = snprintf(num, sizeof num, "%llu",
					 (unsigned long long)(n % (h->cap + 1)));
			memcpy(w, num, (size_t)k);   /* no longer than the digits it replaces */
			w += k;
		}
	}
	*w = '\0';
}

/* The --max-memory a game's verbs get, and its value in bytes. */
static char *mem_for(const char *game, uint64_t *bytes)
{
	static char m16[] = "16M", m4[] = "4M";
	bool yut = strcmp(game, "yut") == 0;

	*bytes = (yut ? UINT64_C(4) : UINT64_C(16)) << 20;
	return yut ? m4 : m16;
}

/* Whether a --max-memory value is a valid size above cap bytes. */
static bool over_memory(const char *v, uint64_t cap)
{
	size_t d = 0, len = strlen(v);
	uint64_t n = 0, unit = 1;

	while (d < len && v[d] >= '0' && v[d] <= '9')
		d++;
	if (d == 0 || d + 1 < len)
		return false;
	if (d + 1 == len) {
		switch (v[d]) {
		case 'K': case 'k': unit = UINT64_C(1) << 10; break;
		case 'M': case 'm': unit = UINT64_C(1) << 20; break;
		case 'G': case 'g': unit = UINT64_C(1) << 30; break;
		default: return false;
		}
	}
	for (size_t k = 0; k < d; k++) {
		if (n > cap)
			break;
		n = n * 10 + (uint64_t)(v[k] - '0');
	}
	return n > cap / unit;
}

/* The value of option word a[0] (its "=VALUE" part, or a[1]), made tame. */
static void tame(const char *game, char **a)
{
	static char eq16[] = "--max-memory=16M", eq4[] = "--max-memory=4M";
	uint64_t cap;
	char *mem_val = mem_for(game, &cap);
	char *w = a[0], *eq = strchr(w, '=');
	char *v = eq ? eq + 1 : a[1];

	if (!v || w[0] != '-' || w[1] != '-')
		return;
	size_t nlen = eq ? (size_t)(eq - w) - 2 : strlen(w) - 2;
	if (nlen == 10 && strncmp(w + 2, "max-memory", 10) == 0) {
		if (over_memory(v, cap))
			*(eq ? &a[0] : &a[1]) = eq ? (mem_val[0] == '4' ? eq4 : eq16) : mem_val;
		return;
	}
	for (size_t k = 0; k < sizeof heavy / sizeof heavy[0]; k++)
		if ((!heavy[k].game || strcmp(heavy[k].game, game) == 0) &&
		    strlen(heavy[k].name) == nlen && strncmp(heavy[k].name, w + 2, nlen) == 0)
			shrink(v, &heavy[k]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[MAX_WORDS + 4];
	static char mem_opt[] = "--max-memory";
	uint64_t cap;
	int argc = 0, first = 0;

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
		if (strchr(w, '/') || strcmp(w, "stress") == 0 || strcmp(w, "judge") == 0 ||
		    strcmp(w, "bench") == 0)
			goto out;
		argv[argc++] = w;
		if (argc == 3) {
			first = argc;
			for (size_t k = 0; k < sizeof bounded / sizeof bounded[0]; k++)
				if (strcmp(argv[1], bounded[k][0]) == 0 &&
				    strcmp(argv[2], bounded[k][1]) == 0) {
					argv[argc++] = mem_opt;
					argv[argc++] = mem_for(argv[1], &cap);
					first = argc;
				}
		}
	}
	argv[argc] = NULL;
	/* Words before the verb's options (game and verb) are not values. */
	for (int k = first ? first : argc; k < argc; k++)
		tame(argv[1], argv + k);

	FILE *in = blen ? fmemopen(body, blen, "r") : fopen("/dev/null", "r");
	if (!in)
		abort();
	FILE *saved_in = stdin, *saved_out = stdout, *saved_err = stderr;
	stdin = in;
	stdout = devnull;
	stderr = devnull;
	if (fchdir(here) != 0)
		abort();
	int status = boardlab_main(argc, argv);
	if (fchdir(home) != 0)
		abort();
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
