/*
 * batch: the instances of an input as the tool reads them (see
 * boardlab/batch.h), on the reader and the layout check of io.c; and
 * answered on several threads, a pool whose workers take groups of
 * instances from a ring of slots, two per worker, which the calling thread
 * fills, in order, and empties, in the same order, into the sink.
 */
#include "boardlab/batch.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool bl_batch_more(struct bl_batch *b)
{
	return b->many ? !bl_reader_eof(b->rd) : b->done == 0;
}

enum bl_code bl_batch_next(struct bl_batch *b, bl_instance_fn fn, void *ctx, struct bl_buf *out,
			   struct bl_err *err, long *instance)
{
	/* Every game's input: a BOM would be glued, unseen, to the first token. */
	enum bl_code code = bl_refuse_bom(b->rd, err);
	struct bl_layout *l = b->layout;

	*instance = b->many ? b->done + 1 : 0;
	if (code == BL_OK)
		code = fn(ctx, b->rd, out, err);
	if (code == BL_OK && !b->many && (code = bl_expect_eof(b->rd, err)) != BL_OK && b->hint) {
		size_t n = strlen(err->msg);
		snprintf(err->msg + n, sizeof err->msg - n, " (%s)", b->hint);
	}
	if (code == BL_OK) {
		b->done++;
		return BL_OK;
	}
	if (err->code == BL_OK)
		bl_fail(err, code, "%s", bl_code_str(code));
	/* The layout's offence is decided up to what was read: all of it at the end. */
	if (l && b->rd->eof)
		bl_layout_end(l);
	if (l && l->err.code != BL_OK && err->code == BL_ERR_INPUT &&
	    (l->err.line < err->line || (l->err.line == err->line && l->err.col < err->col))) {
		*err = l->err;
		*instance = 0;
	}
	return code;
}

enum bl_code bl_batch_cut(struct bl_batch *b, bl_instance_fn fn, void *ctx, const char **text,
			  size_t *len, struct bl_mark *at, struct bl_err *err, long *instance)
{
	enum bl_code code;

	bl_reader_mark(b->rd, at);
	code = bl_batch_next(b, fn, ctx, NULL, err, instance);
	*text = bl_reader_since(b->rd, at, len);
	return code;
}

void bl_batch_reader(struct bl_reader *rd, const char *text, size_t len, const struct bl_mark *at)
{
	bl_reader_init(rd, text, len);
	rd->line = at->line;
	rd->col = at->col;
	rd->last_line = at->last_line;
	rd->last_col = at->last_col;
	rd->ntok = at->ntok;
}

/* What goes before answer number n (from 1) of a JSON array. */
static const char *json_before(const struct bl_batch *b, long n)
{
	return !b->json || !b->many ? "" : n > 1 ? ",\n" : "[\n";
}

enum bl_code bl_batch_end(struct bl_batch *b, struct bl_buf *out, struct bl_err *err)
{
	if (b->json && b->many && out)
		bl_buf_puts(out, b->done ? "\n]\n" : "[]\n");
	if (!b->layout || bl_layout_end(b->layout) == BL_OK)
		return BL_OK;
	*err = b->layout->err;
	return err->code;
}

/* ---- several threads (none in WebAssembly: the lab answers on one) ---- */

#if defined(__wasi__) || defined(__EMSCRIPTEN__)
#define HAVE_THREADS 0
#else
#define HAVE_THREADS 1
#include <pthread.h>
#endif

#if HAVE_THREADS
#define GROUP_BYTES (1u << 15)
#define GROUP_MAX 64

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };

/* A group of instances: their bytes in, their answers out. */
struct slot {
	struct bl_buf text;      /* per instance: its mark, its length, its bytes */
	struct bl_buf answers;
	long first, n, ok;       /* its first instance, its instances, those answered */
	enum bl_code code;       /* BL_OK, or the failure of instance first + ok */
	struct bl_err err;
	enum slot_state state;
};

struct pool {
	pthread_mutex_t mu;
	pthread_cond_t ready, done;   /* a group to answer; a group answered */
	struct slot *slot;            /* a ring, two per worker */
	int nslots;
	bool quit;
	bl_instance_fn fn;
	const struct bl_batch *batch;   /* read by the workers: json, many */
};

struct worker {
	struct pool *pool;
	void *ctx;
	pthread_t id;
};

/* Answers the instances of s, up to the first that fails. */
static void answer(struct slot *s, const struct bl_batch *b, bl_instance_fn fn, void *ctx)
{
	size_t at = 0;

	s->code = BL_OK;
	bl_err_clear(&s->err);
	bl_buf_reset(&s->answers);
	for (s->ok = 0; s->ok < s->n; s->ok++) {
		struct bl_mark m;
		struct bl_reader rd;
		size_t len, mark = s->answers.len;
		memcpy(&m, s->text.data + at, sizeof m);
		memcpy(&len, s->text.data + at + sizeof m, sizeof len);
		at += sizeof m + sizeof len;
		bl_batch_reader(&rd, s->text.data + at, len, &m);
		at += len;
		bl_buf_puts(&s->answers, json_before(b, s->first + s->ok));
		s->code = fn(ctx, &rd, &s->answers, &s->err);
		if (s->code == BL_OK && bl_buf_failed(&s->answers))
			s->code = bl_fail(&s->err, BL_ERR_NOMEM, "out of memory");
		if (s->code != BL_OK) {
			s->answers.len = mark;
			break;
		}
	}
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->pool;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		struct slot *s = NULL;
		for (int i = 0; i < p->nslots && !s; i++)
			if (p->slot[i].state == SLOT_READY)
				s = &p->slot[i];
		if (!s && p->quit)
			break;
		if (!s) {
			pthread_cond_wait(&p->ready, &p->mu);
			continue;
		}
		s->state = SLOT_BUSY;
		pthread_mutex_unlock(&p->mu);
		answer(s, p->batch, p->fn, w->ctx);
		pthread_mutex_lock(&p->mu);
		s->state = SLOT_DONE;
		pthread_cond_broadcast(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/*
 * Fills s with the next instances of b; false at a failure to read one
 * (*code, *err, *instance: the first offence), which s does not hold.
 */
static bool fill(struct slot *s, struct bl_batch *b, bl_instance_fn fn, void *proto,
		 enum bl_code *code, struct bl_err *err, long *instance)
{
	bl_buf_reset(&s->text);
	s->first = b->done + 1;
	s->n = 0;
	while (s->n < GROUP_MAX && s->text.len < GROUP_BYTES && bl_batch_more(b)) {
		const char *text;
		size_t len;
		struct bl_mark m;
		*code = bl_batch_cut(b, fn, proto, &text, &len, &m, err, instance);
		if (*code == BL_OK && bl_reader_status(b->rd) != BL_OK)
			*code = bl_fail(err, BL_ERR_IO, "the input could not be read");
		if (*code == BL_OK) {
			bl_buf_add(&s->text, &m, sizeof m);
			bl_buf_add(&s->text, &len, sizeof len);
			bl_buf_add(&s->text, text, len);
			s->n++;
		}
		bl_reader_unmark(b->rd, &m);
		if (*code == BL_OK && bl_buf_failed(&s->text))
			*code = bl_fail(err, BL_ERR_NOMEM, "out of memory");
		if (*code != BL_OK)
			return false;
	}
	return true;
}

/*
 * Waits for the oldest group, s, and adds its answers to out for the sink;
 * false at its failure (into *code, *err, *instance) or the sink's.
 */
static bool deliver(struct pool *p, struct slot *s, const struct bl_jobs *j, struct bl_buf *out,
		    enum bl_code *code, struct bl_err *err, long *instance)
{
	pthread_mutex_lock(&p->mu);
	while (s->state != SLOT_DONE)
		pthread_cond_wait(&p->done, &p->mu);
	s->state = SLOT_FREE;
	pthread_mutex_unlock(&p->mu);
	bl_buf_add(out, s->answers.data, s->answers.len);
	if (!j->sink(j->sink_arg, out)) {
		*code = bl_fail(err, BL_ERR_IO, "the answers could not be written");
		return false;
	}
	if (s->code == BL_OK)
		return true;
	*code = s->code;
	*err = s->err;
	*instance = s->first + s->ok;
	return false;
}

/* The pool's loop: groups read, handed out and delivered in turn. */
static enum bl_code run_pool(struct pool *p, struct bl_batch *b, bl_instance_fn fn, void *proto,
			     const struct bl_jobs *j, struct bl_buf *out, struct bl_err *err,
			     long *instance)
{
	enum bl_code code = BL_OK, cut = BL_OK;
	struct bl_err cut_err;
	long cut_at = 0, next = 0, oldest = 0;
	bool more = true;

	bl_err_clear(&cut_err);
	while (more && bl_batch_more(b)) {
		struct slot *s = &p->slot[next % p->nslots];
		if (s->state != SLOT_FREE && !deliver(p, &p->slot[oldest++ % p->nslots], j, out,
						       &code, err, instance))
			return code;
		more = fill(s, b, fn, proto, &cut, &cut_err, &cut_at);
		if (!s->n)
			break;
		pthread_mutex_lock(&p->mu);
		s->state = SLOT_READY;
		pthread_cond_signal(&p->ready);
		pthread_mutex_unlock(&p->mu);
		next++;
	}
	/* The answers before a bad instance first, in order. */
	while (oldest < next)
		if (!deliver(p, &p->slot[oldest++ % p->nslots], j, out, &code, err, instance))
			return code;
	if (cut != BL_OK) {
		*err = cut_err;
		*instance = cut_at;
	}
	return cut;
}

#endif

/* On the calling thread: bl_batch_next into out, the sink after each instance. */
static enum bl_code run_alone(struct bl_batch *b, bl_instance_fn fn, void *proto,
			      const struct bl_jobs *j, struct bl_buf *out, struct bl_err *err,
			      long *instance)
{
	while (bl_batch_more(b)) {
		size_t mark = out ? out->len : 0;
		enum bl_code code;
		if (out)
			bl_buf_puts(out, json_before(b, b->done + 1));
		code = bl_batch_next(b, fn, proto, out, err, instance);
		/* An instance that met a failed read may have been cut short. */
		if (code == BL_OK && bl_reader_status(b->rd) != BL_OK)
			code = bl_fail(err, BL_ERR_IO, "the input could not be read");
		if (code != BL_OK) {
			if (out && out->data)
				out->data[out->len = mark] = '\0';
			return code;
		}
		if (out && !j->sink(j->sink_arg, out))
			return bl_fail(err, BL_ERR_IO, "the answers could not be written");
	}
	return BL_OK;
}

#if HAVE_THREADS
/* A worker's context, what it owns and itself. */
static void drop_ctx(const struct bl_jobs *j, void *ctx)
{
	if (j->ctx_release)
		j->ctx_release(ctx);
	free(ctx);
}

#endif

enum bl_code bl_batch_run(struct bl_batch *b, bl_instance_fn fn, void *proto,
			  const struct bl_jobs *j, struct bl_buf *out, struct bl_err *err,
			  long *instance)
{
	assert(j->threads >= 1 && j->threads <= BL_JOBS_MAX);
	if (!HAVE_THREADS || j->threads == 1 || !j->ctx_size)
		return run_alone(b, fn, proto, j, out, err, instance);
#if HAVE_THREADS
	struct pool p = { .nslots = 2 * j->threads, .fn = fn, .batch = b };
	struct worker w[BL_JOBS_MAX];
	int started = 0;
	enum bl_code code;

	if (!(p.slot = calloc((size_t)p.nslots, sizeof *p.slot)))
		return bl_fail(err, BL_ERR_NOMEM, "out of memory");
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.ready, NULL);
	pthread_cond_init(&p.done, NULL);
	for (int i = 0; i < p.nslots; i++) {
		bl_buf_init(&p.slot[i].text);
		bl_buf_init(&p.slot[i].answers);
	}
	for (; started < j->threads; started++) {
		w[started].pool = &p;
		if (!(w[started].ctx = malloc(j->ctx_size)))
			break;
		memcpy(w[started].ctx, proto, j->ctx_size);
		if (j->ctx_fresh)
			j->ctx_fresh(w[started].ctx);
		if (pthread_create(&w[started].id, NULL, work, &w[started]) != 0) {
			drop_ctx(j, w[started].ctx);
			break;
		}
	}
	code = started ? run_pool(&p, b, fn, proto, j, out, err, instance)
		       : run_alone(b, fn, proto, j, out, err, instance);
	pthread_mutex_lock(&p.mu);
	p.quit = true;
	pthread_cond_broadcast(&p.ready);
	pthread_mutex_unlock(&p.mu);
	for (int i = 0; i < started; i++) {
		pthread_join(w[i].id, NULL);
		drop_ctx(j, w[i].ctx);
	}
	for (int i = 0; i < p.nslots; i++) {
		bl_buf_release(&p.slot[i].text);
		bl_buf_release(&p.slot[i].answers);
	}
	pthread_cond_destroy(&p.ready);
	pthread_cond_destroy(&p.done);
	pthread_mutex_destroy(&p.mu);
	free(p.slot);
	return code;
#endif
}
