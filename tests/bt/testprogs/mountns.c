// mountns: runs ./testprogs/spin in a mount namespace of its own, from a
// tmpfs mounted over /tmp/gs-bt-mountns, where only that namespace sees
// it: the same paths name other files than gs's.
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	const char *dir = "/tmp/gs-bt-mountns";
	mkdir(dir, 0755);
	if (unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("tmpfs", dir, "tmpfs", 0, NULL)) {
		perror("mountns");
		return 1;
	}
	if (system("cp ./testprogs/spin /tmp/gs-bt-mountns/spin")) {
		fprintf(stderr, "mountns: cannot copy spin\n");
		return 1;
	}
	execl("/tmp/gs-bt-mountns/spin", "spin", (char *)NULL);
	perror("mountns: exec");
	return 1;
}
