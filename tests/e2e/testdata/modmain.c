/* Links libmodglob.so; steps its global three times by amounts that
 * depend on the pid, printing the value before each mod_tick call. With
 * "fork", a child forked after the first step does the same 2 s later
 * (no initializer runs in a fork), and the parent waits for it. */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

long mod_step(long d);
long *mod_where(void);

__attribute__((noinline)) void mod_tick(long v)
{
	__asm__ volatile("" ::: "memory");
	(void)v;
}

int main(int argc, char **argv)
{
	pid_t child = -1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("where %lu\n", (unsigned long)mod_where());
	if (argc > 1 && strcmp(argv[1], "fork") == 0) {
		mod_step(1);
		child = fork();
		if (child == 0)
			usleep(2000000);
	}
	for (long i = 1; i <= 3; i++) {
		long v = mod_step(i * (getpid() % 97 + 1));
		printf("pid=%d value=%ld\n", getpid(), v);
		mod_tick(v);
		usleep(100000);
	}
	if (child > 0)
		waitpid(child, NULL, 0);
	return 0;
}
