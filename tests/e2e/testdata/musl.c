/* A target for musl-gcc, static or dynamic: threads give the executable's
 * __thread variables their own values, say them (and where they are) on
 * stderr, and call report, where gs reads them; then main calls leaf
 * through work, which has a frame without rbp (-O2 -fomit-frame-pointer),
 * for a stack to check against gdb's bt. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

__thread long counter = 5;
__thread char tname[12] = "main";

volatile unsigned long sink;

__attribute__((noinline)) void report(long round)
{
	__asm__ volatile("" : : "r"(round) : "memory");
}

__attribute__((noinline)) unsigned leaf(int x)
{
	volatile int v = x;
	sink += v;
	return v + 1;
}

__attribute__((noinline)) unsigned work(int x)
{
	volatile char buf[64];

	buf[0] = (char)x;
	sink += leaf(buf[0]);
	return buf[0] + 1;
}

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
	long n = (long)arg;
	long tid = syscall(SYS_gettid);

	for (long round = 0; round < 2; round++) {
		counter = n * 1000 + round;
		snprintf(tname, sizeof tname, "t%ld.%ld", n, round);
		pthread_mutex_lock(&mu);
		fprintf(stderr, "self: tid=%ld counter=%ld name=%s &counter=%p\n", tid, counter, tname, (void *)&counter);
		pthread_mutex_unlock(&mu);
		report(round);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t[3];
	unsigned r = 0;

	(void)argv;
	usleep(200000);
	for (long i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < argc + 1; i++)
		r += work(i);
	return (int)(r & 1);
}
