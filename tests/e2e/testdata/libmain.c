// Calls into lib.c's shared library.
struct point {
	long x, y;
};

long lib_move(struct point *p, long dx);

int main(void)
{
	struct point p = { 10, 20 };
	long sum = 0;

	for (int i = 1; i <= 3; i++)
		sum += lib_move(&p, i);
	return sum == 0;
}
