/*
 * ama (github.com/citrus610/ama): Field, its bitboard field, built from
 * core/ of a checkout the harness is given.  A chain is Field::pop (the
 * masks of every step) and chain::get_score, as ama scores one; ama has no
 * count-only path.  Never committed: run.sh compiles these files against
 * the checkout.
 */
#include "core/chain.h"
#include "core/field.h"

#include "peer.h"

namespace {

class AmaPeer : public Peer {
public:
	std::string name() const override { return "ama pop + get_score"; }

	void load(const Fields &fields) override
	{
		field_.clear();
		for (const std::string &s : fields) {
			char c[13][7];
			for (int r = 0; r < 13; r++) {
				memcpy(c[r], s.data() + 6 * r, 6);
				c[r][6] = '\0';
			}
			Field f;
			f.from(c);
			field_.push_back(f);
		}
	}

	bool has_count() const override { return false; }

	long long run(long reps, bool) override
	{
		long long sum = 0;

		for (long k = 0; k < reps; k++)
			for (const Field &f : field_) {
				Field copy = f;
				auto masks = copy.pop();
				chain::Score s = chain::get_score(masks);
				sum += s.score + s.count;
			}
		return sum;
	}

	void result(size_t i, int *chains, long long *score) override
	{
		Field copy = field_[i];
		auto masks = copy.pop();
		chain::Score s = chain::get_score(masks);
		*chains = s.count;
		*score = s.score;
	}

private:
	std::vector<Field> field_;
};

} // namespace

void add_ama_peers(std::vector<Peer *> &peers)
{
	peers.push_back(new AmaPeer());
}
