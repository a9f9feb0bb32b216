// A C++ target for gs's tests of libstdc++'s std::map and
// std::unordered_map (and a std::vector<std::string>): empty, small, and longer than a record holds, as
// parameters (references) and members. The test compares gs's print with
// gdb's at the marked line.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

struct Point {
	int x, y;
};

struct Index {
	int id;
	std::map<int, long> byKey;
	std::unordered_map<long, int> hashed;
	std::vector<std::string> names; // a sequence of text
};

__attribute__((noinline)) long count(const Index &ix, const std::map<long, Point> &pts) {
	long n = (long)ix.byKey.size() + (long)ix.hashed.size() + (long)pts.size(); // COUNT_LINE
	fprintf(stderr, "self: id=%d\n", ix.id);
	return n;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (int i = 0; i < n; i++) {
		Index ix;
		ix.id = i;
		for (int k = 0; k < i; k++)
			ix.names.push_back(k % 2 ? "short" : "a name too long for the short form");
		std::map<long, Point> pts;
		int size = i == 0 ? 0 : i == 1 ? 3 : 20; // 20: more than a record holds
		for (int k = 0; k < size; k++) {
			ix.byKey[(k * 7) % 23 - 5] = 100L * k;
			ix.hashed[k * 3] = k;
			pts[-k] = Point{k, -k};
		}
		count(ix, pts);
	}
	return 0;
}
