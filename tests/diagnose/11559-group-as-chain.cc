// 11559 Puyo Puyo, WRONG on purpose: the mistake group-as-chain, written by
// hand in C++ for the diagnosis test (tests/cli/t-diagnose.sh).
//
// Every group that pops in a round adds one to the count, instead of the
// round as a whole adding one.
#include <iostream>
#include <queue>
#include <string>
#include <utility>
#include <vector>

using namespace std;

int main()
{
	vector<string> field(12);
	for (auto &row : field)
		if (!(cin >> row))
			return 0;
	const int dr[4] = { 1, -1, 0, 0 }, dc[4] = { 0, 0, 1, -1 };
	int chains = 0;
	for (;;) {
		vector<vector<bool>> seen(12, vector<bool>(6, false));
		vector<pair<int, int>> popping;
		int groups = 0;
		for (int r = 0; r < 12; r++)
			for (int c = 0; c < 6; c++) {
				if (field[r][c] == '.' || seen[r][c])
					continue;
				vector<pair<int, int>> group;
				queue<pair<int, int>> q;
				q.push({ r, c });
				seen[r][c] = true;
				while (!q.empty()) {
					auto [y, x] = q.front();
					q.pop();
					group.push_back({ y, x });
					for (int d = 0; d < 4; d++) {
						int ny = y + dr[d], nx = x + dc[d];
						if (ny < 0 || ny >= 12 || nx < 0 || nx >= 6 || seen[ny][nx] ||
						    field[ny][nx] != field[r][c])
							continue;
						seen[ny][nx] = true;
						q.push({ ny, nx });
					}
				}
				if (group.size() >= 4) {
					groups++;
					popping.insert(popping.end(), group.begin(), group.end());
				}
			}
		if (groups == 0)
			break;
		for (auto [y, x] : popping)
			field[y][x] = '.';
		for (int c = 0; c < 6; c++) {
			int to = 11;
			for (int r = 11; r >= 0; r--)
				if (field[r][c] != '.') {
					char k = field[r][c];
					field[r][c] = '.';
					field[to--][c] = k;
				}
		}
		chains += groups;
	}
	cout << chains << '\n';
	return 0;
}
