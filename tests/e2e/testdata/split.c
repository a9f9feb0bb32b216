// Target for the split DWARF test: two compilation units (split.c and
// split_lib.c), so a .dwo each and a .dwp of two. It prints what it
// passes to each function.
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline, noipa))

struct point {
	int x;
	long y;
	const char *label;
};

long lib_sum(const char *label, int k, char tag); /* split_lib.c */

static NOINLINE long scaled(const struct point *p, int n, unsigned char c)
{
	return p->x * n + p->y + c;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	static const char *labels[] = {"alpha", "beta", "gamma"};
	long total = 0;
	for (int i = 0; i < n; i++) {
		struct point p = {i + 1, 10L * (i + 1), labels[i % 3]};
		char tag = 'a' + i;
		fprintf(stderr, "self: fn=lib_sum label=%s k=%d tag=%c\n", p.label, i * 7, tag);
		total += lib_sum(p.label, i * 7, tag);
		fprintf(stderr, "self: fn=scaled x=%d y=%ld label=%s n=%d c=%d\n", p.x, p.y, p.label, i + 100, 'A' + i);
		total += scaled(&p, i + 100, 'A' + i);
	}
	return total == 0;
}
