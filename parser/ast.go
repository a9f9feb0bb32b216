package parser

import "github.com/gs-tracer/gs/diag"

// Node is any syntax tree node.
type Node interface {
	Span() diag.Span
}

// Program is a whole parsed script: a list of probe groups, with the
// settings of its config block. Macros are expanded by Parse and leave no
// trace in the tree.
type Program struct {
	File   *diag.File
	Groups []*ProbeGroup
	Config []*ConfigItem
	Types  []*CDecl // struct, union and enum definitions, in order
	// MapDecls are the top-level `let @m = hash(N)` declarations.
	MapDecls []*LetStmt
}

// CDecl is a C type defined in the script: `struct NAME { fields }`,
// `union NAME { ... }` or `enum [NAME] { A, B = 2 }`.
type CDecl struct {
	Kind    string // "struct", "union" or "enum"
	Name    string // "" for an anonymous enum
	Fields  []*CField
	Enums   []CEnumerator
	Sp      diag.Span
	NameSp  diag.Span
	Defined bool // the braces were written (always, for now)
	// Packed and Aligned are __attribute__((packed)) and
	// __attribute__((aligned(N))) (0 when not written).
	Packed  bool
	Aligned int
}

// CField is one member: Type, then Name with its array dimensions and an
// optional bit size.
type CField struct {
	Type    *TypeExpr // with its `*`s
	Inline  *CDecl    // a struct or union defined in place (Name "" when anonymous)
	Name    string
	Dims    []int
	BitSize int
	Sp      diag.Span
}

// CEnumerator is one NAME [= VALUE] of an enum.
type CEnumerator struct {
	Name   string
	Val    int64
	HasVal bool
}

// Span implements Node.
func (d *CDecl) Span() diag.Span { return d.Sp }

// ConfigItem is one `key = value` of a `config = { ... }` block. Value is
// the text of an integer, identifier or boolean, or a string's contents.
type ConfigItem struct {
	Key   string
	Value string
	ValSp diag.Span
	Sp    diag.Span
}

// Span implements Node.
func (c *ConfigItem) Span() diag.Span { return c.Sp }

// ProbeGroup is `probe [, probe ...] [/filter/] block`.
type ProbeGroup struct {
	Probes []*Probe
	Filter Expr // nil when absent
	Body   *Block
	Sp     diag.Span
}

// Span implements Node.
func (g *ProbeGroup) Span() diag.Span { return g.Sp }

// ProbeKind says what a probe attaches to.
type ProbeKind int

// Probe kinds.
const (
	ProbeUprobe ProbeKind = iota
	ProbeUretprobe
	ProbeBegin
	ProbeEnd
	ProbeInterval
	ProbeUsdt       // usdt:BIN:[PROVIDER:]NAME (parser/usdt.go)
	ProbeProfile    // profile:UNIT:N, sampling every CPU
	ProbeSoftware   // software:EVENT[:COUNT]
	ProbeWatchpoint // watchpoint:ADDR:LEN:MODE or watchpoint:[BIN:]VAR:MODE
)

func (k ProbeKind) String() string {
	return [...]string{"uprobe", "uretprobe", "BEGIN", "END", "interval", "usdt", "profile", "software", "watchpoint"}[k]
}

// Probe is one probe specifier as written. For uprobes exactly one of the
// location forms is set: Func (with optional Offset), Addr, or File+Line.
type Probe struct {
	Kind ProbeKind
	Text string // the specifier as written, e.g. "u:./app:add"

	Binary    string // path or library name; "" when omitted (uprobe:FUNC)
	Func      string // function name or wildcard pattern
	HasOffset bool   // FUNC+OFFSET
	Offset    uint64
	HasAddr   bool // BIN:0xADDR
	Addr      uint64
	File      string // BIN:FILE:LINE
	Line      int

	Provider string // usdt: the provider (pattern), "" for any; the name is in Func

	IntervalUnit string // "s", "ms" or "us" (interval and profile probes)
	IntervalN    uint64

	Event     string // software: the event's name as written
	Count     uint64 // software: the sampling period; 0 for the event's default
	WatchVar  string // watchpoint by name: the variable (Binary its module, or "")
	WatchLen  uint64 // watchpoint:ADDR:LEN:MODE
	WatchMode string // "w", "rw", "x" ... as written

	// Params is set when Text holds a positional parameter ($1, $#):
	// the specifier is split only when SubstParams knows its value.
	Params bool

	Sp diag.Span
}

// Span implements Node.
func (p *Probe) Span() diag.Span { return p.Sp }

// Block is `{ stmts }` or `< stmts >`; both give the same tree.
type Block struct {
	Stmts []Stmt
	Angle bool // written with < >
	// Scoped is set on a block written in the script (a probe's, an if's,
	// a loop's): a $variable it introduces is gone after it. The blocks
	// the parser makes to group statements (a macro's hoisted ones) and a
	// macro's body as a statement are not.
	Scoped bool
	Sp     diag.Span
}

// Span implements Node.
func (b *Block) Span() diag.Span { return b.Sp }

// Stmt is a statement.
type Stmt interface {
	Node
	stmtNode()
}

// ExprStmt is an expression used as a statement, e.g. print(x).
type ExprStmt struct {
	X Expr
	// Discarded marks bpftrace's `_ = expr`: the value is dropped on
	// purpose, with no "not used" warning.
	Discarded bool
}

// AssignStmt is `$var = expr`, `@map[keys] = expr` or `@ = expr`.
// Op is "=" or a compound operator such as "+=".
type AssignStmt struct {
	LHS Expr // *VarExpr or *MapExpr
	Op  string
	RHS Expr
	Sp  diag.Span
}

// IfStmt is `if (cond) block [else if ... | else block]`.
type IfStmt struct {
	Cond Expr
	Then *Block
	Else Stmt // nil, *IfStmt or *Block
	Sp   diag.Span
}

// ReturnStmt is `return` or `return Value` (bpftrace's; the value is
// checked and dropped).
type ReturnStmt struct {
	Value Expr // nil when absent
	Sp    diag.Span
}

// WhileStmt is `while (Cond) Body`.
type WhileStmt struct {
	Cond Expr
	Body *Block
	Sp   diag.Span
}

// UnrollStmt is `unroll (Count) Body`: Body Count times, Count a constant.
type UnrollStmt struct {
	Count Expr
	Body  *Block
	Sp    diag.Span
}

// ForStmt is `for ($var : From..To) Body` (From inclusive, To exclusive,
// both evaluated once) or `for ($var : @map) Body` (Map set).
type ForStmt struct {
	Var      *VarExpr
	From, To Expr
	Map      *MapExpr
	Body     *Block
	Sp       diag.Span
}

// BranchStmt is `break` or `continue` (Continue set).
type BranchStmt struct {
	Continue bool
	Sp       diag.Span
}

// LetStmt is `let $var [: Type] [= Init]` or `let @map = Init`.
type LetStmt struct {
	Var  *VarExpr // nil for a map
	Map  *MapExpr
	Type *TypeExpr // nil when not written
	Init Expr      // nil when not written
	Sp   diag.Span
}

func (s *WhileStmt) Span() diag.Span  { return s.Sp }
func (s *UnrollStmt) Span() diag.Span { return s.Sp }
func (s *ForStmt) Span() diag.Span    { return s.Sp }
func (s *BranchStmt) Span() diag.Span { return s.Sp }
func (s *LetStmt) Span() diag.Span    { return s.Sp }
func (*WhileStmt) stmtNode()          {}
func (*UnrollStmt) stmtNode()         {}
func (*ForStmt) stmtNode()            {}
func (*BranchStmt) stmtNode()         {}
func (*LetStmt) stmtNode()            {}

func (s *ExprStmt) Span() diag.Span   { return s.X.Span() }
func (s *AssignStmt) Span() diag.Span { return s.Sp }
func (s *IfStmt) Span() diag.Span     { return s.Sp }
func (s *ReturnStmt) Span() diag.Span { return s.Sp }
func (*Block) stmtNode()              {}
func (*ExprStmt) stmtNode()           {}
func (*AssignStmt) stmtNode()         {}
func (*IfStmt) stmtNode()             {}
func (*ReturnStmt) stmtNode()         {}

// Expr is an expression.
type Expr interface {
	Node
	exprNode()
}

// IntLit is an integer, character or boolean literal. Text is as written.
type IntLit struct {
	Val  uint64
	Text string
	Kind LitKind
	Sp   diag.Span
}

// LitKind distinguishes how an IntLit was written.
type LitKind int

// Literal kinds.
const (
	LitInt LitKind = iota
	LitChar
	LitBool
)

// StrLit is a string literal with escapes already decoded.
type StrLit struct {
	Val string
	Sp  diag.Span
}

// Ident is a bare name: a builtin (pid, arg0, retval, comm, ...) or a
// variable of the traced program.
type Ident struct {
	Name string
	Sp   diag.Span
}

// VarExpr is a script variable `$name`. Name excludes the `$`.
type VarExpr struct {
	Name string
	Sp   diag.Span
}

// MapExpr is `@name[k1, k2]`, `@name` or `@`. Name excludes the `@` and is
// "" for the anonymous map; Keys is nil when no brackets were written.
type MapExpr struct {
	Name string
	Keys []Expr
	Sp   diag.Span
}

// ParamExpr is a positional parameter `$N` (N >= 0) or their count `$#`
// (Count). Sema replaces it by the command line's value.
type ParamExpr struct {
	N     int
	Count bool
	Sp    diag.Span
}

// IncDecExpr is `X++`, `X--`, `++X` or `--X` (Prefix). As a statement the
// parser turns it into an AssignStmt (`X += 1`); as a value it is left for
// sema to refuse.
type IncDecExpr struct {
	X      Expr
	Op     string // "++" or "--"
	Prefix bool
	Sp     diag.Span
}

// BlockExpr is `{ stmts; X }`: the statements, then X's value. The parser
// runs the statements before the statement that uses the value (as for a
// macro); sema refuses one left elsewhere.
type BlockExpr struct {
	Body *Block
	Sp   diag.Span
}

// TupleExpr is `(X, Y, ...)`, bpftrace's tuple, or `(a = X, b = Y)`, its
// record (Names set).
type TupleExpr struct {
	Elems []Expr
	Names []string
	Sp    diag.Span
}

// ArgsExpr is `args.NAME`: a parameter of the probed function by name.
type ArgsExpr struct {
	Name string
	Sp   diag.Span
}

// UnaryExpr is `op X` with op one of ! ~ - * &.
type UnaryExpr struct {
	Op string
	X  Expr
	Sp diag.Span
}

// BinaryExpr is `X op Y` with op one of || && | ^ & == != < <= > >= << >> + - * / %.
type BinaryExpr struct {
	X  Expr
	Op string
	Y  Expr
	Sp diag.Span
}

// IfExpr is an if used as a value, `if (c) { X } else { Y }`: the value of
// the block that runs. The parser turns it into a CondExpr (each block a
// value alone) or hoists it (see parser/macro.go); sema never sees one.
type IfExpr struct {
	If *IfStmt
	Sp diag.Span
}

// TypeofExpr is typeof(TYPE) or typeof(EXPR) as a value: a macro's
// argument that the macro's body uses as a type (sizeof(t), (t *)p).
type TypeofExpr struct {
	Type *TypeExpr
	Sp   diag.Span
}

// CondExpr is `Cond ? Then : Else`.
type CondExpr struct {
	Cond, Then, Else Expr
	Sp               diag.Span
}

// TypeExpr names a type in a cast, sizeof or offsetof: "int",
// "unsigned long", "struct item", "uint64_t", with Ptr levels of `*`.
// Of is set (and Name "") for typeof(EXPR), the type of EXPR.
type TypeExpr struct {
	Name string
	Of   Expr
	Ptr  int
	// Dims are the dimensions of a cast to an array type, (int8[8])x,
	// outermost first; -1 for (int8[])x, sized by x.
	Dims []int
	Sp   diag.Span
}

// CastExpr is `(Type)X`.
type CastExpr struct {
	Type *TypeExpr
	X    Expr
	Sp   diag.Span
}

// FieldExpr is `X.Name` or `X->Name` (Arrow).
type FieldExpr struct {
	X      Expr
	Name   string
	Arrow  bool
	NameSp diag.Span
	Sp     diag.Span
}

// IndexExpr is `X[Index]`.
type IndexExpr struct {
	X     Expr
	Index Expr
	Sp    diag.Span
}

// CallExpr is `Fn(Args...)`, e.g. print(x), str(p, 3), count().
type CallExpr struct {
	Fn   string
	FnSp diag.Span
	Args []Expr
	Sp   diag.Span
	// Expanded are the calls of the macros an errorf or warnf in a
	// macro's body was expanded from, innermost first: its message says
	// where the script called it.
	Expanded []diag.Span
}

// SizeofExpr is `sizeof(Type)` or `sizeof(X)`; exactly one is set.
type SizeofExpr struct {
	Type *TypeExpr
	X    Expr
	Sp   diag.Span
}

// OffsetofExpr is `offsetof(Type, Field)`; Field may be a dotted path.
type OffsetofExpr struct {
	Type  *TypeExpr
	Field string
	Sp    diag.Span
}

func (e *IntLit) Span() diag.Span       { return e.Sp }
func (e *StrLit) Span() diag.Span       { return e.Sp }
func (e *Ident) Span() diag.Span        { return e.Sp }
func (e *VarExpr) Span() diag.Span      { return e.Sp }
func (e *MapExpr) Span() diag.Span      { return e.Sp }
func (e *ArgsExpr) Span() diag.Span     { return e.Sp }
func (e *ParamExpr) Span() diag.Span    { return e.Sp }
func (e *TupleExpr) Span() diag.Span    { return e.Sp }
func (e *BlockExpr) Span() diag.Span    { return e.Sp }
func (*BlockExpr) exprNode()            {}
func (*TupleExpr) exprNode()            {}
func (e *IncDecExpr) Span() diag.Span   { return e.Sp }
func (*ParamExpr) exprNode()            {}
func (*IncDecExpr) exprNode()           {}
func (e *UnaryExpr) Span() diag.Span    { return e.Sp }
func (e *BinaryExpr) Span() diag.Span   { return e.Sp }
func (e *CondExpr) Span() diag.Span     { return e.Sp }
func (e *IfExpr) Span() diag.Span       { return e.Sp }
func (e *TypeofExpr) Span() diag.Span   { return e.Sp }
func (*IfExpr) exprNode()               {}
func (*TypeofExpr) exprNode()           {}
func (e *TypeExpr) Span() diag.Span     { return e.Sp }
func (e *CastExpr) Span() diag.Span     { return e.Sp }
func (e *FieldExpr) Span() diag.Span    { return e.Sp }
func (e *IndexExpr) Span() diag.Span    { return e.Sp }
func (e *CallExpr) Span() diag.Span     { return e.Sp }
func (e *SizeofExpr) Span() diag.Span   { return e.Sp }
func (e *OffsetofExpr) Span() diag.Span { return e.Sp }
func (*IntLit) exprNode()               {}
func (*StrLit) exprNode()               {}
func (*Ident) exprNode()                {}
func (*VarExpr) exprNode()              {}
func (*MapExpr) exprNode()              {}
func (*ArgsExpr) exprNode()             {}
func (*UnaryExpr) exprNode()            {}
func (*BinaryExpr) exprNode()           {}
func (*CondExpr) exprNode()             {}
func (*TypeExpr) exprNode()             {}
func (*CastExpr) exprNode()             {}
func (*FieldExpr) exprNode()            {}
func (*IndexExpr) exprNode()            {}
func (*CallExpr) exprNode()             {}
func (*SizeofExpr) exprNode()           {}
func (*OffsetofExpr) exprNode()         {}
