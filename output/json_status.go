package output

import (
	"strconv"

	"github.com/gs-tracer/gs/diag"
)

// JSON messages about the run rather than from the script's records.
// bpftrace's (attached_probes, lost_events, warnf, errorf) go into the
// trace output as bpftrace writes them; gs's own status lines (status,
// counter) go on the status output (stderr).

// AppendJSONAttached is bpftrace's message once every probe is attached.
func AppendJSONAttached(dst []byte, probes int) []byte {
	dst = strconv.AppendInt(append(dst, `{"type": "attached_probes", "count": `...), int64(probes), 10)
	dst = strconv.AppendInt(append(dst, `, "data": {"probes": `...), int64(probes), 10)
	return append(dst, "}}\n"...)
}

// AppendJSONLost is bpftrace's message for n records lost, with the probe
// that lost them in data (gs knows it; bpftrace does not).
func AppendJSONLost(dst []byte, probe string, n uint64) []byte {
	dst = appendJSONUint(append(dst, `{"type": "lost_events", "count": `...), n)
	dst = appendJSONUint(append(dst, `, "data": {"events": `...), n)
	dst = appendJSONString(append(dst, `, "probe": `...), probe)
	return append(dst, "}}\n"...)
}

// AppendJSONScript is bpftrace's message of warnf() (kind "warnf") and
// errorf() ("errorf"): the text and where the call is in the script.
func AppendJSONScript(dst []byte, kind string, msg []byte, file *diag.File, pos diag.Pos) []byte {
	name := ""
	if file != nil {
		name = file.Name
	}
	dst = append(append(append(dst, `{"type": "`...), kind...), '"')
	dst = appendJSONString(append(dst, `, "msg": `...), msg)
	dst = appendJSONString(append(dst, `, "filename": `...), name)
	dst = strconv.AppendInt(append(dst, `, "line": `...), int64(pos.Line), 10)
	dst = strconv.AppendInt(append(dst, `, "col": `...), int64(pos.Col), 10)
	return append(dst, "}\n"...)
}

// AppendJSONStatus is gs's status line of a level (docs/json.md), on the
// status output.
func AppendJSONStatus(dst []byte, level, text string) []byte {
	dst = appendJSONString(append(dst, `{"type": "status", "level": `...), level)
	dst = appendJSONString(append(dst, `, "msg": `...), text)
	return append(dst, "}\n"...)
}

// AppendJSONCounter is gs's line for a counter of the interpreter's that
// grew by n, or its total for the run.
func AppendJSONCounter(dst []byte, name, msg string, n uint64, total bool) []byte {
	dst = appendJSONString(append(dst, `{"type": "counter", "name": `...), name)
	if total {
		dst = append(dst, `, "total": true`...)
	}
	dst = appendJSONUint(append(dst, `, "count": `...), n)
	dst = appendJSONString(append(dst, `, "msg": `...), []byte(msg))
	return append(dst, "}\n"...)
}
