/* Test target for package debuginfo. Lines marked L:name are looked up by
   the tests; keep the markers when editing. */
#include <stdio.h>
#include <string.h>

enum color { RED, GREEN = 5, BLUE };

struct point {
	int x, y;
};

union value {
	long l;
	double d;
	char bytes[8];
};

struct item {
	int id;
	char name[16];
	const char *label;
	double price;
	struct point pos;
	union value val;
	int scores[4];
	enum color color;
	unsigned int flag : 1;
	unsigned int kind : 3;
	int delta : 5;
	int (*cmp)(int, int);
	struct item *next;
	struct {
		int a;
		short b;
	};
};

typedef struct item item_t;

int g_counter = 7;
volatile int g_clamped;
static long s_total = 100;
item_t g_item = {.id = 42, .name = "widget", .label = "lbl", .price = 2.5, .scores = {3, 150, -7, 20}};

#if defined(__clang__)
#define NOIPA __attribute__((noinline, used))
#else
#define NOIPA __attribute__((noinline, noipa))
#endif

static inline __attribute__((always_inline)) int clamp(int v, int lo, int hi)
{
	int r = v; /* L:clamp_r */
	if (r < lo)
		r = lo;
	if (r > hi) { /* L:clamp_hi */
		r = hi;
		g_clamped++;
	}
	return r;
}

static int cmp_int(int a, int b) { return a - b; }

NOIPA int process(item_t *it, int count, char tag, double scale, long big, unsigned short small, enum color c)
{
	static int calls;
	int total = 0; /* L:total */
	calls++;

	/* L:nocode */
	for (int i = 0; i < count; i++) { /* L:loop */
		int v = it->scores[i % 4];
		{
			int inner = clamp(v, 0, 100); /* L:inner */
			total += inner;
		}
	}
	total += clamp((int)big, -5, 5); /* L:clamp2 */
	s_total += total + tag + small + c;
	g_counter += (int)(scale * 2);
	if (it->cmp)
		total += it->cmp(total, 1);
	return total;
}

#ifndef NO_MAIN
int main(int argc, char **argv)
{
	(void)argv;
	g_item.cmp = cmp_int;
	g_item.flag = 1;
	g_item.kind = 5;
	g_item.delta = -3;
	int r = process(&g_item, argc + 3, 'x', 1.5, 42, 7, BLUE);
	printf("%d %ld\n", r, s_total);
	return 0;
}
#endif
