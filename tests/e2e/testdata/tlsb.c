// A library with a static thread-local variable (local-dynamic access: a
// GOT slot with the module's own id). tls.c also dlopens a copy of it.
#include "tlslib.h"

static __thread int tlsb_var = 12;

__attribute__((noinline)) void tlsb_set(long v)
{
	tlsb_var = (int)v;
	__asm__ volatile("" : : : "memory");
}
int tlsb_get(void) { return tlsb_var; }
void *tlsb_addr(void) { return &tlsb_var; }
