// A C++ target for gs's C++ value tests: namespaces, a virtual method,
// inheritance, references, enum class, std::string and std::vector members,
// smart pointers. Each traced place prints what it sees to stderr as
// "self: k=v ...", for the tests to compare with what gs reads.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace geo {

int counter = 0;

enum class Kind { Square = 1, Wide = 2, Tall = 3 };

struct Point {
	int x, y;
};

class Shape {
public:
	explicit Shape(const char *n) : name_(n) {}
	virtual ~Shape() {}
	virtual int area() const = 0;
	std::string name_;
};

class Rect : public Shape {
public:
	Rect(const char *n, int w, int h, Point o) : Shape(n), w(w), h(h), origin(o) { made++; }
	int area() const override { return w * h; }
	__attribute__((noinline)) int scale(int k);
	__attribute__((noinline)) int grow(int w) { // a parameter that hides a member
		fprintf(stderr, "self: grow w=%d this.w=%d\n", w, this->w);
		return w + this->w;
	}
	int w, h;
	Point origin;
	Kind kind = Kind::Wide;
	std::vector<int> marks;
	static int made; // a static member
};

int Rect::made = 0;

__attribute__((noinline)) int Rect::scale(int k) {
	fprintf(stderr, "self: w=%d h=%d k=%d name=%s x=%d y=%d kind=%d counter=%d marks=%zu made=%d\n", w, h, k, // SCALE_LINE
		name_.c_str(), origin.x, origin.y, (int)kind, counter, marks.size(), made);
	fprintf(stderr, "self-marks: ["); // as gs prints a vector: at most 32 elements
	for (size_t i = 0; i < marks.size() && i < 32; i++)
		fprintf(stderr, "%s%d", i ? ", " : "", marks[i]);
	fprintf(stderr, "%s]\n", marks.size() > 32 ? ", ..." : "");
	w *= k;
	h *= k;
	counter++;
	return area();
}

template <typename T> struct Box {
	T value;
	int tag;
};

} // namespace geo

extern "C" __attribute__((noinline)) int move(geo::Point &p, const geo::Point &by, int &&n) {
	fprintf(stderr, "self: px=%d py=%d bx=%d by=%d n=%d\n", p.x, p.y, by.x, by.y, n); // MOVE_LINE
	p.x += by.x;
	p.y += by.y;
	return p.x + n;
}

extern "C" __attribute__((noinline)) int boxed(geo::Box<long> *b, std::unique_ptr<geo::Point> &u, std::shared_ptr<geo::Rect> s) {
	fprintf(stderr, "self: value=%ld tag=%d u=%p ux=%d s=%p sw=%d sname=%s\n", b->value, b->tag, (void *)u.get(), u->x, // BOXED_LINE
		(void *)s.get(), s->w, s->name_.c_str());
	return b->tag;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 2;
	for (int i = 0; i < n; i++) {
		geo::Rect r(i % 2 ? "wide" : "rect", 2 + i, 4, geo::Point{7 + i, 9});
		r.marks = {1, 2, 3 + i};
		if (i == 2)
			r.marks.assign(40, 7); // longer than a record holds
		r.scale(i + 1);
		r.grow(10 + i);
		geo::Point p{i, 10};
		move(p, geo::Point{1, 2}, i * 3);
		geo::Box<long> b{100L + i, i};
		auto u = std::make_unique<geo::Point>(geo::Point{5 + i, 6});
		auto s = std::make_shared<geo::Rect>("shared", 3, 3, geo::Point{0, 0});
		boxed(&b, u, s);
	}
	return 0;
}
