// Target for the end-to-end tests. Modes:
//   basic N     call add(i, 10*i) and greet("world", i) for i < N, then exit
//   basic loop  call tick(i) every 20 ms until killed
// It reports its own pid on stderr so tests can check the pid builtin.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

volatile long sink;

NOINLINE int add(int a, int b)
{
	return a + b;
}

NOINLINE long greet(const char *name, long n)
{
	return (long)strlen(name) + n;
}

NOINLINE int tick(int i)
{
	return i * 2;
}

NOINLINE long neg(long x)
{
	return -x;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "3";

	fprintf(stderr, "pid=%d\n", getpid());
	if (strcmp(mode, "loop") == 0) {
		for (int i = 0;; i++) {
			sink += tick(i);
			usleep(20000);
		}
	}
	int n = atoi(mode);
	for (int i = 0; i < n; i++) {
		sink += add(i, 10 * i);
		sink += greet("world", i);
		sink += neg(-i - 1);
	}
	return 0;
}
