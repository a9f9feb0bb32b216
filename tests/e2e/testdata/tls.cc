// C++ thread_local: a variable at namespace scope, a struct, and a static
// data member, each given its own values by every thread.
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>
#include <unistd.h>
#include <sys/syscall.h>

struct Pair {
	long first;
	int second;
};

thread_local long cxx_counter = 3;
thread_local Pair cxx_pair = {1, 2};

struct Stats {
	static thread_local int hits;
};
thread_local int Stats::hits = 0;

static std::mutex mu;

extern "C" __attribute__((noinline)) void report(long round)
{
	__asm__ volatile("" : : "r"(round) : "memory");
}

static void worker(long n)
{
	long tid = syscall(SYS_gettid);
	for (long round = 0; round < 3; round++) {
		cxx_counter = n * 1000 + round;
		cxx_pair.first = n * 10;
		cxx_pair.second = static_cast<int>(round);
		Stats::hits++;
		{
			std::lock_guard<std::mutex> g(mu);
			std::fprintf(stderr, "self: tid=%ld counter=%ld first=%ld second=%d hits=%d\n", tid, cxx_counter,
				     cxx_pair.first, cxx_pair.second, Stats::hits);
		}
		report(round);
	}
}

int main()
{
	std::vector<std::thread> ts;
	for (long i = 1; i <= 3; i++)
		ts.emplace_back(worker, i);
	for (auto &t : ts)
		t.join();
	return 0;
}
