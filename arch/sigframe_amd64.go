package arch

// The kernel's signal frame on x86-64, the one place for its layout (the
// user stack unwinder steps through it: bpf/c/unwind_walk.h). Sources:
// arch/x86/include/asm/sigframe.h (struct rt_sigframe {char *pretcode;
// struct ucontext uc; struct siginfo info; ...}), include/uapi/asm-generic/
// ucontext.h (struct ucontext {unsigned long uc_flags; struct ucontext
// *uc_link; stack_t uc_stack; struct sigcontext uc_mcontext; ...}) and
// arch/x86/include/uapi/asm/sigcontext.h (struct sigcontext_64: r8..r15,
// rdi, rsi, rbp, rbx, rdx, rax, rcx, rsp, rip, ...). TestKernelSigframe
// checks them against the running kernel's BTF.
//
// A handler starts with rsp at the frame, whose first word (pretcode) is
// the address it returns to: the restorer (__restore_rt, which calls
// rt_sigreturn). So the handler's CFA is the frame's ucontext, and the
// interrupted context's registers are at that CFA + SigUContextRBP etc.
const (
	SigframeUContext = 8  // offsetof(struct rt_sigframe, uc)
	UContextMcontext = 40 // offsetof(struct ucontext, uc_mcontext)
	SigcontextRBP    = 80 // offsetof(struct sigcontext_64, bp)
	SigcontextRSP    = 120
	SigcontextRIP    = 128

	// The interrupted registers from the ucontext's start.
	SigUContextRBP = UContextMcontext + SigcontextRBP
	SigUContextRSP = UContextMcontext + SigcontextRSP
	SigUContextRIP = UContextMcontext + SigcontextRIP
)

// SigreturnCode is the restorer's code, mov $15 (rt_sigreturn), %rax;
// syscall, as glibc (sysdeps/unix/sysv/linux/x86_64/libc_sigaction.c) and
// musl (src/signal/x86_64/restore.s) write it; gdb recognizes signal
// frames by it too (amd64_linux_sigtramp_code).
var SigreturnCode = []byte{0x48, 0xc7, 0xc0, 0x0f, 0x00, 0x00, 0x00, 0x0f, 0x05}
