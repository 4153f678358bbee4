/*
 * suggest: the nearest name to a word typed wrong (suggest.h), by the
 * optimal string alignment distance (Levenshtein with swaps of neighbours)
 * with weights for typing: a letter left out is the likeliest slip, so it
 * costs least; git's help weighs its own the same way.
 */
#include "boardlab/suggest.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

enum { MISSING = 1, SWAPPED = 1, REPLACED = 2, EXTRA = 2 };

static unsigned min2(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

unsigned bl_edit_distance(const char *typed, const char *name)
{
	size_t n = strlen(typed), m = strlen(name);
	/* rows i-2, i-1 and i of the table, d[i][j]: typed[0..i) into name[0..j) */
	unsigned rows[3][BL_SUGGEST_LEN_MAX + 1];

	if (n > BL_SUGGEST_LEN_MAX || m > BL_SUGGEST_LEN_MAX)
		return UINT_MAX;
	for (size_t j = 0; j <= m; j++)
		rows[0][j] = (unsigned)j * MISSING;
	for (size_t i = 1; i <= n; i++) {
		unsigned *d = rows[i % 3], *up = rows[(i - 1) % 3], *up2 = rows[(i + 1) % 3];
		d[0] = (unsigned)i * EXTRA;
		for (size_t j = 1; j <= m; j++) {
			unsigned c = up[j - 1] + (typed[i - 1] == name[j - 1] ? 0 : REPLACED);
			c = min2(c, min2(up[j] + EXTRA, d[j - 1] + MISSING));
			if (i > 1 && j > 1 && typed[i - 1] == name[j - 2] && typed[i - 2] == name[j - 1])
				c = min2(c, up2[j - 2] + SWAPPED);
			d[j] = c;
		}
	}
	return rows[n % 3][m];
}

void bl_suggest_init(struct bl_suggest *s, const char *typed)
{
	s->typed = typed;
	s->best = NULL;
	s->cost = UINT_MAX;
}

void bl_suggest_add(struct bl_suggest *s, const char *name)
{
	size_t len = strlen(s->typed);
	unsigned cost;

	if (len == 0)
		return;
	cost = bl_edit_distance(s->typed, name);
	if ((cost <= 1 + len / 3 || (len >= 3 && strncmp(name, s->typed, len) == 0)) &&
	    cost < s->cost) {
		s->best = name;
		s->cost = cost;
	}
}

const char *bl_suggest_choice(const char *typed, const char *const *names, char *buf,
			      size_t cap)
{
	struct bl_suggest near;
	char more[BL_SUGGEST_TEXT_MAX];
	size_t len = 0;

	bl_suggest_init(&near, typed);
	snprintf(buf, cap, "%s", "");
	for (int k = 0; names[k]; k++) {
		bl_suggest_add(&near, names[k]);
		if (len < cap)
			len += (size_t)snprintf(buf + len, cap - len, "%s%s",
						k == 0 ? "" : names[k + 1] ? ", " : " or ", names[k]);
	}
	if (len < cap)
		snprintf(buf + len, cap - len, "%s", bl_suggest_text(&near, "", more, sizeof more));
	return buf;
}

const char *bl_suggest_text(const struct bl_suggest *s, const char *prefix, char *buf,
			    size_t cap)
{
	if (!s->best)
		snprintf(buf, cap, "%s", "");
	else
		snprintf(buf, cap, " (did you mean '%s%s'?)", prefix, s->best);
	return buf;
}
