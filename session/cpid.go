package session

import "fmt"

// setCpid tells the loaded interpreter the pid of -c's command.
func (in *interpreter) setCpid(pid int) error {
	v, ok := in.coll.Variables[varCpid]
	if !ok {
		return fmt.Errorf("load interpreter: the BPF object has no variable %s", varCpid)
	}
	if err := v.Set(uint64(pid)); err != nil {
		return fmt.Errorf("set %s: %w", varCpid, err)
	}
	return nil
}
