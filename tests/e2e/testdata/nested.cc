// A C++ target of tests/e2e/attach_test.go: structs held by value, at
// offsets other than 0 in the printed struct, whose std::string and
// std::vector members gs reads after the printed struct's bytes.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

struct Tags {
	std::string name;
	std::vector<long> ids;
};

struct Pair {
	long key;
	Tags tags;
};

struct Order {
	long id;
	long qty;
	Tags tags;  // at 16
	Pair pair;  // a Tags at 8 in a struct held by value
	std::vector<long> lots;
};

__attribute__((noinline)) long take(Order *o) {
	fprintf(stderr, "self: id=%ld ids=%zu\n", o->id, o->tags.ids.size()); // TAKE_LINE
	return o->id + (long)o->pair.tags.ids.size();
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 2;
	long s = 0;
	for (int i = 0; i < n; i++) {
		Order o{i + 1L, 10L * i, {"tag" + std::to_string(i), {1, 2 + i}}, {7, {"pair", {1, 5, 9}}}, {3, 4}};
		s += take(&o);
	}
	return s == 0;
}
