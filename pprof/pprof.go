// Package pprof writes the script's maps keyed by a user stack, with a
// count() or sum() value, as a pprof profile (gs --pprof FILE): the format
// of go tool pprof, its flame graph, Pyroscope, Parca and Grafana.
//
// It is one more reader of the maps the session prints (output.MapReader):
// keys are decoded by the printer's Decoder, stacks resolved by its
// Symbols, as the text shows them. A profile holds
//
//   - one sample type per such map, named as the map ("@calls"), with unit
//     "count" for count() and "sum" for sum(); a sample's value is the
//     entry's number in its map's column, 0 in the others;
//   - the stack's frames as locations, innermost first, up to the thread's
//     entry function as gs prints them; each location lists the functions
//     DWARF says are inlined at the frame (innermost first, then the
//     function that holds them) with their source lines;
//   - one mapping per module, named by its real path (symbolic links
//     resolved) with its GNU build id. Modules are told apart by their file
//     (device and inode), never by the path a frame arrived with: one libc
//     is /lib/x86_64-linux-gnu/libc.so.6 to the dynamic loader and
//     /usr/lib/x86_64-linux-gnu/libc.so.6 in /proc/PID/maps. A location's
//     address is its file offset in the module (the mapping starts at 0
//     with offset 0), since frames arrive as (build id, file offset) and a
//     process's load address is not always known;
//   - the map's other keys as string labels, named as the metrics
//     exporters name them (ir.Map.Labels: comm, pid, $x as x, a field by
//     its name, a call by its function), else by their position in the
//     brackets (key2 for the second), their values as the text prints
//     them.
//
// The file holds the maps as last printed: print(@m) rewrites it with @m's
// entries then and the other maps as they were last printed, and the end
// of the trace rewrites it with every map's entries at exit (print's top
// and div limit the text only). Each write replaces the file whole
// (a temporary file renamed over it).
package pprof

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/google/pprof/profile"

	"github.com/gs-tracer/gs/ir"
	"github.com/gs-tracer/gs/output"
	"github.com/gs-tracer/gs/symbolize"
)

// StackKey returns the index of m's first user-stack key when m is a
// map pprof profiles: keyed by a stack, with a count() or sum() value.
func StackKey(m *ir.Map) (int, bool) {
	if !m.IsAgg || (m.Agg != ir.AggCount && m.Agg != ir.AggSum) {
		return 0, false
	}
	for i, t := range m.Keys {
		if t != nil && t.Kind == ir.KindStack {
			return i, true
		}
	}
	return 0, false
}

// Profiled lists the maps of prog a profile holds, in the order gs prints
// them at exit (by name).
func Profiled(prog *ir.Program) []*ir.Map {
	var out []*ir.Map
	for i := range prog.Maps {
		if _, ok := StackKey(&prog.Maps[i]); ok {
			out = append(out, &prog.Maps[i])
		}
	}
	slices.SortStableFunc(out, func(a, b *ir.Map) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out
}

// Writer keeps the last printed entries of each profiled map and writes
// them to Path (an output.MapReader).
type Writer struct {
	Path string
	// Main is the traced program's executable, when known: its mapping
	// comes first, where pprof looks for the main binary.
	Main string

	maps   []*ir.Map
	column map[uint8]int // map ID → its sample type
	last   map[uint8][]sample
	start  time.Time
}

// sample is one entry of a map, resolved when it was printed.
type sample struct {
	frames []symbolize.Location
	labels map[string][]string
	value  int64
	noStk  bool // the stack was not captured
}

// New returns a writer of prog's profiled maps to path.
func New(path string, prog *ir.Program) *Writer {
	w := &Writer{Path: path, maps: Profiled(prog), column: map[uint8]int{}, last: map[uint8][]sample{}, start: time.Now()}
	for i, m := range w.maps {
		w.column[m.ID] = i
	}
	return w
}

// ReadMaps takes the entries of the profiled maps among maps and rewrites
// the file; it writes nothing when none is (but always when final).
func (w *Writer) ReadMaps(p *output.Maps, maps []output.MapPrint, final bool) error {
	took := false
	for _, mp := range maps {
		if _, ok := w.column[mp.Map.ID]; !ok {
			continue
		}
		w.last[mp.Map.ID] = w.samples(p, mp.Map, mp.Entries)
		took = true
	}
	if !took && !final {
		return nil
	}
	return w.write()
}

// samples resolves the entries of m.
func (w *Writer) samples(p *output.Maps, m *ir.Map, es []output.MapEntry) []sample {
	si, _ := StackKey(m)
	out := make([]sample, 0, len(es))
	var text []byte
	for i := range es {
		e := &es[i]
		u, _ := output.EntryValue(m, e)
		s := sample{value: int64(u)}
		for k, v := range p.Keys(m, &e.Key) {
			if k == si {
				if v.Missing {
					s.noStk = true
				} else {
					s.frames = p.Symbols.Locations(v.Frames)
				}
				continue
			}
			text = p.AppendKey(text[:0], &v)
			if s.labels == nil {
				s.labels = map[string][]string{}
			}
			name := labelName(m, k)
			s.labels[name] = append(s.labels[name], string(text))
		}
		out = append(out, s)
	}
	return out
}

// labelName names key k of m as a label: as the metrics exporters name
// it (ir.Map.Labels, from the key's expression), else by its position.
func labelName(m *ir.Map, k int) string {
	if k < len(m.Labels) && m.Labels[k] != "" {
		return m.Labels[k]
	}
	return "key" + strconv.Itoa(k+1)
}

// write writes the profile of the entries last printed.
func (w *Writer) write() error {
	prof, err := w.profile()
	if err != nil {
		return err
	}
	dir, base := filepath.Split(w.Path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*")
	if err != nil {
		return fmt.Errorf("write profile: %w", err)
	}
	werr := prof.Write(f)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(f.Name(), w.Path)
	}
	if werr != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write profile %s: %w", w.Path, werr)
	}
	return nil
}

// profile builds the profile of the entries last printed.
func (w *Writer) profile() (*profile.Profile, error) {
	now := time.Now()
	prof := &profile.Profile{TimeNanos: now.UnixNano(), DurationNanos: now.Sub(w.start).Nanoseconds()}
	for _, m := range w.maps {
		unit := "count"
		if m.Agg == ir.AggSum {
			unit = "sum"
		}
		prof.SampleType = append(prof.SampleType, &profile.ValueType{Type: "@" + m.Name, Unit: unit})
	}
	b := newBuilder(prof, w.Main)
	for _, m := range w.maps {
		col := w.column[m.ID]
		for _, s := range w.last[m.ID] {
			ps := &profile.Sample{Value: make([]int64, len(w.maps)), Label: s.labels}
			ps.Value[col] = s.value
			if s.noStk {
				ps.Location = []*profile.Location{b.pseudo("<stack not captured>")}
			}
			for _, fr := range s.frames {
				ps.Location = append(ps.Location, b.location(fr))
			}
			prof.Sample = append(prof.Sample, ps)
		}
	}
	b.order()
	if err := prof.CheckValid(); err != nil {
		return nil, fmt.Errorf("build profile: %w", err)
	}
	return prof, nil
}

// fileID is a module's file: its device and inode, or, when it cannot be
// read, its real path.
type fileID struct {
	dev, ino uint64
	path     string
}

// identify names the file at path and returns its real path and size.
func identify(path string) (fileID, string, uint64) {
	real := path
	if r, err := filepath.EvalSymlinks(path); err == nil {
		real = r
	}
	var st syscall.Stat_t
	if err := syscall.Stat(real, &st); err != nil {
		return fileID{path: real}, real, 0
	}
	return fileID{dev: uint64(st.Dev), ino: st.Ino}, real, uint64(st.Size)
}

// builder interns the mappings, functions and locations of a profile.
type builder struct {
	prof   *profile.Profile
	main   fileID
	byPath map[string]*profile.Mapping // a frame's module path → its mapping
	byFile map[fileID]*profile.Mapping
	funcs  map[[2]string]*profile.Function
	locs   map[string]*profile.Location
	key    []byte
}

func newBuilder(prof *profile.Profile, main string) *builder {
	b := &builder{prof: prof, byPath: map[string]*profile.Mapping{}, byFile: map[fileID]*profile.Mapping{},
		funcs: map[[2]string]*profile.Function{}, locs: map[string]*profile.Location{}}
	if main != "" {
		b.main, _, _ = identify(main)
	}
	return b
}

// mapping returns the mapping of the module at path (and its build id).
func (b *builder) mapping(path, buildID string) *profile.Mapping {
	if m, ok := b.byPath[path]; ok {
		return m
	}
	id, real, size := identify(path)
	m, ok := b.byFile[id]
	if !ok {
		m = &profile.Mapping{ID: uint64(len(b.prof.Mapping) + 1), Limit: max(size, 1), File: real, BuildID: buildID,
			HasFunctions: true, HasFilenames: true, HasLineNumbers: true, HasInlineFrames: true}
		b.prof.Mapping = append(b.prof.Mapping, m)
		b.byFile[id] = m
	}
	b.byPath[path] = m
	return m
}

// function interns a function by name and file.
func (b *builder) function(name, file string) *profile.Function {
	k := [2]string{name, file}
	if f, ok := b.funcs[k]; ok {
		return f
	}
	f := &profile.Function{ID: uint64(len(b.prof.Function) + 1), Name: name, SystemName: name, Filename: file}
	b.prof.Function = append(b.prof.Function, f)
	b.funcs[k] = f
	return f
}

// location interns the location of one frame.
func (b *builder) location(fr symbolize.Location) *profile.Location {
	var m *profile.Mapping
	if fr.Path != "" {
		m = b.mapping(fr.Path, fr.BuildID)
	}
	addr := fr.Offset
	if m == nil {
		addr = fr.Addr
	}
	// A return address and the same offset as a leaf differ in their
	// line (the call's): the key holds the lines.
	k := append(b.key[:0], strconv.FormatUint(addr, 16)...)
	if m != nil {
		k = strconv.AppendUint(append(k, '@'), m.ID, 10)
	}
	for _, f := range fr.Funcs {
		k = strconv.AppendInt(append(append(append(k, '|'), f.Func...), ':'), int64(f.Line), 10)
	}
	if len(fr.Funcs) == 0 {
		k = append(append(k, '|'), fr.String()...)
	}
	b.key = k
	if l, ok := b.locs[string(k)]; ok {
		return l
	}
	l := &profile.Location{ID: uint64(len(b.prof.Location) + 1), Mapping: m, Address: addr}
	for _, f := range fr.Funcs {
		l.Line = append(l.Line, profile.Line{Function: b.function(f.Func, f.File), Line: int64(f.Line)})
	}
	if len(fr.Funcs) == 0 {
		// No symbol: the name gs prints, "0x1a2b (app)".
		l.Line = []profile.Line{{Function: b.function(fr.String(), "")}}
	}
	b.prof.Location = append(b.prof.Location, l)
	b.locs[string(k)] = l
	return l
}

// pseudo is a location that stands for what a stack could not show.
func (b *builder) pseudo(name string) *profile.Location {
	if l, ok := b.locs[name]; ok {
		return l
	}
	l := &profile.Location{ID: uint64(len(b.prof.Location) + 1), Line: []profile.Line{{Function: b.function(name, "")}}}
	b.prof.Location = append(b.prof.Location, l)
	b.locs[name] = l
	return l
}

// order moves the main executable's mapping first, where pprof looks for
// the program's name, and numbers the mappings again.
func (b *builder) order() {
	i := slices.IndexFunc(b.prof.Mapping, func(m *profile.Mapping) bool { return b.byFile[b.main] == m })
	if i <= 0 || b.main == (fileID{}) {
		return
	}
	ms := b.prof.Mapping
	main := ms[i]
	copy(ms[1:i+1], ms[:i])
	ms[0] = main
	for j, m := range ms {
		m.ID = uint64(j + 1)
	}
}
