// floats: passes func a struct with a float in a union and a double,
// printing them first ("want F D", %.17g of each as a double), so that a
// case can compare what a script struct reads.
#include <stdio.h>

union num {
	int i;
	float f;
};

struct with_floats {
	int m;
	union num n;
	double d;
};

__attribute__((noinline)) void func(struct with_floats *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

int main(void)
{
	struct with_floats x = {2, {.i = 5}, -1.25e-3};
	printf("want %.17g %.17g\n", (double)x.n.f, x.d);
	fflush(stdout);
	func(&x);
	return 0;
}
