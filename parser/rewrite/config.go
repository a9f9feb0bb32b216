package rewrite

import (
	"sort"
	"strconv"
	"strings"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/parser"
)

// bpftrace's config block: `config = { key = value; ... }`. Keys are
// bpftrace's, in any of its spellings (max_strlen, MAX_STRLEN,
// BPFTRACE_MAX_STRLEN). The ones that mean something here are applied;
// the others bpftrace knows are accepted with a warning, and unknown keys
// are errors, as in bpftrace.
//
// The default stack mode (how ustack and ustack(N) print when no mode is
// given) is bpftrace's "bpftrace"; config `stack_mode = perf` (or its
// other spellings) changes it, and the environment's BPFTRACE_STACK_MODE
// (Config.StackMode) wins over the config block, as in bpftrace.

// configIgnored are bpftrace's config keys that have no meaning in gs.
var configIgnored = map[string]string{
	"cache_user_symbols": "gs symbolizes from the files' build ids",
	"cpp_demangle":       "gs always demangles",
	"lazy_symbolication": "gs always symbolizes in user space",
	"license":            "gs's BPF program is precompiled",
	"log_size":           "gs's BPF program is precompiled",
	"max_bpf_progs":      "gs runs one BPF program",
	"max_cat_bytes":      "",
	"max_map_keys":       "use --map-entries",
	"max_probes":         "",
	"on_stack_limit":     "",
	"perf_rb_pages":      "use --buffer-size",
	"str_trunc_trailer":  "",
	"unstable_import":    "",
	"unstable_macro":     "macros are always on in gs",
	"unstable_map_decl":  "",
	"unstable_tseries":   "",
	"unstable_addr":      "",
	"unstable_dw_ustack": "dw_ustack is ustack, which unwinds with CFI in every process",
}

// bpfLicenseNames are the licenses bpftrace's config license takes
// (BPF_LICENSE_STR in its src/config.cpp): the GPL-compatible ones of the
// kernel's license_is_gpl_compatible().
var bpfLicenseNames = []string{"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL"}

var bpfLicenses = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range bpfLicenseNames {
		m[l] = true
	}
	return m
}()

// config applies the config block; envMode says BPFTRACE_STACK_MODE was
// set, which wins over its stack_mode.
func (r *Result) config(items []*parser.ConfigItem, envMode bool) {
	seen := map[string]bool{}
	for _, it := range items {
		key := strings.TrimPrefix(strings.ToLower(it.Key), "bpftrace_")
		if seen[key] {
			r.Diags.Errorf(it.Span(), "config %s is set twice", key)
			continue
		}
		seen[key] = true
		switch key {
		case "max_strlen":
			n, err := strconv.ParseUint(it.Value, 0, 32)
			if err != nil || n < 1 || n > ir.MaxStrLen {
				r.Diags.Errorf(it.ValSp, "max_strlen must be an integer from 1 to %d", ir.MaxStrLen)
				continue
			}
			r.StrLen = int(n)
		case "stack_mode":
			m, ok := ir.StackModes[strings.ToLower(it.Value)]
			if !ok {
				r.Diags.Errorf(it.ValSp, "unknown stack mode %q", it.Value).WithHint("the modes are %s", stackModeNames())
				continue
			}
			if !envMode {
				r.StackMode = m
			}
		case "print_maps_on_exit":
			b, ok := boolWord(it.Value)
			if !ok {
				r.Diags.Errorf(it.ValSp, "print_maps_on_exit must be true or false, not %q", it.Value)
				continue
			}
			r.KeepMaps = !b
		case "show_debug_info":
			b, ok := boolWord(it.Value)
			if !ok {
				r.Diags.Errorf(it.ValSp, "show_debug_info must be true or false, not %q", it.Value)
				continue
			}
			r.DebugInfo = b
		case "missing_probes":
			switch v := strings.ToLower(it.Value); v {
			case "error", "warn", "ignore":
				r.MissingProbes = v
			default:
				r.Diags.Errorf(it.ValSp, "missing_probes must be \"error\", \"warn\" or \"ignore\", not %q", it.Value)
			}
		case "license":
			if !bpfLicenses[it.Value] {
				r.Diags.Errorf(it.ValSp, "license %q is not one the kernel's BPF accepts", it.Value).
					WithHint("the licenses are %s", strings.Join(bpfLicenseNames, ", "))
				continue
			}
			r.Diags.Warnf(it.Sp, "not supported by gs: config license (ignored)").WithHint("%s", configIgnored[key])
		default:
			why, known := configIgnored[key]
			if !known {
				var names []string
				for k := range configIgnored {
					names = append(names, k)
				}
				d := r.Diags.Errorf(it.Span(), "%s: not a known configuration option", it.Key)
				if s := diag.Suggest(key, append(names, "max_strlen", "print_maps_on_exit", "stack_mode", "missing_probes", "show_debug_info")); s != "" {
					d.WithHint("did you mean %q?", s)
				}
				continue
			}
			d := r.Diags.Warnf(it.Sp, "not supported by gs: config %s (ignored)", key)
			if why != "" {
				d.WithHint("%s", why)
			}
		}
	}
}

// envStackMode applies Config.StackMode, before the config block.
func (r *Result) envStackMode(mode string) {
	if mode == "" {
		return
	}
	m, ok := ir.StackModes[strings.ToLower(mode)]
	if !ok {
		r.Diags.Errorf(diag.Span{}, "BPFTRACE_STACK_MODE: unknown stack mode %q", mode).
			WithHint("the modes are %s", stackModeNames())
		return
	}
	r.StackMode = m
}

func stackModeNames() string {
	var names []string
	for n := range ir.StackModes {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// ConfigKeys are the keys config().KEY reads.
var ConfigKeys = []string{"cpp_demangle", "max_strlen", "print_maps_on_exit", "stack_mode"}

// configReads replaces bpftrace's config().KEY and __builtin_config.KEY
// by the value gs runs with, once the config block is applied.
func (r *Result) configReads(prog *parser.Program) {
	parser.Rewrite(prog, func(g *parser.ProbeGroup, e parser.Expr) parser.Expr {
		f, ok := e.(*parser.FieldExpr)
		if !ok || f.Arrow {
			return nil
		}
		switch x := f.X.(type) {
		case *parser.CallExpr:
			if x.Fn != "config" || len(x.Args) != 0 {
				return nil
			}
		case *parser.Ident:
			if x.Name != BuiltinPrefix+"config" {
				return nil
			}
		default:
			return nil
		}
		num := func(v uint64) parser.Expr {
			return &parser.IntLit{Val: v, Text: strconv.FormatUint(v, 10), Sp: f.Sp}
		}
		switch strings.TrimPrefix(strings.ToLower(f.Name), "bpftrace_") {
		case "cpp_demangle":
			return num(1) // gs always demangles (configIgnored)
		case "max_strlen":
			return num(uint64(r.StrLen))
		case "print_maps_on_exit":
			if r.KeepMaps {
				return num(0)
			}
			return num(1)
		case "stack_mode":
			for name, m := range ir.StackModes {
				if m == r.StackMode {
					return &parser.StrLit{Val: name, Sp: f.Sp}
				}
			}
		}
		r.Diags.Errorf(f.NameSp, "config has no key %q that gs reads", f.Name).
			WithHint("the keys are %s", strings.Join(ConfigKeys, ", "))
		return &parser.IntLit{Text: "0", Sp: f.Sp}
	})
}
