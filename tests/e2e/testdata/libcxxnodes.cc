// A C++ target for gs's libc++ std::map and std::unordered_map (clang++
// -stdlib=libc++): empty, small and longer than gs's record holds (8),
// by reference and as a member. look prints them to stderr as
// "self: ...", walking them as gs prints them, for the test to compare.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <unordered_map>

struct Index {
	std::map<int, long> by;
	int tag;
};

__attribute__((noinline)) int look(const std::map<int, int> &m, std::unordered_map<int, int> &u, const Index &ix) {
	auto elems = [](auto &c) {
		int i = 0;
		for (auto &kv : c) {
			if (i == 8) {
				fprintf(stderr, ", ...");
				break;
			}
			fprintf(stderr, "%s[%ld] = %ld", i ? ", " : " = {", (long)kv.first, (long)kv.second);
			i++;
		}
		if (i)
			fprintf(stderr, "}");
	};
	fprintf(stderr, "self: m = std::map with %zu elements", m.size());
	elems(m);
	fprintf(stderr, ", u = std::unordered_map with %zu elements", u.size());
	elems(u);
	fprintf(stderr, ", ix = {by = std::map with %zu elements", ix.by.size());
	elems(ix.by);
	fprintf(stderr, ", tag = %d}\n", ix.tag);
	return (int)(m.size() + u.size() + ix.by.size());
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (int k = 0; k < n; k++) {
		std::map<int, int> m;
		std::unordered_map<int, int> u;
		Index ix;
		ix.tag = k;
		for (int i = 0; i < k * 5; i++) {
			m[(i * 7) % 23] = i;
			u[i * 3] = -i;
			ix.by[-i] = 1000L * i;
		}
		look(m, u, ix);
	}
	return 0;
}
