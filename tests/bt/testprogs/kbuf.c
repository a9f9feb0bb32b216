// kbuf: passes probe() a buffer whose 32-bit word at byte offset i holds
// i, so a member read through a cast of it, ((struct task_struct
// *)arg0)->pid, gives the member's offset in the layout the tracer took.
#include <stdint.h>

static uint32_t buf[4096];

__attribute__((noinline)) void probe(uint32_t *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

int main(void)
{
	for (int i = 0; i < 4096; i++)
		buf[i] = i * 4;
	probe(buf);
	return 0;
}
