// Gs.g4 is the grammar of gs scripts, the single source of truth for the
// generated lexer and parser in parser/internal/antlrgs. Regenerate with
// grammar/generate.sh (make generate); parser/generated_test.go fails when
// the generated code is older than this file.
//
// The grammar holds no target code. Some things are settled outside it, in
// the hand-written parser package:
//
//   - A probe specifier (u:./app:main, interval:ms:10) is one PROBE_SPEC
//     token; the parser splits it into binary, function, offset, ... and
//     checks it. Outside the top level (inside a block or a filter) the word
//     before the ':' is handed back as an identifier, so `c ? a:b` is a
//     conditional expression, not a probe.
//   - Keywords are lexed as identifiers and retyped (see `tokens` below).
//   - Literals are lexed loosely (INT_LIT is any run of digits and letters)
//     and checked when the syntax tree is built, which gives better messages.
//   - Unterminated strings and comments and stray characters are lexed as
//     BAD_* tokens and reported by the parser package.
//
// Angle blocks. A block is `{ stmts }` or `< stmts >`. Inside `< >` a `>` that
// is not nested in parentheses, brackets or braces closes the block, so the
// statements of an angle block use the angle* rule family, whose binary
// operators leave out `>`, `>=` and `>>`; write `< $x = (a > b) >`. The `>>`
// token is always a shift, so two nested angle blocks close with `> >`.
//
// Filters. A filter is `/expr/`; its expression uses the filter* family,
// which leaves out `/`, so a division in a filter needs parentheses:
// `/(a / b) > 1/`.
//
// Casts. `(type)x` is a cast when the parenthesized text can only be a type:
// C type keywords (unsigned long), struct/union/enum NAME, or any type
// followed by `*`s (foo *). A plain identifier in parentheses, `(foo)x`, is a
// cast only when what follows cannot continue an expression: `(foo)x`,
// `(foo)(x)` and `(foo)!x` are casts, while `(foo)-x`, `(foo)*x` and
// `(foo)&x` are binary expressions. Write `(uint64_t)(-1)` for a typedef
// cast of a negative value. Likewise `sizeof(foo)` takes foo as an
// expression; the type checker decides whether it names a type.
grammar Gs;

// Keywords. The lexer reads them as IDENT and parser/lex.go gives them
// these types; keeping them out of the lexer makes its DFA much smaller,
// which matters on a cold start. A test checks that parser/lex.go spells
// every one of them.
tokens {
    BEGIN,
    END,
    IF,
    ELSE,
    RETURN,
    TRUE,
    FALSE,
    SIZEOF,
    OFFSETOF,
    STRUCT,
    UNION,
    ENUM,
    CONST,
    VOID,
    CHAR,
    SHORT,
    INT,
    LONG,
    SIGNED,
    UNSIGNED,
    FLOAT,
    DOUBLE,
    BOOL,
    WHILE,
    FOR,
    UNROLL,
    BREAK,
    CONTINUE,
    LET,
    CONFIG,
    MACRO,
    TYPEOF,
    IF_EXPR,
    IMPORT
}

// config, macro, import, begin and end are keywords only at the top level, and let
// only before a $variable or @map (parser/lex.go), so a program variable
// may still be called config or end. An `if` where a statement cannot
// start (after `=`, `(`, `,`, an operator ...) is IF_EXPR, an if used as a
// value (parser/lex.go); elsewhere it is IF, which keeps a statement's
// `if` LL(1) against an expression's.
program
    : (importDecl | cDecl | configBlock | macroDecl | mapDecl | group)* EOF
    ;

// import "stdlib/NAME"; bpftrace's modules, which gs refuses by name.
importDecl
    : IMPORT STRING ';'?
    ;

// let @m = lruhash(100);
mapDecl
    : LET MAP '=' expr ';'?
    ;

// C type definitions: struct A { int x[4]; struct B *next; }, unions and
// enums, used in casts as the program's own types are.
cDecl
    : (STRUCT | UNION) IDENT '{' cField* '}' cAttribute* ';'?
    | ENUM IDENT? '{' (cEnumerator (',' cEnumerator)* ','?)? '}' ';'?
    ;

// The last member's `;` may be left out, as bpftrace allows; a member's
// type may be a struct or union defined in place. One type may declare
// several members: `unsigned int a:4, b:8;`.
cField
    : cFieldType cDeclarator (',' cDeclarator)* ';'?
    ;

cDeclarator
    : '*'* IDENT ('[' INT_LIT ']')* (':' INT_LIT)?
    ;

// __attribute__((packed)), __attribute__((aligned(N))) after a struct's
// braces; the IDENT is __attribute__ (the parser package checks it).
cAttribute
    : IDENT '(' '(' cAttributeItem (',' cAttributeItem)* ')' ')'
    ;

cAttributeItem
    : IDENT ('(' INT_LIT ')')?
    ;

cFieldType
    : CONST? ((STRUCT | UNION) IDENT? '{' cField* '}' | (STRUCT | UNION | ENUM) IDENT | builtinType+ | IDENT)
    ;

cEnumerator
    : IDENT ('=' '-'? INT_LIT)?
    ;

// config = { max_strlen = 64; print_maps_on_exit = false }
configBlock
    : CONFIG '=' '{' (configItem (';' configItem?)*)? '}'
    ;

configItem
    : IDENT '=' (INT_LIT | IDENT | STRING | TRUE | FALSE)
    ;

// macro NAME($var, name, @map) { stmts }; the parser package expands
// every call of it in place.
macroDecl
    : MACRO IDENT ('(' (macroParam (',' macroParam)*)? ')')? block
    ;

macroParam
    : VAR
    | IDENT
    | MAP
    ;

group
    : probe (',' probe)* filter? block
    ;

// BEGIN and END are keywords (begin and end too, at the top level), so that
// after a syntax error in a block the parser resynchronizes at the next
// probe rather than at an identifier.
probe
    : PROBE_SPEC
    | BEGIN
    | END
    ;

filter
    : '/' filterExpr '/'
    ;

block
    : '{' stmtList '}'
    | '<' angleStmtList '>'
    ;

// A `;` separates statements and may be left out before the end of a block
// and after a statement that ends in a block (if, while, for, unroll). The
// right recursion keeps the rule LL(1).
stmtList
    : (blockStmt | ';')* (stmt (';' stmtList)?)?
    ;

angleStmtList
    : (blockStmt | ';')* (angleStmt (';' angleStmtList)?)?
    ;

// The parentheses around a for's head may be left out, as bpftrace allows.
blockStmt
    : ifStmt
    | WHILE '(' expr ')' block
    | UNROLL '(' expr ')' block
    | FOR ('(' forHead ')' | forHead) block
    ;

forHead
    : VAR ':' (MAP | expr '..' expr)
    ;

ifStmt
    : IF ifBody
    ;

// The condition is `(expr)` or, as in bpftrace, a unary expression that
// does not start with `(`: `if $x { ... }`, `if !$done { ... }`.
ifBody
    : ifCond block (ELSE (IF ifBody | block))?
    ;

ifCond
    : '(' expr ')'
    | op = ('!' | '~' | '-' | '*' | '&') unaryExpr
    | atom (op = ('.' | '->') (IDENT | INT_LIT) | '[' expr (',' expr)* ']')*
    ;

// let $x; let $x: type = v; let @m = hash(N). The type may be an array,
// `let $a: struct Foo *[2]`.
letStmt
    : LET VAR (':' typeName arrayDims?)? ('=' expr)?
    | LET MAP '=' expr
    ;

// The left side of an assignment is any expression here; the parser
// package checks that it is a $variable or a @map.
stmt
    : RETURN expr?
    | BREAK
    | CONTINUE
    | letStmt
    | expr (assignOp expr)?
    ;

angleStmt
    : RETURN angleExpr?
    | BREAK
    | CONTINUE
    | letStmt
    | angleExpr (assignOp angleExpr)?
    ;

assignOp
    : '='
    | '+='
    | '-='
    | '*='
    | '/='
    | '%='
    | '&='
    | '|='
    | '^='
    | '<<='
    | '>>='
    ;

// Binary operators. An expression is a flat list of operands and binary
// operators, with an optional `? :` at the end; the parser package folds the
// list by C precedence (tightest first):
//
//   * / %   + -   << >>   < <= > >=   == !=   &   ^   |   &&   ||   ?:
//
// Keeping precedence out of the grammar makes every expression decision
// LL(1), so ANTLR's adaptive prediction, slow on a cold start, is never
// needed for operators.
expr
    : unaryExpr (
        op += (
            '*'
            | '/'
            | '%'
            | '+'
            | '-'
            | '<<'
            | '>>'
            | '<'
            | '<='
            | '>'
            | '>='
            | '=='
            | '!='
            | '&'
            | '^'
            | '|'
            | '&&'
            | '||'
        ) unaryExpr
    )* ('?' expr? ':' expr)?
    ;

// expr at the top level of an angle block: no `>`, `>=` or `>>`.
angleExpr
    : unaryExpr (
        op += (
            '*'
            | '/'
            | '%'
            | '+'
            | '-'
            | '<<'
            | '<'
            | '<='
            | '=='
            | '!='
            | '&'
            | '^'
            | '|'
            | '&&'
            | '||'
        ) unaryExpr
    )* ('?' angleExpr? ':' angleExpr)?
    ;

// expr at the top level of a filter: no `/`.
filterExpr
    : unaryExpr (
        op += (
            '*'
            | '%'
            | '+'
            | '-'
            | '<<'
            | '>>'
            | '<'
            | '<='
            | '>'
            | '>='
            | '=='
            | '!='
            | '&'
            | '^'
            | '|'
            | '&&'
            | '||'
        ) unaryExpr
    )* ('?' filterExpr? ':' filterExpr)?
    ;

// Casts: `(foo)` could be a parenthesized expression, so a cast to a plain
// name takes a castOperand, which cannot continue an expression: `(foo)x`
// is a cast and `(foo)-x` a subtraction. This keeps the grammar unambiguous.
// A cast to an array type, `(int8[8])x` or `(uint8[])x` (the size from
// x's), follows the same rule for a plain name: `(a[1]) - x` subtracts.
unaryExpr
    : postfixExpr
    | op = ('!' | '~' | '-' | '*' | '&' | '++' | '--') unaryExpr
    | '(' castType arrayDims? ')' unaryExpr
    | '(' IDENT arrayDims ')' castOperand
    | '(' IDENT ')' castOperand
    ;

castOperand
    : postfixExpr
    | op = ('!' | '~') unaryExpr
    | '(' castType arrayDims? ')' unaryExpr
    | '(' IDENT arrayDims ')' castOperand
    | '(' IDENT ')' castOperand
    ;

arrayDims
    : ('[' INT_LIT? ']')+
    ;

// `@m[k1, k2]` is a map lookup with keys; an index on anything else takes
// one expression, which the parser package checks.
// `x.0` is the first element of a tuple; `x++` and `x--` are only
// statements (the parser package says so elsewhere).
postfixExpr
    : primary (op = ('.' | '->') (IDENT | INT_LIT) | '[' expr (',' expr)* ']' | op = ('++' | '--'))*
    ;

// An atom is a primary that starts with neither `(` nor `{`.
primary
    : atom
    | '(' expr (',' expr)* ','? ')'
    | '(' IDENT '=' expr (',' IDENT '=' expr)* ','? ')'
    | '{' stmtList '}'
    | IF_EXPR ifBody
    ;

atom
    : INT_LIT
    | CHAR_LIT
    | STRING+
    | TRUE
    | FALSE
    | IDENT ('(' (expr (',' expr)*)? ')')?
    | VAR
    | PARAM
    | MAP
    | SIZEOF '(' (expr | castType) ')'
    | OFFSETOF '(' typeName ',' IDENT ('.' IDENT)* ')'
    | typeofType
    ;

// typeof(TYPE) or typeof(EXPR): a type, as a macro's argument or in a let.
typeofType
    : TYPEOF '(' (castType | expr) ')'
    ;

// typeName is any type; castType is a type that cannot be read as an
// expression. A leading const is accepted and dropped from the name.
typeName
    : castType
    | IDENT
    | typeofType
    ;

castType
    : CONST? ((STRUCT | UNION | ENUM) IDENT | builtinType+) '*'*
    | CONST? IDENT '*'+
    | CONST IDENT
    ;

builtinType
    : VOID
    | CHAR
    | SHORT
    | INT
    | LONG
    | SIGNED
    | UNSIGNED
    | FLOAT
    | DOUBLE
    | BOOL
    ;

// Lexer. Keywords are not here; see the tokens block.

// WORD:REST up to whitespace, a brace, '<' or ',' outside double quotes:
// a quoted part ("geo::sum(int, int)") may hold any of them. Only the top
// level uses it as a probe specifier; see the comment at the top.
PROBE_SPEC : IDENT_F ':' (~[ \t\r\n\f{}<,"] | '"' (~["\\\r\n] | '\\' ~[\r\n])* '"')+;

IDENT : IDENT_F;
VAR   : '$' IDENT_F;
// A positional parameter, $1, or their count, $#.
PARAM : '$' ([0-9]+ | '#');
MAP   : '@' IDENT_F?;

// Any run of digits and letters; checked by the parser package.
INT_LIT : [0-9] [0-9a-zA-Z_]*;

// BAD_STRING and BAD_CHAR_LIT are unterminated literals; a terminated one
// is always the longer match.
STRING       : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"';
BAD_STRING   : '"' (~["\\\r\n] | '\\' ~[\r\n])* '\\'?;
CHAR_LIT     : '\'' (~['\\\r\n] | '\\' ~[\r\n])* '\'';
BAD_CHAR_LIT : '\'' (~['\\\r\n] | '\\' ~[\r\n])* '\\'?;

// parser/errors.go relies on DOTDOT..DEC being the operators, in one run.
LPAREN     : '(';
RPAREN     : ')';
LBRACK     : '[';
RBRACK     : ']';
LBRACE     : '{';
RBRACE     : '}';
COMMA      : ',';
SEMI       : ';';
DOTDOT     : '..';
DOT        : '.';
ARROW      : '->';
QUESTION   : '?';
COLON      : ':';
NOT        : '!';
TILDE      : '~';
PLUS       : '+';
MINUS      : '-';
STAR       : '*';
SLASH      : '/';
PERCENT    : '%';
SHL        : '<<';
SHR        : '>>';
LT         : '<';
LE         : '<=';
GT         : '>';
GE         : '>=';
EQ         : '==';
NE         : '!=';
AMP        : '&';
CARET      : '^';
PIPE       : '|';
ANDAND     : '&&';
OROR       : '||';
ASSIGN     : '=';
ADD_ASSIGN : '+=';
SUB_ASSIGN : '-=';
MUL_ASSIGN : '*=';
DIV_ASSIGN : '/=';
MOD_ASSIGN : '%=';
AND_ASSIGN : '&=';
OR_ASSIGN  : '|=';
XOR_ASSIGN : '^=';
SHL_ASSIGN : '<<=';
SHR_ASSIGN : '>>=';
INC        : '++';
DEC        : '--';

WS            : [ \t\r\n\f]+ -> skip;
// #include, #define and a #! line: handled by parser/lex.go, never parsed.
HASH_LINE     : '#' ~[\r\n]*;
LINE_COMMENT  : '//' ~[\r\n]* -> skip;
BLOCK_COMMENT : '/*' .*? '*/' -> skip;

// An unterminated block comment runs to the end of the file; a terminated
// one is always the longer match above.
BAD_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'*;

// Anything else; reported by the parser package.
BAD_CHARACTER : .;

fragment IDENT_F : [a-zA-Z_] [a-zA-Z_0-9]*;
