// A library built with -ftls-model=initial-exec: its GOT holds thread
// pointer offsets (R_X86_64_TPOFF64), not module ids.
#include "tlslib.h"

static __thread long tlsc_var = 13;

void tlsc_set(long v) { tlsc_var = v; }
long tlsc_get(void) { return tlsc_var; }
void *tlsc_addr(void) { return &tlsc_var; }
