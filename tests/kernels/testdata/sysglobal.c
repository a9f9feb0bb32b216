// Target for the kernel matrix's system-wide case: a PIE whose own global
// gs reads from a probe attached before the process started (on 6.1, with
// no bpf_get_func_ip in uprobes, the bias comes from the bias probe at the
// entry point alone). It prints, as "want: LINE", what print(g) at each
// entry of add must print.
#include <stdio.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

int g = 42;
volatile int sink;

NOINLINE int add(int a)
{
	return a + g++;
}

int main(void)
{
	for (int i = 0; i < 3; i++) {
		fprintf(stderr, "want: g = %d\n", g);
		sink += add(i);
	}
	return 0;
}
