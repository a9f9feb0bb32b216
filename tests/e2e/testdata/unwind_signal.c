/* A signal handler's callee (leaf), reached through the kernel's signal
 * frame: trigger sends itself SIGUSR1, so the handler interrupts kill's
 * return from the system call. trigger has a frame without rbp (built
 * -O2 -fomit-frame-pointer), so its caller is found only from the
 * interrupted registers the signal frame holds. */
#include <signal.h>
#include <string.h>
#include <unistd.h>

volatile unsigned long sink;

__attribute__((noinline)) unsigned leaf(int s)
{
	volatile int v = s;
	sink += v;
	return v + 1;
}

__attribute__((noinline)) void handler(int s)
{
	sink += leaf(s) * 3;
}

__attribute__((noinline)) unsigned trigger(int n)
{
	char buf[200];

	memset(buf, n, sizeof buf);
	kill(getpid(), SIGUSR1);
	sink += buf[3];
	return buf[7];
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	unsigned r = 0;

	(void)argv;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigaction(SIGUSR1, &sa, 0);
	for (int i = 0; i < argc + 1; i++)
		r += trigger(i);
	return (int)(r & 1);
}
