package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gs-tracer/gs/gen"
	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/metrics"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/parser"
	"github.com/gs-tracer/gs/parser/rewrite"
	"github.com/gs-tracer/gs/promexport"
	"github.com/gs-tracer/gs/sema"
	"github.com/gs-tracer/gs/symbolize"
)

// benchHistHit measures what @h = hist(arg0) costs per hit over an empty
// probe, side by side in one run (target pair: an empty probe on f, the
// script on g), for -gs, for -base (the gs before the hidden sum that a
// histogram keeps for its metrics' _sum) and for bpftrace. It reports the
// median of f's ns per call, of what the hist adds over it, and of g/f.
func benchHistHit(target string, tools []tool) {
	if *base != "" {
		baseAbs, err := filepath.Abs(*base)
		check(err)
		tools = append([]tool{{"gs-base", func(t, s string) []string { return []string{baseAbs, "-q", "-c", t, "-e", s} }}}, tools...)
	}
	n := strconv.Itoa(*calls)
	type fig struct{ f, cost, ratio []float64 }
	figs := map[string]*fig{}
	for r := 0; r < *runs; r++ {
		for _, tl := range tools {
			script := "uprobe:" + target + ":f { } uprobe:" + target + ":g { @h = hist(arg0); }"
			stderr, err := run(nil, tl.argv(target+" pair "+n, script)...)
			if err != nil {
				continue
			}
			if figs[tl.name] == nil {
				figs[tl.name] = &fig{}
			}
			fg := figs[tl.name]
			// The ratio is the median over block pairs, which drift
			// between blocks does not move: the cost is f's time times
			// the ratio's excess, not g's median minus f's.
			f, ratio := parse(stderr, `pair_ns ([\d.]+) [\d.]+`), parse(stderr, `pair_ns [\d.]+ [\d.]+ ([\d.]+)`)
			fg.f = append(fg.f, f)
			fg.cost = append(fg.cost, f*(ratio-1))
			fg.ratio = append(fg.ratio, ratio)
		}
	}
	fmt.Printf("\n@h = hist(arg0) per hit over an empty probe, side by side in one run (median of %d runs of %d calls)\n", *runs, *calls)
	for _, tl := range tools {
		fg := figs[tl.name]
		if fg == nil {
			continue
		}
		row := fmt.Sprintf("  %-10s empty probe %7.1f ns, hist over it %6.1f ns   g/f %.3f", tl.name, median(fg.f), median(fg.cost), median(fg.ratio))
		if b := figs["gs-base"]; tl.name == "gs" && b != nil {
			row += fmt.Sprintf("   /gs-base: g/f %.3fx", median(fg.ratio)/median(b.ratio))
		}
		fmt.Println(row)
	}
}

// scrapeKeys and scrapeBuckets are the scraped maps' size: a count() map
// of 4,096 keys and a hist() whose values fill 64 buckets.
const (
	scrapeKeys    = 4096
	scrapeBuckets = 64
)

// scrapeScript fills both maps from f's argument (the bench target calls
// f(i) for i = 0..N-1).
const scrapeScript = `{ @calls[arg0 % 4096] = count(); @lat = hist(1 << (arg0 % 64)); }`

// benchScrape measures a scrape of gs --metrics: in this process, the
// snapshot of the two maps and its encoding by the endpoint's handler
// (time and allocations per scrape, from entries as a session reads
// them); then the wall time of a whole HTTP scrape of a real gs whose
// maps the bench target filled, BPF map walk included.
func benchScrape(gsAbs, target string) {
	prog := compileScrape(target)
	r := &fakeReader{prog: prog}
	ms, diags := metrics.NewMaps(prog, metrics.DefaultPrefix)
	check(diags.Err())
	ms.Attach(r)
	src := ms.Source(metrics.DefaultPrefix)
	h := promexport.Handler(src)
	var size int
	for _, accept := range []string{"text/plain", "application/openmetrics-text; version=1.0.0"} {
		res := testing.Benchmark(func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				w := httptest.NewRecorder()
				req := httptest.NewRequest("GET", promexport.Path, nil)
				req.Header.Set("Accept", accept)
				h.ServeHTTP(w, req)
				if w.Code != 200 {
					fail("scrape: %d %s", w.Code, w.Body.String())
				}
				size = w.Body.Len()
			}
		})
		fmt.Printf("\nscrape of a %d-key count() map and a %d-bucket hist(), in process (%s, %d bytes)\n", scrapeKeys, scrapeBuckets, accept, size)
		fmt.Printf("  %.2f ms per scrape, %d allocations (%d KiB)\n", float64(res.NsPerOp())/1e6, res.AllocsPerOp(), res.AllocedBytesPerOp()>>10)
	}
	snap := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := src(); err != nil {
				fail("snapshot: %v", err)
			}
		}
	})
	fmt.Printf("  of which the snapshot: %.2f ms, %d allocations\n", float64(snap.NsPerOp())/1e6, snap.AllocsPerOp())

	// A real gs: system-wide on the target's f, so that it runs on after
	// the target has filled the maps.
	addr := "127.0.0.1:19464"
	gs := exec.Command(gsAbs, "-q", "--metrics", addr, "-e", "uprobe:"+target+":f "+scrapeScript)
	var stderr bytes.Buffer
	gs.Stderr = &stderr
	check(gs.Start())
	defer func() {
		_ = gs.Process.Signal(os.Interrupt)
		_ = gs.Wait()
	}()
	url := "http://" + addr + promexport.Path
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if body, err := scrape(url); err == nil && strings.Contains(body, "gs_probes_attached 1") {
			break
		}
		if time.Now().After(deadline) {
			fail("gs --metrics does not serve after 30s:\n%s", stderr.String())
		}
	}
	if _, err := run(nil, target, strconv.Itoa(scrapeKeys*4)); err != nil {
		fail("target: %v", err)
	}
	var times []float64
	var body string
	for i := 0; i < 5**runs; i++ {
		start := time.Now()
		var err error
		if body, err = scrape(url); err != nil {
			fail("scrape: %v", err)
		}
		times = append(times, float64(time.Since(start).Microseconds())/1000)
	}
	series := strings.Count(body, "\ngs_calls_total{")
	buckets := strings.Count(body, "\ngs_lat_bucket{")
	fmt.Printf("  a real gs over HTTP (%d gs_calls_total series, %d gs_lat buckets, %d bytes): %.2f ms per scrape (median of %d)\n",
		series, buckets, len(body), median(times), len(times))
}

func scrape(url string) (string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// compileScrape compiles scrapeScript on target's f.
func compileScrape(target string) *ir.Program {
	p, diags := parser.ParseString("scrape.gs", "uprobe:"+target+":f "+scrapeScript)
	check(diags.Err())
	sp, sd := sema.Check(p, sema.Config{Metrics: true, Script: rewrite.Apply(p, rewrite.Config{IsBuiltin: sema.IsBuiltin})})
	check(sd.Err())
	prog, err := gen.Generate(sp)
	check(err)
	return prog
}

// fakeReader holds the entries a session would read after the target's
// calls: every key of @calls, and @lat with scrapeBuckets buckets.
type fakeReader struct {
	prog *ir.Program
	all  map[uint8][]output.MapEntry
}

func (r *fakeReader) ReadMaps() (map[uint8][]output.MapEntry, error) {
	if r.all != nil {
		return r.all, nil
	}
	r.all = map[uint8][]output.MapEntry{}
	for i := range r.prog.Maps {
		m := &r.prog.Maps[i]
		switch m.Name {
		case "calls":
			for k := 0; k < scrapeKeys; k++ {
				var e output.MapEntry
				e.Key[0] = m.ID
				binary.LittleEndian.PutUint64(e.Key[m.KeyOffsets[0]:], uint64(k))
				e.Agg.Count = uint64(k%7 + 1)
				r.all[m.ID] = append(r.all[m.ID], e)
			}
		case "lat":
			var e output.MapEntry
			e.Key[0] = m.ID
			for b := 1; b <= scrapeBuckets; b++ {
				e.Agg.Buckets[b] = uint64(b)
				e.Agg.Count += uint64(b)
			}
			r.all[m.ID] = append(r.all[m.ID], e)
		}
	}
	return r.all, nil
}
func (r *fakeReader) Stack(uint64) ([]symbolize.Frame, bool) { return nil, false }
func (r *fakeReader) Symbols() *output.Symbols               { return nil }
func (r *fakeReader) Health() (metrics.Health, error) {
	return metrics.Health{Lost: make([]uint64, len(r.prog.Probes)), ProbesAttached: len(r.prog.Probes)}, nil
}
