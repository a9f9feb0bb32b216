// The libraries of tls.c: tlsa.c (a default-visibility variable only),
// tlsb.c (a static one) and tlsc.c (initial-exec).
void tlsa_set(long v);
long tlsa_get(void);
void *tlsa_addr(void);
void tlsb_set(long v);
int tlsb_get(void);
void *tlsb_addr(void);
void tlsc_set(long v);
long tlsc_get(void);
void *tlsc_addr(void);
