// Benchmark target. Modes:
//   target N       call f() N times and print "ns_per_call X" to stderr
//   target once    print "started_ns X" (CLOCK_REALTIME at main) to stderr and exit
//   target pair N  call f() and g() (the same code) N times each, in
//                  alternating blocks of 10,000, and print "pair_ns F G R":
//                  the median ns per call of f's blocks, of g's, and the
//                  median over block pairs of g's time / f's. With one
//                  probe on f and another on g, the two costs are measured
//                  side by side: drift in the machine's speed hits both.
//   target paircall N  the same with fc() and gc(), which call id() and so
//                  start with a push (of rbp, or of rbx without frame
//                  pointers) that the kernel emulates in either build.
//   target item N  call h(i, name, &item) N times: a string and a struct
//                  (nested struct, char array, double, bitfield) to print.
//   target wait MODE...  read a byte from stdin (once a tracer is
//                  attached by -p), then run MODE.
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

NOINLINE int g(int x)
{
	return x + 1;
}

NOINLINE int id(int x)
{
	__asm__ volatile("" : "+r"(x)); /* opaque to the callers' optimizer */
	return x;
}

NOINLINE int fc(int x)
{
	return id(x) + x;
}

NOINLINE int gc(int x)
{
	return id(x) + x;
}

struct pos {
	int x, y;
};

struct item {
	int id;
	char name[12];
	double weight;
	struct pos at;
	unsigned flags : 3;
	unsigned kind : 5;
};

NOINLINE int h(int x, const char *s, struct item *it)
{
	__asm__ volatile("" : : "r"(s), "r"(it) : "memory");
	return x + it->id;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof *v, cmp_double);
	return v[n / 2];
}

static long long now(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "wait") == 0) {
		getchar();
		argc--;
		argv++;
	}
	if (argc > 1 && strcmp(argv[1], "once") == 0) {
		fprintf(stderr, "started_ns %lld\n", now(CLOCK_REALTIME));
		sink = f(1);
		return 0;
	}
	if (argc > 2 && strcmp(argv[1], "item") == 0) {
		long n = atol(argv[2]);
		struct item it = {.id = 7, .name = "widget", .weight = 2.5, .at = {3, -4}, .flags = 5, .kind = 17};
		for (long i = 0; i < n; i++) {
			it.id = (int)i;
			sink += h((int)i, "hello world", &it);
		}
		return 0;
	}
	int paircall = argc > 2 && strcmp(argv[1], "paircall") == 0;
	if (argc > 2 && (strcmp(argv[1], "pair") == 0 || paircall)) {
		int (*pf)(int) = paircall ? fc : f, (*pg)(int) = paircall ? gc : g;
		enum { BLOCK = 10000 };
		long n = atol(argv[2]);
		int blocks = n / BLOCK > 0 ? n / BLOCK : 1;
		double *fs = calloc(blocks, sizeof(double)), *gs = calloc(blocks, sizeof(double)), *rs = calloc(blocks, sizeof(double));
		for (int b = 0; b < blocks; b++) {
			long long t0 = now(CLOCK_MONOTONIC);
			for (int i = 0; i < BLOCK; i++)
				sink += pf(i);
			long long t1 = now(CLOCK_MONOTONIC);
			for (int i = 0; i < BLOCK; i++)
				sink += pg(i);
			long long t2 = now(CLOCK_MONOTONIC);
			fs[b] = (double)(t1 - t0) / BLOCK;
			gs[b] = (double)(t2 - t1) / BLOCK;
			rs[b] = gs[b] / fs[b];
		}
		double r = median(rs, blocks);
		fprintf(stderr, "pair_ns %.1f %.1f %.4f\n", median(fs, blocks), median(gs, blocks), r);
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
