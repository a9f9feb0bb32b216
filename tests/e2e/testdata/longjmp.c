// longjmp leaves frames with return probes (TestReturnThroughLongjmp).
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;
int depth;

__attribute__((noinline)) int leaf(int x) {
	depth++;
	if (x % 4 == 0)
		longjmp(env, x);
	return x + 100;
}

__attribute__((noinline)) int mid(int x) {
	int r = leaf(x);
	fprintf(stderr, "self: leaf = %d depth = %d\n", r, depth);
	return r * 2 + depth;
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 8;
	for (volatile int i = 1; i <= n; i++) {
		if (setjmp(env)) {
			fprintf(stderr, "jumped %d\n", i);
			continue;
		}
		int r = mid(i);
		fprintf(stderr, "self: mid = %d depth = %d\n", r, depth);
	}
	fprintf(stderr, "done\n");
	return 0;
}
