package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/gs-tracer/gs/bpf"
)

// The process tree of -c's command. A wrapper (a shell script, sh -c,
// a service's start script) runs the program in a child: -c traces the
// command and every process it starts, followed as they fork and exec,
// as strace -f does. The uprobes attach in every process (pid 0) and the
// interpreter counts a hit only in a process of gs_tree (gs_tree_on);
// gs_fork (tp_btf/sched_process_fork: BTF, no tracefs) adds a child of a
// process of the tree at its fork, before it runs (kernel_clone traces
// the fork before wake_up_new_task), and gs_exit marks a
// process exited when its last thread exits. bpftrace's -c differs: its
// uprobes stay system-wide, so it counts every process that runs the
// binary, in the tree or not. A kernel without the tracepoint program
// falls back to the command's own process, with a warning.

// testTreeErr, when set, fails followTree with it (tests of the fallback).
var testTreeErr error

// treeEntry is gs_tree's value (bpf/c/interp.bpf.c, struct tree_entry).
type treeEntry struct {
	Parent uint32 // the tgid that forked it, 0 for the command
	Exited uint32
	Comm   [16]byte // at its exit, the kernel's comm of what it ran last
}

// processTree is gs_tree's user side.
type processTree struct {
	m     *ebpf.Map
	root  int
	links []link.Link
	seen  map[uint32]bool // joined and reported
	logf  func(string, ...any)
	on    *ebpf.Variable // gs_tree_on
}

// followTree attaches gs_fork and gs_exit to in's gs_tree and puts the
// command root in it.
func followTree(in *interpreter, root int, logf func(string, ...any)) (*processTree, error) {
	if testTreeErr != nil {
		return nil, testTreeErr
	}
	spec, err := loadSpec(bpf.Variants[0]) // every variant has them: the smallest
	if err != nil {
		return nil, fmt.Errorf("load interpreter object: %w", err)
	}
	var objs struct {
		Fork *ebpf.Program `ebpf:"gs_fork"`
		Exit *ebpf.Program `ebpf:"gs_exit"`
	}
	opts := &ebpf.CollectionOptions{MapReplacements: map[string]*ebpf.Map{mapTree: in.tree, mapCounters: in.counters}, Cache: kernelTypes}
	if err := spec.LoadAndAssign(&objs, opts); err != nil {
		var ve *ebpf.VerifierError
		if errors.As(err, &ve) {
			err = newVerifierError(ve)
		}
		return nil, fmt.Errorf("load %s and %s (tp_btf): %w", progFork, progExit, err)
	}
	defer objs.Fork.Close() // the links hold them
	defer objs.Exit.Close()
	t := &processTree{m: in.tree, root: root, seen: map[uint32]bool{uint32(root): true}, logf: logf}
	for _, p := range []*ebpf.Program{objs.Fork, objs.Exit} {
		l, err := link.AttachTracing(link.TracingOptions{Program: p})
		if err != nil {
			t.close()
			return nil, fmt.Errorf("attach %s: %w", p, err)
		}
		t.links = append(t.links, l)
	}
	if err := t.m.Put(uint32(root), treeEntry{}); err != nil {
		t.close()
		return nil, fmt.Errorf("write %s: %w", mapTree, err)
	}
	if t.on = in.coll.Variables[varTreeOn]; t.on == nil {
		t.close()
		return nil, fmt.Errorf("the BPF object has no variable %s", varTreeOn)
	}
	return t, nil
}

// filter turns the interpreter's filter on gs_tree on or off. It is on
// while the uprobes run the script: from the command's exec, before the
// probes get their code, until they are detached. BEGIN and END run in
// gs's own process, outside the tree, before and after.
func (t *processTree) filter(on bool) error {
	if t == nil {
		return nil
	}
	v := uint32(0)
	if on {
		v = 1
	}
	if err := t.on.Set(v); err != nil {
		return fmt.Errorf("set %s: %w", varTreeOn, err)
	}
	return nil
}

// admit puts process pid in the tree: gs's own, for its End probes while
// the uprobes stay attached with the filter on (finish).
func (t *processTree) admit(pid int) error {
	if t == nil {
		return nil
	}
	if err := t.m.Put(uint32(pid), treeEntry{}); err != nil {
		return fmt.Errorf("write %s: %w", mapTree, err)
	}
	return nil
}

// close detaches gs_fork and gs_exit.
func (t *processTree) close() {
	if t == nil {
		return
	}
	closeLinks(t.links)
	t.links = nil
}

// update reports (verbose) the processes that joined the tree since the
// last call and deletes those that exited. A process that joined and
// exited in between is reported too. One that cannot be described yet
// (do_exit released its memory, so /proc/PID/exe reads nothing, before
// gs_exit marked it) waits for the next call, unless final.
func (t *processTree) update(final bool) {
	if t == nil {
		return
	}
	var pid uint32
	var e treeEntry
	var gone []uint32
	it := t.m.Iterate()
	for it.Next(&pid, &e) {
		if !t.seen[pid] {
			if what, ok := describeProcess(int(pid), e); ok || final {
				t.seen[pid] = true
				t.logf("process %d joined the traced tree (forked by %d): %s", pid, e.Parent, what)
			}
		}
		if e.Exited != 0 {
			gone = append(gone, pid)
		}
	}
	for _, pid := range gone {
		if int(pid) != t.root {
			_ = t.m.Delete(pid)
			delete(t.seen, pid)
		}
	}
}

// members returns the processes of the tree that have not exited.
func (t *processTree) members() []int {
	if t == nil {
		return nil
	}
	var out []int
	var pid uint32
	var e treeEntry
	it := t.m.Iterate()
	for it.Next(&pid, &e) {
		if e.Exited == 0 {
			out = append(out, int(pid))
		}
	}
	return out
}

// alive counts the processes of the tree, the command's aside, that have
// not exited.
func (t *processTree) alive() int {
	n := 0
	var pid uint32
	var e treeEntry
	it := t.m.Iterate()
	for it.Next(&pid, &e) {
		if e.Exited == 0 && int(pid) != t.root {
			n++
		}
	}
	return n
}

// describeProcess names what process pid runs now, or ran, for gs -v; ok
// is false when it cannot say.
func describeProcess(pid int, e treeEntry) (what string, ok bool) {
	if e.Exited != 0 {
		return fmt.Sprintf("ran %s, exited since", strings.TrimRight(string(e.Comm[:]), "\x00")), true
	}
	dir := "/proc/" + strconv.Itoa(pid)
	exe, err := os.Readlink(filepath.Join(dir, "exe"))
	if err != nil {
		return "exited since", false
	}
	if b, err := os.ReadFile(filepath.Join(dir, "cmdline")); err == nil && len(b) > 0 {
		args := strings.Split(strings.TrimRight(string(b), "\x00"), "\x00")
		return exe + " (" + strings.Join(args, " ") + ")", true
	}
	return exe, true
}
