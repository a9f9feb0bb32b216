// The target of TestCxxStringSelf (formerly the bytecode
// golden cxx_string): a std::string member (counted text, its layout from
// libstdc++'s DWARF) in a base class. greet prints, on stderr, "self:
// name=NAME age=AGE" for the test to compare with what gs reads.
#include <cstdio>
#include <string>

struct Base {
	std::string name;
};

struct Person : Base {
	int age;
};

extern "C" __attribute__((noinline)) int greet(Person *p) {
	fprintf(stderr, "self: name=%s age=%d\n", p->name.c_str(), p->age);
	return p->age + (int)p->name.size();
}

int main() {
	const char *names[] = {"bob", "a name too long to be kept in the object", "bob"};
	int sum = 0;
	for (int i = 0; i < 3; i++) {
		Person p;
		p.name = names[i];
		p.age = 3 + i;
		sum += greet(&p);
	}
	return sum == 0;
}
