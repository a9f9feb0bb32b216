// A C target whose file statics an optimizing compiler keeps no storage
// for: hidden is folded into work's code, written is stored to but never
// read. gs's print of them is compared with gdb's at the marked line.
#include <stdio.h>

static int hidden = 7;
static int written;
int kept = 3; // a global with storage, for contrast

__attribute__((noinline)) int work(int x) {
	written = x;
	return x + hidden + kept; // WORK_LINE
}

int main(void) {
	for (int i = 0; i < 2; i++)
		printf("%d\n", work(i));
	return 0;
}
