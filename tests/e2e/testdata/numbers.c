// numbers is the target of tests/e2e/numbers_test.go: unsigned narrow
// fields, and functions whose results need their DWARF type to read right
// (a negative int, a bool, an unsigned char, a short, a 128-bit integer,
// a double, a float). It prints what it knows itself ("self: ...") to
// stderr. argv[1] is added to every input, so that no compiler folds them.
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// gcc's IPA would otherwise see what each function reads and returns, and
// store or pass only that.
#ifdef __clang__
#define NOIPA __attribute__((noinline))
#else
#define NOIPA __attribute__((noipa))
#endif

struct narrow {
	uint8_t a : 7;
	unsigned char e : 8;
	uint8_t d;
	signed char s;
	int8_t t : 5;
};

NOIPA int take(struct narrow *n, uint8_t d) { return n->a + d + n->s; }
NOIPA int neg(int x) { return x - 1; }
NOIPA bool is_zero(int x) { return x == 0; }
NOIPA unsigned char uchar(int x) { return 151 + x; }
NOIPA short sneg(int x) { return -300 - x; }
NOIPA __int128 wide(int x) { return ((__int128)(x + 7) << 64) | (unsigned)(x + 5); }
NOIPA double ratio(int a, int b) { return (double)a / b; }
NOIPA float fratio(int a, int b) { return (float)a / b; }
NOIPA double scale(double x, int n) { return x * n; }

struct pair { int a; long b; };      /* INTEGER, INTEGER: rax, rdx */
struct big { long x[3]; };           /* MEMORY: the caller's buffer, at rax */
struct mixed { double d; long n; };  /* SSE, INTEGER: xmm0, rax */
NOIPA struct pair mkpair(int x) { struct pair p = {x - 2, 1L << 40}; return p; }
NOIPA struct big mkbig(int x) { struct big b = {{x + 1, x + 2, x + 3}}; return b; }
NOIPA struct mixed mkmixed(int x) { struct mixed m = {x + 0.5, x + 9}; return m; }

int main(int argc, char **argv) {
	int z = argc > 1 ? atoi(argv[1]) : 0;
	struct narrow n = {100, 250, 200, -3, -5};
	n.a += z;
	n.d += z;
	int r = take(&n, n.d);
	fprintf(stderr, "self: a=%d e=%d d=%d s=%d t=%d\n", n.a, n.e, n.d, n.s, n.t);
	int v1 = neg(z), v2 = is_zero(z), v3 = uchar(z), v4 = sneg(z);
	fprintf(stderr, "self: take=%d neg=%d is_zero=%d uchar=%d sneg=%d\n", r, v1, v2, v3, v4);
	__int128 w = wide(z);
	double q = ratio(z + 1, 4);
	float f = fratio(z + 3, 4);
	double sc = scale(z + 1.5, z + 3);
	struct pair p = mkpair(z);
	struct big b = mkbig(z);
	struct mixed m = mkmixed(z);
	fprintf(stderr, "self: pair=%d,%ld big=%ld,%ld,%ld mixed=%g,%ld\n", p.a, p.b, b.x[0], b.x[1], b.x[2], m.d, m.n);
	fprintf(stderr, "self: wide_hi=%lld wide_lo=%lld ratio=%g fratio=%g scale=%g\n", (long long)(w >> 64), (long long)w, q, f, sc);
	return 0;
}
