/* dlopens argv[1] (libmodplug.so) after a pause and calls plug_run three
 * times, printing both libraries' globals before each call. */
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2)
		return 2;
	usleep(200000);
	void *h = dlopen(argv[1], RTLD_NOW);
	if (!h) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 1;
	}
	long (*run)(long) = (long (*)(long))dlsym(h, "plug_run");
	long *plug = dlsym(h, "plug_value"), *value = dlsym(h, "mod_value");
	if (!run || !plug || !value)
		return 1;
	for (long i = 1; i <= 3; i++) {
		printf("plug=%ld value=%ld\n", *plug, *value);
		run(i * (getpid() % 89 + 1));
	}
	return 0;
}
