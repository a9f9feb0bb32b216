package parser

import (
	"fmt"
	"strconv"
	"strings"
)

// Dump returns an indented, deterministic rendering of the tree rooted at
// n, one node a line with its children indented below it, for `gs -d ast`
// and tests. Spans are left out so that dumps stay stable under edits.
//
//	ProbeGroup
//	  Probe uprobe binary="./app" func="add"
//	  filter: BinaryExpr ==
//	    Ident pid
//	    IntLit 1
//	  Block {}
//	    ExprStmt
//	      CallExpr print
//	        VarExpr $x
func Dump(n Node) string {
	var sb strings.Builder
	dump(&sb, n, 0, "")
	return sb.String()
}

func dump(sb *strings.Builder, n Node, depth int, label string) {
	sb.WriteString(strings.Repeat("  ", depth))
	sb.WriteString(label)
	if isNil(n) {
		sb.WriteString("<nil>\n")
		return
	}
	sb.WriteString(describe(n))
	sb.WriteByte('\n')
	if g, ok := n.(*ProbeGroup); ok {
		// Label the filter: it is the one optional child.
		for _, p := range g.Probes {
			dump(sb, p, depth+1, "")
		}
		if g.Filter != nil {
			dump(sb, g.Filter, depth+1, "filter: ")
		}
		dump(sb, g.Body, depth+1, "")
		return
	}
	for _, c := range children(n) {
		if !isNil(c) {
			dump(sb, c, depth+1, "")
		}
	}
}

// describe returns the line for n without its children.
func describe(n Node) string {
	switch n := n.(type) {
	case *Program:
		return "Program"
	case *ProbeGroup:
		return "ProbeGroup"
	case *Probe:
		return describeProbe(n)
	case *Block:
		if n.Angle {
			return "Block <>"
		}
		return "Block {}"
	case *ExprStmt:
		return "ExprStmt"
	case *AssignStmt:
		return "AssignStmt " + n.Op
	case *IfStmt:
		return "IfStmt"
	case *ReturnStmt:
		return "ReturnStmt"
	case *WhileStmt:
		return "WhileStmt"
	case *UnrollStmt:
		return "UnrollStmt"
	case *ForStmt:
		if n.Map != nil {
			return "ForStmt map"
		}
		return "ForStmt range"
	case *BranchStmt:
		if n.Continue {
			return "BranchStmt continue"
		}
		return "BranchStmt break"
	case *LetStmt:
		return "LetStmt"
	case *CDecl:
		var sb strings.Builder
		fmt.Fprintf(&sb, "CDecl %s %s {", n.Kind, n.Name)
		for _, f := range n.Fields {
			fmt.Fprintf(&sb, " %s %s%s %s", f.Type.Name, strings.Repeat("*", f.Type.Ptr), f.Name, fmt.Sprint(f.Dims))
			if f.BitSize > 0 {
				fmt.Fprintf(&sb, ":%d", f.BitSize)
			}
			sb.WriteString(";")
		}
		for _, e := range n.Enums {
			fmt.Fprintf(&sb, " %s=%d", e.Name, e.Val)
		}
		sb.WriteString(" }")
		return sb.String()
	case *ConfigItem:
		return fmt.Sprintf("ConfigItem %s=%q", n.Key, n.Value)
	case *BlockExpr:
		return "BlockExpr"
	case *IfExpr:
		return "IfExpr"
	case *TypeofExpr:
		return "TypeofExpr"
	case *TupleExpr:
		if n.Names != nil {
			return "TupleExpr record " + strings.Join(n.Names, " ")
		}
		return "TupleExpr"
	case *ParamExpr:
		if n.Count {
			return "ParamExpr $#"
		}
		return fmt.Sprintf("ParamExpr $%d", n.N)
	case *IncDecExpr:
		if n.Prefix {
			return "IncDecExpr " + n.Op + "x"
		}
		return "IncDecExpr x" + n.Op
	case *IntLit:
		s := "IntLit " + strconv.FormatUint(n.Val, 10)
		if n.Text != strconv.FormatUint(n.Val, 10) {
			s += " " + n.Text
		}
		return s
	case *StrLit:
		return "StrLit " + strconv.Quote(n.Val)
	case *Ident:
		return "Ident " + n.Name
	case *VarExpr:
		return "VarExpr $" + n.Name
	case *MapExpr:
		return "MapExpr @" + n.Name
	case *ArgsExpr:
		return "ArgsExpr args." + n.Name
	case *UnaryExpr:
		return "UnaryExpr " + n.Op
	case *BinaryExpr:
		return "BinaryExpr " + n.Op
	case *CondExpr:
		return "CondExpr"
	case *TypeExpr:
		s := "TypeExpr " + n.Name
		if n.Of != nil {
			s += "typeof"
		}
		if n.Ptr > 0 {
			s += " " + strings.Repeat("*", n.Ptr)
		}
		for _, d := range n.Dims {
			if d < 0 {
				s += "[]"
			} else {
				s += fmt.Sprintf("[%d]", d)
			}
		}
		return s
	case *CastExpr:
		return "CastExpr"
	case *FieldExpr:
		if n.Arrow {
			return "FieldExpr ->" + n.Name
		}
		return "FieldExpr ." + n.Name
	case *IndexExpr:
		return "IndexExpr"
	case *CallExpr:
		return "CallExpr " + n.Fn
	case *SizeofExpr:
		return "SizeofExpr"
	case *OffsetofExpr:
		return "OffsetofExpr " + n.Field
	}
	return fmt.Sprintf("%T", n)
}

func describeProbe(p *Probe) string {
	var sb strings.Builder
	sb.WriteString("Probe " + p.Kind.String())
	if p.Params {
		fmt.Fprintf(&sb, " text=%q (split when the parameters are known)", p.Text)
		return sb.String()
	}
	switch p.Kind {
	case ProbeUprobe, ProbeUretprobe:
		fmt.Fprintf(&sb, " binary=%q", p.Binary)
		switch {
		case p.HasAddr:
			fmt.Fprintf(&sb, " addr=%#x", p.Addr)
		case p.File != "" || p.Line != 0:
			fmt.Fprintf(&sb, " file=%q line=%d", p.File, p.Line)
		default:
			fmt.Fprintf(&sb, " func=%q", p.Func)
			if p.HasOffset {
				fmt.Fprintf(&sb, " offset=%#x", p.Offset)
			}
		}
	case ProbeInterval, ProbeProfile:
		fmt.Fprintf(&sb, " unit=%s n=%d", p.IntervalUnit, p.IntervalN)
	case ProbeUsdt:
		fmt.Fprintf(&sb, " binary=%q provider=%q name=%q", p.Binary, p.Provider, p.Func)
	case ProbeSoftware:
		fmt.Fprintf(&sb, " event=%s count=%d", p.Event, p.Count)
	case ProbeWatchpoint:
		if p.HasAddr {
			fmt.Fprintf(&sb, " addr=%#x len=%d", p.Addr, p.WatchLen)
		} else {
			fmt.Fprintf(&sb, " binary=%q var=%q", p.Binary, p.WatchVar)
		}
		fmt.Fprintf(&sb, " mode=%s", p.WatchMode)
	}
	return sb.String()
}
