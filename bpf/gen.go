package bpf

//go:generate go run github.com/cilium/ebpf/cmd/bpf2go -cc clang-19 -cflags "-O2 -g -Wall -Werror -mcpu=v3 -D__TARGET_ARCH_x86 -I/usr/include/x86_64-linux-gnu" -target bpfel -go-package bpf Gs c/interp.bpf.c
