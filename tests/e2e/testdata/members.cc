// members is the target of TestCxxMemberBeforeGlobal: inside R::area a
// bare w is this->w, which hides the global w, as C++ and gdb say; k is
// the parameter, g a global no member hides.
#include <cstdio>
#include <cstdlib>

int w = 1000;
int g = 7;

struct Base {
	int h;
};

struct R : Base {
	int w;
	__attribute__((noinline)) int area(int k);
};

int R::area(int k) {
	return w * h * k + g; // AREA_LINE
}

int main(int argc, char **argv) {
	int z = argc > 1 ? atoi(argv[1]) : 0;
	R r;
	r.w = 3 + z;
	r.h = 4 + z;
	int a = r.area(5 + z);
	std::fprintf(stderr, "self: w=%d h=%d area=%d global_w=%d\n", r.w, r.h, a, w);
	return 0;
}
