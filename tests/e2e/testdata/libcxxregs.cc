// A C++ target for gs's libc++ short strings that the program holds in
// registers (clang++ -stdlib=libc++ -O2): at the marked line, made's s is
// in DWARF pieces (its size byte a constant, its text computed from k with
// DW_OP_convert), not in memory. main prints the same string as
// "self: TEXT" for the test to compare.
#include <cstdio>
#include <cstdlib>
#include <string>

__attribute__((noinline)) void mark(int v) { __asm__ volatile("" : : "r"(v)); }

__attribute__((noinline)) size_t made(int k) {
	std::string s(3, (char)('a' + k));
	mark(k); // MADE_LINE
	return s.size() * (size_t)s[0] + s[2];
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	size_t t = 0;
	for (int k = 0; k < n; k++) {
		t += made(k);
		fprintf(stderr, "self: %s\n", std::string(3, (char)('a' + k)).c_str());
	}
	return (int)(t & 1);
}
