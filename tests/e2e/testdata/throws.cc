// Exceptions pass through frames with return probes (TestReturnThroughException).
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

int counter;

__attribute__((noinline)) int check(int x) {
	counter++;
	if (x % 3 == 0)
		throw std::runtime_error("three");
	return x * 2;
}

// pass has no handler and nothing to clean up: the unwinder walks
// through its frame.
__attribute__((noinline)) int pass(int x) {
	int r = check(x);
	fprintf(stderr, "self: check = %d counter = %d\n", r, counter);
	return r + counter;
}

// held has a cleanup for the exception (the destructor of s): an LSDA.
__attribute__((noinline)) int held(int x) {
	std::string s(40, 'a' + x); // on the heap: a real destructor
	int r = pass(x);
	fprintf(stderr, "self: pass = %d counter = %d\n", r, counter);
	return r + (int)s.size();
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 9;
	for (int i = 1; i <= n; i++) {
		try {
			int r = held(i);
			fprintf(stderr, "self: held = %d counter = %d\n", r, counter);
		} catch (const std::exception &e) {
			fprintf(stderr, "caught %d %s\n", i, e.what());
		}
	}
	fprintf(stderr, "done\n");
	return 0;
}
