package rewrite

import (
	"github.com/gs-tracer/gs/diag"
	"github.com/gs-tracer/gs/parser"
)

// taskPaths are bpftrace's standard library macros of a task
// (src/stdlib/base.bt at e1b7c39): each is the path of members after the
// task, of curtask without an argument.
var taskPaths = map[string][]string{
	"ppid":        {"real_parent", "pid"},
	"leader_tid":  {"group_leader", "pid"},
	"pcomm":       {"real_parent", "comm"},
	"leader_comm": {"group_leader", "comm"},
}

// taskMacros rewrites the task macros (taskPaths) into their bodies:
// ppid(task) is task.real_parent.pid; ppid(), and a bare ppid as bpftrace
// calls a macro of no parameters, are of curtask. A user macro of the same
// name has already replaced its calls.
func taskMacros(prog *parser.Program, diags *diag.List) {
	parser.Rewrite(prog, func(g *parser.ProbeGroup, e parser.Expr) parser.Expr {
		var x parser.Expr
		var path []string
		var sp diag.Span
		switch e := e.(type) {
		case *parser.Ident:
			if path = taskPaths[e.Name]; path == nil {
				return nil
			}
			sp = e.Sp
			x = &parser.Ident{Name: "curtask", Sp: sp}
		case *parser.CallExpr:
			if path = taskPaths[e.Fn]; path == nil {
				return nil
			}
			sp = e.Sp
			switch len(e.Args) {
			case 0:
				x = &parser.Ident{Name: "curtask", Sp: sp}
			case 1:
				x = e.Args[0]
			default:
				diags.Errorf(sp, "%s takes a task (struct task_struct *) or nothing, for curtask", e.Fn)
				return &parser.IntLit{Val: 0, Sp: sp}
			}
		default:
			return nil
		}
		for _, name := range path {
			x = &parser.FieldExpr{X: x, Name: name, NameSp: sp, Sp: sp}
		}
		return x
	})
}
