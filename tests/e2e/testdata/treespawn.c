// Forks and execs ./app, directly and through a grandchild
// (TestCommandTree).
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t run(char *n) {
	pid_t p = fork();
	if (p == 0) {
		execl("./app", "./app", n, (char *)NULL);
		_exit(127);
	}
	return p;
}

int main(void) {
	pid_t a = run("2");
	pid_t b = fork();
	if (b == 0) { // a child that runs a grandchild
		pid_t c = run("3");
		waitpid(c, NULL, 0);
		_exit(0);
	}
	waitpid(a, NULL, 0);
	waitpid(b, NULL, 0);
	return 0;
}
