#!/usr/bin/env bash
# Regenerates bpf/c/gs_ops.h from the ir tables and the interpreter object
# and Go bindings (bpf/gs_bpfel.o, bpf/gs_bpfel.go) with bpf2go. Installs the
# toolchain first when it is missing. The output is reproducible: running
# this twice, or in another checkout, gives the same bytes.
set -euo pipefail

cd "$(dirname "$0")/.."

need=()
command -v clang-19 >/dev/null || need+=(clang-19)
command -v llvm-strip-19 >/dev/null || need+=(llvm-19)
[ -f /usr/include/bpf/bpf_helpers.h ] || need+=(libbpf-dev)
[ -f /usr/include/x86_64-linux-gnu/asm/types.h ] || need+=(linux-libc-dev)
if [ ${#need[@]} -gt 0 ]; then
	sudo=()
	[ "$(id -u)" -eq 0 ] || sudo=(sudo)
	"${sudo[@]}" apt-get update
	DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${need[@]}"
fi

go run ./ir/cmd/gen-c-header bpf/c/gs_ops.h
go generate ./bpf

# Record what the object was built from; TestObjectFresh compares it with the
# sources so a change to them without `make generate` fails the tests.
(cd bpf && sha256sum gen.go c/*.c c/*.h) >bpf/sources.sha256
