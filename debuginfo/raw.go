package debuginfo

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
)

// maxRaw bounds the flat binaries OpenRaw reads (into memory).
const maxRaw = 256 << 20

// OpenRaw opens a file that is no ELF file, such as a flat binary that a
// process maps and runs itself, as one executable segment whose addresses
// are its file offsets, with no symbols and no DWARF: a probe on it names
// a file offset (gs --unsafe, as bpftrace --unsafe does).
func OpenRaw(path string) (*Binary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open binary %s: %w", path, err)
	}
	if len(data) > maxRaw {
		return nil, fmt.Errorf("open binary %s: %d bytes is too large for a flat binary", path, len(data))
	}
	size := uint64(len(data))
	p := &elf.Prog{
		ProgHeader: elf.ProgHeader{Type: elf.PT_LOAD, Flags: elf.PF_R | elf.PF_X, Filesz: size, Memsz: size, Align: 1},
		ReaderAt:   bytes.NewReader(data),
	}
	f := &elf.File{
		FileHeader: elf.FileHeader{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Type: elf.ET_EXEC, Machine: elf.EM_X86_64, ByteOrder: binary.LittleEndian},
		Progs:      []*elf.Prog{p},
	}
	return &Binary{Path: path, File: f, byNm: map[string]int{}, progs: f.Progs, Raw: true}, nil
}
