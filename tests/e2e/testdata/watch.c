/* A target for watchpoints: it writes g_counter (its own global) and
 * lib_counter (libwatch.so's) n times each, printing every value of
 * g_counter it wrote and, at the end, how many writes each got. With a
 * second argument it first prints g_counter's address on stderr and waits
 * for a byte on stdin (for gs -p). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern long lib_counter;
void lib_bump(long by);

long g_counter;

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 5, writes = 0, lib_writes = 0;

	if (argc > 2) {
		char c;

		fprintf(stderr, "ready %p\n", (void *)&g_counter);
		if (read(0, &c, 1) != 1)
			return 1;
	}
	for (int i = 0; i < n; i++) {
		g_counter += i * i + 1;
		writes++;
		printf("value %ld\n", g_counter);
		if (argc <= 2) /* for tests/kernels */
			fprintf(stderr, "want: g_counter = %ld\n", g_counter);
		lib_bump(i);
		lib_writes++;
	}
	fflush(stdout);
	fprintf(stderr, "wrote g_counter %d lib_counter %d\n", writes, lib_writes);
	return 0;
}
