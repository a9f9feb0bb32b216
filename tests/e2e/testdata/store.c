#include <stdio.h>
#include <stdlib.h>

/* A function whose first instructions store to memory before the first
   one the kernel emulates (gcc and clang -O2: the decrements, then the
   jcc), like SQLite's sqlite3PcacheRelease. */
struct cache { long n; };
struct page { struct cache *cache; long ref; long flags; };

__attribute__((noinline)) void release(struct page *p) {
	p->cache->n--;
	if (--p->ref == 0 && (p->flags & 1))
		printf("release: page %p unused\n", (void *)p);
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	struct cache c = {1000};
	struct page pg = {&c, 100, 0};
	for (int i = 1; i <= n; i++) {
		printf("release(ref=%ld, n=%ld)\n", pg.ref, c.n);
		release(&pg);
	}
	return 0;
}
