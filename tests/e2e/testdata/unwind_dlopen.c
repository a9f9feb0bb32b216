/* Loads the library argv[1] names after it starts (gs is tracing by
 * then), waits a moment (gs adds a library's unwind table within a tick
 * of its mapping), and calls back into cb through the library's
 * plug_run, which has a frame without rbp (built -O2
 * -fomit-frame-pointer). */
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

volatile unsigned long sink;

__attribute__((noinline)) unsigned cb(int x)
{
	volatile int v = x;
	sink += v;
	return v + 1;
}

int main(int argc, char **argv)
{
	unsigned (*run)(unsigned (*)(int), int);
	void *h;
	unsigned r = 0;

	if (argc < 2 || !(h = dlopen(argv[1], RTLD_NOW))) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 2;
	}
	run = (unsigned (*)(unsigned (*)(int), int))dlsym(h, "plug_run");
	usleep(500000);
	for (int i = 0; i < 3; i++)
		r += run(cb, i);
	return (int)(r & 1);
}
