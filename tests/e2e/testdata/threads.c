// Target for TestToolThreadsnoop: starts a thread in worker_a, then one
// in worker_b, and prints on stderr its pid and each start routine's name.
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

void *worker_a(void *p)
{
	return p;
}

void *worker_b(void *p)
{
	return p;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, worker_a, NULL);
	pthread_join(t, NULL);
	fprintf(stderr, "target: pid=%d start=worker_a\n", getpid());
	pthread_create(&t, NULL, worker_b, NULL);
	pthread_join(t, NULL);
	fprintf(stderr, "target: pid=%d start=worker_b\n", getpid());
	return 0;
}
