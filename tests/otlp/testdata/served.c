/* The target of the OTLP tests: serve(kind, size) is called a known number
 * of times with known values, and each call is written to a log (argv[2])
 * so that the test compares what the Collector received with what the
 * target did. After the first half of the calls it waits for the file
 * argv[3] to exist, so that the test sees a push in between; an empty
 * argv[3] does not wait. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) long serve(int kind, long size)
{
	__asm__ volatile("" ::: "memory");
	return kind + size;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: served CALLS LOG GATE\n");
		return 2;
	}
	int n = atoi(argv[1]);
	FILE *log = fopen(argv[2], "w");
	if (!log) {
		perror(argv[2]);
		return 1;
	}
	unsigned x = 12345;
	long total = 0;
	for (int i = 0; i < n; i++) {
		if (i == n / 2 && argv[3][0]) {
			fflush(log);
			while (access(argv[3], F_OK) != 0)
				usleep(10000);
		}
		x = x * 1103515245u + 12345u;
		int kind = (x >> 16) % 5;
		long size = (x >> 4) % 5000;
		total += serve(kind, size);
		fprintf(log, "%d %ld\n", kind, size);
	}
	fclose(log);
	return total < 0;
}
