// USDT probes for the end-to-end tests, built with Debian's <sys/sdt.h>:
// arguments of every size and signedness that the compilers put in
// registers (-O2), on the stack (-O0), in globals (symbol(%rip)), in an
// array (base, index and scale: 8@(%rdi,%rsi,8) at -O2) and constants; a probe guarded by its semaphore. Before each probe fires the
// target prints on stderr what the probe's arguments are ("self: ...";
// indexed prints them after),
// and each round its semaphore ("self: sem=N").
//
// usdt [ROUNDS] runs ROUNDS rounds (3 by default; 0 for ever, 20ms apart).
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define SEMAPHORE(n) unsigned short app_##n##_semaphore __attribute__((unused)) __attribute__((section(".probes")));
SEMAPHORE(sizes)
SEMAPHORE(globals)
SEMAPHORE(consts)
SEMAPHORE(guarded)
SEMAPHORE(indexed)

int8_t g8 = -8;
uint8_t gu8 = 250;
int16_t g16 = -1600;
uint16_t gu16 = 60000;
int32_t g32 = -320000;
uint32_t gu32 = 4000000000u;
int64_t g64 = -6400000000;
uint64_t gu64 = 18000000000000000000ull;

__attribute__((noinline)) void sizes(int8_t a, uint8_t b, int16_t c, uint16_t d, int32_t e, uint32_t f, int64_t g, uint64_t h)
{
	fprintf(stderr, "self: sizes %d %u %d %u %d %u %lld %llu\n", a, b, c, d, e, f, (long long)g, (unsigned long long)h);
	DTRACE_PROBE8(app, sizes, a, b, c, d, e, f, g, h);
}

__attribute__((noinline)) void globals(void)
{
	fprintf(stderr, "self: globals %d %u %d %u %d %u %lld %llu\n", g8, gu8, g16, gu16, g32, gu32, (long long)g64, (unsigned long long)gu64);
	DTRACE_PROBE8(app, globals, g8, gu8, g16, gu16, g32, gu32, g64, gu64);
}

__attribute__((noinline)) void consts(void)
{
	fprintf(stderr, "self: consts %d %d %lld\n", 5, -7, (long long)-1234567890123);
	DTRACE_PROBE3(app, consts, 5, -7, -1234567890123LL);
}

__attribute__((noinline)) void indexed(long round)
{
	volatile long arr[8];
	volatile int small[8];
	for (int k = 0; k < 8; k++)
		arr[k] = -1000000000000LL * k - 7 - round, small[k] = -100 * k - 3 - round;
	for (volatile long i = round % 7; i < round % 7 + 1; i++) {
		DTRACE_PROBE2(app, indexed, arr[i], small[i + 1]); // gcc -O2: -4@20(%rsp,%rdx,4)
		fprintf(stderr, "self: indexed %ld %d\n", arr[i], small[i + 1]);
	}
}

__attribute__((noinline)) void guarded(long round)
{
	if (app_guarded_semaphore) {
		fprintf(stderr, "self: fired %ld\n", round);
		DTRACE_PROBE1(app, guarded, round);
	}
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 3;
	for (long i = 0; rounds == 0 || i < rounds; i++) {
		sizes(-1 - i, 200 + i, -300 - i, 40000 + i, -5000000 - i, 4000000000u + i, -7000000000LL - i, 18000000000000000000ull + i);
		globals();
		g8--, gu8++, g16--, gu16++, g32--, gu32++, g64--, gu64++;
		consts();
		indexed(i);
		fprintf(stderr, "self: sem=%d\n", app_guarded_semaphore);
		guarded(i);
		if (rounds == 0)
			usleep(20000);
	}
	return 0;
}
