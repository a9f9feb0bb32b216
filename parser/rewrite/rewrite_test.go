package rewrite

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// printed is the expressions print's tuple holds after the rewrite, each
// as literal shows it, or its identifier's name.
func printed(t *testing.T, prog *parser.Program) []string {
	t.Helper()
	call := prog.Groups[0].Body.Stmts[0].(*parser.ExprStmt).X.(*parser.CallExpr)
	var out []string
	for _, e := range call.Args[0].(*parser.TupleExpr).Elems {
		switch e := e.(type) {
		case *parser.Ident:
			out = append(out, "ident "+e.Name)
		case *parser.CallExpr:
			out = append(out, "call "+e.Fn)
		default:
			out = append(out, literal(e))
		}
	}
	return out
}

// TestConfig: the config block gives the settings, BPFTRACE_STACK_MODE
// wins over its stack_mode, and config().KEY reads what gs runs with.
func TestConfig(t *testing.T) {
	src := `config = { max_strlen = 16; BPFTRACE_STACK_MODE = perf; print_maps_on_exit = false; missing_probes = warn; cpp_demangle = false }
BEGIN { print((config().max_strlen, __builtin_config.stack_mode, config().print_maps_on_exit, config().cpp_demangle)) }`
	for _, tt := range []struct {
		env  string
		mode ir.StackMode
		want string
	}{
		{"", ir.StackPerf, "16 perf 0 1"}, // gs demangles whatever cpp_demangle says
		{"raw", ir.StackRaw, "16 raw 0 1"},
	} {
		prog, r := apply(t, src, Config{StackMode: tt.env})
		if r.Diags.HasErrors() {
			t.Fatalf("errors: %s", brief(r))
		}
		want := Settings{StrLen: 16, StackMode: tt.mode, KeepMaps: true, MissingProbes: "warn"}
		if r.Settings != want {
			t.Errorf("env %q: settings %+v, want %+v", tt.env, r.Settings, want)
		}
		if got := strings.Join(printed(t, prog), " "); got != tt.want {
			t.Errorf("env %q: config reads %q, want %q", tt.env, got, tt.want)
		}
	}
	_, r := apply(t, `config = { max_strlen = 0; max_strlen = 2; nosuch = 1 } BEGIN { print(config().nokey) }`, Config{StackMode: "fast"})
	want := `0:0: error: BPFTRACE_STACK_MODE: unknown stack mode "fast" [the modes are bpftrace, build_id, perf, raw]
1:25: error: max_strlen must be an integer from 1 to ` + fmt.Sprint(ir.MaxStrLen) + `
1:28: error: config max_strlen is set twice
1:44: error: nosuch: not a known configuration option
1:80: error: config has no key "nokey" that gs reads [the keys are cpp_demangle, max_strlen, print_maps_on_exit, stack_mode]`
	if got := brief(r); got != want {
		t.Errorf("diagnostics:\n%s\nwant\n%s", got, want)
	}
}

// TestConfigLicense: a license the kernel's BPF takes is accepted (and
// ignored: gs's program is precompiled); any other is an error at it.
func TestConfigLicense(t *testing.T) {
	_, r := apply(t, `config = { license = "Dual MIT/GPL" } BEGIN { }`, Config{})
	if got, want := brief(r), `1:12: warning: not supported by gs: config license (ignored) [gs's BPF program is precompiled]`; got != want {
		t.Errorf("valid license: %s, want %s", got, want)
	}
	_, r = apply(t, `config = { license = "Potato" } BEGIN { }`, Config{})
	if got, want := brief(r), `1:22: error: license "Potato" is not one the kernel's BPF accepts [the licenses are GPL, GPL v2, GPL and additional rights, Dual BSD/GPL, Dual MIT/GPL, Dual MPL/GPL]`; got != want {
		t.Errorf("invalid license: %s, want %s", got, want)
	}
}

// TestBuiltinForms: bpftrace's spellings of builtins become the bare
// identifier, for the names IsBuiltin says are builtins only.
func TestBuiltinForms(t *testing.T) {
	isBuiltin := func(n string) bool { return n == "comm" || n == "pid" || n == "tid" || n == "ncpus" }
	prog, r := apply(t, `BEGIN { print((comm(), __builtin_pid, pid(curr_ns), tid(init), __builtin_ncpus, probetype, foo(), __builtin_foo, pid(1))) }`,
		Config{IsBuiltin: isBuiltin})
	if r.Diags.HasErrors() {
		t.Fatalf("errors: %s", brief(r))
	}
	want := "ident comm|ident pid|ident pid|ident tid|ident ncpus|special|call foo|ident __builtin_foo|call pid"
	if got := strings.Join(printed(t, prog), "|"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// In a PID namespace other than the initial one, pid and tid of
	// curr_ns (the default) are refused; of init they are read.
	_, r = apply(t, `BEGIN { print((pid, pid(curr_ns), pid(init), tid(init), __builtin_tid)) }`, Config{IsBuiltin: isBuiltin, OtherPidNS: true})
	wantDiags := []string{"1:16: error: not supported by gs yet: pid in this PID namespace", "1:21: error: not supported by gs yet: pid in this PID namespace", "1:57: error: not supported by gs yet: tid in this PID namespace"}
	if len(r.Diags.Diags) != len(wantDiags) {
		t.Fatalf("other PID namespace: %s, want %d errors", brief(r), len(wantDiags))
	}
	for i, d := range r.Diags.Diags {
		if got := fmt.Sprintf("%s: %s: %s", d.Span.Start, d.Severity, d.Msg); !strings.HasPrefix(got, wantDiags[i]) {
			t.Errorf("other PID namespace: %s, want %s", got, wantDiags[i])
		}
	}
	prog, _ = apply(t, `BEGIN, uprobe:./a:f { print((probetype, 1)) }`, Config{})
	if got := printed(t, prog)[0]; got != "ident probetype" {
		t.Errorf("probetype of two kinds of probe: %s, want it left for sema to report", got)
	}
}
