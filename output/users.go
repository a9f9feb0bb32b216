package output

import (
	"os/user"
	"strconv"
	"sync"
)

// userNames caches the names of user ids (username), read from the user
// database (os/user: /etc/passwd in a static gs) once per id.
var userNames sync.Map // uint64 -> string

// appendUser appends the name of user id uid, its number when the user
// database has none, as bpftrace prints username.
func appendUser(dst []byte, uid uint64) []byte {
	if n, ok := userNames.Load(uid); ok {
		return append(dst, n.(string)...)
	}
	id := strconv.FormatUint(uid, 10)
	name := id
	if u, err := user.LookupId(id); err == nil {
		name = u.Username
	}
	userNames.Store(uid, name)
	return append(dst, name...)
}
