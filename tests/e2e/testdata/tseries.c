// Target for the tseries tests: tseries N calls sample(v, t) for i < N,
// with a clock of its own, t = i * 30 ms in nanoseconds, and v a zigzag
// between -5 and 5, and prints each pair on stderr.
#include <stdio.h>
#include <stdlib.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

volatile long sink;

NOINLINE long sample(long v, unsigned long t)
{
	return v + (long)t;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;

	for (int i = 0; i < n; i++) {
		long v = (i * 7) % 11 - 5;
		unsigned long t = (unsigned long)i * 30000000;

		sink += sample(v, t);
		fprintf(stderr, "target: v=%ld t=%lu\n", v, t);
	}
	return 0;
}
