// Code generated from grammar/Gs.g4 by ANTLR 4.13.1. DO NOT EDIT.

package antlrgs // Gs
import (
	"fmt"
	"strconv"
	"sync"

	"github.com/antlr4-go/antlr/v4"
)

// Suppress unused import errors
var _ = fmt.Printf
var _ = strconv.Itoa
var _ = sync.Once{}

type GsParser struct {
	*antlr.BaseParser
}

var GsParserStaticData struct {
	once                   sync.Once
	serializedATN          []int32
	LiteralNames           []string
	SymbolicNames          []string
	RuleNames              []string
	PredictionContextCache *antlr.PredictionContextCache
	atn                    *antlr.ATN
	decisionToDFA          []*antlr.DFA
}

func gsParserInit() {
	staticData := &GsParserStaticData
	staticData.LiteralNames = []string{
		"", "", "", "", "", "", "", "", "", "", "'('", "')'", "'['", "']'",
		"'{'", "'}'", "','", "';'", "'.'", "'->'", "'?'", "':'", "'!'", "'~'",
		"'+'", "'-'", "'*'", "'/'", "'%'", "'<<'", "'>>'", "'<'", "'<='", "'>'",
		"'>='", "'=='", "'!='", "'&'", "'^'", "'|'", "'&&'", "'||'", "'='",
		"'+='", "'-='", "'*='", "'/='", "'%='", "'&='", "'|='", "'^='", "'<<='",
		"'>>='",
	}
	staticData.SymbolicNames = []string{
		"", "PROBE_SPEC", "IDENT", "VAR", "MAP", "INT_LIT", "STRING", "BAD_STRING",
		"CHAR_LIT", "BAD_CHAR_LIT", "LPAREN", "RPAREN", "LBRACK", "RBRACK",
		"LBRACE", "RBRACE", "COMMA", "SEMI", "DOT", "ARROW", "QUESTION", "COLON",
		"NOT", "TILDE", "PLUS", "MINUS", "STAR", "SLASH", "PERCENT", "SHL",
		"SHR", "LT", "LE", "GT", "GE", "EQ", "NE", "AMP", "CARET", "PIPE", "ANDAND",
		"OROR", "ASSIGN", "ADD_ASSIGN", "SUB_ASSIGN", "MUL_ASSIGN", "DIV_ASSIGN",
		"MOD_ASSIGN", "AND_ASSIGN", "OR_ASSIGN", "XOR_ASSIGN", "SHL_ASSIGN",
		"SHR_ASSIGN", "WS", "LINE_COMMENT", "BLOCK_COMMENT", "BAD_COMMENT",
		"BAD_CHARACTER", "BEGIN", "END", "IF", "ELSE", "RETURN", "TRUE", "FALSE",
		"SIZEOF", "OFFSETOF", "STRUCT", "UNION", "ENUM", "CONST", "VOID", "CHAR",
		"SHORT", "INT", "LONG", "SIGNED", "UNSIGNED", "FLOAT", "DOUBLE", "BOOL",
	}
	staticData.RuleNames = []string{
		"program", "group", "probe", "filter", "block", "stmtList", "angleStmtList",
		"ifStmt", "stmt", "angleStmt", "assignOp", "expr", "angleExpr", "filterExpr",
		"unaryExpr", "castOperand", "postfixExpr", "primary", "typeName", "castType",
		"builtinType",
	}
	staticData.PredictionContextCache = antlr.NewPredictionContextCache()
	staticData.serializedATN = []int32{
		4, 1, 80, 323, 2, 0, 7, 0, 2, 1, 7, 1, 2, 2, 7, 2, 2, 3, 7, 3, 2, 4, 7,
		4, 2, 5, 7, 5, 2, 6, 7, 6, 2, 7, 7, 7, 2, 8, 7, 8, 2, 9, 7, 9, 2, 10, 7,
		10, 2, 11, 7, 11, 2, 12, 7, 12, 2, 13, 7, 13, 2, 14, 7, 14, 2, 15, 7, 15,
		2, 16, 7, 16, 2, 17, 7, 17, 2, 18, 7, 18, 2, 19, 7, 19, 2, 20, 7, 20, 1,
		0, 5, 0, 44, 8, 0, 10, 0, 12, 0, 47, 9, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1,
		5, 1, 54, 8, 1, 10, 1, 12, 1, 57, 9, 1, 1, 1, 3, 1, 60, 8, 1, 1, 1, 1,
		1, 1, 2, 1, 2, 1, 3, 1, 3, 1, 3, 1, 3, 1, 4, 1, 4, 1, 4, 1, 4, 1, 4, 1,
		4, 1, 4, 1, 4, 3, 4, 78, 8, 4, 1, 5, 1, 5, 5, 5, 82, 8, 5, 10, 5, 12, 5,
		85, 9, 5, 1, 5, 1, 5, 1, 5, 3, 5, 90, 8, 5, 3, 5, 92, 8, 5, 1, 6, 1, 6,
		5, 6, 96, 8, 6, 10, 6, 12, 6, 99, 9, 6, 1, 6, 1, 6, 1, 6, 3, 6, 104, 8,
		6, 3, 6, 106, 8, 6, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 3,
		7, 116, 8, 7, 3, 7, 118, 8, 7, 1, 8, 1, 8, 1, 8, 1, 8, 1, 8, 3, 8, 125,
		8, 8, 3, 8, 127, 8, 8, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 3, 9, 134, 8, 9, 3,
		9, 136, 8, 9, 1, 10, 1, 10, 1, 11, 1, 11, 1, 11, 5, 11, 143, 8, 11, 10,
		11, 12, 11, 146, 9, 11, 1, 11, 1, 11, 1, 11, 1, 11, 1, 11, 3, 11, 153,
		8, 11, 1, 12, 1, 12, 1, 12, 5, 12, 158, 8, 12, 10, 12, 12, 12, 161, 9,
		12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 3, 12, 168, 8, 12, 1, 13, 1, 13,
		1, 13, 5, 13, 173, 8, 13, 10, 13, 12, 13, 176, 9, 13, 1, 13, 1, 13, 1,
		13, 1, 13, 1, 13, 3, 13, 183, 8, 13, 1, 14, 1, 14, 1, 14, 1, 14, 1, 14,
		1, 14, 1, 14, 1, 14, 1, 14, 1, 14, 1, 14, 1, 14, 3, 14, 197, 8, 14, 1,
		15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15,
		1, 15, 3, 15, 211, 8, 15, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1,
		16, 5, 16, 220, 8, 16, 10, 16, 12, 16, 223, 9, 16, 1, 16, 1, 16, 5, 16,
		227, 8, 16, 10, 16, 12, 16, 230, 9, 16, 1, 17, 1, 17, 1, 17, 4, 17, 235,
		8, 17, 11, 17, 12, 17, 236, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1,
		17, 5, 17, 246, 8, 17, 10, 17, 12, 17, 249, 9, 17, 3, 17, 251, 8, 17, 1,
		17, 3, 17, 254, 8, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 3, 17,
		262, 8, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1, 17, 1,
		17, 5, 17, 273, 8, 17, 10, 17, 12, 17, 276, 9, 17, 1, 17, 1, 17, 1, 17,
		1, 17, 1, 17, 1, 17, 3, 17, 284, 8, 17, 1, 18, 1, 18, 3, 18, 288, 8, 18,
		1, 19, 3, 19, 291, 8, 19, 1, 19, 1, 19, 1, 19, 4, 19, 296, 8, 19, 11, 19,
		12, 19, 297, 3, 19, 300, 8, 19, 1, 19, 5, 19, 303, 8, 19, 10, 19, 12, 19,
		306, 9, 19, 1, 19, 3, 19, 309, 8, 19, 1, 19, 1, 19, 4, 19, 313, 8, 19,
		11, 19, 12, 19, 314, 1, 19, 1, 19, 3, 19, 319, 8, 19, 1, 20, 1, 20, 1,
		20, 0, 0, 21, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30,
		32, 34, 36, 38, 40, 0, 10, 2, 0, 1, 1, 58, 59, 1, 0, 42, 52, 1, 0, 24,
		41, 3, 0, 24, 29, 31, 32, 35, 41, 2, 0, 24, 26, 28, 41, 3, 0, 22, 23, 25,
		26, 37, 37, 1, 0, 22, 23, 1, 0, 18, 19, 1, 0, 67, 69, 1, 0, 71, 80, 359,
		0, 45, 1, 0, 0, 0, 2, 50, 1, 0, 0, 0, 4, 63, 1, 0, 0, 0, 6, 65, 1, 0, 0,
		0, 8, 77, 1, 0, 0, 0, 10, 83, 1, 0, 0, 0, 12, 97, 1, 0, 0, 0, 14, 107,
		1, 0, 0, 0, 16, 126, 1, 0, 0, 0, 18, 135, 1, 0, 0, 0, 20, 137, 1, 0, 0,
		0, 22, 139, 1, 0, 0, 0, 24, 154, 1, 0, 0, 0, 26, 169, 1, 0, 0, 0, 28, 196,
		1, 0, 0, 0, 30, 210, 1, 0, 0, 0, 32, 212, 1, 0, 0, 0, 34, 283, 1, 0, 0,
		0, 36, 287, 1, 0, 0, 0, 38, 318, 1, 0, 0, 0, 40, 320, 1, 0, 0, 0, 42, 44,
		3, 2, 1, 0, 43, 42, 1, 0, 0, 0, 44, 47, 1, 0, 0, 0, 45, 43, 1, 0, 0, 0,
		45, 46, 1, 0, 0, 0, 46, 48, 1, 0, 0, 0, 47, 45, 1, 0, 0, 0, 48, 49, 5,
		0, 0, 1, 49, 1, 1, 0, 0, 0, 50, 55, 3, 4, 2, 0, 51, 52, 5, 16, 0, 0, 52,
		54, 3, 4, 2, 0, 53, 51, 1, 0, 0, 0, 54, 57, 1, 0, 0, 0, 55, 53, 1, 0, 0,
		0, 55, 56, 1, 0, 0, 0, 56, 59, 1, 0, 0, 0, 57, 55, 1, 0, 0, 0, 58, 60,
		3, 6, 3, 0, 59, 58, 1, 0, 0, 0, 59, 60, 1, 0, 0, 0, 60, 61, 1, 0, 0, 0,
		61, 62, 3, 8, 4, 0, 62, 3, 1, 0, 0, 0, 63, 64, 7, 0, 0, 0, 64, 5, 1, 0,
		0, 0, 65, 66, 5, 27, 0, 0, 66, 67, 3, 26, 13, 0, 67, 68, 5, 27, 0, 0, 68,
		7, 1, 0, 0, 0, 69, 70, 5, 14, 0, 0, 70, 71, 3, 10, 5, 0, 71, 72, 5, 15,
		0, 0, 72, 78, 1, 0, 0, 0, 73, 74, 5, 31, 0, 0, 74, 75, 3, 12, 6, 0, 75,
		76, 5, 33, 0, 0, 76, 78, 1, 0, 0, 0, 77, 69, 1, 0, 0, 0, 77, 73, 1, 0,
		0, 0, 78, 9, 1, 0, 0, 0, 79, 82, 3, 14, 7, 0, 80, 82, 5, 17, 0, 0, 81,
		79, 1, 0, 0, 0, 81, 80, 1, 0, 0, 0, 82, 85, 1, 0, 0, 0, 83, 81, 1, 0, 0,
		0, 83, 84, 1, 0, 0, 0, 84, 91, 1, 0, 0, 0, 85, 83, 1, 0, 0, 0, 86, 89,
		3, 16, 8, 0, 87, 88, 5, 17, 0, 0, 88, 90, 3, 10, 5, 0, 89, 87, 1, 0, 0,
		0, 89, 90, 1, 0, 0, 0, 90, 92, 1, 0, 0, 0, 91, 86, 1, 0, 0, 0, 91, 92,
		1, 0, 0, 0, 92, 11, 1, 0, 0, 0, 93, 96, 3, 14, 7, 0, 94, 96, 5, 17, 0,
		0, 95, 93, 1, 0, 0, 0, 95, 94, 1, 0, 0, 0, 96, 99, 1, 0, 0, 0, 97, 95,
		1, 0, 0, 0, 97, 98, 1, 0, 0, 0, 98, 105, 1, 0, 0, 0, 99, 97, 1, 0, 0, 0,
		100, 103, 3, 18, 9, 0, 101, 102, 5, 17, 0, 0, 102, 104, 3, 12, 6, 0, 103,
		101, 1, 0, 0, 0, 103, 104, 1, 0, 0, 0, 104, 106, 1, 0, 0, 0, 105, 100,
		1, 0, 0, 0, 105, 106, 1, 0, 0, 0, 106, 13, 1, 0, 0, 0, 107, 108, 5, 60,
		0, 0, 108, 109, 5, 10, 0, 0, 109, 110, 3, 22, 11, 0, 110, 111, 5, 11, 0,
		0, 111, 117, 3, 8, 4, 0, 112, 115, 5, 61, 0, 0, 113, 116, 3, 14, 7, 0,
		114, 116, 3, 8, 4, 0, 115, 113, 1, 0, 0, 0, 115, 114, 1, 0, 0, 0, 116,
		118, 1, 0, 0, 0, 117, 112, 1, 0, 0, 0, 117, 118, 1, 0, 0, 0, 118, 15, 1,
		0, 0, 0, 119, 127, 5, 62, 0, 0, 120, 124, 3, 22, 11, 0, 121, 122, 3, 20,
		10, 0, 122, 123, 3, 22, 11, 0, 123, 125, 1, 0, 0, 0, 124, 121, 1, 0, 0,
		0, 124, 125, 1, 0, 0, 0, 125, 127, 1, 0, 0, 0, 126, 119, 1, 0, 0, 0, 126,
		120, 1, 0, 0, 0, 127, 17, 1, 0, 0, 0, 128, 136, 5, 62, 0, 0, 129, 133,
		3, 24, 12, 0, 130, 131, 3, 20, 10, 0, 131, 132, 3, 24, 12, 0, 132, 134,
		1, 0, 0, 0, 133, 130, 1, 0, 0, 0, 133, 134, 1, 0, 0, 0, 134, 136, 1, 0,
		0, 0, 135, 128, 1, 0, 0, 0, 135, 129, 1, 0, 0, 0, 136, 19, 1, 0, 0, 0,
		137, 138, 7, 1, 0, 0, 138, 21, 1, 0, 0, 0, 139, 144, 3, 28, 14, 0, 140,
		141, 7, 2, 0, 0, 141, 143, 3, 28, 14, 0, 142, 140, 1, 0, 0, 0, 143, 146,
		1, 0, 0, 0, 144, 142, 1, 0, 0, 0, 144, 145, 1, 0, 0, 0, 145, 152, 1, 0,
		0, 0, 146, 144, 1, 0, 0, 0, 147, 148, 5, 20, 0, 0, 148, 149, 3, 22, 11,
		0, 149, 150, 5, 21, 0, 0, 150, 151, 3, 22, 11, 0, 151, 153, 1, 0, 0, 0,
		152, 147, 1, 0, 0, 0, 152, 153, 1, 0, 0, 0, 153, 23, 1, 0, 0, 0, 154, 159,
		3, 28, 14, 0, 155, 156, 7, 3, 0, 0, 156, 158, 3, 28, 14, 0, 157, 155, 1,
		0, 0, 0, 158, 161, 1, 0, 0, 0, 159, 157, 1, 0, 0, 0, 159, 160, 1, 0, 0,
		0, 160, 167, 1, 0, 0, 0, 161, 159, 1, 0, 0, 0, 162, 163, 5, 20, 0, 0, 163,
		164, 3, 24, 12, 0, 164, 165, 5, 21, 0, 0, 165, 166, 3, 24, 12, 0, 166,
		168, 1, 0, 0, 0, 167, 162, 1, 0, 0, 0, 167, 168, 1, 0, 0, 0, 168, 25, 1,
		0, 0, 0, 169, 174, 3, 28, 14, 0, 170, 171, 7, 4, 0, 0, 171, 173, 3, 28,
		14, 0, 172, 170, 1, 0, 0, 0, 173, 176, 1, 0, 0, 0, 174, 172, 1, 0, 0, 0,
		174, 175, 1, 0, 0, 0, 175, 182, 1, 0, 0, 0, 176, 174, 1, 0, 0, 0, 177,
		178, 5, 20, 0, 0, 178, 179, 3, 26, 13, 0, 179, 180, 5, 21, 0, 0, 180, 181,
		3, 26, 13, 0, 181, 183, 1, 0, 0, 0, 182, 177, 1, 0, 0, 0, 182, 183, 1,
		0, 0, 0, 183, 27, 1, 0, 0, 0, 184, 197, 3, 32, 16, 0, 185, 186, 7, 5, 0,
		0, 186, 197, 3, 28, 14, 0, 187, 188, 5, 10, 0, 0, 188, 189, 3, 38, 19,
		0, 189, 190, 5, 11, 0, 0, 190, 191, 3, 28, 14, 0, 191, 197, 1, 0, 0, 0,
		192, 193, 5, 10, 0, 0, 193, 194, 5, 2, 0, 0, 194, 195, 5, 11, 0, 0, 195,
		197, 3, 30, 15, 0, 196, 184, 1, 0, 0, 0, 196, 185, 1, 0, 0, 0, 196, 187,
		1, 0, 0, 0, 196, 192, 1, 0, 0, 0, 197, 29, 1, 0, 0, 0, 198, 211, 3, 32,
		16, 0, 199, 200, 7, 6, 0, 0, 200, 211, 3, 28, 14, 0, 201, 202, 5, 10, 0,
		0, 202, 203, 3, 38, 19, 0, 203, 204, 5, 11, 0, 0, 204, 205, 3, 28, 14,
		0, 205, 211, 1, 0, 0, 0, 206, 207, 5, 10, 0, 0, 207, 208, 5, 2, 0, 0, 208,
		209, 5, 11, 0, 0, 209, 211, 3, 30, 15, 0, 210, 198, 1, 0, 0, 0, 210, 199,
		1, 0, 0, 0, 210, 201, 1, 0, 0, 0, 210, 206, 1, 0, 0, 0, 211, 31, 1, 0,
		0, 0, 212, 228, 3, 34, 17, 0, 213, 214, 7, 7, 0, 0, 214, 227, 5, 2, 0,
		0, 215, 216, 5, 12, 0, 0, 216, 221, 3, 22, 11, 0, 217, 218, 5, 16, 0, 0,
		218, 220, 3, 22, 11, 0, 219, 217, 1, 0, 0, 0, 220, 223, 1, 0, 0, 0, 221,
		219, 1, 0, 0, 0, 221, 222, 1, 0, 0, 0, 222, 224, 1, 0, 0, 0, 223, 221,
		1, 0, 0, 0, 224, 225, 5, 13, 0, 0, 225, 227, 1, 0, 0, 0, 226, 213, 1, 0,
		0, 0, 226, 215, 1, 0, 0, 0, 227, 230, 1, 0, 0, 0, 228, 226, 1, 0, 0, 0,
		228, 229, 1, 0, 0, 0, 229, 33, 1, 0, 0, 0, 230, 228, 1, 0, 0, 0, 231, 284,
		5, 5, 0, 0, 232, 284, 5, 8, 0, 0, 233, 235, 5, 6, 0, 0, 234, 233, 1, 0,
		0, 0, 235, 236, 1, 0, 0, 0, 236, 234, 1, 0, 0, 0, 236, 237, 1, 0, 0, 0,
		237, 284, 1, 0, 0, 0, 238, 284, 5, 63, 0, 0, 239, 284, 5, 64, 0, 0, 240,
		253, 5, 2, 0, 0, 241, 250, 5, 10, 0, 0, 242, 247, 3, 22, 11, 0, 243, 244,
		5, 16, 0, 0, 244, 246, 3, 22, 11, 0, 245, 243, 1, 0, 0, 0, 246, 249, 1,
		0, 0, 0, 247, 245, 1, 0, 0, 0, 247, 248, 1, 0, 0, 0, 248, 251, 1, 0, 0,
		0, 249, 247, 1, 0, 0, 0, 250, 242, 1, 0, 0, 0, 250, 251, 1, 0, 0, 0, 251,
		252, 1, 0, 0, 0, 252, 254, 5, 11, 0, 0, 253, 241, 1, 0, 0, 0, 253, 254,
		1, 0, 0, 0, 254, 284, 1, 0, 0, 0, 255, 284, 5, 3, 0, 0, 256, 284, 5, 4,
		0, 0, 257, 258, 5, 65, 0, 0, 258, 261, 5, 10, 0, 0, 259, 262, 3, 22, 11,
		0, 260, 262, 3, 38, 19, 0, 261, 259, 1, 0, 0, 0, 261, 260, 1, 0, 0, 0,
		262, 263, 1, 0, 0, 0, 263, 264, 5, 11, 0, 0, 264, 284, 1, 0, 0, 0, 265,
		266, 5, 66, 0, 0, 266, 267, 5, 10, 0, 0, 267, 268, 3, 36, 18, 0, 268, 269,
		5, 16, 0, 0, 269, 274, 5, 2, 0, 0, 270, 271, 5, 18, 0, 0, 271, 273, 5,
		2, 0, 0, 272, 270, 1, 0, 0, 0, 273, 276, 1, 0, 0, 0, 274, 272, 1, 0, 0,
		0, 274, 275, 1, 0, 0, 0, 275, 277, 1, 0, 0, 0, 276, 274, 1, 0, 0, 0, 277,
		278, 5, 11, 0, 0, 278, 284, 1, 0, 0, 0, 279, 280, 5, 10, 0, 0, 280, 281,
		3, 22, 11, 0, 281, 282, 5, 11, 0, 0, 282, 284, 1, 0, 0, 0, 283, 231, 1,
		0, 0, 0, 283, 232, 1, 0, 0, 0, 283, 234, 1, 0, 0, 0, 283, 238, 1, 0, 0,
		0, 283, 239, 1, 0, 0, 0, 283, 240, 1, 0, 0, 0, 283, 255, 1, 0, 0, 0, 283,
		256, 1, 0, 0, 0, 283, 257, 1, 0, 0, 0, 283, 265, 1, 0, 0, 0, 283, 279,
		1, 0, 0, 0, 284, 35, 1, 0, 0, 0, 285, 288, 3, 38, 19, 0, 286, 288, 5, 2,
		0, 0, 287, 285, 1, 0, 0, 0, 287, 286, 1, 0, 0, 0, 288, 37, 1, 0, 0, 0,
		289, 291, 5, 70, 0, 0, 290, 289, 1, 0, 0, 0, 290, 291, 1, 0, 0, 0, 291,
		299, 1, 0, 0, 0, 292, 293, 7, 8, 0, 0, 293, 300, 5, 2, 0, 0, 294, 296,
		3, 40, 20, 0, 295, 294, 1, 0, 0, 0, 296, 297, 1, 0, 0, 0, 297, 295, 1,
		0, 0, 0, 297, 298, 1, 0, 0, 0, 298, 300, 1, 0, 0, 0, 299, 292, 1, 0, 0,
		0, 299, 295, 1, 0, 0, 0, 300, 304, 1, 0, 0, 0, 301, 303, 5, 26, 0, 0, 302,
		301, 1, 0, 0, 0, 303, 306, 1, 0, 0, 0, 304, 302, 1, 0, 0, 0, 304, 305,
		1, 0, 0, 0, 305, 319, 1, 0, 0, 0, 306, 304, 1, 0, 0, 0, 307, 309, 5, 70,
		0, 0, 308, 307, 1, 0, 0, 0, 308, 309, 1, 0, 0, 0, 309, 310, 1, 0, 0, 0,
		310, 312, 5, 2, 0, 0, 311, 313, 5, 26, 0, 0, 312, 311, 1, 0, 0, 0, 313,
		314, 1, 0, 0, 0, 314, 312, 1, 0, 0, 0, 314, 315, 1, 0, 0, 0, 315, 319,
		1, 0, 0, 0, 316, 317, 5, 70, 0, 0, 317, 319, 5, 2, 0, 0, 318, 290, 1, 0,
		0, 0, 318, 308, 1, 0, 0, 0, 318, 316, 1, 0, 0, 0, 319, 39, 1, 0, 0, 0,
		320, 321, 7, 9, 0, 0, 321, 41, 1, 0, 0, 0, 44, 45, 55, 59, 77, 81, 83,
		89, 91, 95, 97, 103, 105, 115, 117, 124, 126, 133, 135, 144, 152, 159,
		167, 174, 182, 196, 210, 221, 226, 228, 236, 247, 250, 253, 261, 274, 283,
		287, 290, 297, 299, 304, 308, 314, 318,
	}
	deserializer := antlr.NewATNDeserializer(nil)
	staticData.atn = deserializer.Deserialize(staticData.serializedATN)
	atn := staticData.atn
	staticData.decisionToDFA = make([]*antlr.DFA, len(atn.DecisionToState))
	decisionToDFA := staticData.decisionToDFA
	for index, state := range atn.DecisionToState {
		decisionToDFA[index] = antlr.NewDFA(state, index)
	}
}

// GsParserInit initializes any static state used to implement GsParser. By default the
// static state used to implement the parser is lazily initialized during the first call to
// NewGsParser(). You can call this function if you wish to initialize the static state ahead
// of time.
func GsParserInit() {
	staticData := &GsParserStaticData
	staticData.once.Do(gsParserInit)
}

// NewGsParser produces a new parser instance for the optional input antlr.TokenStream.
func NewGsParser(input antlr.TokenStream) *GsParser {
	GsParserInit()
	this := new(GsParser)
	this.BaseParser = antlr.NewBaseParser(input)
	staticData := &GsParserStaticData
	this.Interpreter = antlr.NewParserATNSimulator(this, staticData.atn, staticData.decisionToDFA, staticData.PredictionContextCache)
	this.RuleNames = staticData.RuleNames
	this.LiteralNames = staticData.LiteralNames
	this.SymbolicNames = staticData.SymbolicNames
	this.GrammarFileName = "Gs.g4"

	return this
}

// GsParser tokens.
const (
	GsParserEOF           = antlr.TokenEOF
	GsParserPROBE_SPEC    = 1
	GsParserIDENT         = 2
	GsParserVAR           = 3
	GsParserMAP           = 4
	GsParserINT_LIT       = 5
	GsParserSTRING        = 6
	GsParserBAD_STRING    = 7
	GsParserCHAR_LIT      = 8
	GsParserBAD_CHAR_LIT  = 9
	GsParserLPAREN        = 10
	GsParserRPAREN        = 11
	GsParserLBRACK        = 12
	GsParserRBRACK        = 13
	GsParserLBRACE        = 14
	GsParserRBRACE        = 15
	GsParserCOMMA         = 16
	GsParserSEMI          = 17
	GsParserDOT           = 18
	GsParserARROW         = 19
	GsParserQUESTION      = 20
	GsParserCOLON         = 21
	GsParserNOT           = 22
	GsParserTILDE         = 23
	GsParserPLUS          = 24
	GsParserMINUS         = 25
	GsParserSTAR          = 26
	GsParserSLASH         = 27
	GsParserPERCENT       = 28
	GsParserSHL           = 29
	GsParserSHR           = 30
	GsParserLT            = 31
	GsParserLE            = 32
	GsParserGT            = 33
	GsParserGE            = 34
	GsParserEQ            = 35
	GsParserNE            = 36
	GsParserAMP           = 37
	GsParserCARET         = 38
	GsParserPIPE          = 39
	GsParserANDAND        = 40
	GsParserOROR          = 41
	GsParserASSIGN        = 42
	GsParserADD_ASSIGN    = 43
	GsParserSUB_ASSIGN    = 44
	GsParserMUL_ASSIGN    = 45
	GsParserDIV_ASSIGN    = 46
	GsParserMOD_ASSIGN    = 47
	GsParserAND_ASSIGN    = 48
	GsParserOR_ASSIGN     = 49
	GsParserXOR_ASSIGN    = 50
	GsParserSHL_ASSIGN    = 51
	GsParserSHR_ASSIGN    = 52
	GsParserWS            = 53
	GsParserLINE_COMMENT  = 54
	GsParserBLOCK_COMMENT = 55
	GsParserBAD_COMMENT   = 56
	GsParserBAD_CHARACTER = 57
	GsParserBEGIN         = 58
	GsParserEND           = 59
	GsParserIF            = 60
	GsParserELSE          = 61
	GsParserRETURN        = 62
	GsParserTRUE          = 63
	GsParserFALSE         = 64
	GsParserSIZEOF        = 65
	GsParserOFFSETOF      = 66
	GsParserSTRUCT        = 67
	GsParserUNION         = 68
	GsParserENUM          = 69
	GsParserCONST         = 70
	GsParserVOID          = 71
	GsParserCHAR          = 72
	GsParserSHORT         = 73
	GsParserINT           = 74
	GsParserLONG          = 75
	GsParserSIGNED        = 76
	GsParserUNSIGNED      = 77
	GsParserFLOAT         = 78
	GsParserDOUBLE        = 79
	GsParserBOOL          = 80
)

// GsParser rules.
const (
	GsParserRULE_program       = 0
	GsParserRULE_group         = 1
	GsParserRULE_probe         = 2
	GsParserRULE_filter        = 3
	GsParserRULE_block         = 4
	GsParserRULE_stmtList      = 5
	GsParserRULE_angleStmtList = 6
	GsParserRULE_ifStmt        = 7
	GsParserRULE_stmt          = 8
	GsParserRULE_angleStmt     = 9
	GsParserRULE_assignOp      = 10
	GsParserRULE_expr          = 11
	GsParserRULE_angleExpr     = 12
	GsParserRULE_filterExpr    = 13
	GsParserRULE_unaryExpr     = 14
	GsParserRULE_castOperand   = 15
	GsParserRULE_postfixExpr   = 16
	GsParserRULE_primary       = 17
	GsParserRULE_typeName      = 18
	GsParserRULE_castType      = 19
	GsParserRULE_builtinType   = 20
)

// IProgramContext is an interface to support dynamic dispatch.
type IProgramContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	EOF() antlr.TerminalNode
	AllGroup() []IGroupContext
	Group(i int) IGroupContext

	// IsProgramContext differentiates from other interfaces.
	IsProgramContext()
}

type ProgramContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyProgramContext() *ProgramContext {
	var p = new(ProgramContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_program
	return p
}

func InitEmptyProgramContext(p *ProgramContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_program
}

func (*ProgramContext) IsProgramContext() {}

func NewProgramContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ProgramContext {
	var p = new(ProgramContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_program

	return p
}

func (s *ProgramContext) GetParser() antlr.Parser { return s.parser }

func (s *ProgramContext) EOF() antlr.TerminalNode {
	return s.GetToken(GsParserEOF, 0)
}

func (s *ProgramContext) AllGroup() []IGroupContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IGroupContext); ok {
			len++
		}
	}

	tst := make([]IGroupContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IGroupContext); ok {
			tst[i] = t.(IGroupContext)
			i++
		}
	}

	return tst
}

func (s *ProgramContext) Group(i int) IGroupContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IGroupContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IGroupContext)
}

func (s *ProgramContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ProgramContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ProgramContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitProgram(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Program() (localctx IProgramContext) {
	localctx = NewProgramContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 0, GsParserRULE_program)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(45)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&864691128455135234) != 0 {
		{
			p.SetState(42)
			p.Group()
		}

		p.SetState(47)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(48)
		p.Match(GsParserEOF)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IGroupContext is an interface to support dynamic dispatch.
type IGroupContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllProbe() []IProbeContext
	Probe(i int) IProbeContext
	Block() IBlockContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode
	Filter() IFilterContext

	// IsGroupContext differentiates from other interfaces.
	IsGroupContext()
}

type GroupContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyGroupContext() *GroupContext {
	var p = new(GroupContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_group
	return p
}

func InitEmptyGroupContext(p *GroupContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_group
}

func (*GroupContext) IsGroupContext() {}

func NewGroupContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *GroupContext {
	var p = new(GroupContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_group

	return p
}

func (s *GroupContext) GetParser() antlr.Parser { return s.parser }

func (s *GroupContext) AllProbe() []IProbeContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IProbeContext); ok {
			len++
		}
	}

	tst := make([]IProbeContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IProbeContext); ok {
			tst[i] = t.(IProbeContext)
			i++
		}
	}

	return tst
}

func (s *GroupContext) Probe(i int) IProbeContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IProbeContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IProbeContext)
}

func (s *GroupContext) Block() IBlockContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBlockContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBlockContext)
}

func (s *GroupContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *GroupContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *GroupContext) Filter() IFilterContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IFilterContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IFilterContext)
}

func (s *GroupContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *GroupContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *GroupContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitGroup(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Group() (localctx IGroupContext) {
	localctx = NewGroupContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 2, GsParserRULE_group)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(50)
		p.Probe()
	}
	p.SetState(55)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserCOMMA {
		{
			p.SetState(51)
			p.Match(GsParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(52)
			p.Probe()
		}

		p.SetState(57)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(59)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserSLASH {
		{
			p.SetState(58)
			p.Filter()
		}

	}
	{
		p.SetState(61)
		p.Block()
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IProbeContext is an interface to support dynamic dispatch.
type IProbeContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	PROBE_SPEC() antlr.TerminalNode
	BEGIN() antlr.TerminalNode
	END() antlr.TerminalNode

	// IsProbeContext differentiates from other interfaces.
	IsProbeContext()
}

type ProbeContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyProbeContext() *ProbeContext {
	var p = new(ProbeContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_probe
	return p
}

func InitEmptyProbeContext(p *ProbeContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_probe
}

func (*ProbeContext) IsProbeContext() {}

func NewProbeContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ProbeContext {
	var p = new(ProbeContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_probe

	return p
}

func (s *ProbeContext) GetParser() antlr.Parser { return s.parser }

func (s *ProbeContext) PROBE_SPEC() antlr.TerminalNode {
	return s.GetToken(GsParserPROBE_SPEC, 0)
}

func (s *ProbeContext) BEGIN() antlr.TerminalNode {
	return s.GetToken(GsParserBEGIN, 0)
}

func (s *ProbeContext) END() antlr.TerminalNode {
	return s.GetToken(GsParserEND, 0)
}

func (s *ProbeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ProbeContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ProbeContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitProbe(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Probe() (localctx IProbeContext) {
	localctx = NewProbeContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 4, GsParserRULE_probe)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(63)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&864691128455135234) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IFilterContext is an interface to support dynamic dispatch.
type IFilterContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllSLASH() []antlr.TerminalNode
	SLASH(i int) antlr.TerminalNode
	FilterExpr() IFilterExprContext

	// IsFilterContext differentiates from other interfaces.
	IsFilterContext()
}

type FilterContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyFilterContext() *FilterContext {
	var p = new(FilterContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_filter
	return p
}

func InitEmptyFilterContext(p *FilterContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_filter
}

func (*FilterContext) IsFilterContext() {}

func NewFilterContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *FilterContext {
	var p = new(FilterContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_filter

	return p
}

func (s *FilterContext) GetParser() antlr.Parser { return s.parser }

func (s *FilterContext) AllSLASH() []antlr.TerminalNode {
	return s.GetTokens(GsParserSLASH)
}

func (s *FilterContext) SLASH(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSLASH, i)
}

func (s *FilterContext) FilterExpr() IFilterExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IFilterExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IFilterExprContext)
}

func (s *FilterContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *FilterContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *FilterContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitFilter(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Filter() (localctx IFilterContext) {
	localctx = NewFilterContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 6, GsParserRULE_filter)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(65)
		p.Match(GsParserSLASH)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(66)
		p.FilterExpr()
	}
	{
		p.SetState(67)
		p.Match(GsParserSLASH)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IBlockContext is an interface to support dynamic dispatch.
type IBlockContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LBRACE() antlr.TerminalNode
	StmtList() IStmtListContext
	RBRACE() antlr.TerminalNode
	LT() antlr.TerminalNode
	AngleStmtList() IAngleStmtListContext
	GT() antlr.TerminalNode

	// IsBlockContext differentiates from other interfaces.
	IsBlockContext()
}

type BlockContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyBlockContext() *BlockContext {
	var p = new(BlockContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_block
	return p
}

func InitEmptyBlockContext(p *BlockContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_block
}

func (*BlockContext) IsBlockContext() {}

func NewBlockContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *BlockContext {
	var p = new(BlockContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_block

	return p
}

func (s *BlockContext) GetParser() antlr.Parser { return s.parser }

func (s *BlockContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserLBRACE, 0)
}

func (s *BlockContext) StmtList() IStmtListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStmtListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStmtListContext)
}

func (s *BlockContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserRBRACE, 0)
}

func (s *BlockContext) LT() antlr.TerminalNode {
	return s.GetToken(GsParserLT, 0)
}

func (s *BlockContext) AngleStmtList() IAngleStmtListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAngleStmtListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAngleStmtListContext)
}

func (s *BlockContext) GT() antlr.TerminalNode {
	return s.GetToken(GsParserGT, 0)
}

func (s *BlockContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BlockContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *BlockContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitBlock(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Block() (localctx IBlockContext) {
	localctx = NewBlockContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 8, GsParserRULE_block)
	p.SetState(77)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserLBRACE:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(69)
			p.Match(GsParserLBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(70)
			p.StmtList()
		}
		{
			p.SetState(71)
			p.Match(GsParserRBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserLT:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(73)
			p.Match(GsParserLT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(74)
			p.AngleStmtList()
		}
		{
			p.SetState(75)
			p.Match(GsParserGT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStmtListContext is an interface to support dynamic dispatch.
type IStmtListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllIfStmt() []IIfStmtContext
	IfStmt(i int) IIfStmtContext
	AllSEMI() []antlr.TerminalNode
	SEMI(i int) antlr.TerminalNode
	Stmt() IStmtContext
	StmtList() IStmtListContext

	// IsStmtListContext differentiates from other interfaces.
	IsStmtListContext()
}

type StmtListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStmtListContext() *StmtListContext {
	var p = new(StmtListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_stmtList
	return p
}

func InitEmptyStmtListContext(p *StmtListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_stmtList
}

func (*StmtListContext) IsStmtListContext() {}

func NewStmtListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StmtListContext {
	var p = new(StmtListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_stmtList

	return p
}

func (s *StmtListContext) GetParser() antlr.Parser { return s.parser }

func (s *StmtListContext) AllIfStmt() []IIfStmtContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IIfStmtContext); ok {
			len++
		}
	}

	tst := make([]IIfStmtContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IIfStmtContext); ok {
			tst[i] = t.(IIfStmtContext)
			i++
		}
	}

	return tst
}

func (s *StmtListContext) IfStmt(i int) IIfStmtContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfStmtContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfStmtContext)
}

func (s *StmtListContext) AllSEMI() []antlr.TerminalNode {
	return s.GetTokens(GsParserSEMI)
}

func (s *StmtListContext) SEMI(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSEMI, i)
}

func (s *StmtListContext) Stmt() IStmtContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStmtContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStmtContext)
}

func (s *StmtListContext) StmtList() IStmtListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStmtListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStmtListContext)
}

func (s *StmtListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StmtListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *StmtListContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitStmtList(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) StmtList() (localctx IStmtListContext) {
	localctx = NewStmtListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 10, GsParserRULE_stmtList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(83)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserSEMI || _la == GsParserIF {
		p.SetState(81)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserIF:
			{
				p.SetState(79)
				p.IfStmt()
			}

		case GsParserSEMI:
			{
				p.SetState(80)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(85)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(91)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&-4611685880875186820) != 0) || ((int64((_la-64)) & ^0x3f) == 0 && ((int64(1)<<(_la-64))&7) != 0) {
		{
			p.SetState(86)
			p.Stmt()
		}
		p.SetState(89)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserSEMI {
			{
				p.SetState(87)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(88)
				p.StmtList()
			}

		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IAngleStmtListContext is an interface to support dynamic dispatch.
type IAngleStmtListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllIfStmt() []IIfStmtContext
	IfStmt(i int) IIfStmtContext
	AllSEMI() []antlr.TerminalNode
	SEMI(i int) antlr.TerminalNode
	AngleStmt() IAngleStmtContext
	AngleStmtList() IAngleStmtListContext

	// IsAngleStmtListContext differentiates from other interfaces.
	IsAngleStmtListContext()
}

type AngleStmtListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyAngleStmtListContext() *AngleStmtListContext {
	var p = new(AngleStmtListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_angleStmtList
	return p
}

func InitEmptyAngleStmtListContext(p *AngleStmtListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_angleStmtList
}

func (*AngleStmtListContext) IsAngleStmtListContext() {}

func NewAngleStmtListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *AngleStmtListContext {
	var p = new(AngleStmtListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_angleStmtList

	return p
}

func (s *AngleStmtListContext) GetParser() antlr.Parser { return s.parser }

func (s *AngleStmtListContext) AllIfStmt() []IIfStmtContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IIfStmtContext); ok {
			len++
		}
	}

	tst := make([]IIfStmtContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IIfStmtContext); ok {
			tst[i] = t.(IIfStmtContext)
			i++
		}
	}

	return tst
}

func (s *AngleStmtListContext) IfStmt(i int) IIfStmtContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfStmtContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfStmtContext)
}

func (s *AngleStmtListContext) AllSEMI() []antlr.TerminalNode {
	return s.GetTokens(GsParserSEMI)
}

func (s *AngleStmtListContext) SEMI(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSEMI, i)
}

func (s *AngleStmtListContext) AngleStmt() IAngleStmtContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAngleStmtContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAngleStmtContext)
}

func (s *AngleStmtListContext) AngleStmtList() IAngleStmtListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAngleStmtListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAngleStmtListContext)
}

func (s *AngleStmtListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AngleStmtListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *AngleStmtListContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitAngleStmtList(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) AngleStmtList() (localctx IAngleStmtListContext) {
	localctx = NewAngleStmtListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 12, GsParserRULE_angleStmtList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(97)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserSEMI || _la == GsParserIF {
		p.SetState(95)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserIF:
			{
				p.SetState(93)
				p.IfStmt()
			}

		case GsParserSEMI:
			{
				p.SetState(94)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(99)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(105)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&-4611685880875186820) != 0) || ((int64((_la-64)) & ^0x3f) == 0 && ((int64(1)<<(_la-64))&7) != 0) {
		{
			p.SetState(100)
			p.AngleStmt()
		}
		p.SetState(103)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserSEMI {
			{
				p.SetState(101)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(102)
				p.AngleStmtList()
			}

		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IIfStmtContext is an interface to support dynamic dispatch.
type IIfStmtContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IF() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	Expr() IExprContext
	RPAREN() antlr.TerminalNode
	AllBlock() []IBlockContext
	Block(i int) IBlockContext
	ELSE() antlr.TerminalNode
	IfStmt() IIfStmtContext

	// IsIfStmtContext differentiates from other interfaces.
	IsIfStmtContext()
}

type IfStmtContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyIfStmtContext() *IfStmtContext {
	var p = new(IfStmtContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_ifStmt
	return p
}

func InitEmptyIfStmtContext(p *IfStmtContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_ifStmt
}

func (*IfStmtContext) IsIfStmtContext() {}

func NewIfStmtContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *IfStmtContext {
	var p = new(IfStmtContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_ifStmt

	return p
}

func (s *IfStmtContext) GetParser() antlr.Parser { return s.parser }

func (s *IfStmtContext) IF() antlr.TerminalNode {
	return s.GetToken(GsParserIF, 0)
}

func (s *IfStmtContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *IfStmtContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *IfStmtContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *IfStmtContext) AllBlock() []IBlockContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBlockContext); ok {
			len++
		}
	}

	tst := make([]IBlockContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBlockContext); ok {
			tst[i] = t.(IBlockContext)
			i++
		}
	}

	return tst
}

func (s *IfStmtContext) Block(i int) IBlockContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBlockContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBlockContext)
}

func (s *IfStmtContext) ELSE() antlr.TerminalNode {
	return s.GetToken(GsParserELSE, 0)
}

func (s *IfStmtContext) IfStmt() IIfStmtContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfStmtContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfStmtContext)
}

func (s *IfStmtContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *IfStmtContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *IfStmtContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitIfStmt(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) IfStmt() (localctx IIfStmtContext) {
	localctx = NewIfStmtContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 14, GsParserRULE_ifStmt)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(107)
		p.Match(GsParserIF)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(108)
		p.Match(GsParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(109)
		p.Expr()
	}
	{
		p.SetState(110)
		p.Match(GsParserRPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(111)
		p.Block()
	}
	p.SetState(117)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserELSE {
		{
			p.SetState(112)
			p.Match(GsParserELSE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(115)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserIF:
			{
				p.SetState(113)
				p.IfStmt()
			}

		case GsParserLBRACE, GsParserLT:
			{
				p.SetState(114)
				p.Block()
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStmtContext is an interface to support dynamic dispatch.
type IStmtContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	RETURN() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	AssignOp() IAssignOpContext

	// IsStmtContext differentiates from other interfaces.
	IsStmtContext()
}

type StmtContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStmtContext() *StmtContext {
	var p = new(StmtContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_stmt
	return p
}

func InitEmptyStmtContext(p *StmtContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_stmt
}

func (*StmtContext) IsStmtContext() {}

func NewStmtContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StmtContext {
	var p = new(StmtContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_stmt

	return p
}

func (s *StmtContext) GetParser() antlr.Parser { return s.parser }

func (s *StmtContext) RETURN() antlr.TerminalNode {
	return s.GetToken(GsParserRETURN, 0)
}

func (s *StmtContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *StmtContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *StmtContext) AssignOp() IAssignOpContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAssignOpContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAssignOpContext)
}

func (s *StmtContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StmtContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *StmtContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitStmt(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Stmt() (localctx IStmtContext) {
	localctx = NewStmtContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 16, GsParserRULE_stmt)
	var _la int

	p.SetState(126)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserRETURN:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(119)
			p.Match(GsParserRETURN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserIDENT, GsParserVAR, GsParserMAP, GsParserINT_LIT, GsParserSTRING, GsParserCHAR_LIT, GsParserLPAREN, GsParserNOT, GsParserTILDE, GsParserMINUS, GsParserSTAR, GsParserAMP, GsParserTRUE, GsParserFALSE, GsParserSIZEOF, GsParserOFFSETOF:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(120)
			p.Expr()
		}
		p.SetState(124)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&9002801208229888) != 0 {
			{
				p.SetState(121)
				p.AssignOp()
			}
			{
				p.SetState(122)
				p.Expr()
			}

		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IAngleStmtContext is an interface to support dynamic dispatch.
type IAngleStmtContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	RETURN() antlr.TerminalNode
	AllAngleExpr() []IAngleExprContext
	AngleExpr(i int) IAngleExprContext
	AssignOp() IAssignOpContext

	// IsAngleStmtContext differentiates from other interfaces.
	IsAngleStmtContext()
}

type AngleStmtContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyAngleStmtContext() *AngleStmtContext {
	var p = new(AngleStmtContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_angleStmt
	return p
}

func InitEmptyAngleStmtContext(p *AngleStmtContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_angleStmt
}

func (*AngleStmtContext) IsAngleStmtContext() {}

func NewAngleStmtContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *AngleStmtContext {
	var p = new(AngleStmtContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_angleStmt

	return p
}

func (s *AngleStmtContext) GetParser() antlr.Parser { return s.parser }

func (s *AngleStmtContext) RETURN() antlr.TerminalNode {
	return s.GetToken(GsParserRETURN, 0)
}

func (s *AngleStmtContext) AllAngleExpr() []IAngleExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IAngleExprContext); ok {
			len++
		}
	}

	tst := make([]IAngleExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IAngleExprContext); ok {
			tst[i] = t.(IAngleExprContext)
			i++
		}
	}

	return tst
}

func (s *AngleStmtContext) AngleExpr(i int) IAngleExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAngleExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAngleExprContext)
}

func (s *AngleStmtContext) AssignOp() IAssignOpContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAssignOpContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAssignOpContext)
}

func (s *AngleStmtContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AngleStmtContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *AngleStmtContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitAngleStmt(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) AngleStmt() (localctx IAngleStmtContext) {
	localctx = NewAngleStmtContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 18, GsParserRULE_angleStmt)
	var _la int

	p.SetState(135)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserRETURN:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(128)
			p.Match(GsParserRETURN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserIDENT, GsParserVAR, GsParserMAP, GsParserINT_LIT, GsParserSTRING, GsParserCHAR_LIT, GsParserLPAREN, GsParserNOT, GsParserTILDE, GsParserMINUS, GsParserSTAR, GsParserAMP, GsParserTRUE, GsParserFALSE, GsParserSIZEOF, GsParserOFFSETOF:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(129)
			p.AngleExpr()
		}
		p.SetState(133)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&9002801208229888) != 0 {
			{
				p.SetState(130)
				p.AssignOp()
			}
			{
				p.SetState(131)
				p.AngleExpr()
			}

		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IAssignOpContext is an interface to support dynamic dispatch.
type IAssignOpContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	ASSIGN() antlr.TerminalNode
	ADD_ASSIGN() antlr.TerminalNode
	SUB_ASSIGN() antlr.TerminalNode
	MUL_ASSIGN() antlr.TerminalNode
	DIV_ASSIGN() antlr.TerminalNode
	MOD_ASSIGN() antlr.TerminalNode
	AND_ASSIGN() antlr.TerminalNode
	OR_ASSIGN() antlr.TerminalNode
	XOR_ASSIGN() antlr.TerminalNode
	SHL_ASSIGN() antlr.TerminalNode
	SHR_ASSIGN() antlr.TerminalNode

	// IsAssignOpContext differentiates from other interfaces.
	IsAssignOpContext()
}

type AssignOpContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyAssignOpContext() *AssignOpContext {
	var p = new(AssignOpContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_assignOp
	return p
}

func InitEmptyAssignOpContext(p *AssignOpContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_assignOp
}

func (*AssignOpContext) IsAssignOpContext() {}

func NewAssignOpContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *AssignOpContext {
	var p = new(AssignOpContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_assignOp

	return p
}

func (s *AssignOpContext) GetParser() antlr.Parser { return s.parser }

func (s *AssignOpContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserASSIGN, 0)
}

func (s *AssignOpContext) ADD_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserADD_ASSIGN, 0)
}

func (s *AssignOpContext) SUB_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserSUB_ASSIGN, 0)
}

func (s *AssignOpContext) MUL_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserMUL_ASSIGN, 0)
}

func (s *AssignOpContext) DIV_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserDIV_ASSIGN, 0)
}

func (s *AssignOpContext) MOD_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserMOD_ASSIGN, 0)
}

func (s *AssignOpContext) AND_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserAND_ASSIGN, 0)
}

func (s *AssignOpContext) OR_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserOR_ASSIGN, 0)
}

func (s *AssignOpContext) XOR_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserXOR_ASSIGN, 0)
}

func (s *AssignOpContext) SHL_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserSHL_ASSIGN, 0)
}

func (s *AssignOpContext) SHR_ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserSHR_ASSIGN, 0)
}

func (s *AssignOpContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AssignOpContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *AssignOpContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitAssignOp(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) AssignOp() (localctx IAssignOpContext) {
	localctx = NewAssignOpContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 20, GsParserRULE_assignOp)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(137)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&9002801208229888) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IExprContext is an interface to support dynamic dispatch.
type IExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetS26 returns the s26 token.
	GetS26() antlr.Token

	// GetS27 returns the s27 token.
	GetS27() antlr.Token

	// GetS28 returns the s28 token.
	GetS28() antlr.Token

	// GetS24 returns the s24 token.
	GetS24() antlr.Token

	// GetS25 returns the s25 token.
	GetS25() antlr.Token

	// GetS29 returns the s29 token.
	GetS29() antlr.Token

	// GetS30 returns the s30 token.
	GetS30() antlr.Token

	// GetS31 returns the s31 token.
	GetS31() antlr.Token

	// GetS32 returns the s32 token.
	GetS32() antlr.Token

	// GetS33 returns the s33 token.
	GetS33() antlr.Token

	// GetS34 returns the s34 token.
	GetS34() antlr.Token

	// GetS35 returns the s35 token.
	GetS35() antlr.Token

	// GetS36 returns the s36 token.
	GetS36() antlr.Token

	// GetS37 returns the s37 token.
	GetS37() antlr.Token

	// GetS38 returns the s38 token.
	GetS38() antlr.Token

	// GetS39 returns the s39 token.
	GetS39() antlr.Token

	// GetS40 returns the s40 token.
	GetS40() antlr.Token

	// GetS41 returns the s41 token.
	GetS41() antlr.Token

	// Get_tset449 returns the _tset449 token.
	Get_tset449() antlr.Token

	// SetS26 sets the s26 token.
	SetS26(antlr.Token)

	// SetS27 sets the s27 token.
	SetS27(antlr.Token)

	// SetS28 sets the s28 token.
	SetS28(antlr.Token)

	// SetS24 sets the s24 token.
	SetS24(antlr.Token)

	// SetS25 sets the s25 token.
	SetS25(antlr.Token)

	// SetS29 sets the s29 token.
	SetS29(antlr.Token)

	// SetS30 sets the s30 token.
	SetS30(antlr.Token)

	// SetS31 sets the s31 token.
	SetS31(antlr.Token)

	// SetS32 sets the s32 token.
	SetS32(antlr.Token)

	// SetS33 sets the s33 token.
	SetS33(antlr.Token)

	// SetS34 sets the s34 token.
	SetS34(antlr.Token)

	// SetS35 sets the s35 token.
	SetS35(antlr.Token)

	// SetS36 sets the s36 token.
	SetS36(antlr.Token)

	// SetS37 sets the s37 token.
	SetS37(antlr.Token)

	// SetS38 sets the s38 token.
	SetS38(antlr.Token)

	// SetS39 sets the s39 token.
	SetS39(antlr.Token)

	// SetS40 sets the s40 token.
	SetS40(antlr.Token)

	// SetS41 sets the s41 token.
	SetS41(antlr.Token)

	// Set_tset449 sets the _tset449 token.
	Set_tset449(antlr.Token)

	// GetOp returns the op token list.
	GetOp() []antlr.Token

	// SetOp sets the op token list.
	SetOp([]antlr.Token)

	// Getter signatures
	AllUnaryExpr() []IUnaryExprContext
	UnaryExpr(i int) IUnaryExprContext
	QUESTION() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	COLON() antlr.TerminalNode
	AllSTAR() []antlr.TerminalNode
	STAR(i int) antlr.TerminalNode
	AllSLASH() []antlr.TerminalNode
	SLASH(i int) antlr.TerminalNode
	AllPERCENT() []antlr.TerminalNode
	PERCENT(i int) antlr.TerminalNode
	AllPLUS() []antlr.TerminalNode
	PLUS(i int) antlr.TerminalNode
	AllMINUS() []antlr.TerminalNode
	MINUS(i int) antlr.TerminalNode
	AllSHL() []antlr.TerminalNode
	SHL(i int) antlr.TerminalNode
	AllSHR() []antlr.TerminalNode
	SHR(i int) antlr.TerminalNode
	AllLT() []antlr.TerminalNode
	LT(i int) antlr.TerminalNode
	AllLE() []antlr.TerminalNode
	LE(i int) antlr.TerminalNode
	AllGT() []antlr.TerminalNode
	GT(i int) antlr.TerminalNode
	AllGE() []antlr.TerminalNode
	GE(i int) antlr.TerminalNode
	AllEQ() []antlr.TerminalNode
	EQ(i int) antlr.TerminalNode
	AllNE() []antlr.TerminalNode
	NE(i int) antlr.TerminalNode
	AllAMP() []antlr.TerminalNode
	AMP(i int) antlr.TerminalNode
	AllCARET() []antlr.TerminalNode
	CARET(i int) antlr.TerminalNode
	AllPIPE() []antlr.TerminalNode
	PIPE(i int) antlr.TerminalNode
	AllANDAND() []antlr.TerminalNode
	ANDAND(i int) antlr.TerminalNode
	AllOROR() []antlr.TerminalNode
	OROR(i int) antlr.TerminalNode

	// IsExprContext differentiates from other interfaces.
	IsExprContext()
}

type ExprContext struct {
	antlr.BaseParserRuleContext
	parser   antlr.Parser
	s26      antlr.Token
	op       []antlr.Token
	s27      antlr.Token
	s28      antlr.Token
	s24      antlr.Token
	s25      antlr.Token
	s29      antlr.Token
	s30      antlr.Token
	s31      antlr.Token
	s32      antlr.Token
	s33      antlr.Token
	s34      antlr.Token
	s35      antlr.Token
	s36      antlr.Token
	s37      antlr.Token
	s38      antlr.Token
	s39      antlr.Token
	s40      antlr.Token
	s41      antlr.Token
	_tset449 antlr.Token
}

func NewEmptyExprContext() *ExprContext {
	var p = new(ExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_expr
	return p
}

func InitEmptyExprContext(p *ExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_expr
}

func (*ExprContext) IsExprContext() {}

func NewExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ExprContext {
	var p = new(ExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_expr

	return p
}

func (s *ExprContext) GetParser() antlr.Parser { return s.parser }

func (s *ExprContext) GetS26() antlr.Token { return s.s26 }

func (s *ExprContext) GetS27() antlr.Token { return s.s27 }

func (s *ExprContext) GetS28() antlr.Token { return s.s28 }

func (s *ExprContext) GetS24() antlr.Token { return s.s24 }

func (s *ExprContext) GetS25() antlr.Token { return s.s25 }

func (s *ExprContext) GetS29() antlr.Token { return s.s29 }

func (s *ExprContext) GetS30() antlr.Token { return s.s30 }

func (s *ExprContext) GetS31() antlr.Token { return s.s31 }

func (s *ExprContext) GetS32() antlr.Token { return s.s32 }

func (s *ExprContext) GetS33() antlr.Token { return s.s33 }

func (s *ExprContext) GetS34() antlr.Token { return s.s34 }

func (s *ExprContext) GetS35() antlr.Token { return s.s35 }

func (s *ExprContext) GetS36() antlr.Token { return s.s36 }

func (s *ExprContext) GetS37() antlr.Token { return s.s37 }

func (s *ExprContext) GetS38() antlr.Token { return s.s38 }

func (s *ExprContext) GetS39() antlr.Token { return s.s39 }

func (s *ExprContext) GetS40() antlr.Token { return s.s40 }

func (s *ExprContext) GetS41() antlr.Token { return s.s41 }

func (s *ExprContext) Get_tset449() antlr.Token { return s._tset449 }

func (s *ExprContext) SetS26(v antlr.Token) { s.s26 = v }

func (s *ExprContext) SetS27(v antlr.Token) { s.s27 = v }

func (s *ExprContext) SetS28(v antlr.Token) { s.s28 = v }

func (s *ExprContext) SetS24(v antlr.Token) { s.s24 = v }

func (s *ExprContext) SetS25(v antlr.Token) { s.s25 = v }

func (s *ExprContext) SetS29(v antlr.Token) { s.s29 = v }

func (s *ExprContext) SetS30(v antlr.Token) { s.s30 = v }

func (s *ExprContext) SetS31(v antlr.Token) { s.s31 = v }

func (s *ExprContext) SetS32(v antlr.Token) { s.s32 = v }

func (s *ExprContext) SetS33(v antlr.Token) { s.s33 = v }

func (s *ExprContext) SetS34(v antlr.Token) { s.s34 = v }

func (s *ExprContext) SetS35(v antlr.Token) { s.s35 = v }

func (s *ExprContext) SetS36(v antlr.Token) { s.s36 = v }

func (s *ExprContext) SetS37(v antlr.Token) { s.s37 = v }

func (s *ExprContext) SetS38(v antlr.Token) { s.s38 = v }

func (s *ExprContext) SetS39(v antlr.Token) { s.s39 = v }

func (s *ExprContext) SetS40(v antlr.Token) { s.s40 = v }

func (s *ExprContext) SetS41(v antlr.Token) { s.s41 = v }

func (s *ExprContext) Set_tset449(v antlr.Token) { s._tset449 = v }

func (s *ExprContext) GetOp() []antlr.Token { return s.op }

func (s *ExprContext) SetOp(v []antlr.Token) { s.op = v }

func (s *ExprContext) AllUnaryExpr() []IUnaryExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IUnaryExprContext); ok {
			len++
		}
	}

	tst := make([]IUnaryExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IUnaryExprContext); ok {
			tst[i] = t.(IUnaryExprContext)
			i++
		}
	}

	return tst
}

func (s *ExprContext) UnaryExpr(i int) IUnaryExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *ExprContext) QUESTION() antlr.TerminalNode {
	return s.GetToken(GsParserQUESTION, 0)
}

func (s *ExprContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *ExprContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExprContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
}

func (s *ExprContext) AllSTAR() []antlr.TerminalNode {
	return s.GetTokens(GsParserSTAR)
}

func (s *ExprContext) STAR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSTAR, i)
}

func (s *ExprContext) AllSLASH() []antlr.TerminalNode {
	return s.GetTokens(GsParserSLASH)
}

func (s *ExprContext) SLASH(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSLASH, i)
}

func (s *ExprContext) AllPERCENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserPERCENT)
}

func (s *ExprContext) PERCENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPERCENT, i)
}

func (s *ExprContext) AllPLUS() []antlr.TerminalNode {
	return s.GetTokens(GsParserPLUS)
}

func (s *ExprContext) PLUS(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPLUS, i)
}

func (s *ExprContext) AllMINUS() []antlr.TerminalNode {
	return s.GetTokens(GsParserMINUS)
}

func (s *ExprContext) MINUS(i int) antlr.TerminalNode {
	return s.GetToken(GsParserMINUS, i)
}

func (s *ExprContext) AllSHL() []antlr.TerminalNode {
	return s.GetTokens(GsParserSHL)
}

func (s *ExprContext) SHL(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSHL, i)
}

func (s *ExprContext) AllSHR() []antlr.TerminalNode {
	return s.GetTokens(GsParserSHR)
}

func (s *ExprContext) SHR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSHR, i)
}

func (s *ExprContext) AllLT() []antlr.TerminalNode {
	return s.GetTokens(GsParserLT)
}

func (s *ExprContext) LT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLT, i)
}

func (s *ExprContext) AllLE() []antlr.TerminalNode {
	return s.GetTokens(GsParserLE)
}

func (s *ExprContext) LE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLE, i)
}

func (s *ExprContext) AllGT() []antlr.TerminalNode {
	return s.GetTokens(GsParserGT)
}

func (s *ExprContext) GT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserGT, i)
}

func (s *ExprContext) AllGE() []antlr.TerminalNode {
	return s.GetTokens(GsParserGE)
}

func (s *ExprContext) GE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserGE, i)
}

func (s *ExprContext) AllEQ() []antlr.TerminalNode {
	return s.GetTokens(GsParserEQ)
}

func (s *ExprContext) EQ(i int) antlr.TerminalNode {
	return s.GetToken(GsParserEQ, i)
}

func (s *ExprContext) AllNE() []antlr.TerminalNode {
	return s.GetTokens(GsParserNE)
}

func (s *ExprContext) NE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserNE, i)
}

func (s *ExprContext) AllAMP() []antlr.TerminalNode {
	return s.GetTokens(GsParserAMP)
}

func (s *ExprContext) AMP(i int) antlr.TerminalNode {
	return s.GetToken(GsParserAMP, i)
}

func (s *ExprContext) AllCARET() []antlr.TerminalNode {
	return s.GetTokens(GsParserCARET)
}

func (s *ExprContext) CARET(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCARET, i)
}

func (s *ExprContext) AllPIPE() []antlr.TerminalNode {
	return s.GetTokens(GsParserPIPE)
}

func (s *ExprContext) PIPE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPIPE, i)
}

func (s *ExprContext) AllANDAND() []antlr.TerminalNode {
	return s.GetTokens(GsParserANDAND)
}

func (s *ExprContext) ANDAND(i int) antlr.TerminalNode {
	return s.GetToken(GsParserANDAND, i)
}

func (s *ExprContext) AllOROR() []antlr.TerminalNode {
	return s.GetTokens(GsParserOROR)
}

func (s *ExprContext) OROR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserOROR, i)
}

func (s *ExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ExprContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitExpr(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Expr() (localctx IExprContext) {
	localctx = NewExprContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 22, GsParserRULE_expr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(139)
		p.UnaryExpr()
	}
	p.SetState(144)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4398029733888) != 0 {
		{
			p.SetState(140)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*ExprContext)._tset449 = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4398029733888) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*ExprContext)._tset449 = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		localctx.(*ExprContext).op = append(localctx.(*ExprContext).op, localctx.(*ExprContext)._tset449)
		{
			p.SetState(141)
			p.UnaryExpr()
		}

		p.SetState(146)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(152)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserQUESTION {
		{
			p.SetState(147)
			p.Match(GsParserQUESTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(148)
			p.Expr()
		}
		{
			p.SetState(149)
			p.Match(GsParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(150)
			p.Expr()
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IAngleExprContext is an interface to support dynamic dispatch.
type IAngleExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetS26 returns the s26 token.
	GetS26() antlr.Token

	// GetS27 returns the s27 token.
	GetS27() antlr.Token

	// GetS28 returns the s28 token.
	GetS28() antlr.Token

	// GetS24 returns the s24 token.
	GetS24() antlr.Token

	// GetS25 returns the s25 token.
	GetS25() antlr.Token

	// GetS29 returns the s29 token.
	GetS29() antlr.Token

	// GetS31 returns the s31 token.
	GetS31() antlr.Token

	// GetS32 returns the s32 token.
	GetS32() antlr.Token

	// GetS35 returns the s35 token.
	GetS35() antlr.Token

	// GetS36 returns the s36 token.
	GetS36() antlr.Token

	// GetS37 returns the s37 token.
	GetS37() antlr.Token

	// GetS38 returns the s38 token.
	GetS38() antlr.Token

	// GetS39 returns the s39 token.
	GetS39() antlr.Token

	// GetS40 returns the s40 token.
	GetS40() antlr.Token

	// GetS41 returns the s41 token.
	GetS41() antlr.Token

	// Get_tset555 returns the _tset555 token.
	Get_tset555() antlr.Token

	// SetS26 sets the s26 token.
	SetS26(antlr.Token)

	// SetS27 sets the s27 token.
	SetS27(antlr.Token)

	// SetS28 sets the s28 token.
	SetS28(antlr.Token)

	// SetS24 sets the s24 token.
	SetS24(antlr.Token)

	// SetS25 sets the s25 token.
	SetS25(antlr.Token)

	// SetS29 sets the s29 token.
	SetS29(antlr.Token)

	// SetS31 sets the s31 token.
	SetS31(antlr.Token)

	// SetS32 sets the s32 token.
	SetS32(antlr.Token)

	// SetS35 sets the s35 token.
	SetS35(antlr.Token)

	// SetS36 sets the s36 token.
	SetS36(antlr.Token)

	// SetS37 sets the s37 token.
	SetS37(antlr.Token)

	// SetS38 sets the s38 token.
	SetS38(antlr.Token)

	// SetS39 sets the s39 token.
	SetS39(antlr.Token)

	// SetS40 sets the s40 token.
	SetS40(antlr.Token)

	// SetS41 sets the s41 token.
	SetS41(antlr.Token)

	// Set_tset555 sets the _tset555 token.
	Set_tset555(antlr.Token)

	// GetOp returns the op token list.
	GetOp() []antlr.Token

	// SetOp sets the op token list.
	SetOp([]antlr.Token)

	// Getter signatures
	AllUnaryExpr() []IUnaryExprContext
	UnaryExpr(i int) IUnaryExprContext
	QUESTION() antlr.TerminalNode
	AllAngleExpr() []IAngleExprContext
	AngleExpr(i int) IAngleExprContext
	COLON() antlr.TerminalNode
	AllSTAR() []antlr.TerminalNode
	STAR(i int) antlr.TerminalNode
	AllSLASH() []antlr.TerminalNode
	SLASH(i int) antlr.TerminalNode
	AllPERCENT() []antlr.TerminalNode
	PERCENT(i int) antlr.TerminalNode
	AllPLUS() []antlr.TerminalNode
	PLUS(i int) antlr.TerminalNode
	AllMINUS() []antlr.TerminalNode
	MINUS(i int) antlr.TerminalNode
	AllSHL() []antlr.TerminalNode
	SHL(i int) antlr.TerminalNode
	AllLT() []antlr.TerminalNode
	LT(i int) antlr.TerminalNode
	AllLE() []antlr.TerminalNode
	LE(i int) antlr.TerminalNode
	AllEQ() []antlr.TerminalNode
	EQ(i int) antlr.TerminalNode
	AllNE() []antlr.TerminalNode
	NE(i int) antlr.TerminalNode
	AllAMP() []antlr.TerminalNode
	AMP(i int) antlr.TerminalNode
	AllCARET() []antlr.TerminalNode
	CARET(i int) antlr.TerminalNode
	AllPIPE() []antlr.TerminalNode
	PIPE(i int) antlr.TerminalNode
	AllANDAND() []antlr.TerminalNode
	ANDAND(i int) antlr.TerminalNode
	AllOROR() []antlr.TerminalNode
	OROR(i int) antlr.TerminalNode

	// IsAngleExprContext differentiates from other interfaces.
	IsAngleExprContext()
}

type AngleExprContext struct {
	antlr.BaseParserRuleContext
	parser   antlr.Parser
	s26      antlr.Token
	op       []antlr.Token
	s27      antlr.Token
	s28      antlr.Token
	s24      antlr.Token
	s25      antlr.Token
	s29      antlr.Token
	s31      antlr.Token
	s32      antlr.Token
	s35      antlr.Token
	s36      antlr.Token
	s37      antlr.Token
	s38      antlr.Token
	s39      antlr.Token
	s40      antlr.Token
	s41      antlr.Token
	_tset555 antlr.Token
}

func NewEmptyAngleExprContext() *AngleExprContext {
	var p = new(AngleExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_angleExpr
	return p
}

func InitEmptyAngleExprContext(p *AngleExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_angleExpr
}

func (*AngleExprContext) IsAngleExprContext() {}

func NewAngleExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *AngleExprContext {
	var p = new(AngleExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_angleExpr

	return p
}

func (s *AngleExprContext) GetParser() antlr.Parser { return s.parser }

func (s *AngleExprContext) GetS26() antlr.Token { return s.s26 }

func (s *AngleExprContext) GetS27() antlr.Token { return s.s27 }

func (s *AngleExprContext) GetS28() antlr.Token { return s.s28 }

func (s *AngleExprContext) GetS24() antlr.Token { return s.s24 }

func (s *AngleExprContext) GetS25() antlr.Token { return s.s25 }

func (s *AngleExprContext) GetS29() antlr.Token { return s.s29 }

func (s *AngleExprContext) GetS31() antlr.Token { return s.s31 }

func (s *AngleExprContext) GetS32() antlr.Token { return s.s32 }

func (s *AngleExprContext) GetS35() antlr.Token { return s.s35 }

func (s *AngleExprContext) GetS36() antlr.Token { return s.s36 }

func (s *AngleExprContext) GetS37() antlr.Token { return s.s37 }

func (s *AngleExprContext) GetS38() antlr.Token { return s.s38 }

func (s *AngleExprContext) GetS39() antlr.Token { return s.s39 }

func (s *AngleExprContext) GetS40() antlr.Token { return s.s40 }

func (s *AngleExprContext) GetS41() antlr.Token { return s.s41 }

func (s *AngleExprContext) Get_tset555() antlr.Token { return s._tset555 }

func (s *AngleExprContext) SetS26(v antlr.Token) { s.s26 = v }

func (s *AngleExprContext) SetS27(v antlr.Token) { s.s27 = v }

func (s *AngleExprContext) SetS28(v antlr.Token) { s.s28 = v }

func (s *AngleExprContext) SetS24(v antlr.Token) { s.s24 = v }

func (s *AngleExprContext) SetS25(v antlr.Token) { s.s25 = v }

func (s *AngleExprContext) SetS29(v antlr.Token) { s.s29 = v }

func (s *AngleExprContext) SetS31(v antlr.Token) { s.s31 = v }

func (s *AngleExprContext) SetS32(v antlr.Token) { s.s32 = v }

func (s *AngleExprContext) SetS35(v antlr.Token) { s.s35 = v }

func (s *AngleExprContext) SetS36(v antlr.Token) { s.s36 = v }

func (s *AngleExprContext) SetS37(v antlr.Token) { s.s37 = v }

func (s *AngleExprContext) SetS38(v antlr.Token) { s.s38 = v }

func (s *AngleExprContext) SetS39(v antlr.Token) { s.s39 = v }

func (s *AngleExprContext) SetS40(v antlr.Token) { s.s40 = v }

func (s *AngleExprContext) SetS41(v antlr.Token) { s.s41 = v }

func (s *AngleExprContext) Set_tset555(v antlr.Token) { s._tset555 = v }

func (s *AngleExprContext) GetOp() []antlr.Token { return s.op }

func (s *AngleExprContext) SetOp(v []antlr.Token) { s.op = v }

func (s *AngleExprContext) AllUnaryExpr() []IUnaryExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IUnaryExprContext); ok {
			len++
		}
	}

	tst := make([]IUnaryExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IUnaryExprContext); ok {
			tst[i] = t.(IUnaryExprContext)
			i++
		}
	}

	return tst
}

func (s *AngleExprContext) UnaryExpr(i int) IUnaryExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *AngleExprContext) QUESTION() antlr.TerminalNode {
	return s.GetToken(GsParserQUESTION, 0)
}

func (s *AngleExprContext) AllAngleExpr() []IAngleExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IAngleExprContext); ok {
			len++
		}
	}

	tst := make([]IAngleExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IAngleExprContext); ok {
			tst[i] = t.(IAngleExprContext)
			i++
		}
	}

	return tst
}

func (s *AngleExprContext) AngleExpr(i int) IAngleExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAngleExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAngleExprContext)
}

func (s *AngleExprContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
}

func (s *AngleExprContext) AllSTAR() []antlr.TerminalNode {
	return s.GetTokens(GsParserSTAR)
}

func (s *AngleExprContext) STAR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSTAR, i)
}

func (s *AngleExprContext) AllSLASH() []antlr.TerminalNode {
	return s.GetTokens(GsParserSLASH)
}

func (s *AngleExprContext) SLASH(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSLASH, i)
}

func (s *AngleExprContext) AllPERCENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserPERCENT)
}

func (s *AngleExprContext) PERCENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPERCENT, i)
}

func (s *AngleExprContext) AllPLUS() []antlr.TerminalNode {
	return s.GetTokens(GsParserPLUS)
}

func (s *AngleExprContext) PLUS(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPLUS, i)
}

func (s *AngleExprContext) AllMINUS() []antlr.TerminalNode {
	return s.GetTokens(GsParserMINUS)
}

func (s *AngleExprContext) MINUS(i int) antlr.TerminalNode {
	return s.GetToken(GsParserMINUS, i)
}

func (s *AngleExprContext) AllSHL() []antlr.TerminalNode {
	return s.GetTokens(GsParserSHL)
}

func (s *AngleExprContext) SHL(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSHL, i)
}

func (s *AngleExprContext) AllLT() []antlr.TerminalNode {
	return s.GetTokens(GsParserLT)
}

func (s *AngleExprContext) LT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLT, i)
}

func (s *AngleExprContext) AllLE() []antlr.TerminalNode {
	return s.GetTokens(GsParserLE)
}

func (s *AngleExprContext) LE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLE, i)
}

func (s *AngleExprContext) AllEQ() []antlr.TerminalNode {
	return s.GetTokens(GsParserEQ)
}

func (s *AngleExprContext) EQ(i int) antlr.TerminalNode {
	return s.GetToken(GsParserEQ, i)
}

func (s *AngleExprContext) AllNE() []antlr.TerminalNode {
	return s.GetTokens(GsParserNE)
}

func (s *AngleExprContext) NE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserNE, i)
}

func (s *AngleExprContext) AllAMP() []antlr.TerminalNode {
	return s.GetTokens(GsParserAMP)
}

func (s *AngleExprContext) AMP(i int) antlr.TerminalNode {
	return s.GetToken(GsParserAMP, i)
}

func (s *AngleExprContext) AllCARET() []antlr.TerminalNode {
	return s.GetTokens(GsParserCARET)
}

func (s *AngleExprContext) CARET(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCARET, i)
}

func (s *AngleExprContext) AllPIPE() []antlr.TerminalNode {
	return s.GetTokens(GsParserPIPE)
}

func (s *AngleExprContext) PIPE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPIPE, i)
}

func (s *AngleExprContext) AllANDAND() []antlr.TerminalNode {
	return s.GetTokens(GsParserANDAND)
}

func (s *AngleExprContext) ANDAND(i int) antlr.TerminalNode {
	return s.GetToken(GsParserANDAND, i)
}

func (s *AngleExprContext) AllOROR() []antlr.TerminalNode {
	return s.GetTokens(GsParserOROR)
}

func (s *AngleExprContext) OROR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserOROR, i)
}

func (s *AngleExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AngleExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *AngleExprContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitAngleExpr(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) AngleExpr() (localctx IAngleExprContext) {
	localctx = NewAngleExprContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 24, GsParserRULE_angleExpr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(154)
		p.UnaryExpr()
	}
	p.SetState(159)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4371186188288) != 0 {
		{
			p.SetState(155)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*AngleExprContext)._tset555 = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4371186188288) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*AngleExprContext)._tset555 = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		localctx.(*AngleExprContext).op = append(localctx.(*AngleExprContext).op, localctx.(*AngleExprContext)._tset555)
		{
			p.SetState(156)
			p.UnaryExpr()
		}

		p.SetState(161)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(167)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserQUESTION {
		{
			p.SetState(162)
			p.Match(GsParserQUESTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(163)
			p.AngleExpr()
		}
		{
			p.SetState(164)
			p.Match(GsParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(165)
			p.AngleExpr()
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IFilterExprContext is an interface to support dynamic dispatch.
type IFilterExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetS26 returns the s26 token.
	GetS26() antlr.Token

	// GetS28 returns the s28 token.
	GetS28() antlr.Token

	// GetS24 returns the s24 token.
	GetS24() antlr.Token

	// GetS25 returns the s25 token.
	GetS25() antlr.Token

	// GetS29 returns the s29 token.
	GetS29() antlr.Token

	// GetS30 returns the s30 token.
	GetS30() antlr.Token

	// GetS31 returns the s31 token.
	GetS31() antlr.Token

	// GetS32 returns the s32 token.
	GetS32() antlr.Token

	// GetS33 returns the s33 token.
	GetS33() antlr.Token

	// GetS34 returns the s34 token.
	GetS34() antlr.Token

	// GetS35 returns the s35 token.
	GetS35() antlr.Token

	// GetS36 returns the s36 token.
	GetS36() antlr.Token

	// GetS37 returns the s37 token.
	GetS37() antlr.Token

	// GetS38 returns the s38 token.
	GetS38() antlr.Token

	// GetS39 returns the s39 token.
	GetS39() antlr.Token

	// GetS40 returns the s40 token.
	GetS40() antlr.Token

	// GetS41 returns the s41 token.
	GetS41() antlr.Token

	// Get_tset649 returns the _tset649 token.
	Get_tset649() antlr.Token

	// SetS26 sets the s26 token.
	SetS26(antlr.Token)

	// SetS28 sets the s28 token.
	SetS28(antlr.Token)

	// SetS24 sets the s24 token.
	SetS24(antlr.Token)

	// SetS25 sets the s25 token.
	SetS25(antlr.Token)

	// SetS29 sets the s29 token.
	SetS29(antlr.Token)

	// SetS30 sets the s30 token.
	SetS30(antlr.Token)

	// SetS31 sets the s31 token.
	SetS31(antlr.Token)

	// SetS32 sets the s32 token.
	SetS32(antlr.Token)

	// SetS33 sets the s33 token.
	SetS33(antlr.Token)

	// SetS34 sets the s34 token.
	SetS34(antlr.Token)

	// SetS35 sets the s35 token.
	SetS35(antlr.Token)

	// SetS36 sets the s36 token.
	SetS36(antlr.Token)

	// SetS37 sets the s37 token.
	SetS37(antlr.Token)

	// SetS38 sets the s38 token.
	SetS38(antlr.Token)

	// SetS39 sets the s39 token.
	SetS39(antlr.Token)

	// SetS40 sets the s40 token.
	SetS40(antlr.Token)

	// SetS41 sets the s41 token.
	SetS41(antlr.Token)

	// Set_tset649 sets the _tset649 token.
	Set_tset649(antlr.Token)

	// GetOp returns the op token list.
	GetOp() []antlr.Token

	// SetOp sets the op token list.
	SetOp([]antlr.Token)

	// Getter signatures
	AllUnaryExpr() []IUnaryExprContext
	UnaryExpr(i int) IUnaryExprContext
	QUESTION() antlr.TerminalNode
	AllFilterExpr() []IFilterExprContext
	FilterExpr(i int) IFilterExprContext
	COLON() antlr.TerminalNode
	AllSTAR() []antlr.TerminalNode
	STAR(i int) antlr.TerminalNode
	AllPERCENT() []antlr.TerminalNode
	PERCENT(i int) antlr.TerminalNode
	AllPLUS() []antlr.TerminalNode
	PLUS(i int) antlr.TerminalNode
	AllMINUS() []antlr.TerminalNode
	MINUS(i int) antlr.TerminalNode
	AllSHL() []antlr.TerminalNode
	SHL(i int) antlr.TerminalNode
	AllSHR() []antlr.TerminalNode
	SHR(i int) antlr.TerminalNode
	AllLT() []antlr.TerminalNode
	LT(i int) antlr.TerminalNode
	AllLE() []antlr.TerminalNode
	LE(i int) antlr.TerminalNode
	AllGT() []antlr.TerminalNode
	GT(i int) antlr.TerminalNode
	AllGE() []antlr.TerminalNode
	GE(i int) antlr.TerminalNode
	AllEQ() []antlr.TerminalNode
	EQ(i int) antlr.TerminalNode
	AllNE() []antlr.TerminalNode
	NE(i int) antlr.TerminalNode
	AllAMP() []antlr.TerminalNode
	AMP(i int) antlr.TerminalNode
	AllCARET() []antlr.TerminalNode
	CARET(i int) antlr.TerminalNode
	AllPIPE() []antlr.TerminalNode
	PIPE(i int) antlr.TerminalNode
	AllANDAND() []antlr.TerminalNode
	ANDAND(i int) antlr.TerminalNode
	AllOROR() []antlr.TerminalNode
	OROR(i int) antlr.TerminalNode

	// IsFilterExprContext differentiates from other interfaces.
	IsFilterExprContext()
}

type FilterExprContext struct {
	antlr.BaseParserRuleContext
	parser   antlr.Parser
	s26      antlr.Token
	op       []antlr.Token
	s28      antlr.Token
	s24      antlr.Token
	s25      antlr.Token
	s29      antlr.Token
	s30      antlr.Token
	s31      antlr.Token
	s32      antlr.Token
	s33      antlr.Token
	s34      antlr.Token
	s35      antlr.Token
	s36      antlr.Token
	s37      antlr.Token
	s38      antlr.Token
	s39      antlr.Token
	s40      antlr.Token
	s41      antlr.Token
	_tset649 antlr.Token
}

func NewEmptyFilterExprContext() *FilterExprContext {
	var p = new(FilterExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_filterExpr
	return p
}

func InitEmptyFilterExprContext(p *FilterExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_filterExpr
}

func (*FilterExprContext) IsFilterExprContext() {}

func NewFilterExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *FilterExprContext {
	var p = new(FilterExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_filterExpr

	return p
}

func (s *FilterExprContext) GetParser() antlr.Parser { return s.parser }

func (s *FilterExprContext) GetS26() antlr.Token { return s.s26 }

func (s *FilterExprContext) GetS28() antlr.Token { return s.s28 }

func (s *FilterExprContext) GetS24() antlr.Token { return s.s24 }

func (s *FilterExprContext) GetS25() antlr.Token { return s.s25 }

func (s *FilterExprContext) GetS29() antlr.Token { return s.s29 }

func (s *FilterExprContext) GetS30() antlr.Token { return s.s30 }

func (s *FilterExprContext) GetS31() antlr.Token { return s.s31 }

func (s *FilterExprContext) GetS32() antlr.Token { return s.s32 }

func (s *FilterExprContext) GetS33() antlr.Token { return s.s33 }

func (s *FilterExprContext) GetS34() antlr.Token { return s.s34 }

func (s *FilterExprContext) GetS35() antlr.Token { return s.s35 }

func (s *FilterExprContext) GetS36() antlr.Token { return s.s36 }

func (s *FilterExprContext) GetS37() antlr.Token { return s.s37 }

func (s *FilterExprContext) GetS38() antlr.Token { return s.s38 }

func (s *FilterExprContext) GetS39() antlr.Token { return s.s39 }

func (s *FilterExprContext) GetS40() antlr.Token { return s.s40 }

func (s *FilterExprContext) GetS41() antlr.Token { return s.s41 }

func (s *FilterExprContext) Get_tset649() antlr.Token { return s._tset649 }

func (s *FilterExprContext) SetS26(v antlr.Token) { s.s26 = v }

func (s *FilterExprContext) SetS28(v antlr.Token) { s.s28 = v }

func (s *FilterExprContext) SetS24(v antlr.Token) { s.s24 = v }

func (s *FilterExprContext) SetS25(v antlr.Token) { s.s25 = v }

func (s *FilterExprContext) SetS29(v antlr.Token) { s.s29 = v }

func (s *FilterExprContext) SetS30(v antlr.Token) { s.s30 = v }

func (s *FilterExprContext) SetS31(v antlr.Token) { s.s31 = v }

func (s *FilterExprContext) SetS32(v antlr.Token) { s.s32 = v }

func (s *FilterExprContext) SetS33(v antlr.Token) { s.s33 = v }

func (s *FilterExprContext) SetS34(v antlr.Token) { s.s34 = v }

func (s *FilterExprContext) SetS35(v antlr.Token) { s.s35 = v }

func (s *FilterExprContext) SetS36(v antlr.Token) { s.s36 = v }

func (s *FilterExprContext) SetS37(v antlr.Token) { s.s37 = v }

func (s *FilterExprContext) SetS38(v antlr.Token) { s.s38 = v }

func (s *FilterExprContext) SetS39(v antlr.Token) { s.s39 = v }

func (s *FilterExprContext) SetS40(v antlr.Token) { s.s40 = v }

func (s *FilterExprContext) SetS41(v antlr.Token) { s.s41 = v }

func (s *FilterExprContext) Set_tset649(v antlr.Token) { s._tset649 = v }

func (s *FilterExprContext) GetOp() []antlr.Token { return s.op }

func (s *FilterExprContext) SetOp(v []antlr.Token) { s.op = v }

func (s *FilterExprContext) AllUnaryExpr() []IUnaryExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IUnaryExprContext); ok {
			len++
		}
	}

	tst := make([]IUnaryExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IUnaryExprContext); ok {
			tst[i] = t.(IUnaryExprContext)
			i++
		}
	}

	return tst
}

func (s *FilterExprContext) UnaryExpr(i int) IUnaryExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *FilterExprContext) QUESTION() antlr.TerminalNode {
	return s.GetToken(GsParserQUESTION, 0)
}

func (s *FilterExprContext) AllFilterExpr() []IFilterExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IFilterExprContext); ok {
			len++
		}
	}

	tst := make([]IFilterExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IFilterExprContext); ok {
			tst[i] = t.(IFilterExprContext)
			i++
		}
	}

	return tst
}

func (s *FilterExprContext) FilterExpr(i int) IFilterExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IFilterExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IFilterExprContext)
}

func (s *FilterExprContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
}

func (s *FilterExprContext) AllSTAR() []antlr.TerminalNode {
	return s.GetTokens(GsParserSTAR)
}

func (s *FilterExprContext) STAR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSTAR, i)
}

func (s *FilterExprContext) AllPERCENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserPERCENT)
}

func (s *FilterExprContext) PERCENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPERCENT, i)
}

func (s *FilterExprContext) AllPLUS() []antlr.TerminalNode {
	return s.GetTokens(GsParserPLUS)
}

func (s *FilterExprContext) PLUS(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPLUS, i)
}

func (s *FilterExprContext) AllMINUS() []antlr.TerminalNode {
	return s.GetTokens(GsParserMINUS)
}

func (s *FilterExprContext) MINUS(i int) antlr.TerminalNode {
	return s.GetToken(GsParserMINUS, i)
}

func (s *FilterExprContext) AllSHL() []antlr.TerminalNode {
	return s.GetTokens(GsParserSHL)
}

func (s *FilterExprContext) SHL(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSHL, i)
}

func (s *FilterExprContext) AllSHR() []antlr.TerminalNode {
	return s.GetTokens(GsParserSHR)
}

func (s *FilterExprContext) SHR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSHR, i)
}

func (s *FilterExprContext) AllLT() []antlr.TerminalNode {
	return s.GetTokens(GsParserLT)
}

func (s *FilterExprContext) LT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLT, i)
}

func (s *FilterExprContext) AllLE() []antlr.TerminalNode {
	return s.GetTokens(GsParserLE)
}

func (s *FilterExprContext) LE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLE, i)
}

func (s *FilterExprContext) AllGT() []antlr.TerminalNode {
	return s.GetTokens(GsParserGT)
}

func (s *FilterExprContext) GT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserGT, i)
}

func (s *FilterExprContext) AllGE() []antlr.TerminalNode {
	return s.GetTokens(GsParserGE)
}

func (s *FilterExprContext) GE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserGE, i)
}

func (s *FilterExprContext) AllEQ() []antlr.TerminalNode {
	return s.GetTokens(GsParserEQ)
}

func (s *FilterExprContext) EQ(i int) antlr.TerminalNode {
	return s.GetToken(GsParserEQ, i)
}

func (s *FilterExprContext) AllNE() []antlr.TerminalNode {
	return s.GetTokens(GsParserNE)
}

func (s *FilterExprContext) NE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserNE, i)
}

func (s *FilterExprContext) AllAMP() []antlr.TerminalNode {
	return s.GetTokens(GsParserAMP)
}

func (s *FilterExprContext) AMP(i int) antlr.TerminalNode {
	return s.GetToken(GsParserAMP, i)
}

func (s *FilterExprContext) AllCARET() []antlr.TerminalNode {
	return s.GetTokens(GsParserCARET)
}

func (s *FilterExprContext) CARET(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCARET, i)
}

func (s *FilterExprContext) AllPIPE() []antlr.TerminalNode {
	return s.GetTokens(GsParserPIPE)
}

func (s *FilterExprContext) PIPE(i int) antlr.TerminalNode {
	return s.GetToken(GsParserPIPE, i)
}

func (s *FilterExprContext) AllANDAND() []antlr.TerminalNode {
	return s.GetTokens(GsParserANDAND)
}

func (s *FilterExprContext) ANDAND(i int) antlr.TerminalNode {
	return s.GetToken(GsParserANDAND, i)
}

func (s *FilterExprContext) AllOROR() []antlr.TerminalNode {
	return s.GetTokens(GsParserOROR)
}

func (s *FilterExprContext) OROR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserOROR, i)
}

func (s *FilterExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *FilterExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *FilterExprContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitFilterExpr(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) FilterExpr() (localctx IFilterExprContext) {
	localctx = NewFilterExprContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 26, GsParserRULE_filterExpr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(169)
		p.UnaryExpr()
	}
	p.SetState(174)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4397895516160) != 0 {
		{
			p.SetState(170)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*FilterExprContext)._tset649 = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4397895516160) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*FilterExprContext)._tset649 = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		localctx.(*FilterExprContext).op = append(localctx.(*FilterExprContext).op, localctx.(*FilterExprContext)._tset649)
		{
			p.SetState(171)
			p.UnaryExpr()
		}

		p.SetState(176)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(182)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserQUESTION {
		{
			p.SetState(177)
			p.Match(GsParserQUESTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(178)
			p.FilterExpr()
		}
		{
			p.SetState(179)
			p.Match(GsParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(180)
			p.FilterExpr()
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IUnaryExprContext is an interface to support dynamic dispatch.
type IUnaryExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetOp returns the op token.
	GetOp() antlr.Token

	// SetOp sets the op token.
	SetOp(antlr.Token)

	// Getter signatures
	PostfixExpr() IPostfixExprContext
	UnaryExpr() IUnaryExprContext
	NOT() antlr.TerminalNode
	TILDE() antlr.TerminalNode
	MINUS() antlr.TerminalNode
	STAR() antlr.TerminalNode
	AMP() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	CastType() ICastTypeContext
	RPAREN() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	CastOperand() ICastOperandContext

	// IsUnaryExprContext differentiates from other interfaces.
	IsUnaryExprContext()
}

type UnaryExprContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	op     antlr.Token
}

func NewEmptyUnaryExprContext() *UnaryExprContext {
	var p = new(UnaryExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_unaryExpr
	return p
}

func InitEmptyUnaryExprContext(p *UnaryExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_unaryExpr
}

func (*UnaryExprContext) IsUnaryExprContext() {}

func NewUnaryExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *UnaryExprContext {
	var p = new(UnaryExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_unaryExpr

	return p
}

func (s *UnaryExprContext) GetParser() antlr.Parser { return s.parser }

func (s *UnaryExprContext) GetOp() antlr.Token { return s.op }

func (s *UnaryExprContext) SetOp(v antlr.Token) { s.op = v }

func (s *UnaryExprContext) PostfixExpr() IPostfixExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPostfixExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPostfixExprContext)
}

func (s *UnaryExprContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *UnaryExprContext) NOT() antlr.TerminalNode {
	return s.GetToken(GsParserNOT, 0)
}

func (s *UnaryExprContext) TILDE() antlr.TerminalNode {
	return s.GetToken(GsParserTILDE, 0)
}

func (s *UnaryExprContext) MINUS() antlr.TerminalNode {
	return s.GetToken(GsParserMINUS, 0)
}

func (s *UnaryExprContext) STAR() antlr.TerminalNode {
	return s.GetToken(GsParserSTAR, 0)
}

func (s *UnaryExprContext) AMP() antlr.TerminalNode {
	return s.GetToken(GsParserAMP, 0)
}

func (s *UnaryExprContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *UnaryExprContext) CastType() ICastTypeContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICastTypeContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ICastTypeContext)
}

func (s *UnaryExprContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *UnaryExprContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *UnaryExprContext) CastOperand() ICastOperandContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICastOperandContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ICastOperandContext)
}

func (s *UnaryExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *UnaryExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *UnaryExprContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitUnaryExpr(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) UnaryExpr() (localctx IUnaryExprContext) {
	localctx = NewUnaryExprContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 28, GsParserRULE_unaryExpr)
	var _la int

	p.SetState(196)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 24, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(184)
			p.PostfixExpr()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(185)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*UnaryExprContext).op = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&137552199680) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*UnaryExprContext).op = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(186)
			p.UnaryExpr()
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(187)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(188)
			p.CastType()
		}
		{
			p.SetState(189)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(190)
			p.UnaryExpr()
		}

	case 4:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(192)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(193)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(194)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(195)
			p.CastOperand()
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ICastOperandContext is an interface to support dynamic dispatch.
type ICastOperandContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetOp returns the op token.
	GetOp() antlr.Token

	// SetOp sets the op token.
	SetOp(antlr.Token)

	// Getter signatures
	PostfixExpr() IPostfixExprContext
	UnaryExpr() IUnaryExprContext
	NOT() antlr.TerminalNode
	TILDE() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	CastType() ICastTypeContext
	RPAREN() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	CastOperand() ICastOperandContext

	// IsCastOperandContext differentiates from other interfaces.
	IsCastOperandContext()
}

type CastOperandContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	op     antlr.Token
}

func NewEmptyCastOperandContext() *CastOperandContext {
	var p = new(CastOperandContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_castOperand
	return p
}

func InitEmptyCastOperandContext(p *CastOperandContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_castOperand
}

func (*CastOperandContext) IsCastOperandContext() {}

func NewCastOperandContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CastOperandContext {
	var p = new(CastOperandContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_castOperand

	return p
}

func (s *CastOperandContext) GetParser() antlr.Parser { return s.parser }

func (s *CastOperandContext) GetOp() antlr.Token { return s.op }

func (s *CastOperandContext) SetOp(v antlr.Token) { s.op = v }

func (s *CastOperandContext) PostfixExpr() IPostfixExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPostfixExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPostfixExprContext)
}

func (s *CastOperandContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *CastOperandContext) NOT() antlr.TerminalNode {
	return s.GetToken(GsParserNOT, 0)
}

func (s *CastOperandContext) TILDE() antlr.TerminalNode {
	return s.GetToken(GsParserTILDE, 0)
}

func (s *CastOperandContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *CastOperandContext) CastType() ICastTypeContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICastTypeContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ICastTypeContext)
}

func (s *CastOperandContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *CastOperandContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CastOperandContext) CastOperand() ICastOperandContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICastOperandContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ICastOperandContext)
}

func (s *CastOperandContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CastOperandContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CastOperandContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCastOperand(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CastOperand() (localctx ICastOperandContext) {
	localctx = NewCastOperandContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 30, GsParserRULE_castOperand)
	var _la int

	p.SetState(210)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 25, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(198)
			p.PostfixExpr()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(199)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*CastOperandContext).op = _lt

			_la = p.GetTokenStream().LA(1)

			if !(_la == GsParserNOT || _la == GsParserTILDE) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*CastOperandContext).op = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(200)
			p.UnaryExpr()
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(201)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(202)
			p.CastType()
		}
		{
			p.SetState(203)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(204)
			p.UnaryExpr()
		}

	case 4:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(206)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(207)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(208)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(209)
			p.CastOperand()
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IPostfixExprContext is an interface to support dynamic dispatch.
type IPostfixExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetOp returns the op token.
	GetOp() antlr.Token

	// SetOp sets the op token.
	SetOp(antlr.Token)

	// Getter signatures
	Primary() IPrimaryContext
	AllIDENT() []antlr.TerminalNode
	IDENT(i int) antlr.TerminalNode
	AllLBRACK() []antlr.TerminalNode
	LBRACK(i int) antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	AllRBRACK() []antlr.TerminalNode
	RBRACK(i int) antlr.TerminalNode
	AllDOT() []antlr.TerminalNode
	DOT(i int) antlr.TerminalNode
	AllARROW() []antlr.TerminalNode
	ARROW(i int) antlr.TerminalNode
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsPostfixExprContext differentiates from other interfaces.
	IsPostfixExprContext()
}

type PostfixExprContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	op     antlr.Token
}

func NewEmptyPostfixExprContext() *PostfixExprContext {
	var p = new(PostfixExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_postfixExpr
	return p
}

func InitEmptyPostfixExprContext(p *PostfixExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_postfixExpr
}

func (*PostfixExprContext) IsPostfixExprContext() {}

func NewPostfixExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *PostfixExprContext {
	var p = new(PostfixExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_postfixExpr

	return p
}

func (s *PostfixExprContext) GetParser() antlr.Parser { return s.parser }

func (s *PostfixExprContext) GetOp() antlr.Token { return s.op }

func (s *PostfixExprContext) SetOp(v antlr.Token) { s.op = v }

func (s *PostfixExprContext) Primary() IPrimaryContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPrimaryContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPrimaryContext)
}

func (s *PostfixExprContext) AllIDENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserIDENT)
}

func (s *PostfixExprContext) IDENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, i)
}

func (s *PostfixExprContext) AllLBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserLBRACK)
}

func (s *PostfixExprContext) LBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLBRACK, i)
}

func (s *PostfixExprContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *PostfixExprContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *PostfixExprContext) AllRBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserRBRACK)
}

func (s *PostfixExprContext) RBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserRBRACK, i)
}

func (s *PostfixExprContext) AllDOT() []antlr.TerminalNode {
	return s.GetTokens(GsParserDOT)
}

func (s *PostfixExprContext) DOT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserDOT, i)
}

func (s *PostfixExprContext) AllARROW() []antlr.TerminalNode {
	return s.GetTokens(GsParserARROW)
}

func (s *PostfixExprContext) ARROW(i int) antlr.TerminalNode {
	return s.GetToken(GsParserARROW, i)
}

func (s *PostfixExprContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *PostfixExprContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *PostfixExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PostfixExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *PostfixExprContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitPostfixExpr(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) PostfixExpr() (localctx IPostfixExprContext) {
	localctx = NewPostfixExprContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 32, GsParserRULE_postfixExpr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(212)
		p.Primary()
	}
	p.SetState(228)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&790528) != 0 {
		p.SetState(226)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserDOT, GsParserARROW:
			{
				p.SetState(213)

				var _lt = p.GetTokenStream().LT(1)

				localctx.(*PostfixExprContext).op = _lt

				_la = p.GetTokenStream().LA(1)

				if !(_la == GsParserDOT || _la == GsParserARROW) {
					var _ri = p.GetErrorHandler().RecoverInline(p)

					localctx.(*PostfixExprContext).op = _ri
				} else {
					p.GetErrorHandler().ReportMatch(p)
					p.Consume()
				}
			}
			{
				p.SetState(214)
				p.Match(GsParserIDENT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		case GsParserLBRACK:
			{
				p.SetState(215)
				p.Match(GsParserLBRACK)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(216)
				p.Expr()
			}
			p.SetState(221)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			for _la == GsParserCOMMA {
				{
					p.SetState(217)
					p.Match(GsParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(218)
					p.Expr()
				}

				p.SetState(223)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)
			}
			{
				p.SetState(224)
				p.Match(GsParserRBRACK)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(230)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IPrimaryContext is an interface to support dynamic dispatch.
type IPrimaryContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	INT_LIT() antlr.TerminalNode
	CHAR_LIT() antlr.TerminalNode
	AllSTRING() []antlr.TerminalNode
	STRING(i int) antlr.TerminalNode
	TRUE() antlr.TerminalNode
	FALSE() antlr.TerminalNode
	AllIDENT() []antlr.TerminalNode
	IDENT(i int) antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	RPAREN() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode
	VAR() antlr.TerminalNode
	MAP() antlr.TerminalNode
	SIZEOF() antlr.TerminalNode
	CastType() ICastTypeContext
	OFFSETOF() antlr.TerminalNode
	TypeName() ITypeNameContext
	AllDOT() []antlr.TerminalNode
	DOT(i int) antlr.TerminalNode

	// IsPrimaryContext differentiates from other interfaces.
	IsPrimaryContext()
}

type PrimaryContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyPrimaryContext() *PrimaryContext {
	var p = new(PrimaryContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_primary
	return p
}

func InitEmptyPrimaryContext(p *PrimaryContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_primary
}

func (*PrimaryContext) IsPrimaryContext() {}

func NewPrimaryContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *PrimaryContext {
	var p = new(PrimaryContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_primary

	return p
}

func (s *PrimaryContext) GetParser() antlr.Parser { return s.parser }

func (s *PrimaryContext) INT_LIT() antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, 0)
}

func (s *PrimaryContext) CHAR_LIT() antlr.TerminalNode {
	return s.GetToken(GsParserCHAR_LIT, 0)
}

func (s *PrimaryContext) AllSTRING() []antlr.TerminalNode {
	return s.GetTokens(GsParserSTRING)
}

func (s *PrimaryContext) STRING(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSTRING, i)
}

func (s *PrimaryContext) TRUE() antlr.TerminalNode {
	return s.GetToken(GsParserTRUE, 0)
}

func (s *PrimaryContext) FALSE() antlr.TerminalNode {
	return s.GetToken(GsParserFALSE, 0)
}

func (s *PrimaryContext) AllIDENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserIDENT)
}

func (s *PrimaryContext) IDENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, i)
}

func (s *PrimaryContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *PrimaryContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *PrimaryContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *PrimaryContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *PrimaryContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *PrimaryContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *PrimaryContext) VAR() antlr.TerminalNode {
	return s.GetToken(GsParserVAR, 0)
}

func (s *PrimaryContext) MAP() antlr.TerminalNode {
	return s.GetToken(GsParserMAP, 0)
}

func (s *PrimaryContext) SIZEOF() antlr.TerminalNode {
	return s.GetToken(GsParserSIZEOF, 0)
}

func (s *PrimaryContext) CastType() ICastTypeContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICastTypeContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ICastTypeContext)
}

func (s *PrimaryContext) OFFSETOF() antlr.TerminalNode {
	return s.GetToken(GsParserOFFSETOF, 0)
}

func (s *PrimaryContext) TypeName() ITypeNameContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeNameContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeNameContext)
}

func (s *PrimaryContext) AllDOT() []antlr.TerminalNode {
	return s.GetTokens(GsParserDOT)
}

func (s *PrimaryContext) DOT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserDOT, i)
}

func (s *PrimaryContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PrimaryContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *PrimaryContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitPrimary(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Primary() (localctx IPrimaryContext) {
	localctx = NewPrimaryContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 34, GsParserRULE_primary)
	var _la int

	p.SetState(283)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserINT_LIT:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(231)
			p.Match(GsParserINT_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserCHAR_LIT:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(232)
			p.Match(GsParserCHAR_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserSTRING:
		p.EnterOuterAlt(localctx, 3)
		p.SetState(234)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for ok := true; ok; ok = _la == GsParserSTRING {
			{
				p.SetState(233)
				p.Match(GsParserSTRING)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(236)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	case GsParserTRUE:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(238)
			p.Match(GsParserTRUE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserFALSE:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(239)
			p.Match(GsParserFALSE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserIDENT:
		p.EnterOuterAlt(localctx, 6)
		{
			p.SetState(240)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(253)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserLPAREN {
			{
				p.SetState(241)
				p.Match(GsParserLPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			p.SetState(250)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&-9223371899302574724) != 0) || ((int64((_la-64)) & ^0x3f) == 0 && ((int64(1)<<(_la-64))&7) != 0) {
				{
					p.SetState(242)
					p.Expr()
				}
				p.SetState(247)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)

				for _la == GsParserCOMMA {
					{
						p.SetState(243)
						p.Match(GsParserCOMMA)
						if p.HasError() {
							// Recognition error - abort rule
							goto errorExit
						}
					}
					{
						p.SetState(244)
						p.Expr()
					}

					p.SetState(249)
					p.GetErrorHandler().Sync(p)
					if p.HasError() {
						goto errorExit
					}
					_la = p.GetTokenStream().LA(1)
				}

			}
			{
				p.SetState(252)
				p.Match(GsParserRPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}

	case GsParserVAR:
		p.EnterOuterAlt(localctx, 7)
		{
			p.SetState(255)
			p.Match(GsParserVAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserMAP:
		p.EnterOuterAlt(localctx, 8)
		{
			p.SetState(256)
			p.Match(GsParserMAP)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserSIZEOF:
		p.EnterOuterAlt(localctx, 9)
		{
			p.SetState(257)
			p.Match(GsParserSIZEOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(258)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(261)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 33, p.GetParserRuleContext()) {
		case 1:
			{
				p.SetState(259)
				p.Expr()
			}

		case 2:
			{
				p.SetState(260)
				p.CastType()
			}

		case antlr.ATNInvalidAltNumber:
			goto errorExit
		}
		{
			p.SetState(263)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserOFFSETOF:
		p.EnterOuterAlt(localctx, 10)
		{
			p.SetState(265)
			p.Match(GsParserOFFSETOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(266)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(267)
			p.TypeName()
		}
		{
			p.SetState(268)
			p.Match(GsParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(269)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(274)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserDOT {
			{
				p.SetState(270)
				p.Match(GsParserDOT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(271)
				p.Match(GsParserIDENT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(276)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}
		{
			p.SetState(277)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserLPAREN:
		p.EnterOuterAlt(localctx, 11)
		{
			p.SetState(279)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(280)
			p.Expr()
		}
		{
			p.SetState(281)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ITypeNameContext is an interface to support dynamic dispatch.
type ITypeNameContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	CastType() ICastTypeContext
	IDENT() antlr.TerminalNode

	// IsTypeNameContext differentiates from other interfaces.
	IsTypeNameContext()
}

type TypeNameContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTypeNameContext() *TypeNameContext {
	var p = new(TypeNameContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_typeName
	return p
}

func InitEmptyTypeNameContext(p *TypeNameContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_typeName
}

func (*TypeNameContext) IsTypeNameContext() {}

func NewTypeNameContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TypeNameContext {
	var p = new(TypeNameContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_typeName

	return p
}

func (s *TypeNameContext) GetParser() antlr.Parser { return s.parser }

func (s *TypeNameContext) CastType() ICastTypeContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICastTypeContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ICastTypeContext)
}

func (s *TypeNameContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *TypeNameContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TypeNameContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *TypeNameContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitTypeName(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) TypeName() (localctx ITypeNameContext) {
	localctx = NewTypeNameContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 36, GsParserRULE_typeName)
	p.SetState(287)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 36, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(285)
			p.CastType()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(286)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ICastTypeContext is an interface to support dynamic dispatch.
type ICastTypeContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	CONST() antlr.TerminalNode
	STRUCT() antlr.TerminalNode
	UNION() antlr.TerminalNode
	ENUM() antlr.TerminalNode
	AllSTAR() []antlr.TerminalNode
	STAR(i int) antlr.TerminalNode
	AllBuiltinType() []IBuiltinTypeContext
	BuiltinType(i int) IBuiltinTypeContext

	// IsCastTypeContext differentiates from other interfaces.
	IsCastTypeContext()
}

type CastTypeContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCastTypeContext() *CastTypeContext {
	var p = new(CastTypeContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_castType
	return p
}

func InitEmptyCastTypeContext(p *CastTypeContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_castType
}

func (*CastTypeContext) IsCastTypeContext() {}

func NewCastTypeContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CastTypeContext {
	var p = new(CastTypeContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_castType

	return p
}

func (s *CastTypeContext) GetParser() antlr.Parser { return s.parser }

func (s *CastTypeContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CastTypeContext) CONST() antlr.TerminalNode {
	return s.GetToken(GsParserCONST, 0)
}

func (s *CastTypeContext) STRUCT() antlr.TerminalNode {
	return s.GetToken(GsParserSTRUCT, 0)
}

func (s *CastTypeContext) UNION() antlr.TerminalNode {
	return s.GetToken(GsParserUNION, 0)
}

func (s *CastTypeContext) ENUM() antlr.TerminalNode {
	return s.GetToken(GsParserENUM, 0)
}

func (s *CastTypeContext) AllSTAR() []antlr.TerminalNode {
	return s.GetTokens(GsParserSTAR)
}

func (s *CastTypeContext) STAR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSTAR, i)
}

func (s *CastTypeContext) AllBuiltinType() []IBuiltinTypeContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBuiltinTypeContext); ok {
			len++
		}
	}

	tst := make([]IBuiltinTypeContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBuiltinTypeContext); ok {
			tst[i] = t.(IBuiltinTypeContext)
			i++
		}
	}

	return tst
}

func (s *CastTypeContext) BuiltinType(i int) IBuiltinTypeContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBuiltinTypeContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBuiltinTypeContext)
}

func (s *CastTypeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CastTypeContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CastTypeContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCastType(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CastType() (localctx ICastTypeContext) {
	localctx = NewCastTypeContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 38, GsParserRULE_castType)
	var _la int

	p.SetState(318)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 43, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		p.SetState(290)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserCONST {
			{
				p.SetState(289)
				p.Match(GsParserCONST)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		p.SetState(299)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserSTRUCT, GsParserUNION, GsParserENUM:
			{
				p.SetState(292)
				_la = p.GetTokenStream().LA(1)

				if !((int64((_la-67)) & ^0x3f) == 0 && ((int64(1)<<(_la-67))&7) != 0) {
					p.GetErrorHandler().RecoverInline(p)
				} else {
					p.GetErrorHandler().ReportMatch(p)
					p.Consume()
				}
			}
			{
				p.SetState(293)
				p.Match(GsParserIDENT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		case GsParserVOID, GsParserCHAR, GsParserSHORT, GsParserINT, GsParserLONG, GsParserSIGNED, GsParserUNSIGNED, GsParserFLOAT, GsParserDOUBLE, GsParserBOOL:
			p.SetState(295)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			for ok := true; ok; ok = ((int64((_la-71)) & ^0x3f) == 0 && ((int64(1)<<(_la-71))&1023) != 0) {
				{
					p.SetState(294)
					p.BuiltinType()
				}

				p.SetState(297)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}
		p.SetState(304)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserSTAR {
			{
				p.SetState(301)
				p.Match(GsParserSTAR)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(306)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		p.SetState(308)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserCONST {
			{
				p.SetState(307)
				p.Match(GsParserCONST)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(310)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(312)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for ok := true; ok; ok = _la == GsParserSTAR {
			{
				p.SetState(311)
				p.Match(GsParserSTAR)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(314)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(316)
			p.Match(GsParserCONST)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(317)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IBuiltinTypeContext is an interface to support dynamic dispatch.
type IBuiltinTypeContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	VOID() antlr.TerminalNode
	CHAR() antlr.TerminalNode
	SHORT() antlr.TerminalNode
	INT() antlr.TerminalNode
	LONG() antlr.TerminalNode
	SIGNED() antlr.TerminalNode
	UNSIGNED() antlr.TerminalNode
	FLOAT() antlr.TerminalNode
	DOUBLE() antlr.TerminalNode
	BOOL() antlr.TerminalNode

	// IsBuiltinTypeContext differentiates from other interfaces.
	IsBuiltinTypeContext()
}

type BuiltinTypeContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyBuiltinTypeContext() *BuiltinTypeContext {
	var p = new(BuiltinTypeContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_builtinType
	return p
}

func InitEmptyBuiltinTypeContext(p *BuiltinTypeContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_builtinType
}

func (*BuiltinTypeContext) IsBuiltinTypeContext() {}

func NewBuiltinTypeContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *BuiltinTypeContext {
	var p = new(BuiltinTypeContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_builtinType

	return p
}

func (s *BuiltinTypeContext) GetParser() antlr.Parser { return s.parser }

func (s *BuiltinTypeContext) VOID() antlr.TerminalNode {
	return s.GetToken(GsParserVOID, 0)
}

func (s *BuiltinTypeContext) CHAR() antlr.TerminalNode {
	return s.GetToken(GsParserCHAR, 0)
}

func (s *BuiltinTypeContext) SHORT() antlr.TerminalNode {
	return s.GetToken(GsParserSHORT, 0)
}

func (s *BuiltinTypeContext) INT() antlr.TerminalNode {
	return s.GetToken(GsParserINT, 0)
}

func (s *BuiltinTypeContext) LONG() antlr.TerminalNode {
	return s.GetToken(GsParserLONG, 0)
}

func (s *BuiltinTypeContext) SIGNED() antlr.TerminalNode {
	return s.GetToken(GsParserSIGNED, 0)
}

func (s *BuiltinTypeContext) UNSIGNED() antlr.TerminalNode {
	return s.GetToken(GsParserUNSIGNED, 0)
}

func (s *BuiltinTypeContext) FLOAT() antlr.TerminalNode {
	return s.GetToken(GsParserFLOAT, 0)
}

func (s *BuiltinTypeContext) DOUBLE() antlr.TerminalNode {
	return s.GetToken(GsParserDOUBLE, 0)
}

func (s *BuiltinTypeContext) BOOL() antlr.TerminalNode {
	return s.GetToken(GsParserBOOL, 0)
}

func (s *BuiltinTypeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BuiltinTypeContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *BuiltinTypeContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitBuiltinType(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) BuiltinType() (localctx IBuiltinTypeContext) {
	localctx = NewBuiltinTypeContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 40, GsParserRULE_builtinType)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(320)
		_la = p.GetTokenStream().LA(1)

		if !((int64((_la-71)) & ^0x3f) == 0 && ((int64(1)<<(_la-71))&1023) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}
