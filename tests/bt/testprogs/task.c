/* task: prints its pid, parent's pid and name, then calls show(), where a
 * uprobe reads curtask's fields (tests/bt/testdata/builtins.txt). */
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

__attribute__((noinline)) void show(int pid) { __asm__ volatile("" ::"r"(pid)); }

int main(void) {
	char name[16] = {0};
	prctl(PR_GET_NAME, name);
	printf("want %d %d %s\n", getpid(), getppid(), name);
	fflush(stdout);
	show(getpid());
	return 0;
}
