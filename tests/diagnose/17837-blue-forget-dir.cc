// 17837 새로운 게임 2, WRONG on purpose: the mistake blue-forget-dir, written
// by hand in C++ for the diagnosis test (tests/cli/t-diagnose.sh).
//
// A piece that meets blue or the edge turns back for this move, but the
// turned direction lives in a local variable: the piece's own direction is
// never updated, so its next move heads for the blue cell again.
#include <algorithm>
#include <iostream>
#include <vector>

using namespace std;

int main()
{
	int n, k;
	if (!(cin >> n >> k))
		return 0;
	vector<vector<int>> colour(n, vector<int>(n));
	for (auto &row : colour)
		for (auto &v : row)
			cin >> v;
	vector<int> pr(k), pc(k), pd(k);
	vector<vector<vector<int>>> cell(n, vector<vector<int>>(n));
	for (int i = 0; i < k; i++) {
		cin >> pr[i] >> pc[i] >> pd[i];
		pr[i]--, pc[i]--;
		cell[pr[i]][pc[i]].push_back(i);
	}
	const int dr[5] = { 0, 0, 0, -1, 1 }, dc[5] = { 0, 1, -1, 0, 0 };
	const int back[5] = { 0, 2, 1, 4, 3 };
	auto blocked = [&](int r, int c) {
		return r < 0 || r >= n || c < 0 || c >= n || colour[r][c] == 2;
	};
	for (int turn = 1; turn <= 1000; turn++)
		for (int i = 0; i < k; i++) {
			int r = pr[i], c = pc[i], d = pd[i];
			if (blocked(r + dr[d], c + dc[d])) {
				d = back[d];
				if (blocked(r + dr[d], c + dc[d]))
					continue;
			}
			int nr = r + dr[d], nc = c + dc[d];
			vector<int> &from = cell[r][c];
			auto at = find(from.begin(), from.end(), i);
			vector<int> group(at, from.end());
			from.erase(at, from.end());
			if (colour[nr][nc] == 1)
				reverse(group.begin(), group.end());
			for (int q : group) {
				cell[nr][nc].push_back(q);
				pr[q] = nr;
				pc[q] = nc;
			}
			if (cell[nr][nc].size() >= 4) {
				cout << turn << '\n';
				return 0;
			}
		}
	cout << -1 << '\n';
	return 0;
}
