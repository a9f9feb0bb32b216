/* A shared library whose global the executable never names, so it stays
 * in the library (no copy relocation): gs reads it at the library's
 * address in each process. */
long mod_value = 1000;

long mod_step(long d)
{
	mod_value += d;
	return mod_value;
}

long *mod_where(void)
{
	return &mod_value;
}
