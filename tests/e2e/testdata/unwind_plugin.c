/* The library unwind_dlopen.c loads: plug_run has a frame of its own and
 * calls back through a pointer. */
volatile unsigned long plug_sink;

__attribute__((noinline)) unsigned plug_run(unsigned (*cb)(int), int n)
{
	volatile char buf[96];

	buf[0] = (char)n;
	plug_sink += buf[0];
	return cb(buf[0]) * 2 + buf[0];
}
