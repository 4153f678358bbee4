/*
 * The peer harness's one interface: each engine compared (boardlab's, and
 * the peers built from their own sources in a scratch folder) loads the same
 * fields and runs the whole chain of each, so that driver.cc can time them
 * in turns and check that they agree.  C++: the peers are C++ programs.
 */
#ifndef BOARDLAB_PEER_H
#define BOARDLAB_PEER_H

#include <string>
#include <vector>

/*
 * A field as every peer reads it: 13 rows of 6 cells, top row (the hidden
 * 13th) first, '.' or one of R, G, B, Y.  Tsu's rules: 12 visible rows.
 */
typedef std::vector<std::string> Fields;

class Peer {
public:
	virtual ~Peer() {}
	/* What the table calls it, e.g. "puyoai simulateAVX2". */
	virtual std::string name() const = 0;
	/* Keeps its own copy of the fields, in its own form. */
	virtual void load(const Fields &fields) = 0;
	/*
	 * Runs every field's whole chain reps times, each time on a fresh copy
	 * of the loaded field; count: the chain count only (the peers' fast
	 * path), else chains and score.  Returns a checksum of the answers.
	 */
	virtual long long run(long reps, bool count) = 0;
	/* Whether run(reps, true) is a path of its own. */
	virtual bool has_count() const = 0;
	/* Field i's chain count and score, for the check before timing. */
	virtual void result(size_t i, int *chains, long long *score) = 0;
};

/* boardlab's engines: "bits" (struct puyo_bits) or "field" (puyo_chain_run_engine), per engine. */
void add_boardlab_peers(std::vector<Peer *> &peers);

#ifdef HAVE_PUYOAI
void add_puyoai_peers(std::vector<Peer *> &peers);
#endif

#ifdef HAVE_AMA
void add_ama_peers(std::vector<Peer *> &peers);
#endif

#endif
