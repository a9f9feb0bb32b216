// macaddr.c: a struct with a MAC address after a pointer, as bpftrace's
// complex_struct has it; the target prints the address itself.
#include <stdio.h>

struct nic {
	const char *name;
	unsigned char mac[6];
	short mtu;
};

__attribute__((noinline)) int nic_up(struct nic *n) { return n->mtu; }

int main(void) {
	struct nic n = {"eth0", {0x05, 0x04, 0x03, 0x02, 0xa1, 0xfe}, 1500};
	printf("target: %02X:%02X:%02X:%02X:%02X:%02X\n", n.mac[0], n.mac[1], n.mac[2], n.mac[3], n.mac[4], n.mac[5]);
	fflush(stdout);
	return nic_up(&n) == 1500 ? 0 : 1;
}
