// Target for char arrays as map keys. add() is called once per entry of
// words[] and once for a word placed at the very end of a page whose next
// page is unreadable, its name filling the whole array without a NUL. The
// target prints to stderr, per name and factor, the sum of x ("sum NAME
// FACTOR S") and per name the number of calls ("count NAME N"): what gs's
// @w[it->name, factor] = sum(it->x) and @c[it->name] = count() must print.
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

struct word {
	int x;
	char name[16];
};

__attribute__((noinline)) int add(struct word *it, int factor)
{
	__asm__ volatile("" ::: "memory");
	return it->x * factor;
}

#define N 7

static struct word words[N] = {
	{ 1, "apple" }, { 2, "apple" }, { 4, "pear" }, { 5, "" },
	{ 6, "abcdefghijklmnop" }, /* no NUL: the next word's x follows */
	{ 7, "abcdefghijklmnop" }, { 9, "pear" },
};
static const int factors[N] = { 1, 1, 2, 1, 3, 3, 2 };

int main(void)
{
	struct word *all[N + 1];
	int fs[N + 1], total = 0;
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED || mprotect(page + 4096, 4096, PROT_NONE) != 0) {
		perror("mmap");
		return 1;
	}
	/* Text after the NUL must not make a different key. */
	memcpy(words[1].name + 6, "junk", 4);
	for (int i = 0; i < N; i++)
		all[i] = &words[i], fs[i] = factors[i];
	all[N] = (struct word *)(page + 4096 - sizeof(struct word));
	all[N]->x = 11;
	memcpy(all[N]->name, "ABCDEFGHIJKLMNOP", 16);
	fs[N] = 1;

	for (int i = 0; i <= N; i++)
		total += add(all[i], fs[i]);

	for (int i = 0; i <= N; i++) {
		int sum = 0, count = 0, seenSum = 0, seenName = 0;
		for (int j = 0; j < i; j++) {
			int same = strncmp(all[j]->name, all[i]->name, 16) == 0;
			seenName |= same;
			seenSum |= same && fs[j] == fs[i];
		}
		for (int j = i; j <= N; j++) {
			if (strncmp(all[j]->name, all[i]->name, 16) != 0)
				continue;
			count++;
			if (fs[j] == fs[i])
				sum += all[j]->x;
		}
		if (!seenSum)
			fprintf(stderr, "sum %.16s %d %d\n", all[i]->name, fs[i], sum);
		if (!seenName)
			fprintf(stderr, "count %.16s %d\n", all[i]->name, count);
	}
	return total == 0;
}
