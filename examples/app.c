// The demo target: calls add() n times (default 3) and exits.
//
//	make demo
//	bin/gs -c 'bin/app 3' -e 'uprobe:bin/app:add < print(a) >'
#include <stdlib.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

NOINLINE int add(int a, int b)
{
	return a + b;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	long total = 0;

	for (int i = 0; i < n; i++)
		total += add(i, 10 * i);
	return total < 0; /* silent, so only gs's output shows */
}
