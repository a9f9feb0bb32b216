/* Links libmodglob.so; prints where the library's global is, waits 1.5 s
 * (gs's once-a-second /proc scan sees this image), then execs argv[1]
 * (modmain), which links the same library at another address in the same
 * process. */
#include <stdio.h>
#include <unistd.h>

long *mod_where(void);

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2)
		return 2;
	printf("before %lu\n", (unsigned long)mod_where());
	usleep(1500000);
	execl(argv[1], argv[1], (char *)0);
	perror("exec");
	return 1;
}
