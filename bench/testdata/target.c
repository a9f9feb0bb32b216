// Benchmark target. Modes:
//   target N     call f() N times and print "ns_per_call X" to stderr
//   target once  print "started_ns X" (CLOCK_REALTIME at main) to stderr and exit
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

volatile long sink;

NOINLINE int f(int x)
{
	return x + 1;
}

static long long now(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "once") == 0) {
		fprintf(stderr, "started_ns %lld\n", now(CLOCK_REALTIME));
		sink = f(1);
		return 0;
	}
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	long long t0 = now(CLOCK_MONOTONIC);
	for (long i = 0; i < n; i++)
		sink += f((int)i);
	long long t1 = now(CLOCK_MONOTONIC);
	fprintf(stderr, "ns_per_call %.1f\n", (double)(t1 - t0) / n);
	return 0;
}
