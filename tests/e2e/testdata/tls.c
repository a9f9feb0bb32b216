// Threads that each give the thread-local variables of the executable and
// of three libraries linked at start their own values, and say what they
// set (and where the variables are) on stderr before calling report,
// where gs reads them. With TLS_DLOPEN set the threads also call a copy
// of the library they dlopen, whose variables are in dynamic TLS.
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#if __has_include(<asm/prctl.h>)
#include <asm/prctl.h>
#else
#define ARCH_GET_FS 0x1003 /* asm/prctl.h's: musl-gcc has no kernel headers */
#endif

#include "tlslib.h"

__thread long tl_counter = 5;
__thread char tl_name[12] = "main";
static __thread int tl_static = 7;
__thread char tl_aligned __attribute__((aligned(64))) = 'a';

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

__attribute__((noinline)) void report(long round)
{
	__asm__ volatile("" : : "r"(round) : "memory");
}

static unsigned long fsbase(void)
{
	unsigned long fs = 0;

	syscall(SYS_arch_prctl, ARCH_GET_FS, &fs);
	return fs;
}

static void *worker(void *arg)
{
	long n = (long)arg;
	long tid = syscall(SYS_gettid);
	void (*dyn_set)(long) = NULL;
	int (*dyn_get)(void) = NULL;

	if (getenv("TLS_DLOPEN")) {
		void *h = dlopen("./libtlsdyn.so", RTLD_NOW);
		if (!h) {
			fprintf(stderr, "dlopen: %s\n", dlerror());
			exit(1);
		}
		dyn_set = (void (*)(long))dlsym(h, "tlsb_set");
		dyn_get = (int (*)(void))dlsym(h, "tlsb_get");
	}
	for (long round = 0; round < 3; round++) {
		tl_counter = n * 1000 + round;
		tl_static = (int)(n * 100 + round);
		snprintf(tl_name, sizeof tl_name, "t%ld.%ld", n, round);
		tl_aligned = (char)('a' + n);
		tlsa_set(n * 10 + round);
		tlsb_set(n * 20 + round);
		tlsc_set(n * 40 + round);
		if (dyn_set)
			dyn_set(n * 30 + round);
		pthread_mutex_lock(&mu);
		fprintf(stderr, "self: tid=%ld counter=%ld static=%d name=%s aligned=%c a=%ld b=%d c=%ld "
			"fs=%#lx &counter=%p &aligned=%p &a=%p &b=%p &c=%p\n",
			tid, tl_counter, tl_static, tl_name, tl_aligned, tlsa_get(), tlsb_get(), tlsc_get(),
			fsbase(), (void *)&tl_counter, (void *)&tl_aligned, tlsa_addr(), tlsb_addr(), tlsc_addr());
		if (dyn_get)
			fprintf(stderr, "self: tid=%ld dyn=%d\n", tid, dyn_get());
		pthread_mutex_unlock(&mu);
		report(round);
	}
	return NULL;
}

int main(void)
{
	enum { N = 4 };
	pthread_t t[N];

	/* gs learns where the libraries are mapped by polling the process's
	 * maps every 100 ms (runtime/bias.go): give it time, also on a busy
	 * machine. */
	usleep(2000000);
	for (long i = 0; i < N; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	return 0;
}
