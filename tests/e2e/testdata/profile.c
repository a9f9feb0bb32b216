/* A target for profile probes: it spends its CPU time in heavy (three
 * parts of spin), light (one part) and in_kernel (getppid system calls),
 * measures each with its thread's CPU clock and prints the times at
 * exit. ./profile SECS runs for SECS seconds of CPU time; ./profile 0
 * makes one short round (for gdb). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

volatile unsigned long sink;

__attribute__((noinline)) void spin(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += i * i;
}

__attribute__((noinline)) void heavy(unsigned long n)
{
	spin(3 * n);
	sink++;
}

__attribute__((noinline)) void light(unsigned long n)
{
	spin(n);
	sink++;
}

__attribute__((noinline)) void in_kernel(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		sink += getppid();
}

static double cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 1, th = 0, tl = 0, tk = 0, start = cpu(), t0, t1, t2, t3;
	unsigned long n = secs > 0 ? 200000 : 1, k = secs > 0 ? 2000 : 1;

	do {
		t0 = cpu();
		heavy(n);
		t1 = cpu();
		light(n);
		t2 = cpu();
		in_kernel(k);
		t3 = cpu();
		th += t1 - t0;
		tl += t2 - t1;
		tk += t3 - t2;
	} while (t3 - start < secs);
	printf("heavy %.6f light %.6f in_kernel %.6f total %.6f\n", th, tl, tk, cpu() - start);
	return 0;
}
