#include <stdio.h>
#include <stdlib.h>

/* Functions that return before any instruction the kernel emulates, so
   that no placement helps their entry probe (TestCallSites). asmleaf is
   written in assembly so that every compiler and -O level keeps it so;
   leaf is too at -O2 (lea; add; ret). taken has its address taken as well:
   its entry probe must stay. */
__asm__(".text\n"
	".type asmleaf,@function\nasmleaf:\n  mov %rdi, %rax\n  add %rsi, %rax\n  ret\n.size asmleaf,.-asmleaf\n");
long asmleaf(long a, long b);

#ifdef __clang__
#define NOIPA __attribute__((noinline))
#else
#define NOIPA __attribute__((noinline, noipa))
#endif

NOIPA static long leaf(long a, long b) { return a * 3 + b; }
NOIPA static long taken(long a, long b) { return a * 5 + b; }
/* at -O2 a tail call: mov $7, %esi; jmp leaf */
NOIPA static long viatail(long x) { return leaf(x, 7); }
struct pt { long x, y; };
/* -O2: mov 8(%rdi), %rax; add (%rdi), %rax; ret */
NOIPA static long pleaf(struct pt *p) { return p->x + p->y; }
/* g is passed on the stack (many is extern, so that clang keeps the ABI):
   at the entry its location is relative to the stack pointer, which
   differs at the call */
NOIPA long many(long a, long b, long c, long d, long e, long f, long g) { return a + g; }
long gcount;

long (*volatile fp)(long, long) = taken;

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	long s = 0;
	for (int i = 1; i <= n; i++) {
		long r = leaf(i, 10 * i);
		printf("leaf %d %d = %ld\n", i, 10 * i, r);
		r = leaf(i + 100, 2);
		printf("leaf %d %d = %ld\n", i + 100, 2, r);
		printf("leaf %d %d = %ld\n", i, 7, viatail(i));
		r = asmleaf(i, 3 * i);
		printf("asmleaf %d %d = %ld\n", i, 3 * i, r);
		struct pt pt = {i, 4 * i};
		r = pleaf(&pt);
		printf("pleaf %d %d = %ld\n", i, 4 * i, r);
		r = many(i, 0, 0, 0, 0, 0, 9 * i);
		printf("many %d %d = %ld\n", i, 9 * i, r);
		gcount++;
		r = taken(i, 1);
		printf("taken %d %d = %ld\n", i, 1, r);
		r = fp(i, 2);
		printf("taken %d %d = %ld\n", i, 2, r);
		s += r;
	}
	return s == 42;
}
