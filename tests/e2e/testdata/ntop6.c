// ntop6.c: prints inet_ntop(AF_INET6, inet_pton(AF_INET6, arg)) of each
// argument, the C library's text for the IPv6 addresses gs folds.
#include <arpa/inet.h>
#include <stdio.h>

int main(int argc, char **argv) {
	for (int i = 1; i < argc; i++) {
		unsigned char a[16];
		char text[INET6_ADDRSTRLEN];
		if (inet_pton(AF_INET6, argv[i], a) != 1 || !inet_ntop(AF_INET6, a, text, sizeof text))
			return 1;
		printf("%s\n", text);
	}
	return 0;
}
