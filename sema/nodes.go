package sema

import (
	"strings"

	"github.com/gs-tracer/gs/ir"
)

// This file maps C++ containers whose elements are in nodes linked by
// pointers onto a node walk: std::map (libstdc++'s _Rb_tree, walked in
// order) and std::unordered_map (its _Hashtable's singly linked list,
// walked in list order, as gdb's printer does). The struct stays a
// struct for `.`; Type.Nodes marks it. Its record holds the program's
// element count and at most NodeCap elements, each read by its own copy
// (gen/nodes.go), so that a read that fails stops the walk and reports
// it rather than printing another element. It prints as gdb's libstdc++
// printers print it (libstdcxx/v6/printers.py):
//
//	std::map with 2 elements = {[1] = 2, [3] = 4}
//
// and with ", ..." when the container had more than the record holds.

// NodeRule describes a struct type whose elements are in linked nodes.
type NodeRule struct {
	Name string // the struct's DWARF name; a trailing '*' matches a prefix
	Show string // how gdb names it: "std::map"
	Tree bool   // an _Rb_tree (Head is its header node); else a list (Head is the first node pointer)
	// Head and Count are member paths; Alloc is the prefix of the name of
	// the node allocator, a base class somewhere in the struct, whose
	// argument is the node type; Storage is the node's member that holds
	// the element (an __aligned_membuf<T> or __aligned_buffer<T>), or
	// with Typed set the member path of the element itself.
	Head, Count, Alloc, Storage string
	Typed                       bool
	// Begin is the member path of a tree's first node pointer; empty:
	// the header's left link (libstdc++'s _M_header._M_left).
	Begin string
	// Links name a tree node's parent, left and right links, or a list
	// node's next link (Links[0]).
	Links []string
}

// nodeRules is the one table of node containers (libstdc++,
// include/c++/12/bits/stl_tree.h and hashtable.h).
var nodeRules = []NodeRule{
	{Name: "std::map<*", Show: "std::map", Tree: true, Head: "_M_t._M_impl._M_header", Count: "_M_t._M_impl._M_node_count",
		Alloc: "std::allocator<std::_Rb_tree_node<", Storage: "_M_storage", Links: []string{"_M_parent", "_M_left", "_M_right"}},
	{Name: "std::unordered_map<*", Show: "std::unordered_map", Head: "_M_h._M_before_begin._M_nxt", Count: "_M_h._M_element_count",
		Alloc: "std::allocator<std::__detail::_Hash_node<", Storage: "_M_storage", Links: []string{"_M_nxt"}},
	// libc++ (include/c++/v1/__tree, __hash_table): the tree's end node
	// (its __left_ the root; the walk ends there) and __begin_node_, the
	// size in compressed pairs; the element, a std::pair, is the node's
	// __value_.__cc_. No printer names these: they print as libstdc++'s.
	{Name: "std::__1::map<*", Show: "std::map", Tree: true, Head: "__tree_.__pair1_.__value_", Begin: "__tree_.__begin_node_",
		Count: "__tree_.__pair3_.__value_", Alloc: "std::__1::allocator<std::__1::__tree_node<", Storage: "__value_.__cc_", Typed: true,
		Links: []string{"__parent_", "__left_", "__right_"}},
	{Name: "std::__1::unordered_map<*", Show: "std::unordered_map", Head: "__table_.__p1_.__value_.__next_", Count: "__table_.__p2_.__value_",
		Alloc: "std::__1::allocator<std::__1::__hash_node<", Storage: "__value_.__cc_", Typed: true, Links: []string{"__next_"}},
}

// NodeCap is the most elements of a node container a record holds, and
// MaxNodeDepth the most steps of one move to the next node of a tree (a
// red-black tree of 2^32 nodes is at most 64 deep).
const (
	NodeCap      = 8
	MaxNodeDepth = 64
)

// Nodes is a struct read as a node container: where its head and count
// are, and where in a node its element is.
type Nodes struct {
	Show  string
	Tree  bool
	Head  Member // Tree: the header node (its _M_parent, _M_left, _M_right); else the first node's pointer
	Count Member
	// Value is the element's offset in a node, Elem its type (a
	// std::pair: printed [first] = second).
	Value int
	Elem  *Type
	// Parent, Left and Right are the offsets of a tree node's links
	// (_Rb_tree_node_base); Next the list node's (_Hash_node_base::_M_nxt).
	Parent, Left, Right, Next int
	// Begin is the offset, from the header, of the pointer to a tree's
	// first node.
	Begin int
	// Reads are Elem's counted values (a std::string or std::vector key
	// or value, or member of a struct it holds: nodeReads): the
	// element's bytes hold only their pointers and lengths, so what each
	// points to is read after them into a slot of its own.
	Reads []NodeRead
}

// NodeRead is a member of a node container's element read as a counted
// value: Src is its offset in the element, Dst its slot's in the
// element's record slot (whose status comes first), Counted its layout,
// Item the slot's record type: a string slot, or a counted sequence
// after a status slot of its own (at Dst-ir.StatusSize).
type NodeRead struct {
	Src, Dst int
	Counted  *Counted
	Item     *ir.Type
}

// Seq reports whether r is a counted sequence (else counted text).
func (r NodeRead) Seq() bool { return r.Item.Kind == ir.KindSeq }

// nodes returns how struct t (named structName) is a node container, or
// nil when no rule applies (t prints as its members).
func (ct *ctypes) nodes(t *Type, structName string) *Nodes {
	for _, r := range nodeRules {
		if n, prefix := strings.CutSuffix(r.Name, "*"); prefix && !strings.HasPrefix(structName, n) || !prefix && structName != r.Name {
			continue
		}
		head, ok1 := memberPath(t, r.Head)
		count, ok2 := memberPath(t, r.Count)
		if !ok1 || !ok2 || count.Type.Kind != KindInt || count.Type.Size != 8 {
			continue
		}
		alloc := findBase(t, r.Alloc, 0)
		if alloc == nil {
			continue
		}
		nodeName := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(className(alloc), "std::allocator<"), "std::__1::allocator<"), ">")
		node := ct.named(nodeName)
		if node == nil {
			node = ct.named(strings.ReplaceAll(nodeName, " *", "*")) // clang's DWARF names void*
		}
		if node == nil {
			continue
		}
		st, ok := memberPath(node, r.Storage)
		if !ok {
			continue
		}
		elem := st.Type
		if !r.Typed {
			buf := className(st.Type)
			i := strings.IndexByte(buf, '<')
			if i < 0 || !strings.HasPrefix(buf, "__gnu_cxx::__aligned_") {
				continue
			}
			elem = ct.named(strings.TrimSuffix(buf[i+1:], ">"))
		}
		if elem == nil || elem.Kind != KindStruct || elem.Size > st.Type.Size || elem.Size+16 > ir.StMemMax {
			continue
		}
		if _, ok := findMember(elem, "first"); !ok {
			continue
		}
		if _, ok := findMember(elem, "second"); !ok {
			continue
		}
		out := &Nodes{Show: r.Show, Tree: r.Tree, Head: head, Count: count, Value: st.Offset, Elem: elem}
		out.Reads = nodeReads(elem)
		links := []*int{&out.Parent, &out.Left, &out.Right}
		if !r.Tree {
			links = []*int{&out.Next}
		}
		good := len(r.Links) == len(links)
		for i := 0; good && i < len(links); i++ {
			m, ok := findMember(node, r.Links[i])
			if !ok || m.Type.Kind != KindPointer {
				good = false
				break
			}
			*links[i] = m.Offset
		}
		out.Begin = out.Left
		if r.Begin != "" {
			b, ok := memberPath(t, r.Begin)
			if !ok || b.Type.Kind != KindPointer {
				good = false
			}
			out.Begin = b.Offset - head.Offset
		}
		if !good {
			continue
		}
		return out
	}
	return nil
}

// findBase finds a base class of t, at any depth of bases and members
// held by value, whose name starts with prefix.
func findBase(t *Type, prefix string, depth int) *Type {
	if depth > 6 {
		return nil
	}
	for _, m := range t.Members {
		if m.Type.Kind != KindStruct {
			continue
		}
		if m.Base && strings.HasPrefix(className(m.Type), prefix) {
			return m.Type
		}
		if b := findBase(m.Type, prefix, depth+1); b != nil {
			return b
		}
	}
	return nil
}

// maxNodeReads is the most counted values of one element read (Nodes.Reads), and
// maxNodeReadDepth how deep in structs held by value they are looked for.
const (
	maxNodeReads     = 4
	maxNodeReadDepth = 3
)

// nodeReads finds the counted values of element type elem: its key or
// value (a std::string, a std::vector), or a member of a struct it holds
// by value (not of a union, an array or what a pointer points to), in
// member order, and gives each its slot after the element's bytes.
func nodeReads(elem *Type) []NodeRead {
	var out []NodeRead
	dst := ir.Align8(ir.StatusSize + elem.Size)
	var walk func(t *Type, base, depth int)
	walk = func(t *Type, base, depth int) {
		for _, m := range t.Members {
			switch {
			case m.BitSize > 0 || len(out) == maxNodeReads:
			case m.Type.Counted != nil && m.Type.Counted.Text:
				out = append(out, NodeRead{Src: base + m.Offset, Dst: dst, Counted: m.Type.Counted, Item: nodeTextSlot})
				dst += nodeTextSlot.Size
			case m.Type.Counted != nil:
				seq := irSeq(m.Type)
				dst += ir.StatusSize
				out = append(out, NodeRead{Src: base + m.Offset, Dst: dst, Counted: m.Type.Counted, Item: seq})
				dst += ir.Align8(seq.Size)
			case m.Type.Kind == KindStruct && m.Type.Counted == nil && m.Type.Nodes == nil && m.Type.Choice == nil && depth < maxNodeReadDepth:
				walk(m.Type, base+m.Offset, depth+1)
			}
		}
	}
	walk(elem, 0, 0)
	return out
}

// withNodeReads returns it, the record type of t at offset start of an
// element's record slot, or a copy whose members that are texts of n
// (Nodes.Reads; src is t's offset in the element) name their string slots.
func withNodeReads(it *ir.Type, t *Type, start, src int, n *Nodes) *ir.Type {
	if t.Kind != KindStruct || len(it.Members) != len(t.Members) {
		return it
	}
	var ms []ir.Member
	for i, m := range t.Members {
		im := it.Members[i]
		for _, x := range n.Reads {
			switch {
			case x.Src == src+m.Offset && m.Type.Counted != nil:
				im.Offset, im.Type = x.Dst-start, x.Item
				if x.Seq() {
					im.Status = x.Dst - ir.StatusSize - start
				}
			case x.Src >= src+m.Offset && x.Src < src+m.Offset+m.Type.Size && m.Type.Counted == nil:
				im.Type = withNodeReads(im.Type, m.Type, start+im.Offset, src+m.Offset, n)
			default:
				continue
			}
			if ms == nil {
				ms = append([]ir.Member(nil), it.Members...)
			}
			ms[i] = im
			break
		}
	}
	if ms == nil {
		return it
	}
	cp := *it
	cp.Members = ms
	return &cp
}

// NodeTextCap is the most bytes of an element's text (Nodes.Reads) a
// record holds, as much as a str() reads by default; nodeTextSlot is its
// record type.
const NodeTextCap = ir.DefaultStr

var nodeTextSlot = IR(StringOf(NodeTextCap))

// irNodes is the record type of node container t: NodeCap elements, each
// after a status slot of its own read, then the program's count
// (ir.KindSeq with Pairs set).
func irNodes(t *Type) *ir.Type {
	n := t.Nodes
	el := irMem(n.Elem)
	cp := *el
	cp.Members = nil
	for _, name := range []string{"first", "second"} { // the key, the value
		m, _ := findMember(n.Elem, name)
		im := ir.Member{Name: name, Offset: ir.StatusSize + m.Offset, BitOffset: m.BitOffset, BitSize: m.BitSize, Type: irMem(m.Type)}
		for _, x := range n.Reads {
			switch {
			case x.Src == m.Offset && m.Type.Counted != nil:
				im.Offset, im.Type = x.Dst, x.Item
				if x.Seq() {
					im.Status = x.Dst - ir.StatusSize
				}
			case x.Src >= m.Offset && x.Src < m.Offset+m.Type.Size && m.Type.Counted == nil:
				im.Type = withNodeReads(im.Type, m.Type, im.Offset, m.Offset, n)
			default:
				continue
			}
			break
		}
		cp.Members = append(cp.Members, im)
	}
	cp.Size = ir.Align8(ir.StatusSize + el.Size)
	if k := len(n.Reads); k > 0 {
		cp.Size = n.Reads[k-1].Dst + ir.Align8(n.Reads[k-1].Item.Size)
	}
	return &ir.Type{Kind: ir.KindSeq, Size: NodeCap*cp.Size + 8, Name: t.Name, Elem: &cp, Len: NodeCap, Pairs: n.Show}
}
