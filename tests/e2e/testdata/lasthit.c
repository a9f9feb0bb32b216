// lasthit THREADS PER: a forked child and THREADS threads each call
// hit(who, i) for i in [0, PER), as fast as they can, right up to their
// exit: the child sleeps first and exits after the parent, which does not
// wait for it. Each prints how many calls it made to stderr.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) long hit(long who, long i)
{
	__asm__ volatile("" : "+r"(i));
	return who + i;
}

static long per;

static void *run(void *arg)
{
	for (long i = 0; i < per; i++)
		hit((long)arg, i);
	return 0;
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 2;
	per = argc > 2 ? atol(argv[2]) : 1000;
	if (threads > 64)
		threads = 64;
	if (fork() == 0) {
		usleep(200000);
		run((void *)100);
		fprintf(stderr, "child made %ld calls\n", per);
		_exit(0);
	}
	pthread_t t[64];
	for (long i = 0; i < threads; i++)
		pthread_create(&t[i], 0, run, (void *)i);
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], 0);
	fprintf(stderr, "parent made %ld calls\n", threads * per);
	return 0;
}
