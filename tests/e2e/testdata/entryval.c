// A C target for gs's entry values past a function's entry: at -O2, pick's
// x lives in rdi only until the first call, after which DWARF says
// DW_OP_entry_value(rdi); main's call sites pass constants (1 and 2), and
// a call through a pointer passes a value no call site describes. The
// test compares gs with gdb at the marked line.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int sink(int v) {
	__asm__ volatile("" : : "r"(v));
	return v + 1;
}

__attribute__((noinline)) int pick(int x, int y) {
	int a = sink(y * 3);
	int b = sink(a + y); // AFTER_LINE
	return sink(b) + a;
}

int (*volatile via)(int, int) = pick;

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 1;
	int s = 0;
	for (int i = 0; i < n; i++) {
		s += pick(1, i);
		s += pick(2, i + 10);
		s += via(7, i);
	}
	printf("%d\n", s);
	return 0;
}
