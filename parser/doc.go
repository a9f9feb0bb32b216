// Package parser turns gs script text into a syntax tree.
//
// The grammar lives in grammar/Gs.g4; the ANTLR-generated lexer and parser
// live in parser/internal/antlrgs and are never edited by hand (regenerate
// with `make generate`; a test fails when they are stale). This package
// drives them, converts ANTLR's parse tree into the AST defined in ast.go, and
// reports syntax errors as positioned diagnostics.
//
// Entry point: Parse(file) (*Program, *diag.List).
//
// The work is split so that the grammar stays small, target-neutral and
// LL(1) almost everywhere:
//
//   - lex.go runs the generated lexer over the whole file, retypes keywords
//     (lexed as identifiers), reports stray characters and unterminated
//     literals and comments, and splits probe specifier tokens that appear
//     inside a block or filter (`c ? a:b`).
//   - parser.go parses twice at most: SLL prediction that gives up at the
//     first error (enough for correct scripts, and fast), then LL prediction
//     with error recovery. errors.go turns ANTLR's errors into diagnostics.
//   - build.go converts the parse tree into the AST, folding the flat
//     operator lists of the grammar by C precedence and checking literals;
//     probe.go splits and checks probe specifiers.
//   - Dump renders a tree for `gs -d ast` and tests; Inspect walks one.
package parser
