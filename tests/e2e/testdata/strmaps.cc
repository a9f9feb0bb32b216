// A C++ target for gs's std::map and std::unordered_map with std::string
// keys and values (libstdc++ and libc++): empty, of 1 element, small and
// longer than gs's record holds (8), with short strings (kept inside the
// object) and long ones, by reference and as a member, a std::string
// member of a struct that a map holds, and std::vector values. look prints them to stderr as
// "self: ...", in gdb's notation, walking them in iteration order as gs
// and gdb's printers do; the test compares gs with it and with gdb.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

struct Named {
	std::string name;
	int n;
};

struct Reg {
	std::map<std::string, int> byName;
	std::map<int, Named> named;
	int tag;
};

template <class T> static void show(const T &v) {
	if constexpr (std::is_same_v<T, std::string>)
		fprintf(stderr, "\"%s\"", v.c_str());
	else if constexpr (std::is_same_v<T, Named>)
		fprintf(stderr, "{name = \"%s\", n = %d}", v.name.c_str(), v.n);
	else if constexpr (std::is_same_v<T, std::vector<int>>) {
		fprintf(stderr, "[");
		for (size_t i = 0; i < v.size(); i++)
			fprintf(stderr, "%s%d", i ? ", " : "", v[i]);
		fprintf(stderr, "]");
	}
	else
		fprintf(stderr, "%ld", (long)v);
}

template <class M> static void elems(const char *name, const char *what, const M &c) {
	fprintf(stderr, "%s = %s with %zu element%s", name, what, c.size(), c.size() == 1 ? "" : "s");
	int i = 0;
	for (auto &kv : c) {
		if (i == 8) {
			fprintf(stderr, ", ...");
			break;
		}
		fprintf(stderr, "%s", i ? ", [" : " = {[");
		show(kv.first);
		fprintf(stderr, "] = ");
		show(kv.second);
		i++;
	}
	if (i)
		fprintf(stderr, "}");
}

__attribute__((noinline)) int look(const std::map<std::string, int> &m, const std::map<int, std::string> &r,
                                   const std::unordered_map<std::string, std::string> &u, const Reg &g,
                                   const std::map<std::string, std::vector<int>> &lists) {
	fprintf(stderr, "self: ");
	elems("m", "std::map", m);
	fprintf(stderr, ", ");
	elems("r", "std::map", r);
	fprintf(stderr, "\nself: ");
	elems("u", "std::unordered_map", u);
	fprintf(stderr, "\nself: g = {");
	elems("byName", "std::map", g.byName);
	fprintf(stderr, ", ");
	elems("named", "std::map", g.named);
	fprintf(stderr, ", tag = %d}\nself: ", g.tag);
	elems("lists", "std::map", lists);
	fprintf(stderr, "\n");
	return (int)(m.size() + r.size() + u.size() + g.byName.size());
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 4;
	for (int k = 0; k < n; k++) {
		std::map<std::string, int> m;
		std::map<int, std::string> r;
		std::unordered_map<std::string, std::string> u;
		std::map<std::string, std::vector<int>> lists;
		Reg g;
		g.tag = k;
		int size = k == 0 ? 0 : k == 1 ? 1 : k == 2 ? 3 : 12; // 12: more than a record holds
		for (int i = 0; i < size; i++) {
			std::string s = i % 2 ? "key" + std::to_string(i) : "a key longer than any short string " + std::to_string(i);
			m[s] = i;
			r[-i] = s;
			u[s] = "v" + std::to_string(i * k);
			g.byName[s] = -i;
			g.named[i] = Named{s, i * k};
			lists[s] = std::vector<int>(i % 4, k + i);
		}
		look(m, r, u, g, lists);
	}
	return 0;
}
