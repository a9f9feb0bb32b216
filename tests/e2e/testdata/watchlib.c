/* The library of watch.c: a global that lib_bump writes. */
long lib_counter;

void lib_bump(long by)
{
	lib_counter += by;
}
