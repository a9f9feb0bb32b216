# gs — build, test, regenerate, benchmark.
#
#   make          build bin/gs (needs only Go: generated code is committed)
#   make demo     build gs and trace the bundled example program (root)
#   make test     every test: unit, golden, kernel end to end, the kernel matrix (root);
#                 vet for amd64 and arm64
#   make test-kernels  the kernel matrix only: Debian's 6.1 and 6.12 under qemu (root)
#   make test-exact  the end-to-end tests with --exact-placement
#   make generate regenerate the ANTLR parser, the C opcode header and the BPF object
#   make bench    per-call cost and start-up, side by side with bpftrace
#   make fuzz     every fuzz target for FUZZTIME (30s) each

GO      ?= go
BIN     ?= bin/gs
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)

.PHONY: all build demo test test-deps test-kernels test-exact generate bench fuzz clean

all: build

# CGO_ENABLED=0: one static binary that copies onto any host (musl ones
# too) and never calls the libc it may be tracing.
build:
	CGO_ENABLED=0 $(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/gs

bin/app: examples/app.c
	@mkdir -p bin
	gcc -g -O0 -o $@ $<

demo: build bin/app
	bin/gs -c 'bin/app 3' -e 'uprobe:bin/app:add < print(a) >'

test-deps:
	scripts/deps.sh test

test: test-deps
	$(GO) vet ./...
	# The tree must build for arm64 too (package arch; gs refuses to run there).
	GOARCH=arm64 $(GO) vet ./...
	$(GO) vet -tags kernels ./tests/kernels/
	$(GO) test -count=1 -timeout 40m ./...
	$(MAKE) test-kernels

# The build tag keeps the matrix out of `go test ./...`; kernels are cached
# in $$GS_KERNEL_CACHE or /var/cache/gs-kernels.
test-kernels:
	scripts/deps.sh kernels
	$(GO) test -count=1 -timeout 20m -tags kernels ./tests/kernels/

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

# Each fuzz target runs for FUZZTIME, one after the other; a failure leaves
# its input in the package's testdata/fuzz, which `make test` then replays.
FUZZTIME ?= 30s
FUZZ_TARGETS := parser:FuzzParse tests/golden:FuzzCompile output:FuzzDecode debuginfo:FuzzDebugInfo printfmt:FuzzPrintf

fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "fuzz $$t"; \
		$(GO) test ./$${t%%:*} -run '^$$' -fuzz "^$${t#*:}$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 10s; \
	done

clean:
	rm -rf bin
