// Two units linked with link-time optimization (lto_test.go and
// debuginfo's crossunit_test.go): scale is defined here and inlined into
// lto_b.c's functions, across the units. It prints its arguments itself,
// for the tests to compare what gs reads by name.
#include <stdio.h>

int calls;

int scale(int x, int k)
{
	int r = x * k;
	calls++;
	printf("scale x=%d k=%d\n", x, k);
	if (r > 100)
		r -= k;
	return r + 1;
}
