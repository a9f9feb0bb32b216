package machine

import (
	"strings"
	"testing"
)

// TestSSECopyAt proves (or not) the copy of xmm0 at a function's last RET
// for the instruction patterns gcc -O0 and Go -N -l emit, and refuses
// every sequence that breaks the proof.
func TestSSECopyAt(t *testing.T) {
	const (
		movqXmm0Rax = "66480f7ec0" // movq %xmm0,%rax
		movqRaxXmm0 = "66480f6ec0" // movq %rax,%xmm0
		movdEaxXmm0 = "660f6ec0"   // movd %eax,%xmm0
		divsd       = "f20f5ec1"   // divsd %xmm1,%xmm0
		movsdToSP   = "f20f110424" // movsd %xmm0,(%rsp)
		addRSP8     = "4883c408"   // add $8,%rsp
		popRBP      = "5d"
		popRAX      = "58"
		leave       = "c9"
		ret         = "c3"
		jmpNext     = "eb00" // jmp to the next instruction
	)
	tests := []struct {
		name  string
		code  []string
		size  int
		reg   int    // want, when why is ""
		spOff int64  // want, when reg is -1
		why   string // a substring of the refusal
	}{
		{"gcc -O0 double", []string{divsd, movqXmm0Rax, movqRaxXmm0, popRBP, ret}, 8, 0, 0, ""},
		{"leave", []string{movqRaxXmm0, leave, ret}, 8, 0, 0, ""},
		{"float through eax", []string{movdEaxXmm0, popRBP, ret}, 4, 0, 0, ""},
		{"double through eax", []string{movdEaxXmm0, popRBP, ret}, 8, 0, 0, "only 4 bytes"},
		{"Go -N -l", []string{divsd, movsdToSP, addRSP8, popRBP, ret}, 8, -1, -16, ""},
		{"computed", []string{divsd, ret}, 8, 0, 0, "computed by divsd"},
		{"rax overwritten", []string{movqRaxXmm0, popRAX, ret}, 8, 0, 0, "overwritten"},
		{"branch between", []string{movqRaxXmm0, jmpNext, popRBP, ret}, 8, 0, 0, "a branch enters"},
		{"nothing writes it", []string{popRBP, ret}, 8, 0, 0, "holds the caller's value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code := hexBytes(t, strings.Join(tt.code, ""))
			const base = 0x1000
			insts, targets, why := funcInsts(code, base)
			if why != "" {
				t.Fatal(why)
			}
			ret := insts[len(insts)-1].addr
			cp, why := sseCopyAt(insts, targets, base, ret, 17, tt.size)
			switch {
			case tt.why != "":
				if !strings.Contains(why, tt.why) {
					t.Errorf("why = %q, want it to say %q (copy %+v)", why, tt.why, cp)
				}
			case why != "":
				t.Errorf("refused: %s", why)
			case cp.reg != tt.reg || cp.reg < 0 && cp.spOff != tt.spOff:
				t.Errorf("copy %+v, want reg %d spOff %d", cp, tt.reg, tt.spOff)
			}
		})
	}
}

func hexBytes(t *testing.T, s string) []byte {
	t.Helper()
	var b []byte
	for i := 0; i+1 < len(s); i += 2 {
		var v byte
		for _, c := range s[i : i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			case c >= 'a' && c <= 'f':
				v |= byte(c - 'a' + 10)
			default:
				t.Fatalf("bad hex %q", s)
			}
		}
		b = append(b, v)
	}
	return b
}
