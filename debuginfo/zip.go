package debuginfo

import (
	"archive/zip"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"strings"
)

// ZipSep separates a zip archive from the path of an entry in it in a
// binary's name, as bpftrace and Android's linker write it:
// "app.apk!/lib/arm64-v8a/libfoo.so".
const ZipSep = "!/"

// SplitZip splits "ARCHIVE!/ENTRY" into the archive and the entry; ok
// is false for a name without ZipSep.
func SplitZip(name string) (archive, entry string, ok bool) {
	return strings.Cut(name, ZipSep)
}

// openInZip opens entry of the zip archive at archive as a binary whose
// Path is the archive (the file a process maps and a uprobe names) and
// whose file offsets are the archive's: the entry must be stored
// uncompressed (zip -0), as Android stores libraries in an APK, so its
// bytes are a contiguous range of the archive.
func openInZip(archive, entry string) (*Binary, error) {
	b, err := openZipEntry(archive, entry)
	if err != nil {
		return nil, fmt.Errorf("open binary %s%s%s: %w", archive, ZipSep, entry, err)
	}
	return b, nil
}

func openZipEntry(archive, entry string) (*Binary, error) {
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return nil, fmt.Errorf("open zip archive %s: %w", archive, err)
	}
	defer zr.Close()
	var zf *zip.File
	for _, f := range zr.File {
		if f.Name == entry {
			zf = f
			break
		}
	}
	if zf == nil {
		return nil, fmt.Errorf("the archive has no entry %q", entry)
	}
	if zf.Method != zip.Store {
		return nil, fmt.Errorf("the entry is compressed (method %d); only an entry stored as it is (zip -0) can be probed", zf.Method)
	}
	off, err := zf.DataOffset()
	if err != nil {
		return nil, err
	}
	osf, err := os.Open(archive)
	if err != nil {
		return nil, fmt.Errorf("open zip archive %s: %w", archive, err)
	}
	f, err := elf.NewFile(io.NewSectionReader(osf, off, int64(zf.UncompressedSize64)))
	if err != nil {
		osf.Close()
		return nil, fmt.Errorf("the entry: %w", err)
	}
	b := newBinary(archive, f, uint64(off))
	b.closer = osf
	return b, nil
}
