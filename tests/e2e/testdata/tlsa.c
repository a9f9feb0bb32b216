// A library whose only thread-local variable has default visibility: its
// module id is in the variable's own tls_index in the GOT.
#include "tlslib.h"

__thread long tlsa_var = 11;

void tlsa_set(long v) { tlsa_var = v; }
long tlsa_get(void) { return tlsa_var; }
void *tlsa_addr(void) { return &tlsa_var; }
