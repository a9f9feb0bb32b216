// show() receives a pointer into a page of .rodata that nothing has read
// yet: a uprobe at its entry must still read the string (the kernel has to
// fault the page in, which only a sleepable probe may do).
#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

const char big[1 << 20] = { [512 * 1024] = 'f', 'a', 'r', ' ', 'a', 'w', 'a', 'y' };

NOINLINE int show(const char *s)
{
	return s[0];
}

int main(void)
{
	return show(big + 512 * 1024) != 'f';
}
