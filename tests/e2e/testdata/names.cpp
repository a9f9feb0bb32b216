// names.cpp: C++ functions as the language names them (namespaces,
// overloads, virtual methods, templates, methods of a class, a nested
// namespace, an anonymous namespace), for tests of probes by qualified name. Each call prints
// "self: ..." to stderr with the values it passes.
#include <cstdio>
#include <cstdlib>
#include <vector>

#if defined(__clang__)
#define KEEP __attribute__((noinline))
#else
#define KEEP __attribute__((noipa)) // no clones: the probes see the arguments as passed
#endif

namespace geo {
struct Shape {
	virtual ~Shape() {}
	virtual int area() const = 0;
};

struct Rect : Shape {
	int w, h;
	Rect(int w, int h) : w(w), h(h) {}
	int scale(int k);
	int area() const override;
};

struct Square : Rect {
	explicit Square(int s) : Rect(s, s) {}
	int area() const override;
};

KEEP int Rect::scale(int k) {
	w *= k;
	h *= k;
	return w + h;
}
KEEP int Rect::area() const { return w * h; }
KEEP int Square::area() const { return w * w; }

KEEP int sum(int a, int b) { return a + b; }
KEEP long sum(long a, long b, long c) { return a + b + c; }

template <typename T> KEEP T biggest(T a, T b) { return a > b ? a : b; }

namespace detail {
KEEP int twice(int x) { return 2 * x; }
} // namespace detail

namespace {
KEEP int hidden(int x) { return x + 3; } // geo::(anonymous namespace)::hidden, as gdb and c++filt name it
} // namespace
} // namespace geo

extern "C" KEEP int plain_c(int x) { return x + 1; }

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	long total = 0;
	std::vector<geo::Rect> kept; // std's symbols, mangled with abbreviations (St, Sa)
	for (int i = 0; i < n; i++) {
		geo::Rect r(i, i + 1);
		geo::Square s(i + 2);
		geo::Shape *shape = (i % 2) ? static_cast<geo::Shape *>(&s) : &r;
		int k = 2 + i % 3;
		fprintf(stderr, "self: scale k=%d\n", k);
		total += r.scale(k);
		fprintf(stderr, "self: area %s\n", (i % 2) ? "geo::Square::area() const" : "geo::Rect::area() const");
		total += shape->area();
		fprintf(stderr, "self: sum2 a=%d b=%d\n", i, 10 * n);
		total += geo::sum(i, 10 * n);
		fprintf(stderr, "self: sum3 a=%ld b=%ld c=%ld\n", (long)i, (long)n, 7L * n);
		total += geo::sum((long)i, (long)n, 7L * n);
		fprintf(stderr, "self: biggest a=%d b=%d\n", i, n - i);
		total += geo::biggest(i, n - i);
		total += geo::biggest((long)i, 3L);
		fprintf(stderr, "self: hidden x=%d\n", i);
		total += geo::detail::twice(i) + plain_c(i) + geo::hidden(i);
		kept.push_back(r);
	}
	total += (long)kept.size();
	printf("total=%ld\n", total);
	return 0;
}
