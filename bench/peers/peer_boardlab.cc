/*
 * boardlab's side of the harness: the library as `make` builds it (no
 * -march), through its public API.  "bits": the field kept as struct
 * puyo_bits, puyo_bits_simulate and puyo_bits_chains on a copy; "field":
 * puyo_chain_run_engine, which converts the field to planes and the final
 * field back on every call.  Each on the BMI2 engine (when the CPU has it)
 * and the portable one.
 */
#include <cstdio>
#include <cstdlib>

extern "C" {
#include "boardlab/boardlab.h"
}

#include "peer.h"

namespace {

class BoardlabPeer : public Peer {
public:
	BoardlabPeer(bool bits, enum puyo_engine engine) : bits_(bits), engine_(engine)
	{
		puyo_rules_init(&rules_, PUYO_RULES_TSU);
	}

	std::string name() const override
	{
		std::string e = engine_ == PUYO_ENGINE_BMI2 ? "BMI2" : "portable";
		return bits_ ? "boardlab puyo_bits, " + e : "boardlab field (load+store), " + e;
	}

	void load(const Fields &fields) override
	{
		struct puyo_limits lim;

		puyo_limits_any(&lim);
		field_.clear();
		bits_v_.clear();
		for (const std::string &s : fields) {
			struct bl_reader rd;
			struct bl_err err;
			struct puyo_field f;
			struct puyo_bits b;

			bl_err_clear(&err);
			bl_reader_init(&rd, s.data(), s.size());
			if (puyo_parse(&f, &rd, &rules_, 0, &lim, &err) != BL_OK) {
				fprintf(stderr, "peers: not a field: %s: %s\n", s.c_str(), err.msg);
				exit(2);
			}
			puyo_bits_load_engine(&b, &f, &rules_, engine_);
			field_.push_back(f);
			bits_v_.push_back(b);
		}
	}

	bool has_count() const override { return bits_; }

	long long run(long reps, bool count) override
	{
		long long sum = 0;
		struct puyo_result res;

		for (long k = 0; k < reps; k++) {
			if (!bits_) {
				for (const struct puyo_field &f : field_) {
					puyo_chain_run_engine(&f, &rules_, engine_, &res);
					sum += res.score + res.chains;
				}
			} else if (count) {
				for (const struct puyo_bits &b : bits_v_) {
					struct puyo_bits copy = b;
					sum += puyo_bits_chains(&copy);
				}
			} else {
				for (const struct puyo_bits &b : bits_v_) {
					struct puyo_bits copy = b;
					puyo_bits_simulate(&copy, &res);
					sum += res.score + res.chains;
				}
			}
		}
		return sum;
	}

	void result(size_t i, int *chains, long long *score) override
	{
		struct puyo_result res;

		if (bits_) {
			struct puyo_bits copy = bits_v_[i], again = bits_v_[i];
			puyo_bits_simulate(&copy, &res);
			*chains = puyo_bits_chains(&again) == res.chains ? res.chains : -1;
		} else {
			puyo_chain_run_engine(&field_[i], &rules_, engine_, &res);
			*chains = res.chains;
		}
		*score = res.score;
	}

private:
	bool bits_;
	enum puyo_engine engine_;
	struct puyo_rules rules_;
	std::vector<struct puyo_field> field_;
	std::vector<struct puyo_bits> bits_v_;
};

} // namespace

void add_boardlab_peers(std::vector<Peer *> &peers)
{
	bool bmi2 = puyo_engine_available(PUYO_ENGINE_BMI2);

	if (bmi2)
		peers.push_back(new BoardlabPeer(true, PUYO_ENGINE_BMI2));
	peers.push_back(new BoardlabPeer(true, PUYO_ENGINE_PORTABLE));
	if (bmi2)
		peers.push_back(new BoardlabPeer(false, PUYO_ENGINE_BMI2));
	peers.push_back(new BoardlabPeer(false, PUYO_ENGINE_PORTABLE));
}
