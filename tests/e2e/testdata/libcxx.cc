// A C++ target for gs's libc++ std::string tests (clang++ -stdlib=libc++):
// short strings (kept inside the object) and long ones (on the heap), as
// members, references, a by-value parameter and map keys. greet prints
// what it sees to stderr as "self: ...", for the tests to compare.
//
// Built with -DALT_LAYOUT -D_LIBCPP_ABI_ALTERNATE_STRING_LAYOUT, its
// strings have libc++'s alternate layout. libc++.so's own std::string has
// the default one, so those strings have an allocator of their own: every
// member function is then compiled here, with the alternate layout.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#ifdef ALT_LAYOUT
template <typename T> struct Alloc : std::allocator<T> {
	template <typename U> struct rebind {
		using other = Alloc<U>;
	};
	Alloc() = default;
	template <typename U> Alloc(const Alloc<U> &) {}
};
using Str = std::basic_string<char, std::char_traits<char>, Alloc<char>>;
#else
using Str = std::string;
#endif

struct Person {
	int id;
	Str name;
	Str note;
};

struct Team {
	Person lead;
	int size;
};

__attribute__((noinline)) int greet(const Person &p, const Str &word, Str by, const Team &t) {
	fprintf(stderr, "self: p = {id = %d, name = \"%s\", note = \"%s\"}, word = \"%s\", by = \"%s\", t = {lead = {id = %d, name = \"%s\", note = \"%s\"}, size = %d}\n",
		p.id, p.name.c_str(), p.note.c_str(), word.c_str(), by.c_str(), t.lead.id, t.lead.name.c_str(), t.lead.note.c_str(), t.size);
	return (int)(p.name.size() + word.size() + by.size());
}

int main(int argc, char **argv) {
	int n = argc > 1 ? atoi(argv[1]) : 2;
	const char *words[] = {"hi", "a word of exactly 22 b", "a word of exactly 23 by", "a greeting much longer than any short string"};
	for (int i = 0; i < n; i++) {
		Person p{i, i % 2 ? "bob" : "a name that does not fit in the short form", i % 2 ? "" : "x"};
		Team t{Person{100 + i, i % 2 ? "a lead whose name is long enough" : "al", "n"}, 3 + i};
		Str by(words[(i + 1) % 4]);
		greet(p, words[i % 4], by, t);
	}
	return 0;
}
