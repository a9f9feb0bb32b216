package bpf

import (
	"sync"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
)

// TestWarmRelocations: each variant's programs relocate against the
// running kernel's BTF, while a load of the same variant relocates
// against the same decoded types (what session.Prepare does; run with
// -race to check that the two share them safely), and the load still
// succeeds.
func TestWarmRelocations(t *testing.T) {
	needRoot(t)
	for _, v := range Variants {
		t.Run(v.Name, func(t *testing.T) {
			cache := btf.NewCache()
			kernel, err := cache.Kernel()
			if err != nil {
				t.Fatal(err)
			}
			spec, err := v.Spec()
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var warmErr error
			wg.Add(1)
			go func() {
				defer wg.Done()
				warmErr = v.WarmRelocations(kernel)
			}()
			coll, err := ebpf.NewCollectionWithOptions(spec, ebpf.CollectionOptions{Cache: cache})
			wg.Wait()
			if warmErr != nil {
				t.Errorf("warm relocations: %v", warmErr)
			}
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			coll.Close()
		})
	}
}
