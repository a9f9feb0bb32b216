# gs — build, test, regenerate, benchmark.
#
#   make          build bin/gs (needs only Go: generated code is committed)
#   make demo     build gs and trace the bundled example program (root)
#   make test     every test: unit, golden, kernel end to end (root)
#   make test-exact  the end-to-end tests with --exact-placement
#   make generate regenerate the ANTLR parser, the C opcode header and the BPF object
#   make bench    per-call cost and start-up, side by side with bpftrace

GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

.PHONY: all build demo test test-exact test-deps generate bench fuzz clean

all: build

build:
	$(GO) build -ldflags '$(LDFLAGS)' -o bin/gs ./cmd/gs

bin/app: examples/app.c
	@mkdir -p bin
	gcc -g -O0 -o $@ $<

demo: build bin/app
	bin/gs -c 'bin/app 3' -e 'uprobe:bin/app:add < print(arg0) >'

test-deps:
	scripts/deps.sh test

test: test-deps
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 40m ./...

# the end-to-end tests again with every probe where the script names it:
# placement on emulated instructions must not change what they print
test-exact: test-deps
	GS_EXACT_PLACEMENT=1 $(GO) test -count=1 -timeout 40m ./tests/e2e/

generate:
	grammar/generate.sh
	bpf/generate.sh

bench: build
	scripts/deps.sh bench
	$(GO) run ./bench

fuzz:
	$(GO) test ./parser -run '^$$' -fuzz FuzzParse -fuzztime 60s

clean:
	rm -rf bin
