// A C++ target for gs's tests of libstdc++'s std::optional and
// std::variant: each call of look holds other alternatives. The test
// compares gs's print with gdb's at the marked line in look.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <variant>

struct Point {
	int x, y;
};

struct Held {
	std::optional<int> n;
	std::optional<std::string> name;
	std::variant<int, std::string, double> v;
	std::variant<Point, long> pv;
	int tag;
};

__attribute__((noinline)) int look(const Held &h, const std::optional<long> &o) {
	int r = h.tag + (h.n ? *h.n : 0) + (o ? (int)*o : 0); // LOOK_LINE
	// In gdb's shape, for the libc++ build (gdb has no printers for it).
	fprintf(stderr, "self: h.n = std::optional<int> ");
	if (h.n)
		fprintf(stderr, "= {[contained value] = %d}", *h.n);
	else
		fprintf(stderr, "[no contained value]");
	fprintf(stderr, ", o = std::optional<long> ");
	if (o)
		fprintf(stderr, "= {[contained value] = %ld}", *o);
	else
		fprintf(stderr, "[no contained value]");
	fprintf(stderr, ", h.v = std::variant<int, std::string, double> [index %zu] = {", h.v.index());
	if (auto *p = std::get_if<int>(&h.v))
		fprintf(stderr, "%d}", *p);
	else if (auto *s = std::get_if<std::string>(&h.v))
		fprintf(stderr, "\"%s\"}", s->c_str());
	else
		fprintf(stderr, "%.17g}", std::get<double>(h.v));
	fprintf(stderr, ", h.pv = std::variant<Point, long> [index %zu] = {", h.pv.index());
	if (auto *p = std::get_if<Point>(&h.pv))
		fprintf(stderr, "{x = %d, y = %d}}\n", p->x, p->y);
	else
		fprintf(stderr, "%ld}\n", std::get<long>(h.pv));
	return r;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (int i = 0; i < n; i++) {
		Held h;
		h.tag = i;
		std::optional<long> o;
		switch (i % 3) {
		case 0:
			h.n = 42 + i;
			h.name = "a name longer than the short string buffer";
			h.v = std::string("vstr");
			h.pv = Point{3, 4};
			break;
		case 1:
			h.v = 2.5 * i;
			h.pv = 7L * i;
			o = -5L * i;
			break;
		default:
			h.name = "al";
			h.v = i;
			break;
		}
		look(h, o);
	}
	return 0;
}
