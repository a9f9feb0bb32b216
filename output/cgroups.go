package output

import (
	"strconv"

	"github.com/gs-tracer/gs/cgroup"
)

// A cgroup id prints by its cgroup v2 path, as bpftrace's cgroup_path
// prints the unified hierarchy's ("unified:/system.slice/ssh.service"),
// or as the id of its container (a path in none prints as ""). An id no
// walk of the hierarchy saw prints "<cgroup 1234: not found>".

func appendCgroupPath(dst []byte, id uint64) []byte {
	p, ok := cgroupPath(id)
	if !ok {
		return appendCgroupMissing(dst, id)
	}
	return append(append(dst, "unified:"...), p...)
}

func appendContainer(dst []byte, id uint64) []byte {
	p, ok := cgroupPath(id)
	if !ok {
		return appendCgroupMissing(dst, id)
	}
	c, _ := cgroup.ContainerID(p)
	return append(dst, c...)
}

func cgroupPath(id uint64) (string, bool) { return cgroup.Default().Path(id) }

func appendCgroupMissing(dst []byte, id uint64) []byte {
	dst = strconv.AppendUint(append(dst, "<cgroup "...), id, 10)
	if err := cgroup.Default().Err(); err != nil {
		return append(append(append(dst, ": "...), err.Error()...), '>')
	}
	return append(dst, ": not found>"...)
}
