/* Targets of the placement benchmark (bench/placement.go).
 *
 *   placement N      calls stepfirst, pushfirst and retfirst N times each,
 *                    in alternating blocks, and prints "pair_ns A B C" (ns a
 *                    call)
 *
 * stepfirst starts with instructions the kernel single-steps (mov, lea)
 * and reaches a push two instructions in; pushfirst starts with the push;
 * retfirst (mov; add; ret) returns before any emulated instruction, so only
 * a probe on its call helps. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define F(name) ".globl " #name "\n.type " #name ",@function\n" #name ": "
#define S(name) ".size " #name ",.-" #name "\n"

__asm__(".text\n"
	F(stepfirst) "mov %rdi, %rax\n lea 1(%rsi), %rdx\n push %rbx\n mov %rdx, %rbx\n add %rbx, %rax\n pop %rbx\n ret\n" S(stepfirst)
	F(pushfirst) "push %rbx\n mov %rdi, %rax\n lea 1(%rsi), %rbx\n add %rbx, %rax\n pop %rbx\n ret\n" S(pushfirst)
	F(retfirst) "mov %rdi, %rax\n add %rsi, %rax\n ret\n" S(retfirst));

long stepfirst(long, long), pushfirst(long, long), retfirst(long, long);

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 100000, sink = 0;
	double a = 0, b = 0, c = 0;
	for (long done = 0; done < n; done += 1000) {
		double t0 = now();
		for (int i = 0; i < 1000; i++)
			sink += stepfirst(i, done);
		double t1 = now();
		for (int i = 0; i < 1000; i++)
			sink += pushfirst(i, done);
		double t2 = now();
		for (int i = 0; i < 1000; i++)
			sink += retfirst(i, done);
		double t3 = now();
		a += t1 - t0;
		b += t2 - t1;
		c += t3 - t2;
	}
	fprintf(stderr, "pair_ns %.1f %.1f %.1f\n", a / n, b / n, c / n);
	return sink == 42;
}
