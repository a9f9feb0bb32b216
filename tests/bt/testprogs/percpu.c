// percpu: one thread pinned to each of the first two CPUs calls tick(k)
// 1000*k times with k = 1, 2 (so probes count on two CPUs), then it prints
// what the calls add up to, for a case to expect the same numbers from
// the per-CPU aggregations.
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) long tick(long k)
{
	asm volatile("" ::: "memory");
	return k;
}

static void *worker(void *arg)
{
	long k = (long)arg;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(k - 1, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		perror("sched_setaffinity");
		exit(1);
	}
	for (long i = 0; i < 1000 * k; i++)
		tick(k);
	return NULL;
}

int main(void)
{
	pthread_t t[2];
	long count = 0, sum = 0;

	for (long k = 1; k <= 2; k++) {
		if (pthread_create(&t[k - 1], NULL, worker, (void *)k) != 0)
			return 1;
		count += 1000 * k;
		sum += 1000 * k * k;
	}
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("count=%ld sum=%ld min=1 max=2 avg=%ld\n", count, sum, sum / count);
	printf("key 1: %d\nkey 2: %d\n", 1000, 2000);
	return 0;
}
