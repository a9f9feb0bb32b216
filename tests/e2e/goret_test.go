package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestGoReturnAddrs: a uretprobe on a Go function whose every call is
// known sits on the return address after each call (sema/goretaddrs.go)
// instead of on its RETs, and sees every return with the results the
// target prints itself (retval, and named results by name), once per
// call: through a method value's wrapper too. A function whose address a
// func variable holds keeps its RET probes and sees the calls through
// it. A call that panics (recovered by its caller) or ends its goroutine
// (runtime.Goexit) gives no event at either, and is counted in the
// warning. --exact-placement keeps every RET probe, with the same events.
func TestGoReturnAddrs(t *testing.T) {
	for _, v := range goVariants {
		t.Run(v.name, func(t *testing.T) {
			dir := t.TempDir()
			buildGo(t, dir, "goret", "goret", v)
			script := `uretprobe:./goret:main.add { printf("add = %d\n", retval) }
				uretprobe:./goret:main.pair { printf("pair = %d %d\n", q, r) }
				uretprobe:./goret:main.taken { printf("taken = %d\n", retval) }
				uretprobe:./goret:"main.(*acc).bump" { printf("bump = %d\n", retval) }
				uretprobe:./goret:main.boom { printf("boom = %d\n", retval) }
				uretprobe:./goret:main.leave { printf("leave = %d\n", retval) }`
			for _, exact := range []bool{false, true} {
				args := []string{"-v", "-c", "./goret 7", "-e", script}
				if exact {
					args = append([]string{"--exact-placement"}, args...)
				}
				r := runGSAsIs(t, dir, timeout, args...)
				if r.Code != 0 {
					t.Fatalf("gs %s: exit %d\n%s", args, r.Code, r.Stderr)
				}
				for _, l := range regexp.MustCompile(`(?m)^gs: uretprobe:.* at .*$`).FindAllString(r.Stderr, -1) {
					t.Logf("%s", l)
				}
				atRets := `:%s at \+\d+ \(ret, single-stepped\)`
				atAddrs := `:%s at its \d+ return address(es)? \(.*\), moved from its RETs`
				for _, f := range []string{"main.add", "main.pair", "main.boom", "main.leave", `main\.\(\*acc\)\.bump`} {
					if exact {
						match(t, "gs -v", r.Stderr, fmt.Sprintf(atRets, f))
					} else {
						match(t, "gs -v", r.Stderr, fmt.Sprintf(atAddrs, f))
					}
				}
				match(t, "gs -v", r.Stderr, fmt.Sprintf(atRets, "main.taken"))
				// The count at the end names where the returns were seen.
				returned := `main.add: 7 calls of main.add, every one returned through a probe on its return address`
				if exact {
					returned = `main.add: 7 calls of main.add, every one returned through a RET probe`
				}
				match(t, "gs -v", r.Stderr, returned)
				if regexp.MustCompile(`:main.taken at its`).MatchString(r.Stderr) {
					t.Errorf("main.taken, whose address a func variable holds, left its RETs:\n%s", r.Stderr)
				}
				// Each call's result as the target printed it, and each
				// return event.
				want, got := map[string][]string{}, map[string][]string{}
				panicked, odd := 0, 0
				for _, l := range strings.Split(r.Stdout, "\n") {
					if m := regexp.MustCompile(`^(\w+) -?\d+ = (.+)$`).FindStringSubmatch(l); m != nil {
						want[m[1]] = append(want[m[1]], m[2])
					}
					if m := regexp.MustCompile(`^(\w+) = (.+)$`).FindStringSubmatch(l); m != nil {
						got[m[1]] = append(got[m[1]], m[2])
					}
					if strings.HasSuffix(l, " panicked") {
						panicked++
					}
				}
				odd = 7 - len(want["leave"])
				for _, f := range []string{"add", "pair", "taken", "bump", "boom", "leave"} {
					slices.Sort(want[f])
					slices.Sort(got[f])
					if len(want[f]) == 0 || !slices.Equal(want[f], got[f]) {
						t.Errorf("gs %s: %s returned\n%s\nthe target printed\n%s", args, f, strings.Join(got[f], "\n"), strings.Join(want[f], "\n"))
					}
				}
				if panicked == 0 || odd == 0 {
					t.Fatalf("the target had %d panics and %d Goexits: the test proves nothing\n%s", panicked, odd, r.Stdout)
				}
				match(t, "gs", r.Stderr, fmt.Sprintf(`main.boom: %d of 7 calls of main.boom gave no return event`, panicked))
				match(t, "gs", r.Stderr, fmt.Sprintf(`main.leave: %d of 7 calls of main.leave gave no return event`, odd))
			}
		})
	}
}
