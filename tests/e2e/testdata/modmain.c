/* Links libmodglob.so; steps its global three times by amounts that
 * depend on the pid, printing the value before each mod_tick call. */
#include <stdio.h>
#include <unistd.h>

long mod_step(long d);
long *mod_where(void);

__attribute__((noinline)) void mod_tick(long v)
{
	__asm__ volatile("" ::: "memory");
	(void)v;
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("where %lu\n", (unsigned long)mod_where());
	for (long i = 1; i <= 3; i++) {
		long v = mod_step(i * (getpid() % 97 + 1));
		printf("pid=%d value=%ld\n", getpid(), v);
		mod_tick(v);
		usleep(100000);
	}
	return 0;
}
