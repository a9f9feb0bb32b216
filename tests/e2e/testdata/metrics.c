// metrics: calls handle(cmd, size) N times with commands and sizes the
// test does not know, counts them itself, and writes its counts to
// argv[1]: "calls CMD N", "bucket LE N" (how many sizes were <= LE, for
// LE = -1, 0 and 2^k-1), "sum S", "count N", then "end". Then it waits
// until the fifo argv[2] is opened for writing and closed, so that gs
// goes on serving its maps meanwhile.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#define N 300

__attribute__((noinline)) long handle(const char *cmd, long size)
{
	__asm__ volatile("" ::: "memory");
	return size + cmd[0];
}

int main(int argc, char **argv)
{
	static const char *cmds[] = {"get", "set", "del", "incr"};
	long calls[4] = {0}, sizes[N], sum = 0, total = 0;
	if (argc < 3)
		return 2;
	for (int i = 0; i < N; i++) {
		int c = (i * 7 + i / 5) % 4;
		if (i % 11 == 0)
			c = 3;
		long size = (long)(i * i * 37 % 70001) - 5;
		calls[c]++;
		sizes[i] = size;
		sum += size;
		total++;
		handle(cmds[c], size);
	}
	FILE *f = fopen(argv[1], "w");
	if (!f)
		return 1;
	for (int c = 0; c < 4; c++)
		fprintf(f, "calls %s %ld\n", cmds[c], calls[c]);
	for (int k = -1; k <= 40; k++) {
		long le = k < 0 ? -1 : (1L << k) - 1;
		long n = 0;
		for (int i = 0; i < N; i++)
			n += sizes[i] <= le;
		fprintf(f, "bucket %ld %ld\n", le, n);
	}
	fprintf(f, "sum %ld\ncount %ld\nend\n", sum, total);
	fclose(f);
	int fd = open(argv[2], O_RDONLY);
	char b;
	while (fd >= 0 && read(fd, &b, 1) > 0)
		;
	return 0;
}
