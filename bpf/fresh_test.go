package bpf

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestObjectFresh fails when the interpreter's sources changed after the
// committed object was built: bpf/generate.sh records their hashes.
func TestObjectFresh(t *testing.T) {
	f, err := os.Open("sources.sha256")
	if err != nil {
		t.Fatalf("%v (run make generate)", err)
	}
	defer f.Close()
	recorded := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("bad line in sources.sha256: %q", sc.Text())
		}
		recorded[name] = true
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%s is recorded but unreadable: %v (run make generate)", name, err)
		}
		got := sha256.Sum256(data)
		if hex.EncodeToString(got[:]) != sum {
			t.Errorf("%s changed since gs_bpfel.o was built: run make generate", name)
		}
	}
	sources, _ := filepath.Glob("c/*.[ch]")
	for _, s := range append(sources, "gen.go") {
		if !recorded[s] {
			t.Errorf("%s is not recorded in sources.sha256: run make generate", s)
		}
	}
}
