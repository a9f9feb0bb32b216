// A shared library for the end-to-end tests: a global, a static and a
// function whose arguments the tests read by name.
#include <stdio.h>

struct point {
	long x, y;
};

int lib_counter = 1000;
static int lib_static = 5;

__attribute__((noinline)) long lib_move(struct point *p, long dx)
{
	p->x += dx;
	lib_counter += 1;
	lib_static += 2;
	fprintf(stderr, "self: x=%ld y=%ld dx=%ld counter=%d static=%d\n", p->x, p->y, dx, lib_counter, lib_static);
	return p->x;
}
