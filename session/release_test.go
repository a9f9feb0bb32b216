package session

import (
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
)

// The releaser holds the links gs handed it, gs holds none of them, and
// once released the releaser's exit detaches them: their ids are gone.
func TestReleaseLinks(t *testing.T) {
	p, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:         ebpf.Kprobe,
		AttachType:   ebpf.AttachTraceUprobeMulti,
		License:      "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	path, off, err := ownFunc(funcIPTarget)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := link.OpenExecutable(path)
	if err != nil {
		t.Fatal(err)
	}
	var links []link.Link
	var ids []link.ID
	for range 2 {
		l, err := ex.UprobeMulti(nil, p, &link.UprobeMultiOptions{Addresses: []uint64{off}, PID: uint32(os.Getpid())})
		if err != nil {
			t.Fatal(err)
		}
		info, err := l.Info()
		if err != nil {
			t.Fatal(err)
		}
		links, ids = append(links, l), append(ids, info.ID)
	}
	rel, rest, err := startRelease(links)
	if err != nil || len(rest) != 0 {
		t.Fatalf("startRelease: %v, %d links not handed over", err, len(rest))
	}
	ours, _ := ourLinks(t)
	held := linksOf(t, rel.cmd.Process.Pid)
	for _, id := range ids {
		if slices.Contains(ours, id) {
			t.Errorf("gs still holds link %d", id)
		}
		if !slices.Contains(held, id) {
			t.Errorf("the releaser does not hold link %d (it holds %v)", id, held)
		}
	}
	rel.release()
	<-rel.done
	for _, id := range ids {
		l, err := link.NewFromID(id)
		if err == nil {
			l.Close()
			t.Errorf("link %d still exists after the releaser exited", id)
		} else if !errors.Is(err, os.ErrNotExist) {
			t.Errorf("link %d: %v", id, err)
		}
	}
}

// linksOf returns the ids of the links process pid holds.
func linksOf(t *testing.T, pid int) []link.ID {
	dir := "/proc/" + strconv.Itoa(pid) + "/fdinfo/"
	fds, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []link.ID
	for _, fd := range fds {
		b, err := os.ReadFile(dir + fd.Name())
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "link_id:\t"); ok {
				id, _ := strconv.Atoi(v)
				ids = append(ids, link.ID(id))
			}
		}
	}
	return ids
}
