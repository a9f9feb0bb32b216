package session

import (
	"os"
	"testing"
	"time"

	"github.com/cilium/ebpf"
)

// BenchmarkUnwindWatch measures a tick of unwindWatch once the modules it
// sees have their tables: with -p/-c (one process's maps) and system-wide
// with every process new (each process's maps: the first listing; later
// ones read only new processes' maps and the probed processes').
func BenchmarkUnwindWatch(b *testing.B) {
	mods, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Hash, KeySize: 16, ValueSize: 40, MaxEntries: unwindSpareMods})
	if err != nil {
		b.Fatal(err)
	}
	defer mods.Close()
	rows, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8, MaxEntries: unwindSpareRows})
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	for _, pid := range []int{os.Getpid(), 0} {
		b.Run(map[bool]string{true: "process", false: "system-wide"}[pid != 0], func(b *testing.B) {
			u := &unwindMaps{grow: true, capMods: unwindSpareMods, capRows: unwindSpareRows}
			w := newUnwindWatch(u, func() (*ebpf.Map, *ebpf.Map, *ebpf.Map) { return mods, rows, nil }, pid, []string{exe}, b.Logf, func(string) {})
			w.update()
			if len(u.Keys) == 0 {
				b.Fatal("no module added")
			}
			for b.Loop() {
				w.last = time.Time{}
				clear(w.seen) // every process again: the once-a-second listing's worst case
				w.update()
			}
			b.ReportMetric(float64(len(u.Keys)), "modules")
			b.ReportMetric(float64(len(u.Rows)), "rows")
		})
	}
}
