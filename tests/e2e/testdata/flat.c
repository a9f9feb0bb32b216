// The code of the flat binary test: compiled to an object whose .text,
// copied out alone (objcopy -O binary), is a file of code and nothing
// else, with flat_fn at its first byte.
long flat_fn(long a)
{
	return a * 3 + 1;
}
