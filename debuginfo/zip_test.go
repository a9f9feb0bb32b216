package debuginfo

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenInZip: a binary stored in a zip archive (zip -0, as an APK
// stores libraries) is opened by "ARCHIVE!/ENTRY"; its Path is the
// archive and its functions' file offsets are the archive's, where the
// same code bytes are. A compressed or absent entry is an error.
func TestOpenInZip(t *testing.T) {
	inner := build(t, config{cc: gcc, opt: "-O0", dwarf: 5, pie: true})
	code, err := os.ReadFile(inner)
	if err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(t.TempDir(), "app.zip")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range []struct {
		name   string
		method uint16
		data   []byte
	}{{"first.txt", zip.Store, []byte("moves the next entry's data along")}, {"lib/x", zip.Store, code}, {"lib/packed", zip.Deflate, code}} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: e.name, Method: e.method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(e.data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(archive, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	plain, err := Open(inner)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	b, err := Open(archive + "!/lib/x")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Path != archive {
		t.Errorf("Path %s, want the archive %s", b.Path, archive)
	}
	pf, ok1 := plain.LookupFunc("process")
	zf, ok2 := b.LookupFunc("process")
	if !ok1 || !ok2 {
		t.Fatalf("process: %v %v", ok1, ok2)
	}
	at := bytes.Index(buf.Bytes(), code)
	if at <= 0 || zf.Offset != pf.Offset+uint64(at) || zf.Addr != pf.Addr {
		t.Errorf("process at offset %#x (address %#x) in the archive, %#x (%#x) in the binary, which starts at %#x", zf.Offset, zf.Addr, pf.Offset, pf.Addr, at)
	}
	if got, want := buf.Bytes()[zf.Offset:zf.Offset+16], code[pf.Offset:pf.Offset+16]; !bytes.Equal(got, want) {
		t.Errorf("bytes at the archive's offset % x, the binary's % x", got, want)
	}
	if off, ok := b.FileOffset(pf.Addr); !ok || off != zf.Offset {
		t.Errorf("FileOffset(%#x) = %#x %v, want %#x", pf.Addr, off, ok, zf.Offset)
	}
	if _, err := b.Debug(); err != nil {
		t.Errorf("DWARF of the entry: %v", err)
	}
	for entry, want := range map[string]string{"lib/packed": "the entry is compressed", "lib/none": `the archive has no entry "lib/none"`} {
		if _, err := Open(archive + "!/" + entry); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", entry, err, want)
		}
	}
}
