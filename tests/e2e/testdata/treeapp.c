// A program that -c's process tree runs (TestCommandTree): each call of
// add prints its arguments and the global first. "fork" forks once
// before the calls, so both processes call add; a delay in microseconds
// spaces the calls.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int g = 40;

__attribute__((noinline)) int add(int a, int b) { return a + b + g; }

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	int fork_once = argc > 2 && strcmp(argv[2], "fork") == 0;
	int delay = argc > 3 ? atoi(argv[3]) : 0;
	pid_t child = fork_once ? fork() : -1;
	int sum = 0;
	g += getpid() % 7;
	for (int i = 0; i < n; i++) {
		fprintf(stderr, "self: pid %d a=%d b=%d g=%d\n", getpid(), i, n, g);
		sum += add(i, n);
		if (delay)
			usleep(delay);
	}
	if (child > 0)
		waitpid(child, NULL, 0);
	return sum == -1;
}
