package debuginfo

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"io"

	"github.com/ulikunitz/xz"
)

// MiniDebugInfo: Fedora, RHEL and systemd-built packages strip a binary to
// .dynsym and keep the local function symbols in .gnu_debugdata, an
// xz-compressed ELF file holding a .symtab only (gdb's "MiniDebugInfo",
// gdb/minidebug.c). gdb reads it after .symtab and before .dynsym; so
// does Open (symbolOrder).

// miniDebugSection is the section that holds the compressed symbol file.
const miniDebugSection = ".gnu_debugdata"

// maxMiniDebug bounds the decompressed size: a corrupt or hostile length
// must not make gs allocate without end. Fedora's largest (libLLVM's) is
// a few MiB.
const maxMiniDebug = 256 << 20

// Where a function symbol came from, in gdb's order of preference
// (symbolOrder). Func.From holds one; -v prints it.
const (
	FromSymtab    = ".symtab"
	FromMiniDebug = ".gnu_debugdata"
	FromDynsym    = ".dynsym"
	FromDebugSyms = "the debug file's .symtab"
	FromPclntab   = ".gopclntab" // a Go binary without .symtab (pclntab.go)
)

// ErrMiniDebug wraps why a binary's .gnu_debugdata could not be read.
var ErrMiniDebug = errors.New("corrupt .gnu_debugdata (MiniDebugInfo)")

// miniDebugSymbols returns the symbols of f's .gnu_debugdata, nil if it
// has none, or an error wrapping ErrMiniDebug that says what is wrong.
func miniDebugSymbols(f *elf.File) ([]elf.Symbol, error) {
	s := f.Section(miniDebugSection)
	if s == nil || s.Type == elf.SHT_NOBITS {
		return nil, nil
	}
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("%w: read section: %v", ErrMiniDebug, err)
	}
	r, err := xz.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: not xz data: %v", ErrMiniDebug, err)
	}
	raw, err := io.ReadAll(io.LimitReader(r, maxMiniDebug+1))
	if err != nil {
		return nil, fmt.Errorf("%w: decompress: %v", ErrMiniDebug, err)
	}
	if len(raw) > maxMiniDebug {
		return nil, fmt.Errorf("%w: decompresses to more than %d MiB", ErrMiniDebug, maxMiniDebug>>20)
	}
	ef, err := elf.NewFile(bytes.NewReader(raw))
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, fmt.Errorf("%w: the decompressed file is cut short (%d bytes)", ErrMiniDebug, len(raw))
	}
	if err != nil {
		return nil, fmt.Errorf("%w: the decompressed file is no ELF file: %v", ErrMiniDebug, err)
	}
	defer ef.Close()
	syms, err := ef.Symbols()
	if err != nil {
		return nil, fmt.Errorf("%w: read its .symtab: %v", ErrMiniDebug, err)
	}
	return syms, nil
}

// MiniDebugErr is why b's .gnu_debugdata could not be read, or nil (none,
// or read).
func (b *Binary) MiniDebugErr() error { return b.miniErr }
