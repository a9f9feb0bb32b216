// Calls the USDT probe of libusdt.so: usdtmain [ROUNDS] (0: for ever, 20ms apart).
#include <stdlib.h>
#include <unistd.h>

int lib_hit(int n, const char *what);

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 3;
	static const char *words[] = {"alpha", "beta", "gamma"};
	for (long i = 0; rounds == 0 || i < rounds; i++) {
		lib_hit((int)i * 7, words[i % 3]);
		if (rounds == 0)
			usleep(20000);
	}
	return 0;
}
