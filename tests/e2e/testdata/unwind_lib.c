// The leaf of unwind.c's call chain: linked into the executable, or built
// as a shared library.
#include <string.h>

unsigned long sink;

__attribute__((noinline)) unsigned djb(const char *s)
{
	unsigned h = 5381;
	while (*s)
		h = h * 33 + *s++;
	sink += h;
	return h;
}

__attribute__((noinline)) unsigned lookup(const char *k)
{
	unsigned h = djb(k);
	return h % 97 + strlen(k);
}
