/* One function per class of instruction the kernel emulates in a uprobe
   (sema's kernelEmulates), each starting with that instruction, and one
   starting with a mov, which the kernel single-steps. main times calls
   to each and prints "name ns-per-call stepped", where stepped says
   whether the process has the kernel's out-of-line area ("[uprobes]" in
   /proc/self/maps) after calling it: the kernel maps it at the first
   instruction it single-steps (get_xol_area), and never for an emulated
   one. c_mov comes last, so the first class that is single-stepped is
   the first that says 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int stepped(void) {
	char line[512];
	int found = 0;
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f))
		if (strstr(line, "[uprobes]"))
			found = 1;
	fclose(f);
	return found;
}

#define F(name) ".globl " #name "\n.type " #name ",@function\n" #name ": "
#define S(name) ".size " #name ",.-" #name "\n"

__asm__(
    ".text\n"
    "c_leaf: ret\n"
    F(c_push) "push %rbx\n pop %rbx\n ret\n" S(c_push)
    F(c_push_r12) "push %r12\n pop %r12\n ret\n" S(c_push_r12)
    F(c_nop) "nop\n ret\n" S(c_nop)
    F(c_nop2) ".byte 0x66, 0x90\n ret\n" S(c_nop2)
    F(c_nop4) ".byte 0x0f, 0x1f, 0x40, 0x00\n ret\n" S(c_nop4)
    F(c_nop6) ".byte 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00\n ret\n" S(c_nop6)
    F(c_jmp) "jmp 1f\n1: ret\n" S(c_jmp)
    F(c_jmp32) ".byte 0xe9, 0, 0, 0, 0\n ret\n" S(c_jmp32)
    F(c_jcc) "jne 1f\n1: ret\n" S(c_jcc)
    F(c_jcc32) ".byte 0x0f, 0x85, 0, 0, 0, 0\n ret\n" S(c_jcc32)
    F(c_call) "call c_leaf\n ret\n" S(c_call)
    F(c_mov) "mov %rdi, %rax\n ret\n" S(c_mov));

void c_push(void), c_push_r12(void), c_nop(void), c_nop2(void), c_nop4(void), c_nop6(void),
    c_jmp(void), c_jmp32(void), c_jcc(void), c_jcc32(void), c_call(void), c_mov(void);

static struct {
	const char *name;
	void (*f)(void);
} fns[] = {
	{"c_push", c_push}, {"c_push_r12", c_push_r12}, {"c_nop", c_nop}, {"c_nop2", c_nop2},
	{"c_nop4", c_nop4}, {"c_nop6", c_nop6}, {"c_jmp", c_jmp}, {"c_jmp32", c_jmp32},
	{"c_jcc", c_jcc}, {"c_jcc32", c_jcc32}, {"c_call", c_call}, {"c_mov", c_mov},
};

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 2000;
	for (unsigned i = 0; i < sizeof fns / sizeof fns[0]; i++) {
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		for (int j = 0; j < n; j++)
			fns[i].f();
		clock_gettime(CLOCK_MONOTONIC, &b);
		double ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
		printf("%s %.0f %d\n", fns[i].name, ns / n, stepped());
	}
	return 0;
}
