//go:build !amd64

package machine

// scanFloor never moves a probe on this architecture: which instructions
// its kernel emulates is not tabulated yet.
func scanFloor(code []byte, base uint64, more []codeRange, at uint64, atEntry bool, data func() *binData) floorScan {
	return floorScan{from: at, to: at, why: "probe placement is only tuned for x86-64"}
}

// dwarfRSP is never read here: no probe moves.
const dwarfRSP = -1
