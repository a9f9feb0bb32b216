/* container.c: the target of container_test.go, run chrooted at /app/prog.
 * It prints "ready PID" (its pid as its own namespace sees it), then for
 * every i: "add I J" for each call add(I, J) and "strtol I" for each call
 * to libc's strtol on the text of I; the USDT probe app:add has the
 * arguments of add. */
#include <sys/sdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) int add(int a, int b) {
	DTRACE_PROBE2(app, add, a, b);
	return a + b;
}

int main(void) {
	char buf[32];
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("ready %d\n", (int)getpid());
	for (int i = 0;; i++) {
		int j = 3 * i + 1;
		add(i, j);
		printf("add %d %d\n", i, j);
		snprintf(buf, sizeof buf, "%d", i);
		long v = strtol(buf, NULL, 10);
		printf("strtol %ld\n", v);
		usleep(10000);
	}
}
