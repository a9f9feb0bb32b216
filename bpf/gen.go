package bpf

// Three builds of one source (Variants): GsCore with GS_NO_STRINGS,
// GS_NO_MAPS and GS_NO_STACKS, GsMaps with GS_NO_STRINGS and GS_NO_STACKS,
// and Gs, the whole interpreter.
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -cc clang-19 -cflags "-O2 -g -Wall -Werror -mcpu=v3 -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu" -target bpfel -go-package bpf Gs c/interp.bpf.c
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -cc clang-19 -cflags "-O2 -g -Wall -Werror -Wno-unused-function -mcpu=v3 -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu -DGS_NO_STRINGS -DGS_NO_MAPS -DGS_NO_STACKS" -target bpfel -go-package bpf -no-global-types GsCore c/interp.bpf.c
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -cc clang-19 -cflags "-O2 -g -Wall -Werror -Wno-unused-function -mcpu=v3 -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu -DGS_NO_STRINGS -DGS_NO_STACKS" -target bpfel -go-package bpf -no-global-types GsMaps c/interp.bpf.c
