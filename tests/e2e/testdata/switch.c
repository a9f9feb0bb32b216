#include <stdio.h>
#include <stdlib.h>

/* Switches compiled to jump tables (gcc and clang -O2, PIE or not). */

/* A bytecode loop. Ops 2 and 4 go round again: with gcc their table
   entries are the loop head, a few instructions past the entry and
   before the first instruction the kernel emulates, and no other branch
   goes there. A probe on run must stay at the entry, or it would fire
   once per op instead of once per call. */
__attribute__((noinline)) long run(const int *ops, long acc) {
	acc = acc * 7 + 1;
	for (;;) {
		switch (*ops++) {
		case 0: return acc + 13;
		case 1: return acc + 11;
		case 2: continue;
		case 3: return acc - 7;
		case 4: continue;
		case 5: return acc << 2;
		case 6: return -acc;
		case 7: return acc / 5;
		default: return acc;
		}
	}
}

/* A switch first thing: the probe may move past the compare to the bound
   check's jcc, since no case starts there. */
__attribute__((noinline)) long op(int code, long a, long b) {
	switch (code) {
	case 0: return a + b;
	case 1: return a - b;
	case 2: return a * b;
	case 3: return a & b;
	case 4: return a | b;
	case 5: return a ^ b;
	case 6: return a << (b & 7);
	case 7: return a % (b | 1);
	}
	return -1;
}

int main(int argc, char **argv) {
	static const int last[] = {0, 1, 3, 5, 6, 7, 8};
	int n = argc > 1 ? atoi(argv[1]) : 3;
	int ops[8];
	for (int i = 1; i <= n; i++) {
		int k = 0;
		for (int j = 0; j < i % 5 + 1; j++)
			ops[k++] = j % 2 ? 2 : 4;
		ops[k++] = last[i % 7];
		printf("run(%d ops, %d) = %ld\n", k, 100 * i, run(ops, 100 * i));
		printf("op(%d, %d, %d) = %ld\n", i % 9, 10 * i, i + 2, op(i % 9, 10 * i, i + 2));
	}
	return 0;
}
