/*
 * The peer harness's driver: the same fields to every engine (boardlab's,
 * and the peers run.sh built from their own sources), a check that all of
 * them agree on every field's chains and score, then the timing: every
 * engine in turn, round after round, each figure the best of the rounds,
 * in ns per whole chain (one field's chain from its start to the end).
 *
 *   peers [--rounds N] [--fields N] [--quick]
 *
 * Workloads: F19, the 19-chain field of tests/data/puyo/f19.txt (Tsu's
 * rules, 175,080 points); random full fields: 72 puyos of 4 colours (R,
 * G, B, Y: puyoai's and ama's colours) from a fixed seed, the hidden 13th
 * row empty; and a full field in which nothing pops (no two neighbours
 * alike), whose time is what a call costs besides its chain steps: the
 * copy of the field, one search for groups, the result.  Scoring is
 * Tsu's for every engine.
 */
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "peer.h"

namespace {

const char F19[] = ".G.BRGGBRRYRRRYYBYRGYRBRYGYRBYYGBGYRGRBGYRBRBYBYRYYBYYBRBYBRBGBYRRYGBGBGRBGBGG";

struct Workload {
	std::string name;
	Fields fields;
	long reps;   /* passes over the fields in one timing */
};

/* splitmix64: the random fields are the same on every machine. */
unsigned long long next_random(unsigned long long *state)
{
	unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

Fields random_full(int n)
{
	Fields out;
	unsigned long long state = 11559;

	for (int i = 0; i < n; i++) {
		std::string s(6, '.');
		for (int c = 0; c < 72; c++)
			s += "RGBY"[next_random(&state) % 4];
		out.push_back(s);
	}
	return out;
}

double now_ns()
{
	using namespace std::chrono;
	return (double)duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count();
}

/* One row of the table: an engine's whole chain, or its count-only path. */
struct Job {
	Peer *peer;
	bool count;
	double best;
};

std::string job_name(const Job &j)
{
	return j.peer->name() + (j.count ? ", count only" : "");
}

/* Every engine agrees with the first on every field's chains and score. */
bool agree(const std::vector<Peer *> &peers, const Workload &w)
{
	for (size_t i = 0; i < w.fields.size(); i++) {
		int want_chains;
		long long want_score;
		peers[0]->result(i, &want_chains, &want_score);
		for (Peer *p : peers) {
			int chains;
			long long score;
			p->result(i, &chains, &score);
			if (chains != want_chains || score != want_score) {
				fprintf(stderr, "peers: %s, field %zu (%s): %s: %d chains, %lld points; "
					"%s: %d chains, %lld points\n", w.name.c_str(), i + 1,
					w.fields[i].c_str(), p->name().c_str(), chains, score,
					peers[0]->name().c_str(), want_chains, want_score);
				return false;
			}
		}
	}
	return true;
}

const Job *find(const std::vector<Job> &jobs, const std::string &name, bool count)
{
	for (const Job &j : jobs)
		if (j.peer->name() == name && j.count == count)
			return &j;
	return nullptr;
}

void run_workload(const std::vector<Peer *> &peers, const Workload &w, int rounds)
{
	std::vector<Job> jobs;
	long long sum = 0;
	long chains = 0;

	for (Peer *p : peers) {
		p->load(w.fields);
		jobs.push_back({ p, false, 0 });
		if (p->has_count())
			jobs.push_back({ p, true, 0 });
	}
	if (!agree(peers, w))
		exit(1);
	for (size_t i = 0; i < w.fields.size(); i++) {
		int c;
		long long s;
		peers[0]->result(i, &c, &s);
		chains += c;
	}
	/* Rounds of every job in turn, starting one further each round. */
	for (int r = 0; r < rounds; r++)
		for (size_t k = 0; k < jobs.size(); k++) {
			Job &j = jobs[(k + r) % jobs.size()];
			double t0 = now_ns();
			sum += j.peer->run(w.reps, j.count);
			double t = (now_ns() - t0) / ((double)w.reps * (double)w.fields.size());
			if (r == 0 || t < j.best)
				j.best = t;
		}
	printf("%s: %zu field%s, %.2f chains a field, %ld x %zu chains a timing, best of %d rounds\n",
	       w.name.c_str(), w.fields.size(), w.fields.size() == 1 ? "" : "s",
	       (double)chains / (double)w.fields.size(), w.reps, w.fields.size(), rounds);
	const Job *sim = find(jobs, "puyoai simulateAVX2", false);
	const Job *fast = find(jobs, "puyoai simulateAVX2", true);
	printf("  %-50s %10s  %s\n", "engine", "ns/chain", sim ? "puyoai AVX2 / this" : "");
	for (const Job &j : jobs) {
		const Job *ref = j.count ? fast : sim;
		printf("  %-50s %10.1f", job_name(j).c_str(), j.best);
		if (ref)
			printf("  %6.2fx", ref->best / j.best);
		printf("\n");
	}
	const Job *b = find(jobs, "boardlab puyo_bits, BMI2", false);
	const Job *p = find(jobs, "boardlab puyo_bits, portable", false);
	const Job *bc = find(jobs, "boardlab puyo_bits, BMI2", true);
	const Job *pc = find(jobs, "boardlab puyo_bits, portable", true);
	if (b && p)
		printf("  boardlab portable / BMI2: %.2fx whole chain, %.2fx count only\n",
		       p->best / b->best, pc->best / bc->best);
	if (sum == 42)   /* keeps the timed loops */
		printf("checksum %lld\n", sum);
}

} // namespace

int main(int argc, char **argv)
{
	int rounds = 30, nrandom = 4096;
	std::vector<Peer *> peers;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--rounds") && i + 1 < argc) {
			rounds = atoi(argv[++i]);
		} else if (!strcmp(argv[i], "--fields") && i + 1 < argc) {
			nrandom = atoi(argv[++i]);
		} else if (!strcmp(argv[i], "--quick")) {
			rounds = 2;
			nrandom = 64;
		} else {
			fprintf(stderr, "usage: peers [--rounds N] [--fields N] [--quick]\n");
			return 2;
		}
	}
	if (rounds < 1 || nrandom < 1) {
		fprintf(stderr, "peers: --rounds and --fields take a positive number\n");
		return 2;
	}
	add_boardlab_peers(peers);
#ifdef HAVE_PUYOAI
	add_puyoai_peers(peers);
#endif
#ifdef HAVE_AMA
	add_ama_peers(peers);
#endif
	Workload f19 = { "F19 (19 chains, 175080 points, Tsu)", Fields(1, F19), (long)nrandom };
	Workload full = { "random full fields (72 puyos, 4 colours)", random_full(nrandom), 1 };
	std::string still(6, '.');
	for (int r = 0; r < 12; r++)
		still += r % 2 ? "BYRGBY" : "RGBYRG";
	Workload none = { "a full field that does not pop (the fixed cost of a call)", Fields(1, still),
			  (long)nrandom };
	run_workload(peers, f19, rounds);
	run_workload(peers, full, rounds);
	run_workload(peers, none, rounds);
	for (Peer *p : peers)
		delete p;
	return 0;
}
