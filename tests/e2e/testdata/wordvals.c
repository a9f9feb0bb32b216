// Target for TestWordValues: wordvals N calls outer(i), which calls
// connect_to(address of 127.0.0.(i+1) in network order, i+1), for i < N,
// and prints on stderr, for each call, what the script stores of it: the
// function's name, the address as ntop prints it, the message of the
// errno, the year and its user's name.
#include <arpa/inet.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noipa))
#endif

volatile long sink;

NOINLINE int connect_to(unsigned int addr, int err)
{
	sink += addr;
	return err;
}

NOINLINE int outer(int i)
{
	return connect_to(htonl(0x7f000001 + i), i + 1) + 1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;

	for (int i = 0; i < n; i++) {
		struct in_addr a = {htonl(0x7f000001 + i)};
		char year[8];
		time_t now = time(NULL);

		sink += outer(i);
		strftime(year, sizeof year, "%Y", localtime(&now));
		struct passwd *pw = getpwuid(getuid());

		fprintf(stderr, "target: func=%s addr=%s err=%s year=%s user=%s\n", "connect_to", inet_ntoa(a), strerror(i + 1), year,
			pw ? pw->pw_name : "?");
	}
	return 0;
}
