// tuples.c is the target of TestBpftraceTuples: it calls pair(a, name)
// for a few values and prints to stderr what the probe's tuples hold for
// each call, in the shapes gs prints them.
#include <stdio.h>

__attribute__((noinline)) long pair(long a, const char *name) {
	__asm__ volatile("" : : "r"(name) : "memory"); // name is passed, also at -O2
	return a * 2;
}

int main(void) {
	static const long as[] = {3, -7, 12, 40};
	static const char *names[] = {"bob", "alice", "x", "a-longer-name"};
	long total = 0;
	for (unsigned i = 0; i < sizeof as / sizeof as[0]; i++) {
		long a = as[i];
		fprintf(stderr, "(%ld, %s, (%ld, %ld))\n", a, names[i], a * 2, -a);
		fprintf(stderr, "t %ld %s %ld %ld\n", a, names[i], a * 2, -a);
		fprintf(stderr, "@m[%ld, %s]: %ld\n", a, names[i], a * 2);
		fprintf(stderr, "@v[%ld]: (%s, %ld)\n", a, names[i], -a);
		fprintf(stderr, "v %ld %s %ld\n", a, names[i], -a);
		total += pair(a, names[i]);
	}
	return total == 12345 ? 1 : 0;
}
