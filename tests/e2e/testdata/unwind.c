// A call chain for TestUnwindCFI: main → lookup → djb, and main → qsort
// (libc) → cmp → lookup → djb; lookup and djb are in unwind_lib.c.
#include <stdio.h>
#include <stdlib.h>

extern unsigned long sink;
unsigned lookup(const char *k);

__attribute__((noinline)) int cmp(const void *a, const void *b)
{
	return (int)lookup(*(char **)a) - (int)lookup(*(char **)b);
}

int main(int argc, char **argv)
{
	char *v[] = {"pear", "apple", "fig"};
	int n = argc > 1 ? atoi(argv[1]) : 3;

	for (int i = 0; i < n; i++) {
		sink += lookup("hello");
		qsort(v, 3, sizeof v[0], cmp);
	}
	printf("%lu\n", sink);
	return 0;
}
