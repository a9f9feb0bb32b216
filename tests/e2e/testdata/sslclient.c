// Target for the ssllatency and sslsnoop tests: sslclient PORT MSG...
// connects to 127.0.0.1:PORT over TLS with OpenSSL's libssl, handshakes,
// then writes each MSG and a newline and reads until as many bytes came
// back (openssl s_server -rev answers each line reversed). It prints on
// stderr what each libssl call returned and how long it took.
#include <arpa/inet.h>
#include <openssl/ssl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int tid;

static long long now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void report(const char *fn, int ret, long long t0)
{
	fprintf(stderr, "target: tid=%d func=%s ret=%d ns=%lld\n", tid, fn, ret, now() - t0);
}

int main(int argc, char **argv)
{
	tid = (int)syscall(SYS_gettid);
	int fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons(atoi(argv[1]))};
	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
		perror("connect");
		return 1;
	}
	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
	SSL *ssl = SSL_new(ctx);
	SSL_set_fd(ssl, fd);
	SSL_set_connect_state(ssl);
	long long t0 = now();
	int r = SSL_do_handshake(ssl);
	report("SSL_do_handshake", r, t0);
	if (r != 1)
		return 1;
	for (int i = 2; i < argc; i++) {
		char line[256], buf[256];
		int n = snprintf(line, sizeof line, "%s\n", argv[i]), got = 0;

		t0 = now();
		r = SSL_write(ssl, line, n);
		report("SSL_write", r, t0);
		while (got < n) {
			t0 = now();
			r = SSL_read(ssl, buf + got, sizeof buf - got);
			report("SSL_read", r, t0);
			if (r <= 0)
				return 1;
			got += r;
		}
		fprintf(stderr, "target: answer %.*s", got, buf);
	}
	SSL_free(ssl);
	SSL_CTX_free(ctx);
	close(fd);
	return 0;
}
