// structs.c is the target of TestBpftraceStructDefs: use() gets records
// whose layout the script defines itself (under another name, so that the
// program's DWARF cannot be where gs finds it), and main prints to stderr
// the fields, sizes and offsets the probe should see.
#include <stddef.h>
#include <stdio.h>

struct rec {
	char tag;
	int flags : 3;
	int mode : 5;
	long value;
	char name[6];
	short pairs[2][3];
	struct rec *next;
	union {
		int i;
		unsigned char b[4];
	} u;
};

__attribute__((noinline)) long use(struct rec *r) {
	__asm__ volatile("" ::: "memory");
	return r->value;
}

int main(void) {
	struct rec second = {'b', -2, 9, -77, "two", {{1, 2, 3}, {4, 5, 6}}, NULL, {.i = 0x01020304}};
	struct rec first = {'a', 3, 17, 123456789012, "first", {{-1, -2, -3}, {7, 8, 9}}, &second, {.i = -1}};
	fprintf(stderr, "layout %zu %zu %zu %zu %zu\n", sizeof(struct rec), offsetof(struct rec, value),
		offsetof(struct rec, pairs), offsetof(struct rec, next), offsetof(struct rec, u));
	long sum = 0;
	for (struct rec *r = &first; r; r = r->next) {
		fprintf(stderr, "rec %c %d %d %ld %s %d %d %d\n", r->tag, r->flags, r->mode, r->value, r->name,
			r->pairs[1][2], r->u.b[0], r->next ? r->next->tag : 0);
		sum += use(r);
	}
	return sum == 1 ? 1 : 0;
}
