// The split DWARF test's second compilation unit (see split.c).
#define NOINLINE __attribute__((noinline, noipa))

volatile long lib_calls;

NOINLINE long lib_sum(const char *label, int k, char tag)
{
	lib_calls++;
	return label[0] + k + tag;
}
