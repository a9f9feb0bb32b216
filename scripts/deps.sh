#!/usr/bin/env bash
# Installs what a make target needs on a fresh Debian machine (run as root):
# the packages scripts/tools.txt names for the target, for each program or
# file of the target the machine lacks.
#   deps.sh test      make test: compilers (gcc, clang-19, libc++, rustc and cargo), gdb and the ELF
#                     tools, bpftrace (compared with in tests/e2e), the debuginfod server, the shell tools
#   deps.sh kernels   make test-kernels: qemu, busybox-static and cpio, and a fresh apt index so
#                     apt-get download finds Debian's kernels
#   deps.sh generate  make generate: clang-19/llvm-19/libbpf-dev for bpf2go, Java and npm for ANTLR
#   deps.sh bench     make bench: bpftrace, for side-by-side figures; debuginfod for the fetch figures
#   deps.sh btsuite   go run ./tests/bt/cmd/btsuite
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
list=$here/tools.txt
target=${1:-test}
case "$target" in
test | kernels | generate | bench | btsuite) ;;
*)
	echo "usage: $0 test|kernels|generate|bench|btsuite" >&2
	exit 2
	;;
esac

# rustup's toolchain (~/.cargo/bin) counts when the machine has one, as the tests use it.
PATH=$PATH:${HOME:-/root}/.cargo/bin
have() {
	case "$1" in
	/*) [ -e "$1" ] ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

need=()
by_hand=()
while read -r prog pkgs targets; do
	case "$prog" in '' | '#'*) continue ;; esac
	case ",$targets," in *",$target,"*) ;; *) continue ;; esac
	have "$prog" && continue
	if [ "$pkgs" = - ]; then
		by_hand+=("$prog")
		continue
	fi
	IFS=, read -r -a p <<<"$pkgs"
	need+=("${p[@]}")
done <"$list"

if [ "$target" = kernels ]; then
	# The matrix's initramfs needs busybox linked statically (Debian's busybox package is not).
	if have busybox && file -L "$(command -v busybox)" | grep -q dynamic; then
		need+=(busybox-static)
	fi
	# The test picks kernels from the index: refresh it when it is a day old.
	if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -1)" ]; then
		apt-get update -qq >/dev/null
	fi
fi

if [ ${#by_hand[@]} -gt 0 ]; then
	echo "deps.sh: missing ${by_hand[*]}, which Debian's packages do not provide in the version needed; install by hand (see README)" >&2
	exit 1
fi
if [ ${#need[@]} -gt 0 ]; then
	mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
	if [ "$(id -u)" != 0 ]; then
		echo "deps.sh: missing ${need[*]}; run as root or install them" >&2
		exit 1
	fi
	echo "deps.sh: installing ${need[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	apt-get install -y -qq "${need[@]}" >/dev/null
fi
