// extern "C" functions in a namespace: the symbol is the plain name and
// DWARF gives no linkage name, but names the namespace.
#include <cstdio>
namespace geo {
extern "C" __attribute__((noinline)) int area(int w, int h) {
	fprintf(stderr, "self: w=%d h=%d\n", w, h);
	return w * h;
}
}
int main() {
	int s = 0;
	for (int i = 0; i < 3; i++)
		s += geo::area(2 + i, 5 - i);
	printf("%d\n", s);
	return 0;
}
