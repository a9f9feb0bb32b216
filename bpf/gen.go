package bpf

// Two builds of one source (Variants): Gs, the whole interpreter, and
// GsCore, built with GS_CORE, without the ops of Variants[0].Lacks.
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -cc clang-19 -cflags "-O2 -g -Wall -Werror -mcpu=v3 -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu" -target bpfel -go-package bpf Gs c/interp.bpf.c
//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -cc clang-19 -cflags "-O2 -g -Wall -Werror -Wno-unused-function -mcpu=v3 -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu -DGS_CORE" -target bpfel -go-package bpf -no-global-types GsCore c/interp.bpf.c
