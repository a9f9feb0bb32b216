// Target for the loss tests. Modes:
//   flood N     two threads each call emit(thread, i) for i < N as fast as
//               they can, then it prints "emitted T" (T = 2*N) and exits
//   mallocs N   call malloc N times, then exit
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

static long n;
static long emitted[2];
volatile long sink;

NOINLINE long emit(long thread, long i)
{
	return thread + i;
}

static void *run(void *arg)
{
	long t = (long)arg;
	for (long i = 0; i < n; i++) {
		sink += emit(t, i);
		emitted[t]++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "flood";
	n = argc > 2 ? atol(argv[2]) : 1000;
	if (strcmp(mode, "mallocs") == 0) {
		for (long i = 0; i < n; i++)
			sink += (long)malloc(16 + i);
		return 0;
	}
	pthread_t th[2];
	for (long t = 0; t < 2; t++)
		pthread_create(&th[t], NULL, run, (void *)t);
	for (int t = 0; t < 2; t++)
		pthread_join(th[t], NULL);
	fprintf(stderr, "emitted %ld\n", emitted[0] + emitted[1]);
	return 0;
}
