package cgroup

import (
	"regexp"
	"strings"
)

// containerForms are the cgroup directory names container runtimes give
// a container, each with the container's id (64 hex digits) in group 1.
// Sources: the runtimes' cgroup drivers (runc's libcontainer/cgroups
// systemd and fs drivers, crun's), as coroot's and Inspektor Gadget's
// cgroup path parsers read them:
//
//	docker, systemd driver      /system.slice/docker-ID.scope
//	docker, cgroupfs driver     /docker/ID
//	containerd (CRI), systemd   /kubepods.slice/.../cri-containerd-ID.scope
//	containerd (CRI), cgroupfs  /kubepods/burstable/podUID/ID
//	cri-o                       /kubepods.slice/.../crio-ID.scope
//	podman                      /machine.slice/libpod-ID.scope (and its /container child)
//
// The runtimes' monitors have scopes of their own (crio-conmon-ID.scope,
// libpod-conmon-ID.scope): they are not the container, and their names
// match no form.
var containerForms = []*regexp.Regexp{
	regexp.MustCompile(`^(?:docker|cri-containerd|crio|libpod)-([0-9a-f]{64})\.scope$`),
	regexp.MustCompile(`^([0-9a-f]{64})$`),
}

// ContainerID returns the id of the container a cgroup path belongs to:
// the innermost directory of the path named as a container runtime names
// a container's (containerForms), so that a cgroup a container makes
// inside its own still belongs to it. ok is false for a path in no
// container.
func ContainerID(path string) (id string, ok bool) {
	parts := strings.Split(path, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		for _, re := range containerForms {
			if m := re.FindStringSubmatch(parts[i]); m != nil {
				return m[1], true
			}
		}
	}
	return "", false
}
