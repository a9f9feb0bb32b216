/* Target of the USDT benchmark (bench/usdt.go).
 *
 *   usdt N      calls site and pushfirst N times each, in alternating
 *               blocks, and prints "pair_ns A B" (ns a call)
 *
 * site holds a USDT probe (a NOP, which the kernel emulates) with its
 * argument in a register; pushfirst starts with a push, which the kernel
 * emulates too: a uprobe on it costs what a uprobe on an emulated
 * instruction costs. */
#include <sys/sdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define F(name) ".globl " #name "\n.type " #name ",@function\n" #name ": "
#define S(name) ".size " #name ",.-" #name "\n"

__asm__(".text\n"
	F(pushfirst) "push %rbx\n mov %rdi, %rax\n lea 1(%rsi), %rbx\n add %rbx, %rax\n pop %rbx\n ret\n" S(pushfirst));

long pushfirst(long, long);

__attribute__((noinline)) long site(long a, long b)
{
	DTRACE_PROBE1(bench, hit, a);
	return a + b + 1;
}

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 100000, sink = 0;
	double a = 0, b = 0;
	for (long done = 0; done < n; done += 1000) {
		double t0 = now();
		for (int i = 0; i < 1000; i++)
			sink += site(i, done);
		double t1 = now();
		for (int i = 0; i < 1000; i++)
			sink += pushfirst(i, done);
		double t2 = now();
		a += t1 - t0;
		b += t2 - t1;
	}
	fprintf(stderr, "pair_ns %.1f %.1f\n", a / n, b / n);
	return sink == 42;
}
