/*
 * suggest: "did you mean" for a name typed wrong (a game, a verb, an
 * option, a problem, a test, a yut cell): the nearest of the names a caller
 * offers, by an edit distance that weighs the slips of typing.  The one
 * home of both, for the library's messages and the tool's.  Nothing is
 * allocated; the caller owns the struct, which borrows the strings.
 */
#ifndef BOARDLAB_SUGGEST_H
#define BOARDLAB_SUGGEST_H

#include <stddef.h>

#define BL_SUGGEST_LEN_MAX 64    /* a longer name or word is never near */
#define BL_SUGGEST_TEXT_MAX 96   /* room for bl_suggest_text's words */

/*
 * The cost of turning typed into name: a letter missing from typed costs
 * 1, two neighbouring letters swapped 1, a letter replaced 2, a letter too
 * many 2; so "25" is nearer "c25" (1) than "24" (2), and "slove" is 1 from
 * "solve".  UINT_MAX when either is longer than BL_SUGGEST_LEN_MAX.
 */
unsigned bl_edit_distance(const char *typed, const char *name);

struct bl_suggest {
	const char *typed;   /* the word typed, borrowed */
	const char *best;    /* the nearest name offered so far; NULL while none is near */
	unsigned cost;       /* its bl_edit_distance */
};

/* No name offered yet for the word typed. */
void bl_suggest_init(struct bl_suggest *s, const char *typed);

/*
 * Offers name: it becomes s->best when it is near enough (a cost of at
 * most 1 + strlen(typed) / 3, or typed is the start of name and 3 letters
 * or more: "exp" for "explain"; typed not empty) and nearer than the best
 * so far; of names as near, the first offered stays.  A name equal to the
 * word is the nearest (the tool's "-explain" is "--explain").
 */
void bl_suggest_add(struct bl_suggest *s, const char *name);

/*
 * The words a message ends with: " (did you mean 'PREFIXNAME'?)", or ""
 * when no name was near; prefix is put before the name ("--" for an
 * option, "" for none).  Written into buf (cap bytes, BL_SUGGEST_TEXT_MAX
 * are enough with a prefix of up to 8 bytes), which is returned.
 */
const char *bl_suggest_text(const struct bl_suggest *s, const char *prefix, char *buf,
			    size_t cap);

/*
 * What a message about a word that must be one of names (NULL-terminated)
 * says is expected: the names as a list, "text, json or svg", then the
 * nearest to typed as bl_suggest_text's words.  Written into buf (cap
 * bytes; cut short when too small), which is returned.
 */
const char *bl_suggest_choice(const char *typed, const char *const *names, char *buf,
			      size_t cap);

#endif
