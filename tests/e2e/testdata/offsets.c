// A C target for gs -lv at FUNC+OFF: walk's parameters and locals live
// in other places, or nowhere, as its code runs. gs's listing at each
// instruction is compared with gdb's at a breakpoint there.
#include <stdio.h>

__attribute__((noinline)) int sink(int v) {
	__asm__ volatile("" : : "r"(v));
	return v + 1;
}

__attribute__((noinline)) int walk(int x, int y) {
	int a = sink(x * 3);
	int b = sink(a + y);
	return sink(b);
}

int main(void) {
	int s = 0;
	for (int i = 0; i < 2; i++)
		s += walk(i, 10 + i);
	printf("%d\n", s);
	return 0;
}
