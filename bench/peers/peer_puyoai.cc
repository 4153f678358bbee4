/*
 * puyoai (github.com/puyoai/puyoai): BitField, its bitboard field, built
 * from src/core of a checkout the harness is given.  simulateAVX2 (score,
 * chains and frames) and simulateFastAVX2 (the chain count), the paths its
 * own performance tests time; and its SSE simulate and simulateFast.  Never
 * committed: run.sh compiles these files against the checkout.
 */
#include <cstring>

#include "core/bit_field.h"
#include "core/rensa_tracker.h"

#include "peer.h"

namespace {

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
					sum += avx2_ ? bf.simulateFastAVX2(&tracker) : bf.simulateFast(&tracker);
				} else {
					BitField::SimulationContext ctx;
					RensaResult r = avx2_ ? bf.simulateAVX2(&ctx, &tracker)
							      : bf.simulate(&ctx, &tracker);
					sum += r.score + r.chains;
				}
			}
		return sum;
	}

	void result(size_t i, int *chains, long long *score) override
	{
		BitField bf = field_[i];
		RensaNonTracker tracker;
		BitField::SimulationContext ctx;
		RensaResult r = avx2_ ? bf.simulateAVX2(&ctx, &tracker) : bf.simulate(&ctx, &tracker);
		BitField again = field_[i];
		int fast = avx2_ ? again.simulateFastAVX2(&tracker) : again.simulateFast(&tracker);
		*chains = r.chains == fast ? r.chains : -1;
		*score = r.score;
	}

private:
	bool avx2_;
	std::vector<BitField> field_;
};

} // namespace

void add_puyoai_peers(std::vector<Peer *> &peers)
{
	peers.push_back(new PuyoaiPeer(true));
	peers.push_back(new PuyoaiPeer(false));
}
