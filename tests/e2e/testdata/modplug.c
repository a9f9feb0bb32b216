/* A plugin, dlopen'd by moddl.c, that links libmodglob.so: both are
 * mapped only at the dlopen. */
long mod_step(long d);

long plug_value = 42;

__attribute__((noinline)) long plug_run(long d)
{
	plug_value += 2 * d;
	return mod_step(d);
}
