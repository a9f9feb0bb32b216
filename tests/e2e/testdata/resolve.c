// Target for TestToolGethostlatency: resolve NAME... looks each name up
// with getaddrinfo, gethostbyname, gethostbyname2, gethostbyname_r and
// gethostbyname2_r, then 127.0.0.1 with gethostbyaddr, and prints on
// stderr, for each call, its pid, what it asked for and how long the call
// took. gethostbyaddr's "host" is the address of its in_addr: bpftrace's
// tool prints ntop(arg0), the low 4 bytes of that pointer.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static long long now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void report(const char *fn, const char *host, long long t0)
{
	fprintf(stderr, "target: %s pid=%d ns=%lld host=%s\n", fn, getpid(), now() - t0, host);
}

int main(int argc, char **argv)
{
	struct hostent he, *hp;
	char buf[4096];
	int err;

	for (int i = 1; i < argc; i++) {
		const char *name = argv[i];
		struct addrinfo hints = {.ai_family = AF_INET}, *res = NULL;
		long long t0 = now();

		if (getaddrinfo(name, NULL, &hints, &res) == 0)
			freeaddrinfo(res);
		report("getaddrinfo", name, t0);
		t0 = now();
		gethostbyname(name);
		report("gethostbyname", name, t0);
		t0 = now();
		gethostbyname2(name, AF_INET);
		report("gethostbyname2", name, t0);
		t0 = now();
		gethostbyname_r(name, &he, buf, sizeof buf, &hp, &err);
		report("gethostbyname_r", name, t0);
		t0 = now();
		gethostbyname2_r(name, AF_INET, &he, buf, sizeof buf, &hp, &err);
		report("gethostbyname2_r", name, t0);
	}
	struct in_addr a;
	char ptr[32];
	inet_aton("127.0.0.1", &a);
	long long t0 = now();
	gethostbyaddr(&a, sizeof a, AF_INET);
	snprintf(ptr, sizeof ptr, "%#lx", (unsigned long)&a);
	report("gethostbyaddr", ptr, t0);
	return 0;
}
