// A C++ target for gs's std::map and std::unordered_map with std::string
// keys and values (libstdc++ and libc++): empty, small and longer than
// gs's record holds (8), with short strings (kept inside the object) and
// long ones, by reference and as a member. look prints them to stderr as
// "self: ...", in gdb's notation, walking them in iteration order as gs
// and gdb's printers do; the test compares gs with it and with gdb.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unordered_map>

struct Reg {
	std::map<std::string, int> byName;
	int tag;
};

template <class M> static void elems(const char *name, const char *show, const M &c) {
	fprintf(stderr, "%s = %s with %zu elements", name, show, c.size());
	int i = 0;
	for (auto &kv : c) {
		if (i == 8) {
			fprintf(stderr, ", ...");
			break;
		}
		fprintf(stderr, "%s", i ? ", [" : " = {[");
		if constexpr (std::is_same_v<std::decay_t<decltype(kv.first)>, std::string>)
			fprintf(stderr, "\"%s\"", kv.first.c_str());
		else
			fprintf(stderr, "%ld", (long)kv.first);
		fprintf(stderr, "] = ");
		if constexpr (std::is_same_v<std::decay_t<decltype(kv.second)>, std::string>)
			fprintf(stderr, "\"%s\"", kv.second.c_str());
		else
			fprintf(stderr, "%ld", (long)kv.second);
		i++;
	}
	if (i)
		fprintf(stderr, "}");
}

__attribute__((noinline)) int look(const std::map<std::string, int> &m, const std::map<int, std::string> &r,
                                   const std::unordered_map<std::string, std::string> &u, const Reg &g) {
	fprintf(stderr, "self: ");
	elems("m", "std::map", m);
	fprintf(stderr, ", ");
	elems("r", "std::map", r);
	fprintf(stderr, "\nself: ");
	elems("u", "std::unordered_map", u);
	fprintf(stderr, ", g = {");
	elems("byName", "std::map", g.byName);
	fprintf(stderr, ", tag = %d}\n", g.tag);
	return (int)(m.size() + r.size() + u.size() + g.byName.size());
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 3;
	for (int k = 0; k < n; k++) {
		std::map<std::string, int> m;
		std::map<int, std::string> r;
		std::unordered_map<std::string, std::string> u;
		Reg g;
		g.tag = k;
		int size = k == 0 ? 0 : k == 1 ? 3 : 12; // 12: more than a record holds
		for (int i = 0; i < size; i++) {
			std::string s = i % 2 ? "key" + std::to_string(i) : "a key longer than any short string " + std::to_string(i);
			m[s] = i;
			r[-i] = s;
			u[s] = "v" + std::to_string(i * k);
			g.byName[s] = -i;
		}
		look(m, r, u, g);
	}
	return 0;
}
