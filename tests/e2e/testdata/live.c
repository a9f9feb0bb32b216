/* A target for gs -i: it runs until killed, and prints the values its
 * probes read (the ground truth), one line a call. */
#include <stdio.h>
#include <unistd.h>

long total;

__attribute__((noinline)) int tick(int seq, int val)
{
	int sq = val * 3 + 1;
	total += sq;
	printf("tick seq=%d val=%d sq=%d\n", seq, val, sq);
	return sq;
}

__attribute__((noinline)) long tock(int seq, long w)
{
	printf("tock seq=%d w=%ld\n", seq, w);
	return w + 1;
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int seq = 0;; seq++) {
		tick(seq, (seq * 37) % 101);
		tock(seq, (long)seq * 1000 + 7);
		usleep(4000);
	}
}
