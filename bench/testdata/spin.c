/* The target of bench -only interactive: calls f every 100 us until killed. */
#include <unistd.h>

long sink;

__attribute__((noinline)) long f(long i) { sink += i; return i * 3 + 1; }

int main(void) {
	for (long i = 0;; i++) {
		sink += f(i);
		usleep(100);
	}
}
