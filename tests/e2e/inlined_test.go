package e2e

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestUstackInlined: with config show_debug_info = 1, ustack prints each
// frame as bpftrace does (func+off@file:line), after a line "[inlined]
// f@file:line" for each function inlined at it. The functions and lines
// of the first five frames are the ones gdb's bt gives at the same USDT
// probe (its -probe-stap breakpoint); without the config the same stack
// prints no file, line or inlined frame.
func TestUstackInlined(t *testing.T) {
	for _, v := range []variant{{CC: gcc, Opt: "-O2", PIE: true}, {CC: clang, Opt: "-O2", PIE: false}} {
		t.Run(v.String(), func(t *testing.T) {
			dir := t.TempDir()
			compile(t, dir, "inlined.c", "inlined", v)
			out, err := exec.Command("gdb", "-nx", "-batch", "-ex", "break -probe-stap tracetest:testprobe", "-ex", "run", "-ex", "bt", dir+"/inlined").CombinedOutput()
			if err != nil {
				t.Fatalf("gdb: %v\n%s", err, out)
			}
			// #0  myclock (n=100) at inlined.c:11, #3  0x... in loop (times=3) at inlined.c:27
			bt := regexp.MustCompile(`(?m)^#\d+\s+(?:0x[0-9a-f]+ in )?(\w+) \(.*\) at \S*inlined\.c:(\d+)$`).FindAllStringSubmatch(string(out), -1)
			if len(bt) < 5 || bt[0][1] != "myclock" || bt[1][1] != "mywrapper_inlined" {
				t.Fatalf("gdb's bt has no two inlined frames:\n%s", out)
			}
			script := `config = { show_debug_info = 1 } usdt:./inlined:tracetest:testprobe { printf("%s\n", ustack()); exit() }`
			r := runGS(t, dir, 60*time.Second, "-e", script, "-c", "./inlined")
			if r.Code != 0 {
				t.Fatalf("exit %d\n%s\n%s", r.Code, r.Stdout, r.Stderr)
			}
			lines := strings.Fields(r.Stdout)
			var frames [][]string // name, line
			re := regexp.MustCompile(`^(\w+)(?:\.[\w.]+)?(\+\d+)?@\S*inlined\.c:(\d+)$`)
			inlined := 0
			for i := 0; i < len(lines); i++ {
				l := lines[i]
				if l == "[inlined]" && i+1 < len(lines) {
					inlined++
					i++
					l = lines[i]
				} else if l == "Attached" {
					break
				}
				if m := re.FindStringSubmatch(l); m != nil {
					frames = append(frames, []string{m[1], m[3]})
				}
			}
			if inlined != 2 || len(frames) < 5 {
				t.Fatalf("want 2 inlined frames and 5 in inlined.c, gs printed:\n%s", r.Stdout)
			}
			for i := range 5 {
				if frames[i][0] != bt[i][1] || frames[i][1] != bt[i][2] {
					t.Errorf("frame %d: gs %s:%s, gdb %s:%s\ngs:\n%s\ngdb:\n%s", i, frames[i][0], frames[i][1], bt[i][1], bt[i][2], r.Stdout, out)
				}
			}
			// perf's mode: "ADDR f (inlined)" before the frame they are in.
			perf := runGSEnv(t, dir, 60*time.Second, []string{"BPFTRACE_STACK_MODE=perf"}, "-e", script, "-c", "./inlined")
			if !regexp.MustCompile(`(?m)^\s*([0-9a-f]+) myclock \(inlined\)\n\s*([0-9a-f]+) mywrapper_inlined \(inlined\)\n\s*[0-9a-f]+ mywrapper\+\d+ \(`).MatchString(perf.Stdout) {
				t.Errorf("perf mode:\n%s\n%s", perf.Stdout, perf.Stderr)
			}
			plain := runGS(t, dir, 60*time.Second, "-e", `usdt:./inlined:tracetest:testprobe { printf("%s\n", ustack()); exit() }`, "-c", "./inlined")
			if strings.Contains(plain.Stdout, "[inlined]") || strings.Contains(plain.Stdout, "@") || !strings.Contains(plain.Stdout, "mywrapper+") {
				t.Errorf("without show_debug_info:\n%s", plain.Stdout)
			}
		})
	}
}
