// clocks: reads CLOCK_MONOTONIC, CLOCK_BOOTTIME and CLOCK_TAI and passes
// them to stamp(), so a probe on stamp can compare its own clock readings
// with the target's, taken just before the call; it prints the local time
// of its monotonic reading, for strftime().
#include <stdio.h>
#include <time.h>

static long long ns(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

__attribute__((noinline)) void stamp(long long mono, long long boot, long long tai, int i)
{
	printf("stamp %lld %lld %lld\n", mono, boot, tai);
}

int main(void)
{
	for (int i = 0; i < 3; i++) {
		long long mono = ns(CLOCK_MONOTONIC);
		time_t now = time(NULL);
		char buf[64];
		strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", localtime(&now));
		printf("at %s (stamp %d)\n", buf, i);
		stamp(mono, ns(CLOCK_BOOTTIME), ns(CLOCK_TAI), i);
	}
	return 0;
}
