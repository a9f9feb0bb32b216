// Target for the kernel matrix, built PIE and dynamic (dyn) and static
// (sta). It prints on stderr, as "want: LINE", each line a gs one-liner of
// tests/kernels must print, computed from its own values, so the test
// never takes an expected value from gs.
#include <stdio.h>
#include <stdlib.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

struct item {
	int id;
	long weight;
};

int counter = 42;
const char *msg = "hello";
volatile long sink;

NOINLINE int add(int a, int b)
{
	return a + b;
}

NOINLINE long process(struct item *it)
{
	return it->id + it->weight;
}

NOINLINE int leaf(int x)
{
	return x + 1;
}

NOINLINE int mid(int x)
{
	return leaf(x) * 2;
}

int main(int argc, char **argv)
{
	static const char *names[] = { "GSK_apple", "GSK_pear", "GSK_plum" };
	int n = argc > 1 ? atoi(argv[1]) : 3;

	if (n > 3)
		n = 3;
	fprintf(stderr, "want: counter = %d, msg = \"%s\"\n", counter, msg);
	for (int i = 0; i < n; i++) {
		struct item it = { 100 + i, 7L * i };
		fprintf(stderr, "want: a = %d\n", i);
		fprintf(stderr, "want: add %d %d\n", i, 10 * i);
		fprintf(stderr, "want: retval %d\n", i + 10 * i);
		fprintf(stderr, "want: it->id = %d, it->weight = %ld\n", it.id, it.weight);
		fprintf(stderr, "want: %s\n", names[i]);
		sink += add(i, 10 * i);
		sink += process(&it);
		sink += mid(i);
		sink += getenv(names[i]) != NULL;
	}
	fprintf(stderr, "want: @c: %d\n", n);
	return 0;
}
