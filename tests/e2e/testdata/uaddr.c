// uaddr.c: globals of 1, 2, 4, 8 and 16 bytes that uaddr() finds by their
// ELF symbols; the target prints their values and addresses itself.
#include <stdint.h>
#include <stdio.h>

uint8_t g_u8 = 0xab;
int16_t g_s16 = -2;
int g_int = 0x55555555;
uint64_t g_u64 = 0x1122334455667788ull;
char g_text[16] = "uaddr text";

__attribute__((noinline)) int uaddr_hit(int x) { return x + g_int; }

int main(void) {
	printf("target: u8=0x%x s16=0x%x int=0x%x u64=0x%llx text=%s at=0x%llx,0x%llx\n", g_u8, (uint16_t)g_s16, g_int,
	       (unsigned long long)g_u64, g_text, (unsigned long long)(uintptr_t)&g_int, (unsigned long long)(uintptr_t)&g_u64);
	fflush(stdout);
	return uaddr_hit(1) & 1;
}
