// signals: for each signal number 0 to 64, calls show(n) and prints
// "want N TEXT" with glibc's strsignal(n), for signal_name().
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) void show(int n)
{
	__asm__ volatile("" ::: "memory");
}

int main(void)
{
	for (int n = 0; n <= 64; n++) {
		show(n);
		printf("want %d %s\n", n, strsignal(n));
	}
	return 0;
}
