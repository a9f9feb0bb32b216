# gs — build, test, regenerate, benchmark.
#
#   make          build bin/gs (needs only Go: generated code is committed)
#   make demo     build gs and trace the bundled example program (root)
#   make test     every test: unit, golden, kernel end to end, the kernel matrix (root)
#   make test-kernels  the kernel matrix only: Debian's 6.1 and 6.12 under qemu (root)
#   make generate regenerate the ANTLR parser, the C opcode header and the BPF object
#   make bench    per-call cost and start-up, side by side with bpftrace

GO      ?= go
BIN     ?= bin/gs
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

.PHONY: all build demo test test-deps test-kernels generate bench fuzz clean

all: build

# CGO_ENABLED=0: one static binary that copies onto any host (musl ones
# too) and never calls the libc it may be tracing.
build:
	CGO_ENABLED=0 $(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/gs

bin/app: examples/app.c
	@mkdir -p bin
	gcc -g -O0 -o $@ $<

demo: build bin/app
	bin/gs -c 'bin/app 3' -e 'uprobe:bin/app:add < print(arg0) >'

test-deps:
	scripts/deps.sh test

test: test-deps
	$(GO) vet ./...
	$(GO) vet -tags kernels ./tests/kernels/
	$(GO) test -count=1 -timeout 40m ./...
	$(MAKE) test-kernels

# The build tag keeps the matrix out of `go test ./...`; kernels are cached
# in $$GS_KERNEL_CACHE or /var/cache/gs-kernels.
test-kernels:
	scripts/deps.sh kernels
	$(GO) test -count=1 -timeout 20m -tags kernels ./tests/kernels/

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
