package printfmt

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestStrftime compares Strftime with GNU date, which formats with the C
// library's strftime, at a few instants in UTC.
func TestStrftime(t *testing.T) {
	formats := []string{
		"%Y-%m-%d %H:%M:%S", "%a %A %b %B %h", "%c", "%C %y %G %g %V %u %w %j",
		"%D %F %T %R %r", "%e|%I|%p|%P", "%s", "%U %W", "%x %X", "%z %Z", "100%% %n%t.",
	}
	for _, ts := range []int64{0, 951782400, 1700000000, 1735689599, 1230681600} {
		tm := time.Unix(ts, 0).UTC()
		for _, f := range formats {
			cmd := exec.Command("date", "-u", "-d", "@"+strconv.FormatInt(ts, 10), "+"+f)
			cmd.Env = []string{"LC_ALL=C", "TZ=UTC"}
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("date: %v", err)
			}
			want := strings.TrimSuffix(string(out), "\n")
			if got := Strftime(f, tm); got != want {
				t.Errorf("%d %q: got %q, date says %q", ts, f, got, want)
			}
		}
	}
	if got := Strftime("%S.%f", time.Unix(5, 123456789).UTC()); got != "05.123456" {
		t.Errorf("%%f: got %q", got)
	}
}
