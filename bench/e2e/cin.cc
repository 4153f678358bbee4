// BOJ 16880 as the accepted write-ups solve it: iostream with
// sync_with_stdio(false) and cin.tie(0), then one cin >> per value, the
// pieces' closed forms.  A peer of the end-to-end benchmarks (e2e.c).
#include <algorithm>
#include <iostream>
using namespace std;

typedef long long ll;

ll grundy(ll x, ll y, char c)
{
	if (c == 'R')
		return x ^ y;
	if (c == 'B')
		return min(x, y);
	if (c == 'K') {
		if (x % 2 == 0 && y % 2 == 0)
			return 0;
		if (x % 2 == 1 && y % 2 == 1)
			return 2;
		return (x % 2 == 1 ? x < y : y < x) ? 3 : 1;
	}
	if (c == 'N') {
		ll t = min(x, y) / 3, lo = min(x, y) - 3 * t, hi = max(x, y) - 3 * t;
		if (lo == 1 && hi == 1)
			return 0;
		if (lo == 2 && hi <= 3)
			return 1;
		return lo;
	}
	return (x + y) % 3 + 3 * ((x / 3) ^ (y / 3));
}

int main()
{
	ios::sync_with_stdio(false);
	cin.tie(0);
	int n;
	ll nim = 0;
	cin >> n;
	for (int i = 0; i < n; i++) {
		ll x, y;
		char c;
		cin >> x >> y >> c;
		nim ^= grundy(x, y, c);
	}
	cout << (nim ? "koosaga" : "cubelover") << '\n';
	return 0;
}
