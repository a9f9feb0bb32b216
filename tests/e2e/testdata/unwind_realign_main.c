/* The callers of unwind_realign.c's mid, with frames of their own and no
 * frame pointer (built -O2 -fomit-frame-pointer). */
extern volatile unsigned long sink;
unsigned mid(int n, ...);

__attribute__((noinline)) unsigned outer(int x)
{
	volatile char buf[64];

	buf[0] = (char)x;
	sink += mid(buf[0], 2, 3);
	return buf[0] + 1;
}

int main(int argc, char **argv)
{
	unsigned r = 0;

	(void)argv;
	for (int i = 0; i < argc + 1; i++)
		r += outer(i);
	return (int)(r & 1);
}
