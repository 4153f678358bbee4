/*
 * yut with unknown dice: distributions of a roll and the expectimax over (rolls left, sorted horse cells) that
 * gives the expected total under optimal play, exactly when it fits.
 *
 * Exact arithmetic: with integer weights of sum W, the value of a state
 * with k rolls left times W^k is an integer N(k).  N(0) = 0 and
 *   N(k) = sum over faces d of w[d] * max over moves (points * W^(k-1) + N'(k-1)),
 * a max of 0 when no horse can move.  All numerators of one level share
 * the denominator W^(k-1), so the max compares integers.  They are held in
 * 128 bits (four 32-bit limbs, portable C); on an overflow the search runs
 * again in double arithmetic.
 */
#include "yut_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct u128 {
	uint32_t l[4];   /* little end first */
};

static struct u128 u_small(uint64_t v)
{
	struct u128 a = { { (uint32_t)v, (uint32_t)(v >> 32), 0, 0 } };
	return a;
}

static bool u_add(struct u128 *a, const struct u128 *b)
{
	uint64_t carry = 0;
	for (int i = 0; i < 4; i++) {
		uint64_t t = (uint64_t)a->l[i] + b->l[i] + carry;
		a->l[i] = (uint32_t)t;
		carry = t >> 32;
	}
	return carry == 0;
}

/* *a *= m; false on overflow. */
static bool u_mul(struct u128 *a, uint32_t m)
{
	uint64_t carry = 0;
	for (int i = 0; i < 4; i++) {
		uint64_t t = (uint64_t)a->l[i] * m + carry;
		a->l[i] = (uint32_t)t;
		carry = t >> 32;
	}
	return carry == 0;
}

static int u_cmp(const struct u128 *a, const struct u128 *b)
{
	for (int i = 3; i >= 0; i--)
		if (a->l[i] != b->l[i])
			return a->l[i] < b->l[i] ? -1 : 1;
	return 0;
}

static bool u_zero(const struct u128 *a)
{
	return !(a->l[0] | a->l[1] | a->l[2] | a->l[3]);
}

/* *a /= d, returns the remainder. */
static uint32_t u_div(struct u128 *a, uint32_t d)
{
	uint64_t r = 0;
	for (int i = 3; i >= 0; i--) {
		uint64_t cur = r << 32 | a->l[i];
		a->l[i] = (uint32_t)(cur / d);
		r = cur % d;
	}
	return (uint32_t)r;
}

static double u_double(const struct u128 *a)
{
	double v = 0;
	for (int i = 3; i >= 0; i--)
		v = v * 4294967296.0 + a->l[i];
	return v;
}

static void u_str(struct u128 a, char *dst, size_t cap)
{
	char tmp[48];
	size_t n = 0;
	do
		tmp[n++] = (char)('0' + u_div(&a, 10));
	while (!u_zero(&a) && n < sizeof tmp);
	size_t i = 0;
	for (; i < n && i + 1 < cap; i++)
		dst[i] = tmp[n - 1 - i];
	dst[i] = '\0';
}

/* --- distributions --- */

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

#define DIST_WHAT "d5, sticks[:P] or weights like 1:4,2:6,5:1"
#define WEIGHT_MAX 1000000

static enum bl_code dist_fail(struct bl_err *err)
{
	return bl_fail(err, BL_ERR_ARG, "expected %s", DIST_WHAT);
}

/* P as num/den, reduced: "0.6", ".25", "1", "0"; at most 6 decimals. */
static bool parse_prob(const char *s, uint64_t *num, uint64_t *den)
{
	uint64_t n = 0, d = 1;
	int digits = 0, decimals = 0;
	bool point = false;

	for (; *s; s++) {
		if (*s == '.' && !point) {
			point = true;
			continue;
		}
		if (*s < '0' || *s > '9' || digits >= 7)
			return false;
		n = n * 10 + (uint64_t)(*s - '0');
		digits++;
		if (point) {
			d *= 10;
			if (++decimals > 6)
				return false;
		}
	}
	if (!digits || n > d)
		return false;
	uint64_t g = gcd64(n, d);
	*num = n / g;
	*den = d / g;
	return true;
}

static void set_sticks(struct yut_dist *d, uint64_t num, uint64_t den)
{
	static const int binom[5] = { 1, 4, 6, 4, 1 };
	double p = (double)num / (double)den;

	d->stick_num = (uint32_t)num;
	d->stick_den = (uint32_t)den;
	d->total = den <= 255 ? den * den * den * den : 0;
	for (int k = 0; k <= 4; k++) {
		int face = k ? k : YUT_DIE_MAX;
		double q = binom[k];
		uint64_t w = (uint64_t)binom[k];
		for (int i = 0; i < 4; i++) {
			q *= i < k ? p : 1 - p;
			w *= i < k ? num : den - num;
		}
		d->p[face] = q;
		d->w[face] = d->total ? w : 0;
	}
}

enum bl_code yut_dist_parse(struct yut_dist *d, const char *text, struct bl_err *err)
{
	memset(d, 0, sizeof *d);
	if (strlen(text) >= sizeof d->text)
		return dist_fail(err);
	memcpy(d->text, text, strlen(text) + 1);
	if (strcmp(text, "d5") == 0) {
		for (int f = 1; f <= YUT_DIE_MAX; f++)
			d->w[f] = 1;
		d->total = YUT_DIE_MAX;
	} else if (strncmp(text, "sticks", 6) == 0 && (!text[6] || text[6] == ':')) {
		uint64_t num = 3, den = 5;
		if (text[6] && !parse_prob(text + 7, &num, &den))
			return bl_fail(err, BL_ERR_ARG,
				       "expected a probability 0 to 1 with at most 6 decimals "
				       "after 'sticks:', found '%.40s'",
				       text + 7);
		set_sticks(d, num, den);
		return BL_OK;
	} else {
		const char *s = text;
		bool seen[YUT_DIE_MAX + 1] = { false };
		for (;;) {
			char *end;
			if (*s < '1' || *s > '0' + YUT_DIE_MAX || s[1] != ':')
				return dist_fail(err);
			int face = *s - '0';
			if (seen[face])
				return bl_fail(err, BL_ERR_ARG,
					       "face %d is weighted twice", face);
			seen[face] = true;
			s += 2;
			if (*s < '0' || *s > '9')
				return dist_fail(err);
			unsigned long long w = strtoull(s, &end, 10);
			if (w > WEIGHT_MAX || (end - s) > 7)
				return bl_fail(err, BL_ERR_ARG,
					       "expected a weight 0 to %d for face %d, "
					       "found '%.*s'",
					       WEIGHT_MAX, face, (int)(end - s), s);
			d->w[face] = w;
			d->total += w;
			s = end;
			if (!*s)
				break;
			if (*s != ',')
				return dist_fail(err);
			s++;
		}
		if (d->total == 0)
			return bl_fail(err, BL_ERR_ARG, "the weights are all 0");
		uint64_t g = 0;
		for (int f = 1; f <= YUT_DIE_MAX; f++)
			g = gcd64(g, d->w[f]);
		for (int f = 1; f <= YUT_DIE_MAX; f++)
			d->w[f] /= g;
		d->total /= g;
	}
	for (int f = 1; f <= YUT_DIE_MAX; f++)
		d->p[f] = (double)d->w[f] / (double)d->total;
	return BL_OK;
}

int yut_dist_draw(const struct yut_dist *d, struct bl_rng *rng)
{
	if (d->stick_den) {
		int flat = 0;
		for (int i = 0; i < 4; i++)
			flat += bl_rng_below(rng, d->stick_den) < d->stick_num;
		return flat ? flat : YUT_DIE_MAX;
	}
	uint64_t x = bl_rng_below(rng, d->total);
	int f = 1;
	while (x >= d->w[f]) {
		x -= d->w[f];
		f++;
	}
	return f;
}

/* --- the expectimax --- */

union value {
	struct u128 n;   /* exact: the value times W^left */
	double v;        /* double: the value */
};

struct entry {
	uint64_t cells;   /* sorted horse cells, a byte each */
	uint32_t left;    /* rolls left, > 0; 0 marks an empty slot */
	union value val;
};

struct ex {
	const struct yut_board *b;
	const struct yut_dist *d;
	int horses;
	bool exact;       /* this run's arithmetic */
	bool overflow;    /* an exact numerator did not fit: run again in double */
	struct u128 *pw;  /* pw[k] = W^k, k = 0..turns */
	struct entry *tab;
	size_t n, mask, limit;
	size_t bytes;      /* held: the table and pw */
	size_t max_bytes;  /* yut_game.max_bytes, 0 for none */
};

/* Room for more bytes beside the expectation's (yut_room). */
static enum bl_code room(const struct ex *x, size_t more, struct bl_err *err)
{
	return yut_room(x->bytes, more, x->max_bytes, x->n, err);
}

static void sort_cells(int *c, int horses)
{
	for (int i = 1; i < horses; i++) {
		int v = c[i], j = i;
		for (; j > 0 && c[j - 1] > v; j--)
			c[j] = c[j - 1];
		c[j] = v;
	}
}

static size_t slot(const struct ex *x, uint64_t cells, uint32_t left)
{
	return (size_t)bl_mix64(cells ^ (uint64_t)left << 56 ^ left) & x->mask;
}

static struct entry *lookup(struct ex *x, uint64_t cells, uint32_t left)
{
	for (size_t i = slot(x, cells, left);; i = (i + 1) & x->mask) {
		struct entry *e = &x->tab[i];
		if (!e->left || (e->cells == cells && e->left == left))
			return e;
	}
}

static enum bl_code grow(struct ex *x, struct bl_err *err)
{
	size_t slots = (x->mask + 1) * 2;
	enum bl_code code = room(x, slots * sizeof *x->tab, err);
	if (code != BL_OK)
		return code;
	struct entry *old = x->tab, *tab = calloc(slots, sizeof *tab);
	size_t old_slots = x->mask + 1;

	if (!tab)
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for %zu search states", x->n);
	x->bytes += (slots - old_slots) * sizeof *tab;
	x->tab = tab;
	x->mask = slots - 1;
	for (size_t i = 0; i < old_slots; i++)
		if (old[i].left)
			*lookup(x, old[i].cells, old[i].left) = old[i];
	free(old);
	return BL_OK;
}

static enum bl_code value_of(struct ex *x, const int *c, uint32_t left, union value *out,
			     struct bl_err *err);

/*
 * The best over the legal moves of die from c (sorted) with `left` rolls
 * left, the die's included: a value over W^(left - 1).  *moved is false
 * when no horse can move.
 */
static enum bl_code best_move(struct ex *x, const int *c, uint32_t left, int die,
			      union value *best, bool *moved, struct bl_err *err)
{
	int next[YUT_MAX_HORSES];

	*moved = false;
	if (x->exact)
		best->n = u_small(0);
	else
		best->v = 0;
	for (int i = 0; i < x->horses; i++) {
		if (i > 0 && c[i] == c[i - 1])
			continue;   /* the same move as horse i - 1 */
		int to = yut_try_move(x->b, c, x->horses, i, die);
		if (to == YUT_NONE)
			continue;
		union value v;
		memcpy(next, c, (size_t)x->horses * sizeof *next);
		next[i] = to;
		sort_cells(next, x->horses);
		enum bl_code code = value_of(x, next, left - 1, &v, err);
		if (code != BL_OK || x->overflow)
			return code;
		int points = x->b->cells[to].score;
		if (x->exact) {
			struct u128 p = x->pw[left - 1];
			if (!u_mul(&p, (uint32_t)points) || !u_add(&v.n, &p)) {
				x->overflow = true;
				return BL_OK;
			}
			if (!*moved || u_cmp(&v.n, &best->n) > 0)
				best->n = v.n;
		} else {
			v.v += points;
			if (!*moved || v.v > best->v)
				best->v = v.v;
		}
		*moved = true;
	}
	return BL_OK;
}

static enum bl_code value_of(struct ex *x, const int *c, uint32_t left, union value *out,
			     struct bl_err *err)
{
	struct entry *e;
	union value sum;

	if (x->exact)
		sum.n = u_small(0);
	else
		sum.v = 0;
	if (left == 0) {
		*out = sum;
		return BL_OK;
	}
	e = lookup(x, yut_pack(c, x->horses), left);
	if (e->left) {
		*out = e->val;
		return BL_OK;
	}
	for (int die = 1; die <= YUT_DIE_MAX; die++) {
		union value best;
		bool moved;
		if (x->exact ? x->d->w[die] == 0 : x->d->p[die] == 0)
			continue;
		enum bl_code code = best_move(x, c, left, die, &best, &moved, err);
		if (code != BL_OK || x->overflow)
			return code;
		if (x->exact) {
			if (!u_mul(&best.n, (uint32_t)x->d->w[die]) || !u_add(&sum.n, &best.n)) {
				x->overflow = true;
				return BL_OK;
			}
		} else {
			sum.v += x->d->p[die] * best.v;
		}
	}
	/* The recursion may have moved the table: find the slot again. */
	if (x->n == x->limit)
		return bl_fail(err, BL_ERR_LIMIT, "the search needs more than %zu states",
			       x->limit);
	e = lookup(x, yut_pack(c, x->horses), left);
	e->cells = yut_pack(c, x->horses);
	e->left = left;
	e->val = sum;
	x->n++;
	*out = sum;
	if (x->n * 2 > x->mask)
		return grow(x, err);
	return BL_OK;
}

static enum bl_code ex_check(const struct yut_game *g, const struct yut_dist *d, int left,
			     struct bl_err *err)
{
	enum bl_code code = yut_check_board_horses(g, true, err);
	if (code != BL_OK)
		return code;
	if (left < 1 || left > YUT_TURNS_MAX)
		return bl_fail(err, BL_ERR_ARG, "expected 1 to %d turns, found %d", YUT_TURNS_MAX,
			       left);
	double sum = 0;
	for (int f = 1; f <= YUT_DIE_MAX; f++)
		sum += d->p[f];
	if (sum < 0.999 || sum > 1.001)
		return bl_fail(err, BL_ERR_ARG,
			       "the distribution's probabilities do not add up to 1");
	return BL_OK;
}

/* Starts a search in exact arithmetic when d allows it up to `left` rolls. */
static enum bl_code ex_init(struct ex *x, const struct yut_game *g, const struct yut_dist *d,
			    int left, bool exact, struct bl_err *err)
{
	x->b = g->board;
	x->d = d;
	x->horses = g->horses;
	x->exact = exact && d->total > 0 && d->total < UINT64_C(1) << 32;
	x->overflow = false;
	x->pw = NULL;
	x->n = 0;
	x->mask = 1023;
	x->limit = g->max_states ? g->max_states : YUT_STATES_DEFAULT;
	x->tab = NULL;
	x->bytes = 0;
	x->max_bytes = g->max_bytes;
	size_t need = (x->mask + 1) * sizeof *x->tab +
		      (x->exact ? ((size_t)left + 1) * sizeof *x->pw : 0);
	enum bl_code code = room(x, need, err);
	if (code != BL_OK)
		return code;
	x->bytes = need;
	x->tab = calloc(x->mask + 1, sizeof *x->tab);
	if (x->exact) {
		x->pw = malloc(((size_t)left + 1) * sizeof *x->pw);
		if (x->pw) {
			x->pw[0] = u_small(1);
			for (int k = 1; k <= left && x->exact; k++) {
				x->pw[k] = x->pw[k - 1];
				x->exact = u_mul(&x->pw[k], (uint32_t)d->total);
			}
		}
	}
	if (!x->tab || (x->exact && !x->pw))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory for the search");
	return BL_OK;
}

static void ex_release(struct ex *x)
{
	free(x->tab);
	free(x->pw);
	x->tab = NULL;
	x->pw = NULL;
}

/*
 * Writes n / W^k into *res, reduced, with `extra` (an integer) added.
 * False when adding extra overflows.
 */
static bool set_exact(const struct ex *x, struct u128 n, int k, int64_t extra,
		      struct yut_expectation *res)
{
	struct u128 den = x->pw[k], add = x->pw[k];
	uint64_t w = x->d->total;

	if (!u_mul(&add, (uint32_t)(extra & 0xffffffff)))
		return false;
	if (extra >> 32) {
		struct u128 hi = x->pw[k];
		if (!u_mul(&hi, (uint32_t)(extra >> 32)) || !u_mul(&hi, 65536) ||
		    !u_mul(&hi, 65536) || !u_add(&add, &hi))
			return false;
	}
	if (!u_add(&n, &add))
		return false;
	/* den is W^k: divide both by W's primes while they divide n. */
	for (uint64_t p = 2; w > 1; p++) {
		if (p * p > w)
			p = w;
		if (w % p)
			continue;
		while (w % p == 0)
			w /= p;
		for (;;) {
			struct u128 q = n, r = den;
			if (u_zero(&den) || u_div(&r, (uint32_t)p) || u_div(&q, (uint32_t)p))
				break;
			n = q;
			den = r;
		}
	}
	res->exact = true;
	u_str(n, res->num, sizeof res->num);
	u_str(den, res->den, sizeof res->den);
	res->value = u_double(&n) / u_double(&den);
	return true;
}

enum bl_code yut_expect(const struct yut_game *g, const struct yut_dist *d, int turns,
			struct yut_expectation *res, size_t *states, struct bl_err *err)
{
	enum bl_code code = ex_check(g, d, turns, err);
	int c[YUT_MAX_HORSES];

	if (code != BL_OK)
		return code;
	for (int i = 0; i < g->horses; i++)
		c[i] = g->board->start;
	for (int attempt = 0; attempt < 2; attempt++) {
		struct ex x;
		union value v;
		code = ex_init(&x, g, d, turns, attempt == 0, err);
		if (code == BL_OK)
			code = value_of(&x, c, (uint32_t)turns, &v, err);
		if (code == BL_OK && !x.overflow) {
			memset(res, 0, sizeof *res);
			*states = x.n;
			if (!x.exact || !set_exact(&x, v.n, turns, 0, res))
				res->value = x.exact ? u_double(&v.n) / u_double(&x.pw[turns])
						     : v.v;
		}
		bool again = code == BL_OK && x.overflow;
		ex_release(&x);
		if (!again)
			break;
	}
	return code;
}

/* Sorts the moves best first, the lower horse first among equals (a stable sort). */
static void sort_advice(struct yut_advice *a, const union value *v, bool exact)
{
	int order[YUT_MAX_HORSES];
	struct yut_advice_move m[YUT_MAX_HORSES];

	for (int i = 0; i < a->nmoves; i++) {
		int j = i;
		for (; j > 0; j--) {
			int o = order[j - 1];
			if (!(exact ? u_cmp(&v[i].n, &v[o].n) > 0 : v[i].v > v[o].v))
				break;
			order[j] = o;
		}
		order[j] = i;
	}
	for (int i = 0; i < a->nmoves; i++)
		m[i] = a->moves[order[i]];
	memcpy(a->moves, m, (size_t)a->nmoves * sizeof *m);
}

enum bl_code yut_advise(const struct yut_game *g, const struct yut_dist *d, const int *cells,
			int64_t score, int left, int roll, struct yut_advice *res,
			struct bl_err *err)
{
	enum bl_code code = ex_check(g, d, left, err);

	if (code != BL_OK)
		return code;
	if (roll < 1 || roll > YUT_DIE_MAX)
		return bl_fail(err, BL_ERR_ARG, "expected a roll 1 to %d, found %d", YUT_DIE_MAX,
			       roll);
	if (score < 0 || score > 1000000000)
		return bl_fail(err, BL_ERR_ARG, "expected a score 0 to 1000000000, found %lld",
			       (long long)score);
	if ((code = yut_position_check(g->board, cells, g->horses, err)) != BL_OK)
		return code;
	for (int attempt = 0; attempt < 2; attempt++) {
		struct ex x;
		union value v[YUT_MAX_HORSES];
		code = ex_init(&x, g, d, left, attempt == 0, err);
		memset(res, 0, sizeof *res);
		for (int h = 0; h < g->horses && code == BL_OK && !x.overflow; h++) {
			int next[YUT_MAX_HORSES];
			int to = yut_try_move(g->board, cells, g->horses, h, roll);
			if (to == YUT_NONE)
				continue;
			memcpy(next, cells, (size_t)g->horses * sizeof *next);
			next[h] = to;
			sort_cells(next, g->horses);
			union value *cv = &v[res->nmoves];
			code = value_of(&x, next, (uint32_t)left - 1, cv, err);
			if (code != BL_OK || x.overflow)
				break;
			struct yut_advice_move *m = &res->moves[res->nmoves++];
			m->horse = h;
			m->from = cells[h];
			m->to = to;
			m->points = g->board->cells[to].score;
			if (x.exact) {
				struct u128 p = x.pw[left - 1];
				if (!u_mul(&p, (uint32_t)m->points) || !u_add(&cv->n, &p) ||
				    !set_exact(&x, cv->n, left - 1, score, &m->total))
					x.overflow = true;
			} else {
				cv->v += m->points;
				m->total.exact = false;
				m->total.value = cv->v + (double)score;
			}
		}
		if (code == BL_OK && !x.overflow) {
			res->states = x.n;
			res->roll = roll;
			res->left = left;
			res->score = score;
			sort_advice(res, v, x.exact);
		}
		bool again = code == BL_OK && x.overflow;
		ex_release(&x);
		if (!again)
			break;
	}
	return code;
}
