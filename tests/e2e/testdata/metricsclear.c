// metricsclear: handle("a") 5 times, then "1" in argv[1]; waits on the
// fifo argv[2]; reset(); waits on it again; handle("a") 3 times, then
// "2"; waits on it a last time and exits.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

__attribute__((noinline)) long handle(const char *cmd)
{
	__asm__ volatile("" ::: "memory");
	return cmd[0];
}

__attribute__((noinline)) void reset(void)
{
	__asm__ volatile("" ::: "memory");
}

static void mark(const char *path, const char *what)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(what, f);
		fclose(f);
	}
}

static void wait_fifo(const char *path)
{
	char b;
	int fd = open(path, O_RDONLY);
	while (fd >= 0 && read(fd, &b, 1) > 0)
		;
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	for (int i = 0; i < 5; i++)
		handle("a");
	mark(argv[1], "1");
	wait_fifo(argv[2]);
	reset();
	wait_fifo(argv[2]);
	for (int i = 0; i < 3; i++)
		handle("a");
	mark(argv[1], "2");
	wait_fifo(argv[2]);
	return 0;
}
