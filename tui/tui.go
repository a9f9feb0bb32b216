// Package tui is gs -i's terminal user interface over package live: the
// session binary's source (the files its DWARF names) with the lines that
// can take a probe marked, a key that puts a probe on the cursor's line,
// the trace's events as they come (pause and scroll keep every one), the
// script maps redrawn in place, and the locals at the cursor. Everything
// it does is a command of package live (docs/interactive.md), also typed
// on its command line (:).
//
// It is built with bubbletea (the event loop and the terminal) and
// lipgloss (styles and layout).
package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/live"
)

// Run runs a session in the terminal until the user quits or the target
// exits. What the session prints at its end (the maps, losses) is written
// to stdout and stderr once the terminal is restored.
func Run(ctx context.Context, cfg live.Config) error {
	events, status := &lineLog{max: maxEvents}, &lineLog{max: 1000}
	stdout, stderr := cfg.Out, cfg.Status
	cfg.Out, cfg.Status = events, status
	s, err := live.Start(ctx, cfg)
	if err != nil {
		return err
	}
	m := newModel(s, events, status)
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithContext(ctx))
	go func() {
		<-s.Done()
		p.Send(endedMsg{})
	}()
	_, runErr := p.Run()
	if m.src != nil {
		m.src.Close()
	}
	shown := events.count()
	stopErr := s.Stop()
	// The end of the session (maps at exit, losses) after the terminal is back.
	events.writeFrom(stdout, shown)
	status.writeFrom(stderr, 0)
	if runErr != nil && !errors.Is(runErr, tea.ErrProgramKilled) && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	return stopErr
}

// maxEvents is how many event lines the events pane keeps to scroll back.
const maxEvents = 100000

// lineLog is an io.Writer that keeps the lines written to it.
type lineLog struct {
	mu      sync.Mutex
	lines   []string
	dropped int // lines before lines[0] no longer kept
	part    []byte
	max     int
}

func (l *lineLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.part = append(l.part, b...)
	for {
		i := bytes.IndexByte(l.part, '\n')
		if i < 0 {
			break
		}
		l.lines = append(l.lines, strings.ReplaceAll(string(l.part[:i]), "\t", "    "))
		l.part = l.part[i+1:]
	}
	if over := len(l.lines) - l.max; over > l.max/10 {
		l.lines = append([]string(nil), l.lines[over:]...)
		l.dropped += over
	}
	return len(b), nil
}

// count is how many lines were written in all.
func (l *lineLog) count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.dropped + len(l.lines)
}

// window returns n lines ending at line end (counted from the first
// line ever written).
func (l *lineLog) window(end, n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := min(end-l.dropped, len(l.lines))
	b := max(e-n, 0)
	if e <= 0 {
		return nil
	}
	return append([]string(nil), l.lines[b:e]...)
}

// writeFrom writes the lines from line from on to w.
func (l *lineLog) writeFrom(w io.Writer, from int) {
	if w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines[max(from-l.dropped, 0):] {
		fmt.Fprintln(w, line)
	}
	if len(l.part) > 0 {
		fmt.Fprintln(w, string(l.part))
	}
}

type tickMsg struct{}
type endedMsg struct{}

// prompt kinds.
const (
	promptNone = iota
	promptCommand
	promptSearch
	promptOpen
	promptFunc
)

var promptLabels = map[int]string{promptCommand: ":", promptSearch: "/", promptOpen: "open file: ", promptFunc: "function: "}

type model struct {
	s      *live.Session
	src    *live.Source
	events *lineLog
	status *lineLog

	width, height int

	file   string   // the file shown, as DWARF names it
	text   []string // its lines
	code   map[int]uint64
	cursor int // 1-based line
	top    int // first line shown
	search string

	prompt  int
	input   string
	history []string
	histAt  int
	message string // the last answer or error

	paused   bool
	pausedAt int // events shown while paused end here
	maps     string
	locals   map[string]string // "file:line" -> info locals
	ended    bool
}

func newModel(s *live.Session, events, status *lineLog) *model {
	m := &model{s: s, events: events, status: status, locals: map[string]string{}, cursor: 1, width: 80, height: 24}
	if s.Binary() == "" {
		m.message = "no binary: type :trace PROBE { ... } (:help lists the commands)"
		return m
	}
	src, err := live.OpenSource(s.Binary())
	if err != nil {
		m.message = err.Error()
		return m
	}
	m.src = src
	if f, l, err := src.Func("main"); err == nil {
		m.open(f, l)
	} else {
		m.open(src.Files()[0], 1)
	}
	m.message = "enter: trace this line   T: with a block   space: on/off   x: delete   : command   o: file   f: function   /: search   p: pause   q: quit"
	return m
}

// open shows file with the cursor at line.
func (m *model) open(file string, line int) {
	text, err := live.ReadSource(file, m.s.SrcMap)
	if err != nil {
		m.message = err.Error()
		text = nil
	}
	m.file, m.text, m.code = file, text, nil
	if m.src != nil {
		m.code = m.src.Lines(file)
	}
	m.cursor, m.top = 1, 0
	m.goTo(line)
}

func (m *model) goTo(line int) {
	m.cursor = max(1, min(line, max(len(m.text), 1)))
	h := m.srcHeight()
	if m.cursor-1 < m.top || m.cursor-1 >= m.top+h {
		m.top = max(0, m.cursor-1-h/2)
	}
}

func (m *model) Init() tea.Cmd { return tick() }

func tick() tea.Cmd {
	return tea.Tick(200*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{} })
}

// layout: the source panel and the info pane side by side above the
// events pane, the status line last.
func (m *model) eventsHeight() int { return max(5, m.height/3) }
func (m *model) srcHeight() int    { return max(3, m.height-m.eventsHeight()-3) }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.goTo(m.cursor)
	case tickMsg:
		m.refresh()
		return m, tick()
	case endedMsg:
		m.ended = true
		m.message = "the target exited: q quits"
	case tea.KeyMsg:
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			// Runes typed faster than read come together: one key each.
			var cmd tea.Cmd
			for _, r := range msg.Runes {
				var c tea.Cmd
				_, c = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				cmd = tea.Batch(cmd, c)
			}
			return m, cmd
		}
		if m.prompt != promptNone {
			return m.promptKey(msg)
		}
		return m.key(msg)
	}
	return m, nil
}

// refresh reads the maps and the locals at the cursor.
func (m *model) refresh() {
	var b []byte
	for _, name := range m.s.Maps() {
		var err error
		if b, err = m.s.MapText(b, name); err != nil {
			b = fmt.Appendf(b, "@%s: %v\n", name, err)
		}
	}
	m.maps = strings.TrimRight(string(b), "\n")
	if _, ok := m.code[m.cursor]; ok {
		key := m.spec()
		if _, ok := m.locals[key]; !ok {
			var w bytes.Buffer
			if err := m.s.InfoLocals(&w, key); err != nil {
				w.WriteString(err.Error())
			}
			m.locals[key] = strings.TrimRight(w.String(), "\n")
		}
	}
}

// spec is the cursor's line as a bare probe: FILE:LINE by base name.
func (m *model) spec() string { return fmt.Sprintf("%s:%d", filepath.Base(m.file), m.cursor) }

func (m *model) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	h := m.srcHeight()
	switch k.String() {
	case "ctrl+c", "q":
		return m, tea.Quit
	case "up", "k":
		m.goTo(m.cursor - 1)
	case "down", "j":
		m.goTo(m.cursor + 1)
	case "pgup", "ctrl+u":
		m.top = max(0, m.top-h)
		m.goTo(m.cursor - h)
	case "pgdown", "ctrl+d":
		m.top = min(max(len(m.text)-h, 0), m.top+h)
		m.goTo(m.cursor + h)
	case "home", "g":
		m.goTo(1)
	case "end", "G":
		m.goTo(len(m.text))
	case "enter", "t":
		m.do("trace " + m.spec())
	case "T":
		m.startPrompt(promptCommand, "trace "+m.spec()+" { ")
	case " ":
		for _, t := range m.tracesHere() {
			if t.Enabled {
				m.do(fmt.Sprintf("disable %d", t.N))
			} else {
				m.do(fmt.Sprintf("enable %d", t.N))
			}
		}
	case "x":
		for _, t := range m.tracesHere() {
			m.do(fmt.Sprintf("delete %d", t.N))
		}
	case ":":
		m.startPrompt(promptCommand, "")
	case "/":
		m.startPrompt(promptSearch, "")
	case "n":
		m.find(m.search, m.cursor+1)
	case "o":
		m.startPrompt(promptOpen, "")
	case "f":
		m.startPrompt(promptFunc, "")
	case "p":
		m.paused = !m.paused
		m.pausedAt = m.events.count()
	case "[":
		if !m.paused {
			m.paused, m.pausedAt = true, m.events.count()
		}
		m.pausedAt = max(m.pausedAt-m.eventsHeight()/2, 1)
	case "]":
		if m.paused {
			m.pausedAt = min(m.pausedAt+m.eventsHeight()/2, m.events.count())
		}
	}
	return m, nil
}

func (m *model) startPrompt(kind int, input string) {
	m.prompt, m.input, m.histAt = kind, input, len(m.history)
}

func (m *model) promptKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch k.Type {
	case tea.KeyEsc, tea.KeyCtrlC:
		m.prompt = promptNone
	case tea.KeyEnter:
		kind, in := m.prompt, strings.TrimSpace(m.input)
		m.prompt = promptNone
		if in == "" {
			return m, nil
		}
		m.history = append(m.history, in)
		switch kind {
		case promptCommand:
			if n, err := strconv.Atoi(in); err == nil {
				m.goTo(n)
			} else if m.do(in) {
				return m, tea.Quit
			}
		case promptSearch:
			m.search = in
			m.find(in, m.cursor)
		case promptOpen:
			if f := m.matchFile(in); f != "" {
				m.open(f, 1)
			} else {
				m.message = fmt.Sprintf("no source file matches %q", in)
			}
		case promptFunc:
			if m.src == nil {
				m.message = "no binary"
			} else if f, l, err := m.src.Func(in); err != nil {
				m.message = err.Error()
			} else {
				m.open(f, l)
			}
		}
	case tea.KeyBackspace:
		if r := []rune(m.input); len(r) > 0 {
			m.input = string(r[:len(r)-1])
		}
	case tea.KeyUp:
		if m.histAt > 0 {
			m.histAt--
			m.input = m.history[m.histAt]
		}
	case tea.KeyDown:
		if m.histAt < len(m.history)-1 {
			m.histAt++
			m.input = m.history[m.histAt]
		}
	case tea.KeyTab:
		m.complete()
	case tea.KeySpace:
		m.input += " "
	case tea.KeyRunes:
		m.input += string(k.Runes)
	}
	return m, nil
}

// complete completes the prompt's input: a file name, or a function name
// from DWARF (in the function prompt, and after "trace " on the command
// line).
func (m *model) complete() {
	if m.src == nil {
		return
	}
	switch {
	case m.prompt == promptOpen:
		if f := m.matchFile(m.input); f != "" {
			m.input = f
		}
	case m.prompt == promptFunc:
		if fs := m.src.Funcs(m.input + "*"); len(fs) > 0 {
			m.input = fs[0]
		}
	case m.prompt == promptCommand && strings.HasPrefix(m.input, "trace ") && !strings.ContainsAny(m.input[6:], " {"):
		if fs := m.src.Funcs(m.input[6:] + "*"); len(fs) > 0 {
			m.input = "trace " + fs[0]
		}
	}
}

// matchFile returns the first source file whose path holds s.
func (m *model) matchFile(s string) string {
	if m.src == nil {
		return ""
	}
	for _, f := range m.src.Files() {
		if f == s || strings.HasSuffix(f, "/"+s) {
			return f
		}
	}
	for _, f := range m.src.Files() {
		if strings.Contains(f, s) {
			return f
		}
	}
	return ""
}

// find moves the cursor to the next line from line on that holds s.
func (m *model) find(s string, line int) {
	if s == "" {
		return
	}
	for i := range len(m.text) {
		n := (line-1+i)%len(m.text) + 1
		if strings.Contains(m.text[n-1], s) {
			m.goTo(n)
			return
		}
	}
	m.message = fmt.Sprintf("%q is not in %s", s, filepath.Base(m.file))
}

// do runs a command of package live and shows its answer; it reports
// whether the command was quit.
func (m *model) do(cmd string) bool {
	var w bytes.Buffer
	err := m.s.Do(cmd, &w)
	switch {
	case errors.Is(err, live.ErrQuit):
		return true
	case err != nil:
		var de *diag.Errors
		if errors.As(err, &de) {
			var b bytes.Buffer
			de.List.Render(&b, false)
			m.message = strings.TrimRight(b.String(), "\n")
		} else {
			m.message = err.Error()
		}
	default:
		m.message = strings.TrimRight(w.String(), "\n")
	}
	return false
}

var traceLine = regexp.MustCompile(`uprobe:[^:\s]+:([^:\s"]+):(\d+)\b`)

// tracesHere are the live traces on the cursor's line.
func (m *model) tracesHere() []*live.Trace { return m.tracesAt(m.cursor) }

func (m *model) tracesAt(line int) []*live.Trace {
	var out []*live.Trace
	base := filepath.Base(m.file)
	for _, t := range m.s.Traces() {
		if t.Deleted {
			continue
		}
		for _, sm := range traceLine.FindAllStringSubmatch(t.Text, -1) {
			if n, _ := strconv.Atoi(sm[2]); n == line && (sm[1] == base || strings.HasSuffix(m.file, "/"+sm[1])) {
				out = append(out, t)
				break
			}
		}
	}
	return out
}

var (
	titleStyle  = lipgloss.NewStyle().Bold(true).Reverse(true)
	cursorStyle = lipgloss.NewStyle().Reverse(true)
	dimStyle    = lipgloss.NewStyle().Faint(true)
	markStyle   = lipgloss.NewStyle().Bold(true)
)

// spaces are the runs of blanks that gs -lv aligns its columns with.
var spaces = regexp.MustCompile(`(\S)\s{3,}`)

// histRow is a row of a printed hist or lhist: bucket, count, bar.
var histRow = regexp.MustCompile(`^(.*\S\s+\d+) \|(@*)( *)\|$`)

// bars scales the bar of a hist row to fit w columns.
func bars(s string, w int) string {
	m := histRow.FindStringSubmatch(s)
	if m == nil || len([]rune(s)) <= w {
		return s
	}
	full := len(m[2]) + len(m[3])
	room := w - len([]rune(m[1])) - 3
	if room < 4 || full == 0 {
		return s
	}
	n := len(m[2]) * room / full
	return m[1] + " |" + strings.Repeat("@", n) + strings.Repeat(" ", room-n) + "|"
}

// fit cuts or pads s to w columns.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	r := []rune(s)
	if len(r) > w {
		return string(r[:w])
	}
	return s + strings.Repeat(" ", w-len(r))
}

func (m *model) View() string {
	srcW := max(m.width*3/5, 20)
	infoW := max(m.width-srcW-1, 10)
	h := m.srcHeight()

	src := []string{titleStyle.Render(fit(" "+m.file, srcW))}
	for i := range h {
		n := m.top + i + 1
		if n > len(m.text) {
			src = append(src, fit("", srcW))
			continue
		}
		mark := " "
		for _, t := range m.tracesAt(n) {
			if t.Enabled {
				mark = "●"
			} else if mark == " " {
				mark = "○"
			}
		}
		code := " "
		if a, ok := m.code[n]; ok {
			code = "+"
			if m.src.SingleStepped(a) {
				code = "s"
			}
		}
		line := fit(fmt.Sprintf("%s%s%5d  %s", mark, code, n, strings.ReplaceAll(m.text[n-1], "\t", "    ")), srcW)
		if n == m.cursor {
			line = cursorStyle.Render(line)
		} else if code == " " {
			line = dimStyle.Render(line)
		} else if mark != " " {
			line = markStyle.Render(line)
		}
		src = append(src, line)
	}

	var info []string
	info = append(info, titleStyle.Render(fit(" traces", infoW)))
	for _, t := range m.s.Traces() {
		if !t.Deleted {
			text := strings.ReplaceAll(t.Text, "uprobe:"+m.s.Binary()+":", "")
			info = append(info, fit(fmt.Sprintf("%d %-8s %s", t.N, t.State(), text), infoW))
		}
	}
	info = append(info, titleStyle.Render(fit(" at "+m.spec(), infoW)))
	for _, t := range m.tracesHere() {
		for _, pl := range t.Placement {
			info = append(info, fit(fmt.Sprintf("trace %d: %s", t.N, strings.ReplaceAll(pl, "uprobe:"+m.s.Binary()+":", "")), infoW))
		}
	}
	if l, ok := m.locals[m.spec()]; ok {
		for _, s := range strings.Split(l, "\n") {
			info = append(info, fit(spaces.ReplaceAllString(s, "$1  "), infoW))
		}
	} else if _, ok := m.code[m.cursor]; !ok {
		info = append(info, fit("no code on this line", infoW))
	}
	info = append(info, titleStyle.Render(fit(" maps", infoW)))
	for _, s := range strings.Split(m.maps, "\n") {
		info = append(info, fit(bars(s, infoW), infoW))
	}
	for len(info) < h+1 {
		info = append(info, fit("", infoW))
	}
	info = info[:h+1]

	top := lipgloss.JoinHorizontal(lipgloss.Top, strings.Join(src, "\n"), " ", strings.Join(info, "\n"))

	eh := m.eventsHeight()
	total := m.events.count()
	end := total
	title := fmt.Sprintf(" events: %d", total)
	if m.paused {
		end = m.pausedAt
		title += fmt.Sprintf("  [paused at %d: p resumes, [ ] scroll]", end)
	}
	evs := []string{titleStyle.Render(fit(title, m.width))}
	for _, l := range m.events.window(end, eh-1) {
		evs = append(evs, fit(l, m.width))
	}
	for len(evs) < eh {
		evs = append(evs, fit("", m.width))
	}

	var status string
	if m.prompt != promptNone {
		status = fit(promptLabels[m.prompt]+m.input+"█", m.width)
	} else {
		msg := m.message
		if st := m.status.window(m.status.count(), 1); len(st) > 0 && msg == "" {
			msg = st[0]
		}
		lines := strings.Split(msg, "\n")
		status = fit(strings.Join(lines, " | "), m.width)
	}
	return top + "\n" + strings.Join(evs, "\n") + "\n" + status
}
