/* mid realigns its stack through a DRAP register (gcc -O0 -mavx
 * -mstackrealign, for its 64-byte aligned array, its alloca and its
 * variadic arguments): its CFA is a DWARF expression, *(rbp - 8), and its caller's
 * rbp is at rbp + 0. Its callers, in unwind_realign_main.c, are built
 * without frame pointers. */
#include <stdarg.h>

volatile unsigned long sink;

__attribute__((noinline)) unsigned leaf(int x)
{
	volatile int v = x;
	return v + 1;
}

__attribute__((noinline)) unsigned mid(int n, ...)
{
	volatile int a[16] __attribute__((aligned(64)));
	char *p = __builtin_alloca(n + 8);
	va_list ap;

	va_start(ap, n);
	p[0] = (char)va_arg(ap, int);
	a[0] = n + p[0];
	va_end(ap);
	return leaf(a[0]) * 3 + a[0];
}
