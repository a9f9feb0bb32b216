// containerof: passes member() a pointer to a member nested in a struct
// and prints the struct's address and its first member, for
// container_of().
#include <stdio.h>

struct Foo {
	int m;
	int n;
};

struct Bar {
	long a;
	struct Foo f;
	char c;
};

__attribute__((noinline)) void member(int *n)
{
	__asm__ volatile("" : : "r"(n) : "memory");
}

int main(void)
{
	struct Bar bar = {7, {8, 9}, 'x'};

	member(&bar.f.n);
	printf("want %p %ld\n", (void *)&bar, bar.a);
	return 0;
}
