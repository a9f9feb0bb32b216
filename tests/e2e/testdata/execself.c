/* A PIE that execs itself (argv[1] more times) and then execself2, each
 * image with its own global g at its own address (ASLR) and value: before
 * each call of tick it prints the image's pid, &g and g, for the test to
 * compare with what gs reads at tick in the same process. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int g = 7;

__attribute__((noinline)) int tick(int i)
{
	__asm__ volatile("" : : "r"(i) : "memory");
	return g + i;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	int left = argc > 1 ? atoi(argv[1]) : 0;
	g = 100 * (left + 1) + (int)(getpid() % 100);
	int s = 0;
	for (int i = 0; i < 2; i++) {
		printf("self: pid=%d &g = %p, g = %d\n", (int)getpid(), (void *)&g, g);
		s += tick(i);
	}
	char n[16];
	snprintf(n, sizeof n, "%d", left - 1);
	if (left > 0)
		execl(argv[0], argv[0], n, argc > 2 ? argv[2] : (char *)0, (char *)0);
	else if (argc > 2)
		execl(argv[2], argv[2], (char *)0);
	return s < 0;
}
