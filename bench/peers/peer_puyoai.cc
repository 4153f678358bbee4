/*
 * puyoai (github.com/puyoai/puyoai): BitField, its bitboard field, built
 * from src/core of a checkout the harness is given.  simulateAVX2 (score,
 * chains and frames) and simulateFastAVX2 (the chain count), the paths its
 * own performance tests time, where the CPU has AVX2 and BMI2 (-march=native);
 * and its SSE simulate and simulateFast.  Never committed: run.sh compiles
 * these files against the checkout.
 */
#include <cstring>

#include "core/bit_field.h"
#include "core/rensa_tracker.h"

#include "peer.h"

#if defined(__AVX2__) && defined(__BMI2__)
#define PUYOAI_AVX2 1
#else
#define PUYOAI_AVX2 0
#endif

namespace {

/* The AVX2 paths where they exist, else the SSE ones (never chosen then). */
int fast(BitField &bf, bool avx2, RensaNonTracker *t)
{
#if PUYOAI_AVX2
	if (avx2)
		return bf.simulateFastAVX2(t);
#endif
	(void)avx2;
	return bf.simulateFast(t);
}

RensaResult whole(BitField &bf, bool avx2, RensaNonTracker *t)
{
	BitField::SimulationContext ctx;
#if PUYOAI_AVX2
	if (avx2)
		return bf.simulateAVX2(&ctx, t);
#endif
	(void)avx2;
	return bf.simulate(&ctx, t);
}

class PuyoaiPeer : public Peer {
public:
	explicit PuyoaiPeer(bool avx2) : avx2_(avx2) {}

	std::string name() const override
	{
		return avx2_ ? "puyoai simulateAVX2" : "puyoai simulate (SSE)";
	}

	void load(const Fields &fields) override
	{
		field_.clear();
		for (const std::string &f : fields)
			field_.push_back(BitField(f));
	}

	bool has_count() const override { return true; }

	long long run(long reps, bool count) override
	{
		long long sum = 0;
		RensaNonTracker tracker;

		for (long k = 0; k < reps; k++)
			for (const BitField &f : field_) {
				BitField bf = f;
				if (count) {
					sum += fast(bf, avx2_, &tracker);
				} else {
					RensaResult r = whole(bf, avx2_, &tracker);
					sum += r.score + r.chains;
				}
			}
		return sum;
	}

	void result(size_t i, int *chains, long long *score) override
	{
		BitField bf = field_[i], again = field_[i];
		RensaNonTracker tracker;
		RensaResult r = whole(bf, avx2_, &tracker);
		*chains = r.chains == fast(again, avx2_, &tracker) ? r.chains : -1;
		*score = r.score;
	}

private:
	bool avx2_;
	std::vector<BitField> field_;
};

} // namespace

void add_puyoai_peers(std::vector<Peer *> &peers)
{
	if (PUYOAI_AVX2)
		peers.push_back(new PuyoaiPeer(true));
	peers.push_back(new PuyoaiPeer(false));
}
