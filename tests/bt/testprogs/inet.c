// inet: passes IPv4 addresses (struct in_addr's s_addr, network order) to
// visit and prints each as inet_ntop does, so that a case can compare
// ntop's text with the C library's.
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) void visit(uint32_t addr)
{
	char text[INET_ADDRSTRLEN];
	struct in_addr in = {.s_addr = addr};
	printf("visit %s\n", inet_ntop(AF_INET, &in, text, sizeof text));
}

int main(void)
{
	static const char *addrs[] = {"127.0.0.1", "10.1.2.3", "192.168.200.254", "0.0.0.0", "255.255.0.1"};
	for (unsigned i = 0; i < sizeof addrs / sizeof addrs[0]; i++) {
		struct in_addr in;
		inet_pton(AF_INET, addrs[i], &in);
		visit(in.s_addr);
	}
	return 0;
}
