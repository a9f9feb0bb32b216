// Calls lto_a.c's scale from two functions; twice is flattened, so that
// gcc's LTO inlines scale into it from the other unit (clang's ThinLTO
// imports it into main's module).
#include <stdio.h>

extern int calls;
int scale(int x, int k);

__attribute__((noinline, flatten)) int twice(int v)
{
	return scale(v, 2) + scale(v + 1, 3);
}

int main(int argc, char **argv)
{
	int sum = 0;

	(void)argv;
	for (int i = 0; i < 3; i++)
		sum += twice(argc + i);
	sum += scale(argc, 7);
	printf("sum=%d calls=%d\n", sum, calls);
	return 0;
}
