package debuginfo

// Language is the source language of a binary, as far as gs reads its
// values differently: which counted values (sema/counted.go) its DWARF
// types map to, whether `.` reads through pointers.
type Language uint8

// Languages. LangAny is no language: a rule for every binary.
const (
	LangAny Language = iota
	LangC
	LangGo
	LangRust
)

var langNames = [...]string{"any", "C", "Go", "Rust"}

func (l Language) String() string {
	if int(l) < len(langNames) {
		return langNames[l]
	}
	return "language?"
}

// Language returns b's language: Go for a binary of the Go toolchain
// (IsGo), Rust when its DWARF, once loaded, has a Rust unit, else C.
func (b *Binary) Language() Language {
	if b.IsGo() {
		return LangGo
	}
	if b.dbg != nil && b.dbg.IsRust() { // rust.go
		return LangRust
	}
	return LangC
}
