/* A target for software:page-faults: touch writes one byte to each of N
 * fresh anonymous pages (no huge pages: one fault each) and main prints
 * N. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

__attribute__((noinline)) void touch(volatile char *p, long pages, long size)
{
	for (long i = 0; i < pages; i++)
		p[i * size] = 1;
}

int main(int argc, char **argv)
{
	long pages = argc > 1 ? atol(argv[1]) : 100, size = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, pages * size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 1;
	madvise(p, pages * size, MADV_NOHUGEPAGE);
	touch(p, pages, size);
	printf("touched %ld pages\n", pages);
	return 0;
}
