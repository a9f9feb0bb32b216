package bpf

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"

	"github.com/gs-tracer/gs/internal/testtarget"
)

// pagesSrc is a target with a 1 MiB read-only array, big, whose pages
// nothing touches unless told to: page i begins "page %03d of big". peek
// gets three pointers into it (the commands give byte offsets); touch
// reads a byte, which maps that page and its fault-around neighbours (up
// to 64 KiB): the offsets the test reads are in separate 64 KiB windows.
const pagesSrc = `
#include <stdio.h>
#include <string.h>

static const char big[256 * 4096] = {
%s};

__attribute__((noinline)) int peek(const char *s, const char *p, const char *m)
{
	__asm__ volatile("" :: "r"(s), "r"(p), "r"(m) : "memory");
	return 0;
}

int main(void)
{
	char line[256];
	unsigned long a, b, c;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof line, stdin)) {
		if (sscanf(line, "peek %%lu %%lu %%lu", &a, &b, &c) == 3)
			printf("%%d %%lu\n", peek(big + a, big + b, big + c), (unsigned long)big);
		else if (sscanf(line, "touch %%lu", &a) == 1)
			printf("%%d\n", ((const volatile char *)big)[a]);
		else
			printf("?\n");
	}
	return 0;
}
`

// pageText is what page i of big begins with (the C string, NUL included).
func pageText(i int) string { return fmt.Sprintf("page %03d of big\x00", i) }

func buildPagesTarget(t *testing.T) string {
	t.Helper()
	var init strings.Builder
	for i := range 256 {
		fmt.Fprintf(&init, "\t[%d] =", i*4096)
		for _, c := range []byte(pageText(i)) {
			fmt.Fprintf(&init, " %d,", c)
		}
		init.WriteByte('\n')
	}
	return testtarget.FromSource(t, testtarget.GCC, "pages.c", fmt.Sprintf(pagesSrc, init.String()), "-O1")
}

// peekProg reads peek's arguments: str(arg0, 32) into a string slot, an
// 8-byte OpLoad of arg1 with its status, 16 bytes of arg2 with OpStMem.
var peekProg = cat(
	record(0),
	ldreg(1, regDI), movi(2, 32),
	ir.Insn{Op: ir.OpStStr, A: 1, B: 2, Imm: 8}, // 8: slot, 24-55: text
	ldreg(3, regSI),
	ir.Insn{Op: ir.OpLoad, A: 4, B: 3, C: 8},
	ir.Insn{Op: ir.OpStStatus, Imm: 56}, // 56: status, 64: address
	st(72, 4),
	ldreg(5, regDX), movi(6, 16),
	ir.Insn{Op: ir.OpStMem, A: 5, B: 6, Imm: 80}, // 80: status, 88: address, 96-111: bytes
	emit(112),
)

const regDX = 12

// TestUntouchedPages reads memory that the target has never touched. A
// non-sleepable program cannot fault its page in and reports a read error
// (a string literal in .rodata on its first use, say, which gdb would
// show); the sleepable ones read it on the first hit.
func TestUntouchedPages(t *testing.T) {
	needRoot(t)
	bin := buildPagesTarget(t)
	// Pages 128, 160 and 192: three 64 KiB windows apart from each other
	// and from the rest of the binary.
	offs := [3]uint64{128 * 4096, 160 * 4096, 192 * 4096}
	peekCmd := fmt.Sprintf("peek %d %d %d", offs[0], offs[1], offs[2])
	for _, u := range uprobeProgs {
		t.Run(u.String(), func(t *testing.T) {
			objs := load(t, nil)
			probes := []probeCode{{"peek", peekProg}}
			install(t, objs, probes)
			attach(t, objs, bin, probes, u)
			rd := newReader(t, objs)
			tg := startTarget(t, bin)

			// peek runs it and returns the record and big's address.
			peek := func() ([]byte, uint64) {
				ans := strings.Fields(tg.call(t, peekCmd))
				if len(ans) != 2 {
					t.Fatalf("peek answered %q", ans)
				}
				big, _ := strconv.ParseUint(ans[1], 10, 64)
				return records(t, rd, 1)[0], big
			}
			// check compares a record with the three reads' outcome.
			check := func(r []byte, big uint64, fault bool) {
				t.Helper()
				text, word, mem := pageText(128), pageText(160)[:8], pageText(192)[:16]
				n := int(r[8]) | int(r[9])<<8
				if fault {
					if r[10] != ir.StrFault || n != 0 || u64(r, 16) != big+offs[0] {
						t.Errorf("string slot {len %d, flags %d, address %#x}, want a fault at %#x", n, r[10], u64(r, 16), big+offs[0])
					}
					if u64(r, 56) != ir.StatusReadError || u64(r, 64) != big+offs[1] || u64(r, 72) != 0 {
						t.Errorf("load {status %d, address %#x} = %#x, want a read error at %#x", u64(r, 56), u64(r, 64), u64(r, 72), big+offs[1])
					}
					if u64(r, 80) != ir.StatusReadError || u64(r, 88) != big+offs[2] {
						t.Errorf("stmem {status %d, address %#x}, want a read error at %#x", u64(r, 80), u64(r, 88), big+offs[2])
					}
					return
				}
				if got := string(r[24 : 24+n]); r[10] != 0 || got != text[:len(text)-1] {
					t.Errorf("string slot {len %d, flags %d, %q}, want %q", n, r[10], got, text[:len(text)-1])
				}
				if u64(r, 56) != ir.StatusOK || string(r[72:80]) != word {
					t.Errorf("load {status %d, address %#x} = %q, want %q", u64(r, 56), u64(r, 64), r[72:80], word)
				}
				if u64(r, 80) != ir.StatusOK || string(r[96:112]) != mem {
					t.Errorf("stmem {status %d, address %#x} = %q, want %q", u64(r, 80), u64(r, 88), r[96:112], mem)
				}
			}

			r, big := peek()
			check(r, big, !u.sleepable)
			if !u.sleepable {
				// Reading does not map the pages: the next hit fails
				// too, until the target touches them.
				r, big = peek()
				check(r, big, true)
				for _, off := range offs {
					tg.call(t, fmt.Sprintf("touch %d", off))
				}
			}
			r, big = peek()
			check(r, big, false)
			wantCounters(t, objs, nil)
		})
	}
}

// sleepSrc makes a sleepable probe sleep for as long as it likes: peek
// gets a pointer into a page that userfaultfd serves, and serve answers
// the fault only after 200 ms. serve and hog run on the CPU the probe
// started on (they inherit main's affinity). While the probe sleeps, hog
// calls peek with a present page (a hit that finds the CPU's scratch entry
// busy) and then keeps the CPU busy, so a task that could migrate would
// wake up on another CPU. Each "sleep" command uses a fresh page and
// answers the CPUs main ran on before and after the call. "fault" is the
// control: main faults on the page itself, outside any probe, and hog does
// not call peek.
const sleepSrc = `
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define PAGES 16

static long pagesz;
static char *area;
static int uffd, wake[2];
static volatile int stop, control;
static char present[64] = "present";

__attribute__((noinline)) int peek(const char *p)
{
	__asm__ volatile("" :: "r"(p) : "memory");
	return 0;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	if (cpu < 0)
		for (int i = 0; i < CPU_SETSIZE; i++)
			CPU_SET(i, &set);
	else
		CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof set, &set);
}

static void *serve(void *arg)
{
	struct uffd_msg msg;
	char *src = calloc(1, pagesz);

	if (read(uffd, &msg, sizeof msg) != sizeof msg || msg.event != UFFD_EVENT_PAGEFAULT)
		abort();
	if (write(wake[1], "", 1) != 1)
		abort();
	usleep(200000);
	strcpy(src, "served");
	struct uffdio_copy c = {
		.dst = msg.arg.pagefault.address & ~(pagesz - 1),
		.src = (unsigned long)src,
		.len = pagesz,
	};
	if (ioctl(uffd, UFFDIO_COPY, &c))
		abort();
	free(src);
	return 0;
}

static void *hog(void *arg)
{
	char c;

	pin((int)(long)arg);
	if (read(wake[0], &c, 1) != 1)
		abort();
	if (!control)
		peek(present);
	while (!stop)
		;
	return 0;
}

int main(void)
{
	char line[256];
	int next = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	pagesz = sysconf(_SC_PAGESIZE);
	area = mmap(0, PAGES * pagesz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uffd = syscall(SYS_userfaultfd, O_CLOEXEC);
	struct uffdio_api api = {.api = UFFD_API};
	struct uffdio_register reg = {
		.range = {.start = (unsigned long)area, .len = PAGES * pagesz},
		.mode = UFFDIO_REGISTER_MODE_MISSING,
	};
	if (area == MAP_FAILED || uffd < 0 || pipe(wake) || ioctl(uffd, UFFDIO_API, &api) || ioctl(uffd, UFFDIO_REGISTER, &reg)) {
		perror("userfaultfd");
		return 1;
	}
	while (fgets(line, sizeof line, stdin)) {
		pthread_t s, h;
		int before, after;

		control = strncmp(line, "fault", 5) == 0;
		if (!control && strncmp(line, "sleep", 5) != 0 || next == PAGES) {
			printf("?\n");
			continue;
		}
		stop = 0;
		pin(0);
		before = sched_getcpu();
		pthread_create(&s, 0, serve, 0);
		pthread_create(&h, 0, hog, (void *)(long)before);
		/* Let both block: main must be alone on its CPU until the fault,
		 * or it could be moved before it even calls peek. */
		usleep(20000);
		pin(-1);
		if (control)
			(void)*(volatile char *)(area + next++ * pagesz);
		else
			peek(area + next++ * pagesz);
		after = sched_getcpu();
		stop = 1;
		pthread_join(s, 0);
		pthread_join(h, 0);
		printf("%d %d\n", before, after);
	}
	return 0;
}
`

// sleepProg records the CPU, reads str(arg0), and records the CPU again.
var sleepProg = cat(
	record(0),
	ldctx(1, ir.CtxCpu), st(8, 1),
	ldreg(2, regDI), movi(3, 16),
	ir.Insn{Op: ir.OpStStr, A: 2, B: 3, Imm: 16}, // 16: slot, 32-47: text
	ldctx(1, ir.CtxCpu), st(48, 1),
	ldctx(1, ir.CtxTid), st(56, 1),
	emit(64),
)

// TestSleepingProbe makes a sleepable program sleep in a page fault (the
// target serves it with userfaultfd after 200 ms). A hit on the same CPU
// meanwhile finds the scratch entry busy: it is dropped and counted as a
// reentry. The sleeping program does not migrate, although its CPU is
// busy and another is idle when it wakes up: the kernel runs sleepable
// uprobe programs, single and multi, with migration disabled, so the
// scratch entry taken at entry stays the current CPU's. (The control, a
// user-mode fault in the same setup, wakes up on the idle CPU.)
func TestSleepingProbe(t *testing.T) {
	needRoot(t)
	bin := testtarget.FromSource(t, testtarget.GCC, "sleep.c", sleepSrc, "-O1", "-pthread")
	for _, u := range []uprobeProg{{sleepable: true}, {multi: true, sleepable: true}} {
		t.Run(u.String(), func(t *testing.T) {
			objs := load(t, nil)
			probes := []probeCode{{"peek", sleepProg}}
			install(t, objs, probes)
			attach(t, objs, bin, probes, u)
			rd := newReader(t, objs)
			tg := startTarget(t, bin)
			if cpus := strings.Fields(tg.call(t, "fault")); len(cpus) == 2 {
				t.Logf("control: a user-mode fault on CPU %s woke up on CPU %s", cpus[0], cpus[1])
			}
			const runs = 3
			for i := range runs {
				ans := strings.Fields(tg.call(t, "sleep"))
				if len(ans) != 2 {
					t.Fatalf("sleep answered %q", ans)
				}
				r := records(t, rd, 1)[0]
				n := int(r[16]) | int(r[17])<<8
				if text := string(r[32 : 32+n]); text != "served" || r[18] != 0 {
					t.Errorf("run %d: string {%q, flags %d}, want %q", i, text, r[18], "served")
				}
				if u64(r, 56) != uint64(tg.pid()) {
					t.Errorf("run %d: the record is from thread %d, want main (%d)", i, u64(r, 56), tg.pid())
				}
				if before, after := u64(r, 8), u64(r, 48); before != after || strconv.FormatUint(before, 10) != ans[0] {
					t.Errorf("run %d: the program ran on CPU %d, then %d; the target was on %s", i, before, after, ans[0])
				}
				t.Logf("run %d: program on CPU %d throughout; target on CPU %s before the call, %s after", i, u64(r, 8), ans[0], ans[1])
			}
			wantCounters(t, objs, map[ir.Counter]uint64{ir.CounterReentry: runs})
		})
	}
}
