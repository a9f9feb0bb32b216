// loops.c is the target of TestBpftraceLoops: it calls step(n, k) for a
// few pairs and prints to stderr what the probe's loops should compute
// for each call, with limit (argv[1]) as the for loop's break bound.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long step(long n, long k) {
	__asm__ volatile("" ::: "memory");
	return n * k;
}

int main(int argc, char **argv) {
	long limit = argc > 1 ? atol(argv[1]) : 0;
	static const long pairs[][2] = {{0, 3}, {1, 2}, {5, 3}, {10, -2}, {17, 1}, {40, 7}};
	long calls = 0, total = 0;
	for (unsigned p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
		long n = pairs[p][0], k = pairs[p][1];
		long s = 0;
		for (long i = 0; i < n; i++)
			s += i * k;
		long f = 0;
		for (long j = 0; j < n; j++) {
			if (j % 3 == 0)
				continue;
			f += j;
			if (f > limit)
				break;
		}
		long u = 1;
		for (int r = 0; r < 5; r++)
			u *= k;
		fprintf(stderr, "step %ld %ld: %ld %ld %ld\n", n, k, s, f, u);
		total += step(n, k);
		calls++;
	}
	fprintf(stderr, "calls %ld\n", calls);
	return total == 12345 ? 1 : 0;
}
