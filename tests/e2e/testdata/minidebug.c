// Target for the MiniDebugInfo test: static functions, which stripping
// leaves only in .gnu_debugdata. It prints what it passes and gets back.
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline, noipa))

volatile long sink;
volatile long seven = 7; /* not a constant clang could propagate into scale */

static NOINLINE long scale(long a, long b)
{
	return a * b + 1;
}

static NOINLINE long outer(long i)
{
	long b = seven;
	long r = scale(i, b);
	fprintf(stderr, "self: a=%ld b=%ld ret=%ld\n", i, b, r);
	return r;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (long i = 0; i < n; i++)
		sink += outer(i + 2);
	return 0;
}
