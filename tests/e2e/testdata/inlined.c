// inlined.c: two always_inline functions, one inside the other, around a
// USDT probe, so that the probe's stack has two inlined frames above
// mywrapper (bpftrace's usdt_inlined, with loop and main after it).
#include <stdio.h>
#include <sys/sdt.h>
#include <unistd.h>

static volatile int sink;

__attribute__((always_inline)) inline static void myclock(int n)
{
	volatile int on_stack = n;
	sink += on_stack;
	DTRACE_PROBE2(tracetest, testprobe, sink, on_stack);
}

__attribute__((always_inline)) inline static void mywrapper_inlined(void)
{
	myclock(100);
}

__attribute__((noinline)) static void mywrapper(void)
{
	mywrapper_inlined();
}

__attribute__((noinline)) static void loop(int times)
{
	for (int i = 0; i < times; i++) {
		mywrapper();
	}
}

int main(void)
{
	loop(3);
	return 0;
}
