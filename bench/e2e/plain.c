/*
 * The plain reference engines of bench/ref/ as whole programs, the peers
 * of the end-to-end benchmarks (e2e.c): `plain P` reads any number of
 * instances of BOJ problem P on standard input (read whole) and prints one
 * answer a line, as `boardlab boj P --batch` does.  11559: the BFS of
 * puyo_ref.c; 17837 and 17780: the simulation of tower_ref.c; 17825: the
 * backtracking of yut_ref.c over every horse at every turn; 16880: the
 * closed forms, as the scanf peer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy16880.h"
#include "ref/puyo_ref.h"
#include "ref/tower_ref.h"
#include "ref/yut_ref.h"

static char *slurp(void)
{
	size_t len = 0, cap = 1 << 20, n;
	char *s = malloc(cap + 1);

	while (s && (n = fread(s + len, 1, cap - len, stdin)) > 0) {
		len += n;
		if (len == cap && !(s = realloc(s, (cap *= 2) + 1)))
			break;
	}
	if (!s) {
		fputs("plain: out of memory\n", stderr);
		exit(2);
	}
	s[len] = '\0';
	return s;
}

/* The next whitespace-separated token at *p, its length in *n; NULL at the end. */
static const char *token(const char **p, size_t *n)
{
	const char *s = *p + strspn(*p, " \t\r\n");

	*n = strcspn(s, " \t\r\n");
	*p = s + *n;
	return *n ? s : NULL;
}

static int puyo(const char *p)
{
	char field[12 * 7 + 1];
	const char *t;
	size_t n;

	while ((t = token(&p, &n)) != NULL) {
		memcpy(field, t, n < 6 ? n : 6);
		field[6] = '\n';
		for (int r = 1; r < 12; r++) {
			if (!(t = token(&p, &n)) || n != 6)
				return 1;
			memcpy(field + 7 * r, t, 6);
			field[7 * r + 6] = '\n';
		}
		field[84] = '\0';
		printf("%d\n", puyo_ref_chains(field, 0));
	}
	return 0;
}

static int tower(const char *p, int bottom)
{
	while (*(p += strspn(p, " \t\r\n"))) {
		long long a = tower_ref_run(&p, bottom, 4, 1000, NULL);
		if (a == -2)
			return 1;
		printf("%lld\n", a);
	}
	return 0;
}

static int yut(const char *p)
{
	int dice[10], k = 0;
	const char *t;
	size_t n;

	while ((t = token(&p, &n)) != NULL) {
		dice[k++] = *t - '0';
		if (k == 10) {
			printf("%d\n", yut_ref_best_every(dice, 10, 4));
			k = 0;
		}
	}
	return k != 0;
}

static int grundy_all(const char *p)
{
	char *end;

	while (*(p += strspn(p, " \t\r\n"))) {
		long long n = strtoll(p, &end, 10), nim = 0;
		for (p = end; n-- > 0;) {
			long long x = strtoll(p, &end, 10), y = strtoll(end, &end, 10);
			p = end + strspn(end, " \t\r\n");
			nim ^= grundy(x, y, *p++);
		}
		puts(nim ? "koosaga" : "cubelover");
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *p = argc == 2 ? argv[1] : "";
	char *text;
	int bad;

	if (strcmp(p, "11559") && strcmp(p, "17837") && strcmp(p, "17780") && strcmp(p, "17825") &&
	    strcmp(p, "16880")) {
		fputs("usage: plain 11559|17837|17780|17825|16880 < INSTANCES\n", stderr);
		return 2;
	}
	text = slurp();
	if (!strcmp(p, "11559"))
		bad = puyo(text);
	else if (!strcmp(p, "17825"))
		bad = yut(text);
	else if (!strcmp(p, "16880"))
		bad = grundy_all(text);
	else
		bad = tower(text, !strcmp(p, "17780"));
	free(text);
	if (bad)
		fprintf(stderr, "plain: invalid input for %s\n", p);
	return bad;
}
