// Package parser turns gs script text into a syntax tree.
//
// The grammar lives in grammar/Gs.g4; the ANTLR-generated lexer and parser
// live in parser/internal/antlrgs and are never edited by hand. This package
// drives them, converts ANTLR's parse tree into the AST defined in ast.go, and
// reports syntax errors as positioned diagnostics.
//
// Entry point: Parse(file) (*Program, *diag.List).
package parser
