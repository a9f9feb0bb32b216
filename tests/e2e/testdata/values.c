// Target for the values-by-name tests. process() is called for two items
// in turn; the program prints what it knows itself ("self: ...") to stderr
// so the tests can compare gs's output with the truth.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

enum color { RED, GREEN, BLUE };

struct pos {
	int x, y;
};

struct item {
	int id;
	char name[16];
	struct pos pos;
	enum color color;
	unsigned flags : 3;
	unsigned ready : 1;
	double price;
	const char *label;
	struct item *next;
	int scores[3];
};

int counter = 7;
static long file_static = 42;
volatile long sink;

NOINLINE int process(struct item *it, int scale)
{
	static int calls;
	int local = it->id * scale;

	calls++;
	for (int i = 0; i < 3; i++) {
		local += i * scale;
		sink += local; /* LOOP_LINE */
	}
	fprintf(stderr, "self: id=%d name=%s x=%d y=%d color=%d flags=%u ready=%u price=%g label=%s scale=%d local=%d calls=%d counter=%d file_static=%ld\n",
		it->id, it->name, it->pos.x, it->pos.y, it->color, it->flags, it->ready, it->price, it->label,
		scale, local, calls, counter, file_static);
	counter++;
	return local;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2;
	struct item b = { .id = 200, .name = "banana", .pos = { 3, 4 }, .color = BLUE, .flags = 2, .ready = 0,
			  .price = 0.25, .label = "yellow", .next = NULL, .scores = { 7, 8, 9 } };
	struct item a = { .id = 100, .name = "apple", .pos = { 1, 2 }, .color = GREEN, .flags = 5, .ready = 1,
			  .price = 1.5, .label = "red", .next = &b, .scores = { 4, 5, 6 } };

	for (int i = 0; i < n; i++) {
		sink += process(&a, i + 1);
		sink += process(&b, i + 2);
		file_static += 1;
	}
	return 0;
}
