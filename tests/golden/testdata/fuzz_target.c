/* The fixed target of FuzzCompile: the functions, types and globals the
 * golden scripts probe, in one program. */
#include <stdio.h>

enum color { RED, GREEN = 5, BLUE };

struct point {
	int x, y;
};

struct item {
	int id;
	char name[16];
	const char *label;
	struct point pos;
	int scores[4];
	enum color color;
	unsigned int flag : 1;
	unsigned int kind : 3;
	int delta : 5;
	struct item *next;
	union {
		long l;
		double d;
	} u;
};

int g_counter = 7;
static long s_total = 100;
volatile int g_clamped;
struct item g_item = {.id = 100, .name = "apple", .label = "fruit", .scores = {3, 150, -7, 20}};

static inline __attribute__((always_inline)) int clamp(int v, int lo, int hi)
{
	int r = v;
	if (r < lo)
		r = lo;
	if (r > hi) {
		r = hi;
		g_clamped++;
	}
	return r;
}

__attribute__((noinline)) int process(struct item *it, int count, char tag)
{
	int total = 0;
	for (int i = 0; i < count; i++) {
		int v = it->scores[i % 4];
		total += clamp(v, 0, 100);
	}
	total += clamp(count, -5, 5);
	s_total += total + tag;
	g_counter++;
	return total;
}

__attribute__((noinline)) int add(int a, int b) { return a + b; }
__attribute__((noinline)) const char *greet(const char *name) { return name; }
__attribute__((noinline)) int sub_one(int x) { return x - 1; }
__attribute__((noinline)) int sub_two(int x) { return x - 2; }
__attribute__((noinline)) double scale(float f, double d, long double ld, unsigned char uc) { return f * d + ld + uc; }

int main(int argc, char **argv)
{
	(void)argv;
	g_item.kind = 5;
	g_item.delta = -3;
	printf("%d %ld\n", process(&g_item, argc + 3, 'x'), s_total);
	printf("%d %s %d %d %f\n", add(1, 2), greet("world"), sub_one(3), sub_two(4), scale(1, 2, 3, 4));
	return 0;
}
