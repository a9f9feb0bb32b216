#!/usr/bin/env bash
# Installs what a make target needs on a fresh Debian machine (run as root).
#   deps.sh test      compilers for the test targets (gcc is on the machine; clang-19 is not;
#                     libc++ for clang++ -stdlib=libc++; rustc and cargo), gdb, objcopy, and the debuginfod
#                     server the debuginfod tests start
#   deps.sh generate  clang-19/llvm-19/libbpf-dev for bpf2go, Java for ANTLR
#   deps.sh bench     bpftrace, for side-by-side figures; debuginfod for the fetch figures
#   deps.sh kernels   qemu, busybox-static and cpio for the kernel matrix, and a
#                     fresh apt index so apt-get download finds Debian's kernels
set -euo pipefail

need=()
have() { command -v "$1" >/dev/null 2>&1; }
case "${1:-test}" in
test)
	have clang-19 || need+=(clang-19)
	[ -d /usr/lib/llvm-19/include/c++/v1 ] || need+=(libc++-19-dev libc++abi-19-dev)
	# rustup's toolchain (~/.cargo/bin) when the machine has one, else Debian 12's current
	# one (rustc-web, from bookworm-security: rustc 1.63 is too old for the tests' programs).
	have rustc || [ -x "$HOME/.cargo/bin/rustc" ] || need+=(rustc-web cargo-web)
	have gdb || need+=(gdb)
	have objcopy || need+=(binutils)
	have debuginfod || need+=(debuginfod)
	;;
generate)
	have clang-19 || need+=(clang-19)
	have llvm-strip-19 || need+=(llvm-19)
	[ -f /usr/include/bpf/bpf_helpers.h ] || need+=(libbpf-dev)
	[ -d /usr/include/x86_64-linux-gnu/asm ] || need+=(linux-libc-dev)
	have java || need+=(default-jre-headless)
	have npm || need+=(npm)
	;;
kernels)
	have qemu-system-x86_64 || need+=(qemu-system-x86)
	[ -x /bin/busybox ] && ! file -L /bin/busybox | grep -q dynamic || need+=(busybox-static)
	have cpio || need+=(cpio)
	have file || need+=(file)
	# The test picks kernels from the index: refresh it when it is a day old.
	if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -1)" ]; then
		apt-get update -qq >/dev/null
	fi
	;;
bench)
	have bpftrace || need+=(bpftrace)
	have clang-19 || need+=(clang-19)
	have debuginfod || need+=(debuginfod)
	;;
*)
	echo "usage: $0 test|generate|bench|kernels" >&2
	exit 2
	;;
esac

if [ ${#need[@]} -gt 0 ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "deps.sh: missing ${need[*]}; run as root or install them" >&2
		exit 1
	fi
	echo "deps.sh: installing ${need[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	apt-get install -y -qq "${need[@]}" >/dev/null
fi
