package sema

import (
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
	"show_debug_info":    "",
	"str_trunc_trailer":  "",
	"unstable_import":    "",
	"unstable_macro":     "macros are always on in gs",
	"unstable_map_decl":  "",
	"unstable_tseries":   "",
	"unstable_addr":      "",
}

func (c *checker) config(items []*parser.ConfigItem) {
	seen := map[string]bool{}
	for _, it := range items {
		key := strings.TrimPrefix(strings.ToLower(it.Key), "bpftrace_")
		if seen[key] {
			c.errorf(it, "config %s is set twice", key)
			continue
		}
		seen[key] = true
		switch key {
		case "max_strlen":
			n, err := strconv.ParseUint(it.Value, 0, 32)
			if err != nil || n < 1 || n > ir.MaxStrLen {
				c.diags.Errorf(it.ValSp, "max_strlen must be an integer from 1 to %d", ir.MaxStrLen)
				continue
			}
			c.strLen = int(n)
		case "stack_mode":
			c.configStackMode(it) // stackmode.go
		case "print_maps_on_exit":
			b, ok := configBool(it.Value)
			if !ok {
				c.diags.Errorf(it.ValSp, "print_maps_on_exit must be true or false, not %q", it.Value)
				continue
			}
			c.p.KeepMaps = !b
		case "missing_probes":
			switch v := strings.ToLower(it.Value); v {
			case "error", "warn", "ignore":
				c.missingProbes = v
			default:
				c.diags.Errorf(it.ValSp, "missing_probes must be \"error\", \"warn\" or \"ignore\", not %q", it.Value)
			}
		default:
			why, known := configIgnored[key]
			if !known {
				var names []string
				for k := range configIgnored {
					names = append(names, k)
				}
				d := c.errorf(it, "%s: not a known configuration option", it.Key)
				if s := suggest(key, names, []string{"max_strlen", "print_maps_on_exit", "stack_mode", "missing_probes"}); s != "" {
					d.WithHint("did you mean %q?", s)
				}
				continue
			}
			d := c.diags.Warnf(it.Sp, "not supported by gs: config %s (ignored)", key)
			if why != "" {
				d.WithHint("%s", why)
			}
		}
	}
}

// configBool reads a boolean config value as bpftrace does.
func configBool(v string) (bool, bool) {
	switch strings.ToLower(v) {
	case "1", "true", "on", "yes":
		return true, true
	case "0", "false", "off", "no":
		return false, true
	}
	return false, false
}

// missingProbe reports a probe point that matches nothing as
// config missing_probes says: an error (bpftrace's default), a warning
// that skips it ("warn"), or nothing ("ignore"). The result takes a hint.
func (c *checker) missingProbe(pr *parser.Probe, format string, args ...any) *diag.Diagnostic {
	if c.missingProbes != "" && c.skipped == nil {
		c.skipped = pr
	}
	switch c.missingProbes {
	case "ignore":
		return &diag.Diagnostic{} // dropped
	case "warn":
		return c.diags.Warnf(pr.Span(), format+": skipping the probe (missing_probes = \"warn\")", args...)
	}
	return c.errorf(pr, format, args...)
}
