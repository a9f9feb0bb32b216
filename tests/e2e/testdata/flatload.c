// Maps the flat binary named by argv[1] executable and calls its first
// byte as long f(long), printing what it passes and gets back.
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	int fd = open(argv[1], O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0)
		return 1;
	long (*f)(long) = (long (*)(long))mmap(NULL, st.st_size, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0);
	if ((void *)f == MAP_FAILED)
		return 1;
	for (long a = 1; a <= 3; a++) {
		long r = f(a * 10);
		fprintf(stderr, "self: a=%ld ret=%ld\n", a * 10, r);
	}
	return 0;
}
