//go:build amd64

package machine

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/debuginfo"
)

// TestScanFloor checks where a probe at a function's entry may move, on
// hand-assembled code.
func TestScanFloor(t *testing.T) {
	const base = 0x1000
	tests := []struct {
		name string
		code []byte
		cold []byte // code of a .cold part at 0x2000
		to   uint64 // offset of the new site; 0: stays
		why  string // part of the reason it stays
	}{
		{"mov then push", []byte{0x48, 0x89, 0xf8, 0x53, 0xc3}, nil, 3, ""},
		{"push first", []byte{0x53, 0x48, 0x89, 0xf8, 0xc3}, nil, 0, ""},
		{"lea then jcc", []byte{0x48, 0x8d, 0x7f, 0x64, 0x75, 0x00, 0xc3}, nil, 4, ""},
		{"loop head in the way", []byte{0x31, 0xc0, 0x90, 0x48, 0x01, 0xf8, 0x48, 0xff, 0xcf, 0x75, 0xf7, 0xc3}, nil, 0, "a branch targets +2"},
		// moves, noting the store for a script that reads memory (readsSurvive)
		{"store through a pointer", []byte{0x89, 0x3e, 0x53, 0xc3}, nil, 2, ""},
		{"store to the new frame", []byte{0x48, 0x83, 0xec, 0x18, 0x48, 0x89, 0x7c, 0x24, 0x08, 0x53, 0xc3}, nil, 9, ""},
		{"store over the return address", []byte{0x48, 0x83, 0xec, 0x18, 0x48, 0x89, 0x7c, 0x24, 0x20, 0x53, 0xc3}, nil, 9, ""},
		// jmp *%rax: lands where data or code names an address, not at +3
		{"indirect jump", []byte{0x48, 0x89, 0xf8, 0x53, 0xff, 0xe0}, nil, 3, ""},
		// mov; push; jmp *0(%rip): a tail call through a pointer
		{"tail call through memory", []byte{0x48, 0x89, 0xf8, 0x53, 0xff, 0x25, 0, 0, 0, 0}, nil, 3, ""},
		// xor; xor; mov; push; jmp *0(%rip), and the data holds the address +4 (escaped())
		{"tail call, an address escapes", []byte{0x31, 0xc0, 0x31, 0xd2, 0x48, 0x89, 0xfb, 0x53, 0xff, 0x25, 0, 0, 0, 0}, nil, 0, "a branch targets +4"},
		{"ret first", []byte{0x48, 0x89, 0xf8, 0xc3}, nil, 0, "a ret comes before"},
		// jmp from the .cold part (at 0x2000) back to +3 of the function
		{"cold part jumps in", []byte{0x48, 0x89, 0xf8, 0x48, 0x89, 0xfb, 0x53, 0xc3}, []byte{0xe9, 0xfe, 0xef, 0xff, 0xff}, 0, "a branch targets +3"},
		{"endbr64 then push", []byte{0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0xc3}, nil, 4, ""},
		{"xchg with r8 is no nop", []byte{0x48, 0x89, 0xf8, 0x49, 0x90, 0x53, 0xc3}, nil, 0, "not modelled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var more []codeRange
			if tt.cold != nil {
				more = append(more, codeRange{0x2000, tt.cold})
			}
			s := scanFloor(tt.code, base, more, base, true, func() *binData { return &binData{escaped: map[uint64]bool{0x1004: true}} })
			if got := s.to - base; got != tt.to {
				t.Errorf("moves to +%d, want +%d (why %q)", got, tt.to, s.why)
			}
			if tt.why != "" && !strings.Contains(s.why, tt.why) {
				t.Errorf("why = %q, want it to say %q", s.why, tt.why)
			}
		})
	}
}

// TestScanFloorStores: a store skipped on the way is noted, but for one
// into the new frame of a function's entry.
func TestScanFloorStores(t *testing.T) {
	for _, c := range []struct {
		name  string
		code  []byte
		store string
	}{
		{"through a pointer", []byte{0x89, 0x3e, 0x53, 0xc3}, "stores to memory"},
		{"to the new frame", []byte{0x48, 0x83, 0xec, 0x18, 0x48, 0x89, 0x7c, 0x24, 0x08, 0x53, 0xc3}, ""},
		{"over the return address", []byte{0x48, 0x83, 0xec, 0x18, 0x48, 0x89, 0x7c, 0x24, 0x20, 0x53, 0xc3}, "at or above"},
	} {
		s := scanFloor(c.code, 0, nil, 0, true, nil)
		if s.tags == nil || (c.store == "") != (s.tags.store == "") || !strings.Contains(s.tags.store, c.store) {
			t.Errorf("%s: store note %+v, want %q", c.name, s.tags, c.store)
		}
	}
}

// TestScanFloorJumpTable: the entries of a switch's jump table are branch
// targets, PIC (int32 relative to the table) and not (absolute 8-byte),
// read for as long as they land in the function.
func TestScanFloorJumpTable(t *testing.T) {
	const base, table = 0x1000, 0x3000
	rel := func(targets ...uint32) []byte {
		var b []byte
		for _, t := range targets {
			b = binary.LittleEndian.AppendUint32(b, t-table)
		}
		return b
	}
	abs := func(targets ...uint64) []byte {
		var b []byte
		for _, t := range targets {
			b = binary.LittleEndian.AppendUint64(b, t)
		}
		return b
	}
	// mov %rdi,%rax; mov %rdi,%rbx; push %rbx; lea 0x3000(%rip),%rdx;
	// movslq (%rdx,%rax,4),%rax; add %rdx,%rax; jmp *%rax; ret (+0x17)
	pic := []byte{0x48, 0x89, 0xf8, 0x48, 0x89, 0xfb, 0x53, 0x48, 0x8d, 0x15, 0xf2, 0x1f, 0, 0,
		0x48, 0x63, 0x04, 0x82, 0x48, 0x01, 0xd0, 0xff, 0xe0, 0xc3}
	// mov %rdi,%rax; mov %rdi,%rbx; push %rbx; jmp *0x3000(,%rax,8); ret (+0xe)
	nopic := []byte{0x48, 0x89, 0xf8, 0x48, 0x89, 0xfb, 0x53, 0xff, 0x24, 0xc5, 0x00, 0x30, 0, 0, 0xc3}
	tests := []struct {
		name  string
		code  []byte
		table []byte
		to    uint64
		why   string
	}{
		{"PIC, no case in the way", pic, rel(0x1017, 0x1017), 6, ""},
		{"PIC, a case at +3", pic, rel(0x1017, 0x1003), 0, "a branch targets +3"},
		{"PIC, a case on the new site", pic, rel(0x1006), 0, "a branch targets +6"},
		{"PIC, the table ends before it", pic, append(rel(0x1017), rel(0x9000, 0x1003)...), 6, ""},
		{"non-PIC, a case at +3", nopic, abs(0x100e, 0x1003), 0, "a branch targets +3"},
		{"non-PIC, no case in the way", nopic, abs(0x100e, 0x100e), 6, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &binData{escaped: map[uint64]bool{}, secs: []dataSec{{table, tt.table}}}
			s := scanFloor(tt.code, base, nil, base, true, func() *binData { return d })
			if got := s.to - base; got != tt.to {
				t.Errorf("moves to +%d, want +%d (why %q)", got, tt.to, s.why)
			}
			if tt.why != "" && !strings.Contains(s.why, tt.why) {
				t.Errorf("why = %q, want it to say %q", s.why, tt.why)
			}
		})
	}
}

// TestSameValue: a location is the same after skipped code when it reads
// the registers the old one did, through copies and stack arithmetic.
func TestSameValue(t *testing.T) {
	reg := func(r int) debuginfo.Location {
		return debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceReg, Ops: []debuginfo.LocOp{{Kind: debuginfo.LocReg, Reg: r}}}}}
	}
	breg := func(r int, off int64) debuginfo.Location {
		return debuginfo.Location{Pieces: []debuginfo.Piece{{Kind: debuginfo.PieceMemory, Ops: []debuginfo.LocOp{{Kind: debuginfo.LocBreg, Reg: r, Offset: off}}}}}
	}
	// mov %rdi,%rbx; lea 1(%rsi),%rsi; sub $8,%rsp; push %rbx
	s := scanFloor([]byte{0x48, 0x89, 0xfb, 0x48, 0x8d, 0x76, 0x01, 0x48, 0x83, 0xec, 0x08, 0x53}, 0, nil, 0, true, nil)
	if s.to != 11 {
		t.Fatalf("moves to +%d, want +11 (%s)", s.to, s.why)
	}
	const rdi, rsi, rbx, rsp = 5, 4, 3, 7
	for _, c := range []struct {
		name     string
		old, new debuginfo.Location
		want     bool
	}{
		{"unchanged register", reg(rdi), reg(rdi), true},
		{"copied register", reg(rdi), reg(rbx), true},
		{"written register", reg(rsi), reg(rsi), false},
		{"stack slot, rsp moved", breg(rsp, 8), breg(rsp, 16), true},
		{"stack slot, wrong offset", breg(rsp, 8), breg(rsp, 8), false},
	} {
		if got := sameValue(c.old, c.new, s.tags); got != c.want {
			t.Errorf("%s: sameValue = %v, want %v", c.name, got, c.want)
		}
	}
}
