package ir

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"reflect"
	"testing"

	"github.com/gs-tracer/gs/bpf"
)

// recorded is the encoding's fingerprint as of Version recordedVersion.
// When TestVersionFingerprint fails, the encoding changed: bump Version
// and record the new pair here, in the same commit.
const (
	recordedFingerprint = "782dc2d8b8b3bd1e"
	recordedVersion     = 19
)

// TestVersionFingerprint fails when the bytecode's encoding changes while
// Version does not. The fingerprint covers the op table (numbers, names,
// operand shapes), the numbering of the operands' constants (Ctx, MapIn,
// Agg, status values, string flags), the instruction's size and field
// layout, and the layout of the structs the C interpreter reads
// (struct insn, struct probe, from bpf2go's bindings).
func TestVersionFingerprint(t *testing.T) {
	got := encodingFingerprint()
	switch {
	case got != recordedFingerprint && Version == recordedVersion:
		t.Fatalf("the bytecode encoding changed (fingerprint %s, recorded %s for Version %d) but ir.Version did not:\n"+
			"bump Version in ir/program.go and record {%q, %d} in ir/version_test.go",
			got, recordedFingerprint, recordedVersion, got, Version+1)
	case got != recordedFingerprint || Version != recordedVersion:
		t.Fatalf("record the new encoding in ir/version_test.go: recordedFingerprint = %q, recordedVersion = %d", got, Version)
	}
}

func encodingFingerprint() string {
	h := sha256.New()
	for op := Op(0); op < numOps; op++ {
		i := Table[op]
		fmt.Fprintf(h, "op %d %s shape %d c %v b %v\n", op, i.Name, i.Shape, i.CIsNum, i.BIsNum)
	}
	for c := Ctx(0); c < numCtx; c++ {
		fmt.Fprintf(h, "ctx %d %s\n", c, CtxNames[c])
	}
	for m := MapIn(0); m < numMapIn; m++ {
		fmt.Fprintf(h, "in %d %s\n", m, MapInNames[m])
	}
	for a := Agg(0); a < numAgg; a++ {
		fmt.Fprintf(h, "agg %d %s\n", a, AggNames[a])
	}
	fmt.Fprintf(h, "status %d %d %d str %d %d\n", StatusOK, StatusReadError, StatusSize, StrTruncated, StrFault)
	fmt.Fprintf(h, "nobias %d %d probeflag %d %d %d\n", StatusNoBias, uint64(BiasUnknown), ProbeFlagBias, ProbeFlagCount, ProbeFlagTask)
	fmt.Fprintf(h, "slots %d %d %d %d %d %d %d %d\n", AggSlots, AggCountSlot, AggSumSlot, AggMinSlot,
		AggMaxSlot, AggSetSlot, AggBucketBase, MaxBuckets)
	fmt.Fprintf(h, "regs %d ptregs %d strheader %d record %d module %d stackid %d\n", NumRegs, PtRegsSlots, StrHeader,
		RecordHdr, ModuleNone, StackIDNone)
	fmt.Fprintf(h, "insn %d % x\n", InsnSize, Insn{Op: 1, A: 2, B: 3, C: 4, Imm: 0x05060708}.Encode(nil))
	fmt.Fprintf(h, "unwind %d %d %d %d %d frames %d %d %d\n", UnwindNone, UnwindRSP, UnwindRBP, UnwindEnd, UnwindFramePointers,
		StackFrameEmpty, StackFrameValid, StackFrameIP)
	for _, v := range []any{Insn{}, bpf.GsInsn{}, bpf.GsProbe{}, bpf.GsUmodKey{}, bpf.GsUmod{}, bpf.GsUrow{}} {
		layout(h, reflect.TypeOf(v))
	}
	return fmt.Sprintf("%x", h.Sum(nil)[:8])
}

// layout writes the name, size and every field's name, offset and type of
// struct type t.
func layout(h hash.Hash, t reflect.Type) {
	fmt.Fprintf(h, "struct %s %d\n", t.Name(), t.Size())
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		fmt.Fprintf(h, "  %s %d %s\n", f.Name, f.Offset, f.Type)
	}
}
