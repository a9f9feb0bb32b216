package debuginfod

import (
	"fmt"
	"io"
	"time"
)

// String says where the download is: "downloading debug info for NAME
// from SERVER: 1.5 of 12.0 MiB", and at the end its size and time.
func (p Progress) String() string {
	head := fmt.Sprintf("downloading debug info for %s from %s: ", p.Name, p.URL)
	size := mib(p.Got)
	if p.Total > 0 {
		size = fmt.Sprintf("%.1f of %s", float64(p.Got)/(1<<20), mib(p.Total))
	}
	switch {
	case p.Done && p.Err != nil:
		return head + size + ", failed"
	case p.Done:
		return head + fmt.Sprintf("%s in %v, done", mib(p.Got), p.Elapsed.Round(10*time.Millisecond))
	}
	return head + size
}

// TextProgress returns a Client.Progress that writes "gs: " and the
// progress to w. On a terminal the line is rewritten in place as the
// download goes on; elsewhere (a log) one line says that a download
// started and one how it ended.
func TextProgress(w io.Writer, terminal bool) func(Progress) {
	started := false
	return func(p Progress) {
		switch {
		case terminal && p.Done:
			fmt.Fprintf(w, "\rgs: %s\x1b[K\n", p)
		case terminal:
			fmt.Fprintf(w, "\rgs: %s\x1b[K", p)
		case p.Done || !started:
			fmt.Fprintf(w, "gs: %s\n", p)
		}
		started = true
	}
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// Size renders a byte count for messages: "5.7 KiB", "12.3 MiB".
func Size(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return mib(n)
}
