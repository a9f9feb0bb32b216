package debuginfo

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMiniDebugInfo: a binary stripped to .dynsym by Fedora's recipe has
// its local functions from .gnu_debugdata, said so in Func.From; the
// corpus's corrupt .gnu_debugdata inputs (testdata/fuzz) give
// ErrMiniDebug, not functions or a panic.
func TestMiniDebugInfo(t *testing.T) {
	i := -1
	for j, x := range fuzzExtra {
		if x.name == "minidebuginfo" {
			i = j
		}
	}
	fx := loadFixture(t, len(fuzzConfigs)+i)
	path := buildExtra(t, i)
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.File.Section(".symtab") != nil || b.MiniDebugErr() != nil {
		t.Fatalf("the fixture has a .symtab, or its .gnu_debugdata failed: %v", b.MiniDebugErr())
	}
	for _, name := range []string{"main", "cmp_int"} {
		fn, ok := b.LookupFunc(name)
		if !ok || fn.From != FromMiniDebug {
			t.Errorf("%s: %+v, %v; want it from %s", name, fn, ok, FromMiniDebug)
		}
	}
	full, err := Open(path + ".full")
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	for _, fn := range full.MatchFuncs("*") {
		if got, ok := b.LookupFunc(fn.Name); !ok || got.Addr != fn.Addr || got.Size != fn.Size {
			t.Errorf("%s: %+v, %v; the unstripped build has it at %#x, %d bytes", fn.Name, got, ok, fn.Addr, fn.Size)
		}
	}
	for _, c := range []string{"minidebug-xz-magic", "minidebug-xz-body"} {
		edits := fuzzCorpusEdits(t, c)
		bad := filepath.Join(t.TempDir(), c)
		if err := os.WriteFile(bad, fx.mutate(edits), 0o755); err != nil {
			t.Fatal(err)
		}
		bb, err := Open(bad)
		if err != nil {
			t.Fatal(err)
		}
		if err := bb.MiniDebugErr(); !errors.Is(err, ErrMiniDebug) {
			t.Errorf("%s: %v, want ErrMiniDebug", c, err)
		} else {
			t.Logf("%s: %v", c, err)
		}
		if _, ok := bb.LookupFunc("cmp_int"); ok {
			t.Errorf("%s: cmp_int found", c)
		}
		bb.Close()
	}
}

// fuzzCorpusEdits reads the edits of FuzzDebugInfo's corpus file name.
func fuzzCorpusEdits(t *testing.T, name string) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzDebugInfo", name))
	if err != nil {
		t.Fatal(err)
	}
	// go test fuzz v1, the fixture's byte, then []byte("...")
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	q, ok := strings.CutPrefix(lines[len(lines)-1], "[]byte(")
	if !ok {
		t.Fatalf("%s: %q", name, lines[len(lines)-1])
	}
	edits, err := strconv.Unquote(strings.TrimSuffix(q, ")"))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(edits)
}
