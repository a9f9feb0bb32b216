// calls: calls add, greet and scale a given number of times (default 3),
// printing what each call was given and returned, so that a case can
// expect the same values from the probes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct point {
	int x, y;
	char name[16];
	short hist[3];
};

__attribute__((noinline)) int add(int a, int b)
{
	return a + b;
}

__attribute__((noinline)) void greet(const char *who, int times)
{
	printf("greet(%s, %d)\n", who, times);
	printf("strlen(%s) = %zu, strerror(%d) = %s, strerror(%d) = %s\n", who, strlen(who), times, strerror(times),
	       times + 1000, strerror(times + 1000));
}

// dump prints n bytes at p as bpftrace's %r does (hex: %rx): printable
// ASCII as it is, other bytes as \xNN.
static void dump(const void *p, size_t n, int hex)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = ((const unsigned char *)p)[i];
		if (!hex && c >= 0x20 && c < 0x7f)
			putchar(c);
		else
			printf("\\x%02x", c);
	}
}

__attribute__((noinline)) long scale(struct point *p, long k)
{
	printf("buf ");
	dump(p->name, 8, 0);
	printf("|");
	dump(p, 8, 1);
	printf("\n");
	return (p->x + p->y) * k;
}

// wide prints v as printf's integer conversions cut it: the casts are
// the types C's printf reads for %hhx, %hx, %x, %d and %u.
__attribute__((noinline)) long wide(long v)
{
	printf("wide %hhx %hx %x %lx %llx %d %u %ld %hhd\n", (unsigned char)v, (unsigned short)v, (unsigned)v,
	       (unsigned long)v, (unsigned long long)v, (int)v, (unsigned)v, v, (signed char)v);
	return v;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	static const char *names[] = {"alice", "bob", "carol"};
	struct point p = {2, 5, "origin", {0}};
	for (int i = 0; i < n; i++) {
		int r = add(i, 10 * i);
		printf("add(%d, %d) = %d\n", i, 10 * i, r);
		printf("bswap32(%d) = %x, bswap16(%d) = %x\n", 10 * i, __builtin_bswap32(10 * i), 10 * i,
		       __builtin_bswap16(10 * i));
		greet(names[i % 3], i);
		p.x = i;
		for (int j = 0; j < 3; j++)
			p.hist[j] = (short)(i * (j + 1) - 1);
		printf("hist(%d) = [%d,%d,%d]\n", i, p.hist[0], p.hist[1], p.hist[2]);
		printf("scale(%d, %d, %d) = %ld\n", p.x, p.y, i + 1, scale(&p, i + 1));
		wide((i % 2 ? -1 : 1) * 0x12345678abcdefL * (i + 1));
	}
	fflush(stdout);
	return 0;
}
