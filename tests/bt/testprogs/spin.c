// spin: calls tick(i) every 10 ms, i counting up from 1, for at most 60
// seconds; a case runs it with BEFORE and traces it with -p.
#include <stdio.h>
#include <time.h>

__attribute__((noinline)) int tick(int i)
{
	return i * 2;
}

int main(void)
{
	struct timespec ts = {0, 10 * 1000 * 1000};
	for (int i = 1; i <= 6000; i++) {
		tick(i);
		nanosleep(&ts, NULL);
	}
	return 0;
}
