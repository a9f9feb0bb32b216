// A shared library with a USDT probe (and its semaphore) for the
// end-to-end tests; the target prints what the probe's arguments are.
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <stdio.h>

unsigned short lib_hit_semaphore __attribute__((unused)) __attribute__((section(".probes")));

__attribute__((noinline)) int lib_hit(int n, const char *what)
{
	fprintf(stderr, "self: lib %d %s sem=%d\n", n, what, lib_hit_semaphore);
	DTRACE_PROBE2(lib, hit, n, what);
	return n + 1;
}
