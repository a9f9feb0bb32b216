package sema

import (
	"sort"
	"strings"
	"testing"
)

// TestMissingProbes checks config missing_probes: a probe point that
// matches nothing is an error, a warning that skips it, or skipped
// silently; when nothing is left to attach it is an error.
func TestMissingProbes(t *testing.T) {
	tests := []struct {
		src    string
		probes int
		want   string
	}{
		{`uprobe:./target:add, uprobe:./target:nosuch { print(1) }`, 1,
			`1:22: error: function "nosuch" not found in "./target"`},
		{`config = { missing_probes = "warn" } uprobe:./target:add, uprobe:./target:nosuch { print(1) }`, 1,
			`1:59: warning: function "nosuch" not found in "./target": skipping the probe (missing_probes = "warn")`},
		{`config = { missing_probes = "warn" } uprobe:./target:add, uprobe:./target:zz* { print(1) }`, 1,
			`1:59: warning: no function in "./target" matches "zz*": skipping the probe (missing_probes = "warn")`},
		{`config = { missing_probes = "ignore" } uprobe:./target:add, uprobe:./target:nosuch { print(1) }`, 1, ``},
		{`config = { missing_probes = "ignore" } uprobe:./target:nosuch { print(1) }`, 0,
			`1:40: error: no probe point matches anything: nothing to attach (missing_probes = "ignore" skips the ones that match nothing)`},
		{`config = { missing_probes = "often" } BEGIN { print(1) }`, 1,
			`1:29: error: missing_probes must be "error", "warn" or "ignore", not "often"`},
		{`uprobe:./target:add+1000 { print(1) }`, 0,
			`1:1: error: offset 1000 is past the end of "add" (`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			p, diags := check(t, tt.src, Config{})
			got := strings.Join(brief(diags), "\n")
			if tt.want == "" && got != "" || !strings.HasPrefix(got, tt.want) {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			if strings.Contains(tt.src, "+1000") && !strings.Contains(got, "[Offset outside the function bounds ('add' size is ") {
				t.Errorf("no bpftrace words in the hint: %s", got)
			}
			if !diags.HasErrors() && len(p.Probes) != tt.probes {
				t.Errorf("%d probes, want %d", len(p.Probes), tt.probes)
			}
		})
	}
}

// TestWildBinary: a wildcard in the binary names the files it matches that
// have the function (./corrupt and ./notelf match too, and are left out).
func TestWildBinary(t *testing.T) {
	for src, want := range map[string]string{
		`uprobe:./targ*:add { print(1) }`:   "uprobe:./target:add",
		`uprobe:./*:sub_* { print(1) }`:     "uprobe:./target:sub_one uprobe:./target:sub_two",
		`uprobe:./t?rget:main { print(1) }`: "uprobe:./target:main",
	} {
		p, diags := check(t, src, Config{})
		if diags.HasErrors() {
			t.Errorf("%s: %v", src, brief(diags))
			continue
		}
		var names []string
		for _, pr := range p.Probes {
			names = append(names, pr.Name)
		}
		sort.Strings(names)
		if got := strings.Join(names, " "); got != want {
			t.Errorf("%s: probes %s, want %s", src, got, want)
		}
	}
	_, diags := check(t, `uprobe:./*:nosuch { print(1) }`, Config{})
	if got := strings.Join(brief(diags), "\n"); got != `1:1: error: no file matching "./*" has a function "nosuch"` {
		t.Errorf("got %s", got)
	}
}

// TestAddressInNoFunction: an address no function holds is refused (a
// breakpoint could land in data), unless --unsafe.
func TestAddressInNoFunction(t *testing.T) {
	_, diags := check(t, `uprobe:./target:0x1 { print(1) }`, Config{})
	if got, want := strings.Join(brief(diags), "\n"), `1:1: error: could not resolve address 0x1 in "./target": it is in no function [--unsafe attaches there anyway, if it is the first byte of an instruction]`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if _, diags := check(t, `uprobe:./target:0x1 { print(1) }`, Config{Unsafe: true}); diags.HasErrors() {
		t.Errorf("--unsafe: %v", brief(diags))
	}
}
