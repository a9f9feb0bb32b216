#include <stdio.h>
#include <stdlib.h>

/* Shapes of a function's first instructions, written in assembly so the
   compiler cannot change them. */
__asm__(
    ".text\n"
    /* mov, then push: the probe moves to the push. */
    ".globl movpush\n.type movpush,@function\nmovpush:\n"
    "  mov %rdi, %rax\n  push %rbx\n  mov %rsi, %rbx\n  add %rbx, %rax\n  pop %rbx\n  ret\n"
    ".size movpush,.-movpush\n"
    /* the skipped lea overwrites arg0 (rdi) */
    ".globl clobber\n.type clobber,@function\nclobber:\n"
    "  lea 100(%rdi), %rdi\n  push %rbx\n  mov %rdi, %rax\n  add %rsi, %rax\n  pop %rbx\n  ret\n"
    ".size clobber,.-clobber\n"
    /* the first emulated instruction is a loop head: xor, then nop at a branch target */
    ".globl loophead\n.type loophead,@function\nloophead:\n"
    "  xor %eax, %eax\n1:\n  nop\n  add %rdi, %rax\n  dec %rdi\n  jnz 1b\n  ret\n"
    ".size loophead,.-loophead\n"
    /* sub rsp first: a uretprobe cannot move, a uprobe can */
    ".globl subpush\n.type subpush,@function\nsubpush:\n"
    "  sub $8, %rsp\n  push %rbx\n  lea (%rdi,%rsi), %rax\n  pop %rbx\n  add $8, %rsp\n  ret\n"
    ".size subpush,.-subpush\n");

long movpush(long a, long b);
long clobber(long a, long b);
long loophead(long n);
long subpush(long a, long b);

struct pt { long x, y; };

/* gcc -O2: starts with loads/arith before the first push or jcc */
__attribute__((noinline)) long norm(struct pt *p, long k) {
	long s = p->x * k + p->y;
	if (s > 1000)
		s = norm(p + 0, k - 1) + 1;
	return s;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	long t = 0;
	for (int i = 1; i <= n; i++) {
		struct pt p = {i, 2 * i};
		printf("movpush(%d, %d) = %ld\n", i, 10 * i, movpush(i, 10 * i));
		printf("clobber(%d, %d) = %ld\n", i, 20 * i, clobber(i, 20 * i));
		printf("loophead(%d) = %ld\n", i, loophead(i));
		printf("subpush(%d, %d) = %ld\n", i, 30 * i, subpush(i, 30 * i));
		printf("norm(x=%ld, k=%d) = %ld\n", p.x, 5 * i, norm(&p, 5 * i));
		t += i;
	}
	return t == 0;
}
