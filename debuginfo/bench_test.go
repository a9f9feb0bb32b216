package debuginfo

import (
	"os"
	"testing"
)

// BenchmarkVarsAtSQLite measures the end-to-end path of a probe naming
// variables: open, find the function, variables at its entry. Set
// GS_BENCH_BINARY to a binary built from SQLite's amalgamation (see
// bench/bench.sh) and GS_BENCH_FUNC to pick the function.
func BenchmarkVarsAtSQLite(b *testing.B) {
	path := os.Getenv("GS_BENCH_BINARY")
	if path == "" {
		b.Skip("GS_BENCH_BINARY is not set; see debuginfo/bench/bench.sh")
	}
	fn := os.Getenv("GS_BENCH_FUNC")
	if fn == "" {
		fn = "sqlite3VdbeExec"
	}
	for i := 0; i < b.N; i++ {
		bin, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		d, err := bin.Debug()
		if err != nil {
			b.Fatal(err)
		}
		fis, err := d.FuncInstances(fn)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.VarsAt(fis[0].Entry); err != nil {
			b.Fatal(err)
		}
		bin.Close()
	}
}
