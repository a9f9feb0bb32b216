// metricssyms: run(fn) with the functions alpha and beta, counted by the
// target itself and written to argv[1] as "NAME N" lines, then "end";
// then it waits until the fifo argv[2] is opened for writing and closed.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) void alpha(void) { __asm__ volatile("" ::: "memory"); }
__attribute__((noinline)) void beta(void) { __asm__ volatile("" ::: "memory"); }

__attribute__((noinline)) void run(void (*fn)(void))
{
	fn();
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	long na = 0, nb = 0;
	if (argc < 3)
		return 2;
	for (int i = 0; i < 17; i++) {
		if (i % 3 == 0) {
			run(beta);
			nb++;
		} else {
			run(alpha);
			na++;
		}
	}
	FILE *f = fopen(argv[1], "w");
	if (!f)
		return 1;
	fprintf(f, "alpha %ld\nbeta %ld\nend\n", na, nb);
	fclose(f);
	char b;
	int fd = open(argv[2], O_RDONLY);
	while (fd >= 0 && read(fd, &b, 1) > 0)
		;
	return 0;
}
