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
		"", "", "", "", "", "", "", "", "", "", "", "'('", "')'", "'['", "']'",
		"'{'", "'}'", "','", "';'", "'..'", "'.'", "'->'", "'?'", "':'", "'!'",
		"'~'", "'+'", "'-'", "'*'", "'/'", "'%'", "'<<'", "'>>'", "'<'", "'<='",
		"'>'", "'>='", "'=='", "'!='", "'&'", "'^'", "'|'", "'&&'", "'||'",
		"'='", "'+='", "'-='", "'*='", "'/='", "'%='", "'&='", "'|='", "'^='",
		"'<<='", "'>>='", "'++'", "'--'",
	}
	staticData.SymbolicNames = []string{
		"", "PROBE_SPEC", "IDENT", "VAR", "PARAM", "MAP", "INT_LIT", "STRING",
		"BAD_STRING", "CHAR_LIT", "BAD_CHAR_LIT", "LPAREN", "RPAREN", "LBRACK",
		"RBRACK", "LBRACE", "RBRACE", "COMMA", "SEMI", "DOTDOT", "DOT", "ARROW",
		"QUESTION", "COLON", "NOT", "TILDE", "PLUS", "MINUS", "STAR", "SLASH",
		"PERCENT", "SHL", "SHR", "LT", "LE", "GT", "GE", "EQ", "NE", "AMP",
		"CARET", "PIPE", "ANDAND", "OROR", "ASSIGN", "ADD_ASSIGN", "SUB_ASSIGN",
		"MUL_ASSIGN", "DIV_ASSIGN", "MOD_ASSIGN", "AND_ASSIGN", "OR_ASSIGN",
		"XOR_ASSIGN", "SHL_ASSIGN", "SHR_ASSIGN", "INC", "DEC", "WS", "HASH_LINE",
		"LINE_COMMENT", "BLOCK_COMMENT", "BAD_COMMENT", "BAD_CHARACTER", "BEGIN",
		"END", "IF", "ELSE", "RETURN", "TRUE", "FALSE", "SIZEOF", "OFFSETOF",
		"STRUCT", "UNION", "ENUM", "CONST", "VOID", "CHAR", "SHORT", "INT",
		"LONG", "SIGNED", "UNSIGNED", "FLOAT", "DOUBLE", "BOOL", "WHILE", "FOR",
		"UNROLL", "BREAK", "CONTINUE", "LET", "CONFIG", "MACRO", "TYPEOF", "IF_EXPR",
	}
	staticData.RuleNames = []string{
		"program", "mapDecl", "cDecl", "cField", "cDeclarator", "cAttribute",
		"cAttributeItem", "cFieldType", "cEnumerator", "configBlock", "configItem",
		"macroDecl", "macroParam", "group", "probe", "filter", "block", "stmtList",
		"angleStmtList", "blockStmt", "forHead", "ifStmt", "ifBody", "ifCond",
		"letStmt", "stmt", "angleStmt", "assignOp", "expr", "angleExpr", "filterExpr",
		"unaryExpr", "castOperand", "arrayDims", "postfixExpr", "primary", "atom",
		"typeofType", "typeName", "castType", "builtinType",
	}
	staticData.PredictionContextCache = antlr.NewPredictionContextCache()
	staticData.serializedATN = []int32{
		4, 1, 95, 714, 2, 0, 7, 0, 2, 1, 7, 1, 2, 2, 7, 2, 2, 3, 7, 3, 2, 4, 7,
		4, 2, 5, 7, 5, 2, 6, 7, 6, 2, 7, 7, 7, 2, 8, 7, 8, 2, 9, 7, 9, 2, 10, 7,
		10, 2, 11, 7, 11, 2, 12, 7, 12, 2, 13, 7, 13, 2, 14, 7, 14, 2, 15, 7, 15,
		2, 16, 7, 16, 2, 17, 7, 17, 2, 18, 7, 18, 2, 19, 7, 19, 2, 20, 7, 20, 2,
		21, 7, 21, 2, 22, 7, 22, 2, 23, 7, 23, 2, 24, 7, 24, 2, 25, 7, 25, 2, 26,
		7, 26, 2, 27, 7, 27, 2, 28, 7, 28, 2, 29, 7, 29, 2, 30, 7, 30, 2, 31, 7,
		31, 2, 32, 7, 32, 2, 33, 7, 33, 2, 34, 7, 34, 2, 35, 7, 35, 2, 36, 7, 36,
		2, 37, 7, 37, 2, 38, 7, 38, 2, 39, 7, 39, 2, 40, 7, 40, 1, 0, 1, 0, 1,
		0, 1, 0, 1, 0, 5, 0, 88, 8, 0, 10, 0, 12, 0, 91, 9, 0, 1, 0, 1, 0, 1, 1,
		1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 100, 8, 1, 1, 2, 1, 2, 1, 2, 1, 2, 5, 2,
		106, 8, 2, 10, 2, 12, 2, 109, 9, 2, 1, 2, 1, 2, 5, 2, 113, 8, 2, 10, 2,
		12, 2, 116, 9, 2, 1, 2, 3, 2, 119, 8, 2, 1, 2, 1, 2, 3, 2, 123, 8, 2, 1,
		2, 1, 2, 1, 2, 1, 2, 5, 2, 129, 8, 2, 10, 2, 12, 2, 132, 9, 2, 1, 2, 3,
		2, 135, 8, 2, 3, 2, 137, 8, 2, 1, 2, 1, 2, 3, 2, 141, 8, 2, 3, 2, 143,
		8, 2, 1, 3, 1, 3, 1, 3, 1, 3, 5, 3, 149, 8, 3, 10, 3, 12, 3, 152, 9, 3,
		1, 3, 3, 3, 155, 8, 3, 1, 4, 5, 4, 158, 8, 4, 10, 4, 12, 4, 161, 9, 4,
		1, 4, 1, 4, 1, 4, 1, 4, 5, 4, 167, 8, 4, 10, 4, 12, 4, 170, 9, 4, 1, 4,
		1, 4, 3, 4, 174, 8, 4, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 5, 5, 182, 8,
		5, 10, 5, 12, 5, 185, 9, 5, 1, 5, 1, 5, 1, 5, 1, 6, 1, 6, 1, 6, 1, 6, 3,
		6, 194, 8, 6, 1, 7, 3, 7, 197, 8, 7, 1, 7, 1, 7, 3, 7, 201, 8, 7, 1, 7,
		1, 7, 5, 7, 205, 8, 7, 10, 7, 12, 7, 208, 9, 7, 1, 7, 1, 7, 1, 7, 1, 7,
		4, 7, 214, 8, 7, 11, 7, 12, 7, 215, 1, 7, 3, 7, 219, 8, 7, 1, 8, 1, 8,
		1, 8, 3, 8, 224, 8, 8, 1, 8, 3, 8, 227, 8, 8, 1, 9, 1, 9, 1, 9, 1, 9, 1,
		9, 1, 9, 3, 9, 235, 8, 9, 5, 9, 237, 8, 9, 10, 9, 12, 9, 240, 9, 9, 3,
		9, 242, 8, 9, 1, 9, 1, 9, 1, 10, 1, 10, 1, 10, 1, 10, 1, 11, 1, 11, 1,
		11, 1, 11, 1, 11, 1, 11, 5, 11, 256, 8, 11, 10, 11, 12, 11, 259, 9, 11,
		3, 11, 261, 8, 11, 1, 11, 3, 11, 264, 8, 11, 1, 11, 1, 11, 1, 12, 1, 12,
		1, 13, 1, 13, 1, 13, 5, 13, 273, 8, 13, 10, 13, 12, 13, 276, 9, 13, 1,
		13, 3, 13, 279, 8, 13, 1, 13, 1, 13, 1, 14, 1, 14, 1, 15, 1, 15, 1, 15,
		1, 15, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 3, 16, 297,
		8, 16, 1, 17, 1, 17, 5, 17, 301, 8, 17, 10, 17, 12, 17, 304, 9, 17, 1,
		17, 1, 17, 1, 17, 3, 17, 309, 8, 17, 3, 17, 311, 8, 17, 1, 18, 1, 18, 5,
		18, 315, 8, 18, 10, 18, 12, 18, 318, 9, 18, 1, 18, 1, 18, 1, 18, 3, 18,
		323, 8, 18, 3, 18, 325, 8, 18, 1, 19, 1, 19, 1, 19, 1, 19, 1, 19, 1, 19,
		1, 19, 1, 19, 1, 19, 1, 19, 1, 19, 1, 19, 1, 19, 1, 19, 1, 19, 1, 19, 1,
		19, 1, 19, 1, 19, 3, 19, 346, 8, 19, 1, 19, 1, 19, 3, 19, 350, 8, 19, 1,
		20, 1, 20, 1, 20, 1, 20, 1, 20, 1, 20, 1, 20, 3, 20, 359, 8, 20, 1, 21,
		1, 21, 1, 21, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22, 3, 22, 370, 8,
		22, 3, 22, 372, 8, 22, 1, 23, 1, 23, 1, 23, 1, 23, 1, 23, 1, 23, 1, 23,
		1, 23, 1, 23, 1, 23, 1, 23, 1, 23, 1, 23, 5, 23, 387, 8, 23, 10, 23, 12,
		23, 390, 9, 23, 1, 23, 1, 23, 5, 23, 394, 8, 23, 10, 23, 12, 23, 397, 9,
		23, 3, 23, 399, 8, 23, 1, 24, 1, 24, 1, 24, 1, 24, 1, 24, 3, 24, 406, 8,
		24, 3, 24, 408, 8, 24, 1, 24, 1, 24, 3, 24, 412, 8, 24, 1, 24, 1, 24, 1,
		24, 1, 24, 3, 24, 418, 8, 24, 1, 25, 1, 25, 3, 25, 422, 8, 25, 1, 25, 1,
		25, 1, 25, 1, 25, 1, 25, 1, 25, 1, 25, 3, 25, 431, 8, 25, 3, 25, 433, 8,
		25, 1, 26, 1, 26, 3, 26, 437, 8, 26, 1, 26, 1, 26, 1, 26, 1, 26, 1, 26,
		1, 26, 1, 26, 3, 26, 446, 8, 26, 3, 26, 448, 8, 26, 1, 27, 1, 27, 1, 28,
		1, 28, 1, 28, 5, 28, 455, 8, 28, 10, 28, 12, 28, 458, 9, 28, 1, 28, 1,
		28, 3, 28, 462, 8, 28, 1, 28, 1, 28, 3, 28, 466, 8, 28, 1, 29, 1, 29, 1,
		29, 5, 29, 471, 8, 29, 10, 29, 12, 29, 474, 9, 29, 1, 29, 1, 29, 3, 29,
		478, 8, 29, 1, 29, 1, 29, 3, 29, 482, 8, 29, 1, 30, 1, 30, 1, 30, 5, 30,
		487, 8, 30, 10, 30, 12, 30, 490, 9, 30, 1, 30, 1, 30, 3, 30, 494, 8, 30,
		1, 30, 1, 30, 3, 30, 498, 8, 30, 1, 31, 1, 31, 1, 31, 1, 31, 1, 31, 1,
		31, 3, 31, 506, 8, 31, 1, 31, 1, 31, 1, 31, 1, 31, 1, 31, 1, 31, 1, 31,
		1, 31, 1, 31, 1, 31, 1, 31, 1, 31, 1, 31, 3, 31, 521, 8, 31, 1, 32, 1,
		32, 1, 32, 1, 32, 1, 32, 1, 32, 3, 32, 529, 8, 32, 1, 32, 1, 32, 1, 32,
		1, 32, 1, 32, 1, 32, 1, 32, 1, 32, 1, 32, 1, 32, 1, 32, 1, 32, 1, 32, 3,
		32, 544, 8, 32, 1, 33, 1, 33, 3, 33, 548, 8, 33, 1, 33, 4, 33, 551, 8,
		33, 11, 33, 12, 33, 552, 1, 34, 1, 34, 1, 34, 1, 34, 1, 34, 1, 34, 1, 34,
		5, 34, 562, 8, 34, 10, 34, 12, 34, 565, 9, 34, 1, 34, 1, 34, 1, 34, 5,
		34, 570, 8, 34, 10, 34, 12, 34, 573, 9, 34, 1, 35, 1, 35, 1, 35, 1, 35,
		1, 35, 5, 35, 580, 8, 35, 10, 35, 12, 35, 583, 9, 35, 1, 35, 3, 35, 586,
		8, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1,
		35, 5, 35, 598, 8, 35, 10, 35, 12, 35, 601, 9, 35, 1, 35, 3, 35, 604, 8,
		35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 1, 35, 3, 35, 614,
		8, 35, 1, 36, 1, 36, 1, 36, 4, 36, 619, 8, 36, 11, 36, 12, 36, 620, 1,
		36, 1, 36, 1, 36, 1, 36, 1, 36, 1, 36, 1, 36, 5, 36, 630, 8, 36, 10, 36,
		12, 36, 633, 9, 36, 3, 36, 635, 8, 36, 1, 36, 3, 36, 638, 8, 36, 1, 36,
		1, 36, 1, 36, 1, 36, 1, 36, 1, 36, 1, 36, 3, 36, 647, 8, 36, 1, 36, 1,
		36, 1, 36, 1, 36, 1, 36, 1, 36, 1, 36, 1, 36, 1, 36, 5, 36, 658, 8, 36,
		10, 36, 12, 36, 661, 9, 36, 1, 36, 1, 36, 1, 36, 3, 36, 666, 8, 36, 1,
		37, 1, 37, 1, 37, 1, 37, 3, 37, 672, 8, 37, 1, 37, 1, 37, 1, 38, 1, 38,
		1, 38, 3, 38, 679, 8, 38, 1, 39, 3, 39, 682, 8, 39, 1, 39, 1, 39, 1, 39,
		4, 39, 687, 8, 39, 11, 39, 12, 39, 688, 3, 39, 691, 8, 39, 1, 39, 5, 39,
		694, 8, 39, 10, 39, 12, 39, 697, 9, 39, 1, 39, 3, 39, 700, 8, 39, 1, 39,
		1, 39, 4, 39, 704, 8, 39, 11, 39, 12, 39, 705, 1, 39, 1, 39, 3, 39, 710,
		8, 39, 1, 40, 1, 40, 1, 40, 0, 0, 41, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18,
		20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54,
		56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 0, 16, 1, 0, 72, 73,
		1, 0, 72, 74, 3, 0, 2, 2, 6, 7, 68, 69, 2, 0, 2, 3, 5, 5, 2, 0, 1, 1, 63,
		64, 3, 0, 24, 25, 27, 28, 39, 39, 1, 0, 20, 21, 2, 0, 2, 2, 6, 6, 1, 0,
		44, 54, 1, 0, 26, 43, 3, 0, 26, 31, 33, 34, 37, 43, 2, 0, 26, 28, 30, 43,
		4, 0, 24, 25, 27, 28, 39, 39, 55, 56, 1, 0, 24, 25, 1, 0, 55, 56, 1, 0,
		76, 85, 809, 0, 89, 1, 0, 0, 0, 2, 94, 1, 0, 0, 0, 4, 142, 1, 0, 0, 0,
		6, 144, 1, 0, 0, 0, 8, 159, 1, 0, 0, 0, 10, 175, 1, 0, 0, 0, 12, 189, 1,
		0, 0, 0, 14, 196, 1, 0, 0, 0, 16, 220, 1, 0, 0, 0, 18, 228, 1, 0, 0, 0,
		20, 245, 1, 0, 0, 0, 22, 249, 1, 0, 0, 0, 24, 267, 1, 0, 0, 0, 26, 269,
		1, 0, 0, 0, 28, 282, 1, 0, 0, 0, 30, 284, 1, 0, 0, 0, 32, 296, 1, 0, 0,
		0, 34, 302, 1, 0, 0, 0, 36, 316, 1, 0, 0, 0, 38, 349, 1, 0, 0, 0, 40, 351,
		1, 0, 0, 0, 42, 360, 1, 0, 0, 0, 44, 363, 1, 0, 0, 0, 46, 398, 1, 0, 0,
		0, 48, 417, 1, 0, 0, 0, 50, 432, 1, 0, 0, 0, 52, 447, 1, 0, 0, 0, 54, 449,
		1, 0, 0, 0, 56, 451, 1, 0, 0, 0, 58, 467, 1, 0, 0, 0, 60, 483, 1, 0, 0,
		0, 62, 520, 1, 0, 0, 0, 64, 543, 1, 0, 0, 0, 66, 550, 1, 0, 0, 0, 68, 554,
		1, 0, 0, 0, 70, 613, 1, 0, 0, 0, 72, 665, 1, 0, 0, 0, 74, 667, 1, 0, 0,
		0, 76, 678, 1, 0, 0, 0, 78, 709, 1, 0, 0, 0, 80, 711, 1, 0, 0, 0, 82, 88,
		3, 4, 2, 0, 83, 88, 3, 18, 9, 0, 84, 88, 3, 22, 11, 0, 85, 88, 3, 2, 1,
		0, 86, 88, 3, 26, 13, 0, 87, 82, 1, 0, 0, 0, 87, 83, 1, 0, 0, 0, 87, 84,
		1, 0, 0, 0, 87, 85, 1, 0, 0, 0, 87, 86, 1, 0, 0, 0, 88, 91, 1, 0, 0, 0,
		89, 87, 1, 0, 0, 0, 89, 90, 1, 0, 0, 0, 90, 92, 1, 0, 0, 0, 91, 89, 1,
		0, 0, 0, 92, 93, 5, 0, 0, 1, 93, 1, 1, 0, 0, 0, 94, 95, 5, 91, 0, 0, 95,
		96, 5, 5, 0, 0, 96, 97, 5, 44, 0, 0, 97, 99, 3, 56, 28, 0, 98, 100, 5,
		18, 0, 0, 99, 98, 1, 0, 0, 0, 99, 100, 1, 0, 0, 0, 100, 3, 1, 0, 0, 0,
		101, 102, 7, 0, 0, 0, 102, 103, 5, 2, 0, 0, 103, 107, 5, 15, 0, 0, 104,
		106, 3, 6, 3, 0, 105, 104, 1, 0, 0, 0, 106, 109, 1, 0, 0, 0, 107, 105,
		1, 0, 0, 0, 107, 108, 1, 0, 0, 0, 108, 110, 1, 0, 0, 0, 109, 107, 1, 0,
		0, 0, 110, 114, 5, 16, 0, 0, 111, 113, 3, 10, 5, 0, 112, 111, 1, 0, 0,
		0, 113, 116, 1, 0, 0, 0, 114, 112, 1, 0, 0, 0, 114, 115, 1, 0, 0, 0, 115,
		118, 1, 0, 0, 0, 116, 114, 1, 0, 0, 0, 117, 119, 5, 18, 0, 0, 118, 117,
		1, 0, 0, 0, 118, 119, 1, 0, 0, 0, 119, 143, 1, 0, 0, 0, 120, 122, 5, 74,
		0, 0, 121, 123, 5, 2, 0, 0, 122, 121, 1, 0, 0, 0, 122, 123, 1, 0, 0, 0,
		123, 124, 1, 0, 0, 0, 124, 136, 5, 15, 0, 0, 125, 130, 3, 16, 8, 0, 126,
		127, 5, 17, 0, 0, 127, 129, 3, 16, 8, 0, 128, 126, 1, 0, 0, 0, 129, 132,
		1, 0, 0, 0, 130, 128, 1, 0, 0, 0, 130, 131, 1, 0, 0, 0, 131, 134, 1, 0,
		0, 0, 132, 130, 1, 0, 0, 0, 133, 135, 5, 17, 0, 0, 134, 133, 1, 0, 0, 0,
		134, 135, 1, 0, 0, 0, 135, 137, 1, 0, 0, 0, 136, 125, 1, 0, 0, 0, 136,
		137, 1, 0, 0, 0, 137, 138, 1, 0, 0, 0, 138, 140, 5, 16, 0, 0, 139, 141,
		5, 18, 0, 0, 140, 139, 1, 0, 0, 0, 140, 141, 1, 0, 0, 0, 141, 143, 1, 0,
		0, 0, 142, 101, 1, 0, 0, 0, 142, 120, 1, 0, 0, 0, 143, 5, 1, 0, 0, 0, 144,
		145, 3, 14, 7, 0, 145, 150, 3, 8, 4, 0, 146, 147, 5, 17, 0, 0, 147, 149,
		3, 8, 4, 0, 148, 146, 1, 0, 0, 0, 149, 152, 1, 0, 0, 0, 150, 148, 1, 0,
		0, 0, 150, 151, 1, 0, 0, 0, 151, 154, 1, 0, 0, 0, 152, 150, 1, 0, 0, 0,
		153, 155, 5, 18, 0, 0, 154, 153, 1, 0, 0, 0, 154, 155, 1, 0, 0, 0, 155,
		7, 1, 0, 0, 0, 156, 158, 5, 28, 0, 0, 157, 156, 1, 0, 0, 0, 158, 161, 1,
		0, 0, 0, 159, 157, 1, 0, 0, 0, 159, 160, 1, 0, 0, 0, 160, 162, 1, 0, 0,
		0, 161, 159, 1, 0, 0, 0, 162, 168, 5, 2, 0, 0, 163, 164, 5, 13, 0, 0, 164,
		165, 5, 6, 0, 0, 165, 167, 5, 14, 0, 0, 166, 163, 1, 0, 0, 0, 167, 170,
		1, 0, 0, 0, 168, 166, 1, 0, 0, 0, 168, 169, 1, 0, 0, 0, 169, 173, 1, 0,
		0, 0, 170, 168, 1, 0, 0, 0, 171, 172, 5, 23, 0, 0, 172, 174, 5, 6, 0, 0,
		173, 171, 1, 0, 0, 0, 173, 174, 1, 0, 0, 0, 174, 9, 1, 0, 0, 0, 175, 176,
		5, 2, 0, 0, 176, 177, 5, 11, 0, 0, 177, 178, 5, 11, 0, 0, 178, 183, 3,
		12, 6, 0, 179, 180, 5, 17, 0, 0, 180, 182, 3, 12, 6, 0, 181, 179, 1, 0,
		0, 0, 182, 185, 1, 0, 0, 0, 183, 181, 1, 0, 0, 0, 183, 184, 1, 0, 0, 0,
		184, 186, 1, 0, 0, 0, 185, 183, 1, 0, 0, 0, 186, 187, 5, 12, 0, 0, 187,
		188, 5, 12, 0, 0, 188, 11, 1, 0, 0, 0, 189, 193, 5, 2, 0, 0, 190, 191,
		5, 11, 0, 0, 191, 192, 5, 6, 0, 0, 192, 194, 5, 12, 0, 0, 193, 190, 1,
		0, 0, 0, 193, 194, 1, 0, 0, 0, 194, 13, 1, 0, 0, 0, 195, 197, 5, 75, 0,
		0, 196, 195, 1, 0, 0, 0, 196, 197, 1, 0, 0, 0, 197, 218, 1, 0, 0, 0, 198,
		200, 7, 0, 0, 0, 199, 201, 5, 2, 0, 0, 200, 199, 1, 0, 0, 0, 200, 201,
		1, 0, 0, 0, 201, 202, 1, 0, 0, 0, 202, 206, 5, 15, 0, 0, 203, 205, 3, 6,
		3, 0, 204, 203, 1, 0, 0, 0, 205, 208, 1, 0, 0, 0, 206, 204, 1, 0, 0, 0,
		206, 207, 1, 0, 0, 0, 207, 209, 1, 0, 0, 0, 208, 206, 1, 0, 0, 0, 209,
		219, 5, 16, 0, 0, 210, 211, 7, 1, 0, 0, 211, 219, 5, 2, 0, 0, 212, 214,
		3, 80, 40, 0, 213, 212, 1, 0, 0, 0, 214, 215, 1, 0, 0, 0, 215, 213, 1,
		0, 0, 0, 215, 216, 1, 0, 0, 0, 216, 219, 1, 0, 0, 0, 217, 219, 5, 2, 0,
		0, 218, 198, 1, 0, 0, 0, 218, 210, 1, 0, 0, 0, 218, 213, 1, 0, 0, 0, 218,
		217, 1, 0, 0, 0, 219, 15, 1, 0, 0, 0, 220, 226, 5, 2, 0, 0, 221, 223, 5,
		44, 0, 0, 222, 224, 5, 27, 0, 0, 223, 222, 1, 0, 0, 0, 223, 224, 1, 0,
		0, 0, 224, 225, 1, 0, 0, 0, 225, 227, 5, 6, 0, 0, 226, 221, 1, 0, 0, 0,
		226, 227, 1, 0, 0, 0, 227, 17, 1, 0, 0, 0, 228, 229, 5, 92, 0, 0, 229,
		230, 5, 44, 0, 0, 230, 241, 5, 15, 0, 0, 231, 238, 3, 20, 10, 0, 232, 234,
		5, 18, 0, 0, 233, 235, 3, 20, 10, 0, 234, 233, 1, 0, 0, 0, 234, 235, 1,
		0, 0, 0, 235, 237, 1, 0, 0, 0, 236, 232, 1, 0, 0, 0, 237, 240, 1, 0, 0,
		0, 238, 236, 1, 0, 0, 0, 238, 239, 1, 0, 0, 0, 239, 242, 1, 0, 0, 0, 240,
		238, 1, 0, 0, 0, 241, 231, 1, 0, 0, 0, 241, 242, 1, 0, 0, 0, 242, 243,
		1, 0, 0, 0, 243, 244, 5, 16, 0, 0, 244, 19, 1, 0, 0, 0, 245, 246, 5, 2,
		0, 0, 246, 247, 5, 44, 0, 0, 247, 248, 7, 2, 0, 0, 248, 21, 1, 0, 0, 0,
		249, 250, 5, 93, 0, 0, 250, 263, 5, 2, 0, 0, 251, 260, 5, 11, 0, 0, 252,
		257, 3, 24, 12, 0, 253, 254, 5, 17, 0, 0, 254, 256, 3, 24, 12, 0, 255,
		253, 1, 0, 0, 0, 256, 259, 1, 0, 0, 0, 257, 255, 1, 0, 0, 0, 257, 258,
		1, 0, 0, 0, 258, 261, 1, 0, 0, 0, 259, 257, 1, 0, 0, 0, 260, 252, 1, 0,
		0, 0, 260, 261, 1, 0, 0, 0, 261, 262, 1, 0, 0, 0, 262, 264, 5, 12, 0, 0,
		263, 251, 1, 0, 0, 0, 263, 264, 1, 0, 0, 0, 264, 265, 1, 0, 0, 0, 265,
		266, 3, 32, 16, 0, 266, 23, 1, 0, 0, 0, 267, 268, 7, 3, 0, 0, 268, 25,
		1, 0, 0, 0, 269, 274, 3, 28, 14, 0, 270, 271, 5, 17, 0, 0, 271, 273, 3,
		28, 14, 0, 272, 270, 1, 0, 0, 0, 273, 276, 1, 0, 0, 0, 274, 272, 1, 0,
		0, 0, 274, 275, 1, 0, 0, 0, 275, 278, 1, 0, 0, 0, 276, 274, 1, 0, 0, 0,
		277, 279, 3, 30, 15, 0, 278, 277, 1, 0, 0, 0, 278, 279, 1, 0, 0, 0, 279,
		280, 1, 0, 0, 0, 280, 281, 3, 32, 16, 0, 281, 27, 1, 0, 0, 0, 282, 283,
		7, 4, 0, 0, 283, 29, 1, 0, 0, 0, 284, 285, 5, 29, 0, 0, 285, 286, 3, 60,
		30, 0, 286, 287, 5, 29, 0, 0, 287, 31, 1, 0, 0, 0, 288, 289, 5, 15, 0,
		0, 289, 290, 3, 34, 17, 0, 290, 291, 5, 16, 0, 0, 291, 297, 1, 0, 0, 0,
		292, 293, 5, 33, 0, 0, 293, 294, 3, 36, 18, 0, 294, 295, 5, 35, 0, 0, 295,
		297, 1, 0, 0, 0, 296, 288, 1, 0, 0, 0, 296, 292, 1, 0, 0, 0, 297, 33, 1,
		0, 0, 0, 298, 301, 3, 38, 19, 0, 299, 301, 5, 18, 0, 0, 300, 298, 1, 0,
		0, 0, 300, 299, 1, 0, 0, 0, 301, 304, 1, 0, 0, 0, 302, 300, 1, 0, 0, 0,
		302, 303, 1, 0, 0, 0, 303, 310, 1, 0, 0, 0, 304, 302, 1, 0, 0, 0, 305,
		308, 3, 50, 25, 0, 306, 307, 5, 18, 0, 0, 307, 309, 3, 34, 17, 0, 308,
		306, 1, 0, 0, 0, 308, 309, 1, 0, 0, 0, 309, 311, 1, 0, 0, 0, 310, 305,
		1, 0, 0, 0, 310, 311, 1, 0, 0, 0, 311, 35, 1, 0, 0, 0, 312, 315, 3, 38,
		19, 0, 313, 315, 5, 18, 0, 0, 314, 312, 1, 0, 0, 0, 314, 313, 1, 0, 0,
		0, 315, 318, 1, 0, 0, 0, 316, 314, 1, 0, 0, 0, 316, 317, 1, 0, 0, 0, 317,
		324, 1, 0, 0, 0, 318, 316, 1, 0, 0, 0, 319, 322, 3, 52, 26, 0, 320, 321,
		5, 18, 0, 0, 321, 323, 3, 36, 18, 0, 322, 320, 1, 0, 0, 0, 322, 323, 1,
		0, 0, 0, 323, 325, 1, 0, 0, 0, 324, 319, 1, 0, 0, 0, 324, 325, 1, 0, 0,
		0, 325, 37, 1, 0, 0, 0, 326, 350, 3, 42, 21, 0, 327, 328, 5, 86, 0, 0,
		328, 329, 5, 11, 0, 0, 329, 330, 3, 56, 28, 0, 330, 331, 5, 12, 0, 0, 331,
		332, 3, 32, 16, 0, 332, 350, 1, 0, 0, 0, 333, 334, 5, 88, 0, 0, 334, 335,
		5, 11, 0, 0, 335, 336, 3, 56, 28, 0, 336, 337, 5, 12, 0, 0, 337, 338, 3,
		32, 16, 0, 338, 350, 1, 0, 0, 0, 339, 345, 5, 87, 0, 0, 340, 341, 5, 11,
		0, 0, 341, 342, 3, 40, 20, 0, 342, 343, 5, 12, 0, 0, 343, 346, 1, 0, 0,
		0, 344, 346, 3, 40, 20, 0, 345, 340, 1, 0, 0, 0, 345, 344, 1, 0, 0, 0,
		346, 347, 1, 0, 0, 0, 347, 348, 3, 32, 16, 0, 348, 350, 1, 0, 0, 0, 349,
		326, 1, 0, 0, 0, 349, 327, 1, 0, 0, 0, 349, 333, 1, 0, 0, 0, 349, 339,
		1, 0, 0, 0, 350, 39, 1, 0, 0, 0, 351, 352, 5, 3, 0, 0, 352, 358, 5, 23,
		0, 0, 353, 359, 5, 5, 0, 0, 354, 355, 3, 56, 28, 0, 355, 356, 5, 19, 0,
		0, 356, 357, 3, 56, 28, 0, 357, 359, 1, 0, 0, 0, 358, 353, 1, 0, 0, 0,
		358, 354, 1, 0, 0, 0, 359, 41, 1, 0, 0, 0, 360, 361, 5, 65, 0, 0, 361,
		362, 3, 44, 22, 0, 362, 43, 1, 0, 0, 0, 363, 364, 3, 46, 23, 0, 364, 371,
		3, 32, 16, 0, 365, 369, 5, 66, 0, 0, 366, 367, 5, 65, 0, 0, 367, 370, 3,
		44, 22, 0, 368, 370, 3, 32, 16, 0, 369, 366, 1, 0, 0, 0, 369, 368, 1, 0,
		0, 0, 370, 372, 1, 0, 0, 0, 371, 365, 1, 0, 0, 0, 371, 372, 1, 0, 0, 0,
		372, 45, 1, 0, 0, 0, 373, 374, 5, 11, 0, 0, 374, 375, 3, 56, 28, 0, 375,
		376, 5, 12, 0, 0, 376, 399, 1, 0, 0, 0, 377, 378, 7, 5, 0, 0, 378, 399,
		3, 62, 31, 0, 379, 395, 3, 72, 36, 0, 380, 381, 7, 6, 0, 0, 381, 394, 7,
		7, 0, 0, 382, 383, 5, 13, 0, 0, 383, 388, 3, 56, 28, 0, 384, 385, 5, 17,
		0, 0, 385, 387, 3, 56, 28, 0, 386, 384, 1, 0, 0, 0, 387, 390, 1, 0, 0,
		0, 388, 386, 1, 0, 0, 0, 388, 389, 1, 0, 0, 0, 389, 391, 1, 0, 0, 0, 390,
		388, 1, 0, 0, 0, 391, 392, 5, 14, 0, 0, 392, 394, 1, 0, 0, 0, 393, 380,
		1, 0, 0, 0, 393, 382, 1, 0, 0, 0, 394, 397, 1, 0, 0, 0, 395, 393, 1, 0,
		0, 0, 395, 396, 1, 0, 0, 0, 396, 399, 1, 0, 0, 0, 397, 395, 1, 0, 0, 0,
		398, 373, 1, 0, 0, 0, 398, 377, 1, 0, 0, 0, 398, 379, 1, 0, 0, 0, 399,
		47, 1, 0, 0, 0, 400, 401, 5, 91, 0, 0, 401, 407, 5, 3, 0, 0, 402, 403,
		5, 23, 0, 0, 403, 405, 3, 76, 38, 0, 404, 406, 3, 66, 33, 0, 405, 404,
		1, 0, 0, 0, 405, 406, 1, 0, 0, 0, 406, 408, 1, 0, 0, 0, 407, 402, 1, 0,
		0, 0, 407, 408, 1, 0, 0, 0, 408, 411, 1, 0, 0, 0, 409, 410, 5, 44, 0, 0,
		410, 412, 3, 56, 28, 0, 411, 409, 1, 0, 0, 0, 411, 412, 1, 0, 0, 0, 412,
		418, 1, 0, 0, 0, 413, 414, 5, 91, 0, 0, 414, 415, 5, 5, 0, 0, 415, 416,
		5, 44, 0, 0, 416, 418, 3, 56, 28, 0, 417, 400, 1, 0, 0, 0, 417, 413, 1,
		0, 0, 0, 418, 49, 1, 0, 0, 0, 419, 421, 5, 67, 0, 0, 420, 422, 3, 56, 28,
		0, 421, 420, 1, 0, 0, 0, 421, 422, 1, 0, 0, 0, 422, 433, 1, 0, 0, 0, 423,
		433, 5, 89, 0, 0, 424, 433, 5, 90, 0, 0, 425, 433, 3, 48, 24, 0, 426, 430,
		3, 56, 28, 0, 427, 428, 3, 54, 27, 0, 428, 429, 3, 56, 28, 0, 429, 431,
		1, 0, 0, 0, 430, 427, 1, 0, 0, 0, 430, 431, 1, 0, 0, 0, 431, 433, 1, 0,
		0, 0, 432, 419, 1, 0, 0, 0, 432, 423, 1, 0, 0, 0, 432, 424, 1, 0, 0, 0,
		432, 425, 1, 0, 0, 0, 432, 426, 1, 0, 0, 0, 433, 51, 1, 0, 0, 0, 434, 436,
		5, 67, 0, 0, 435, 437, 3, 58, 29, 0, 436, 435, 1, 0, 0, 0, 436, 437, 1,
		0, 0, 0, 437, 448, 1, 0, 0, 0, 438, 448, 5, 89, 0, 0, 439, 448, 5, 90,
		0, 0, 440, 448, 3, 48, 24, 0, 441, 445, 3, 58, 29, 0, 442, 443, 3, 54,
		27, 0, 443, 444, 3, 58, 29, 0, 444, 446, 1, 0, 0, 0, 445, 442, 1, 0, 0,
		0, 445, 446, 1, 0, 0, 0, 446, 448, 1, 0, 0, 0, 447, 434, 1, 0, 0, 0, 447,
		438, 1, 0, 0, 0, 447, 439, 1, 0, 0, 0, 447, 440, 1, 0, 0, 0, 447, 441,
		1, 0, 0, 0, 448, 53, 1, 0, 0, 0, 449, 450, 7, 8, 0, 0, 450, 55, 1, 0, 0,
		0, 451, 456, 3, 62, 31, 0, 452, 453, 7, 9, 0, 0, 453, 455, 3, 62, 31, 0,
		454, 452, 1, 0, 0, 0, 455, 458, 1, 0, 0, 0, 456, 454, 1, 0, 0, 0, 456,
		457, 1, 0, 0, 0, 457, 465, 1, 0, 0, 0, 458, 456, 1, 0, 0, 0, 459, 461,
		5, 22, 0, 0, 460, 462, 3, 56, 28, 0, 461, 460, 1, 0, 0, 0, 461, 462, 1,
		0, 0, 0, 462, 463, 1, 0, 0, 0, 463, 464, 5, 23, 0, 0, 464, 466, 3, 56,
		28, 0, 465, 459, 1, 0, 0, 0, 465, 466, 1, 0, 0, 0, 466, 57, 1, 0, 0, 0,
		467, 472, 3, 62, 31, 0, 468, 469, 7, 10, 0, 0, 469, 471, 3, 62, 31, 0,
		470, 468, 1, 0, 0, 0, 471, 474, 1, 0, 0, 0, 472, 470, 1, 0, 0, 0, 472,
		473, 1, 0, 0, 0, 473, 481, 1, 0, 0, 0, 474, 472, 1, 0, 0, 0, 475, 477,
		5, 22, 0, 0, 476, 478, 3, 58, 29, 0, 477, 476, 1, 0, 0, 0, 477, 478, 1,
		0, 0, 0, 478, 479, 1, 0, 0, 0, 479, 480, 5, 23, 0, 0, 480, 482, 3, 58,
		29, 0, 481, 475, 1, 0, 0, 0, 481, 482, 1, 0, 0, 0, 482, 59, 1, 0, 0, 0,
		483, 488, 3, 62, 31, 0, 484, 485, 7, 11, 0, 0, 485, 487, 3, 62, 31, 0,
		486, 484, 1, 0, 0, 0, 487, 490, 1, 0, 0, 0, 488, 486, 1, 0, 0, 0, 488,
		489, 1, 0, 0, 0, 489, 497, 1, 0, 0, 0, 490, 488, 1, 0, 0, 0, 491, 493,
		5, 22, 0, 0, 492, 494, 3, 60, 30, 0, 493, 492, 1, 0, 0, 0, 493, 494, 1,
		0, 0, 0, 494, 495, 1, 0, 0, 0, 495, 496, 5, 23, 0, 0, 496, 498, 3, 60,
		30, 0, 497, 491, 1, 0, 0, 0, 497, 498, 1, 0, 0, 0, 498, 61, 1, 0, 0, 0,
		499, 521, 3, 68, 34, 0, 500, 501, 7, 12, 0, 0, 501, 521, 3, 62, 31, 0,
		502, 503, 5, 11, 0, 0, 503, 505, 3, 78, 39, 0, 504, 506, 3, 66, 33, 0,
		505, 504, 1, 0, 0, 0, 505, 506, 1, 0, 0, 0, 506, 507, 1, 0, 0, 0, 507,
		508, 5, 12, 0, 0, 508, 509, 3, 62, 31, 0, 509, 521, 1, 0, 0, 0, 510, 511,
		5, 11, 0, 0, 511, 512, 5, 2, 0, 0, 512, 513, 3, 66, 33, 0, 513, 514, 5,
		12, 0, 0, 514, 515, 3, 64, 32, 0, 515, 521, 1, 0, 0, 0, 516, 517, 5, 11,
		0, 0, 517, 518, 5, 2, 0, 0, 518, 519, 5, 12, 0, 0, 519, 521, 3, 64, 32,
		0, 520, 499, 1, 0, 0, 0, 520, 500, 1, 0, 0, 0, 520, 502, 1, 0, 0, 0, 520,
		510, 1, 0, 0, 0, 520, 516, 1, 0, 0, 0, 521, 63, 1, 0, 0, 0, 522, 544, 3,
		68, 34, 0, 523, 524, 7, 13, 0, 0, 524, 544, 3, 62, 31, 0, 525, 526, 5,
		11, 0, 0, 526, 528, 3, 78, 39, 0, 527, 529, 3, 66, 33, 0, 528, 527, 1,
		0, 0, 0, 528, 529, 1, 0, 0, 0, 529, 530, 1, 0, 0, 0, 530, 531, 5, 12, 0,
		0, 531, 532, 3, 62, 31, 0, 532, 544, 1, 0, 0, 0, 533, 534, 5, 11, 0, 0,
		534, 535, 5, 2, 0, 0, 535, 536, 3, 66, 33, 0, 536, 537, 5, 12, 0, 0, 537,
		538, 3, 64, 32, 0, 538, 544, 1, 0, 0, 0, 539, 540, 5, 11, 0, 0, 540, 541,
		5, 2, 0, 0, 541, 542, 5, 12, 0, 0, 542, 544, 3, 64, 32, 0, 543, 522, 1,
		0, 0, 0, 543, 523, 1, 0, 0, 0, 543, 525, 1, 0, 0, 0, 543, 533, 1, 0, 0,
		0, 543, 539, 1, 0, 0, 0, 544, 65, 1, 0, 0, 0, 545, 547, 5, 13, 0, 0, 546,
		548, 5, 6, 0, 0, 547, 546, 1, 0, 0, 0, 547, 548, 1, 0, 0, 0, 548, 549,
		1, 0, 0, 0, 549, 551, 5, 14, 0, 0, 550, 545, 1, 0, 0, 0, 551, 552, 1, 0,
		0, 0, 552, 550, 1, 0, 0, 0, 552, 553, 1, 0, 0, 0, 553, 67, 1, 0, 0, 0,
		554, 571, 3, 70, 35, 0, 555, 556, 7, 6, 0, 0, 556, 570, 7, 7, 0, 0, 557,
		558, 5, 13, 0, 0, 558, 563, 3, 56, 28, 0, 559, 560, 5, 17, 0, 0, 560, 562,
		3, 56, 28, 0, 561, 559, 1, 0, 0, 0, 562, 565, 1, 0, 0, 0, 563, 561, 1,
		0, 0, 0, 563, 564, 1, 0, 0, 0, 564, 566, 1, 0, 0, 0, 565, 563, 1, 0, 0,
		0, 566, 567, 5, 14, 0, 0, 567, 570, 1, 0, 0, 0, 568, 570, 7, 14, 0, 0,
		569, 555, 1, 0, 0, 0, 569, 557, 1, 0, 0, 0, 569, 568, 1, 0, 0, 0, 570,
		573, 1, 0, 0, 0, 571, 569, 1, 0, 0, 0, 571, 572, 1, 0, 0, 0, 572, 69, 1,
		0, 0, 0, 573, 571, 1, 0, 0, 0, 574, 614, 3, 72, 36, 0, 575, 576, 5, 11,
		0, 0, 576, 581, 3, 56, 28, 0, 577, 578, 5, 17, 0, 0, 578, 580, 3, 56, 28,
		0, 579, 577, 1, 0, 0, 0, 580, 583, 1, 0, 0, 0, 581, 579, 1, 0, 0, 0, 581,
		582, 1, 0, 0, 0, 582, 585, 1, 0, 0, 0, 583, 581, 1, 0, 0, 0, 584, 586,
		5, 17, 0, 0, 585, 584, 1, 0, 0, 0, 585, 586, 1, 0, 0, 0, 586, 587, 1, 0,
		0, 0, 587, 588, 5, 12, 0, 0, 588, 614, 1, 0, 0, 0, 589, 590, 5, 11, 0,
		0, 590, 591, 5, 2, 0, 0, 591, 592, 5, 44, 0, 0, 592, 599, 3, 56, 28, 0,
		593, 594, 5, 17, 0, 0, 594, 595, 5, 2, 0, 0, 595, 596, 5, 44, 0, 0, 596,
		598, 3, 56, 28, 0, 597, 593, 1, 0, 0, 0, 598, 601, 1, 0, 0, 0, 599, 597,
		1, 0, 0, 0, 599, 600, 1, 0, 0, 0, 600, 603, 1, 0, 0, 0, 601, 599, 1, 0,
		0, 0, 602, 604, 5, 17, 0, 0, 603, 602, 1, 0, 0, 0, 603, 604, 1, 0, 0, 0,
		604, 605, 1, 0, 0, 0, 605, 606, 5, 12, 0, 0, 606, 614, 1, 0, 0, 0, 607,
		608, 5, 15, 0, 0, 608, 609, 3, 34, 17, 0, 609, 610, 5, 16, 0, 0, 610, 614,
		1, 0, 0, 0, 611, 612, 5, 95, 0, 0, 612, 614, 3, 44, 22, 0, 613, 574, 1,
		0, 0, 0, 613, 575, 1, 0, 0, 0, 613, 589, 1, 0, 0, 0, 613, 607, 1, 0, 0,
		0, 613, 611, 1, 0, 0, 0, 614, 71, 1, 0, 0, 0, 615, 666, 5, 6, 0, 0, 616,
		666, 5, 9, 0, 0, 617, 619, 5, 7, 0, 0, 618, 617, 1, 0, 0, 0, 619, 620,
		1, 0, 0, 0, 620, 618, 1, 0, 0, 0, 620, 621, 1, 0, 0, 0, 621, 666, 1, 0,
		0, 0, 622, 666, 5, 68, 0, 0, 623, 666, 5, 69, 0, 0, 624, 637, 5, 2, 0,
		0, 625, 634, 5, 11, 0, 0, 626, 631, 3, 56, 28, 0, 627, 628, 5, 17, 0, 0,
		628, 630, 3, 56, 28, 0, 629, 627, 1, 0, 0, 0, 630, 633, 1, 0, 0, 0, 631,
		629, 1, 0, 0, 0, 631, 632, 1, 0, 0, 0, 632, 635, 1, 0, 0, 0, 633, 631,
		1, 0, 0, 0, 634, 626, 1, 0, 0, 0, 634, 635, 1, 0, 0, 0, 635, 636, 1, 0,
		0, 0, 636, 638, 5, 12, 0, 0, 637, 625, 1, 0, 0, 0, 637, 638, 1, 0, 0, 0,
		638, 666, 1, 0, 0, 0, 639, 666, 5, 3, 0, 0, 640, 666, 5, 4, 0, 0, 641,
		666, 5, 5, 0, 0, 642, 643, 5, 70, 0, 0, 643, 646, 5, 11, 0, 0, 644, 647,
		3, 56, 28, 0, 645, 647, 3, 78, 39, 0, 646, 644, 1, 0, 0, 0, 646, 645, 1,
		0, 0, 0, 647, 648, 1, 0, 0, 0, 648, 649, 5, 12, 0, 0, 649, 666, 1, 0, 0,
		0, 650, 651, 5, 71, 0, 0, 651, 652, 5, 11, 0, 0, 652, 653, 3, 76, 38, 0,
		653, 654, 5, 17, 0, 0, 654, 659, 5, 2, 0, 0, 655, 656, 5, 20, 0, 0, 656,
		658, 5, 2, 0, 0, 657, 655, 1, 0, 0, 0, 658, 661, 1, 0, 0, 0, 659, 657,
		1, 0, 0, 0, 659, 660, 1, 0, 0, 0, 660, 662, 1, 0, 0, 0, 661, 659, 1, 0,
		0, 0, 662, 663, 5, 12, 0, 0, 663, 666, 1, 0, 0, 0, 664, 666, 3, 74, 37,
		0, 665, 615, 1, 0, 0, 0, 665, 616, 1, 0, 0, 0, 665, 618, 1, 0, 0, 0, 665,
		622, 1, 0, 0, 0, 665, 623, 1, 0, 0, 0, 665, 624, 1, 0, 0, 0, 665, 639,
		1, 0, 0, 0, 665, 640, 1, 0, 0, 0, 665, 641, 1, 0, 0, 0, 665, 642, 1, 0,
		0, 0, 665, 650, 1, 0, 0, 0, 665, 664, 1, 0, 0, 0, 666, 73, 1, 0, 0, 0,
		667, 668, 5, 94, 0, 0, 668, 671, 5, 11, 0, 0, 669, 672, 3, 78, 39, 0, 670,
		672, 3, 56, 28, 0, 671, 669, 1, 0, 0, 0, 671, 670, 1, 0, 0, 0, 672, 673,
		1, 0, 0, 0, 673, 674, 5, 12, 0, 0, 674, 75, 1, 0, 0, 0, 675, 679, 3, 78,
		39, 0, 676, 679, 5, 2, 0, 0, 677, 679, 3, 74, 37, 0, 678, 675, 1, 0, 0,
		0, 678, 676, 1, 0, 0, 0, 678, 677, 1, 0, 0, 0, 679, 77, 1, 0, 0, 0, 680,
		682, 5, 75, 0, 0, 681, 680, 1, 0, 0, 0, 681, 682, 1, 0, 0, 0, 682, 690,
		1, 0, 0, 0, 683, 684, 7, 1, 0, 0, 684, 691, 5, 2, 0, 0, 685, 687, 3, 80,
		40, 0, 686, 685, 1, 0, 0, 0, 687, 688, 1, 0, 0, 0, 688, 686, 1, 0, 0, 0,
		688, 689, 1, 0, 0, 0, 689, 691, 1, 0, 0, 0, 690, 683, 1, 0, 0, 0, 690,
		686, 1, 0, 0, 0, 691, 695, 1, 0, 0, 0, 692, 694, 5, 28, 0, 0, 693, 692,
		1, 0, 0, 0, 694, 697, 1, 0, 0, 0, 695, 693, 1, 0, 0, 0, 695, 696, 1, 0,
		0, 0, 696, 710, 1, 0, 0, 0, 697, 695, 1, 0, 0, 0, 698, 700, 5, 75, 0, 0,
		699, 698, 1, 0, 0, 0, 699, 700, 1, 0, 0, 0, 700, 701, 1, 0, 0, 0, 701,
		703, 5, 2, 0, 0, 702, 704, 5, 28, 0, 0, 703, 702, 1, 0, 0, 0, 704, 705,
		1, 0, 0, 0, 705, 703, 1, 0, 0, 0, 705, 706, 1, 0, 0, 0, 706, 710, 1, 0,
		0, 0, 707, 708, 5, 75, 0, 0, 708, 710, 5, 2, 0, 0, 709, 681, 1, 0, 0, 0,
		709, 699, 1, 0, 0, 0, 709, 707, 1, 0, 0, 0, 710, 79, 1, 0, 0, 0, 711, 712,
		7, 15, 0, 0, 712, 81, 1, 0, 0, 0, 101, 87, 89, 99, 107, 114, 118, 122,
		130, 134, 136, 140, 142, 150, 154, 159, 168, 173, 183, 193, 196, 200, 206,
		215, 218, 223, 226, 234, 238, 241, 257, 260, 263, 274, 278, 296, 300, 302,
		308, 310, 314, 316, 322, 324, 345, 349, 358, 369, 371, 388, 393, 395, 398,
		405, 407, 411, 417, 421, 430, 432, 436, 445, 447, 456, 461, 465, 472, 477,
		481, 488, 493, 497, 505, 520, 528, 543, 547, 552, 563, 569, 571, 581, 585,
		599, 603, 613, 620, 631, 634, 637, 646, 659, 665, 671, 678, 681, 688, 690,
		695, 699, 705, 709,
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
	GsParserPARAM         = 4
	GsParserMAP           = 5
	GsParserINT_LIT       = 6
	GsParserSTRING        = 7
	GsParserBAD_STRING    = 8
	GsParserCHAR_LIT      = 9
	GsParserBAD_CHAR_LIT  = 10
	GsParserLPAREN        = 11
	GsParserRPAREN        = 12
	GsParserLBRACK        = 13
	GsParserRBRACK        = 14
	GsParserLBRACE        = 15
	GsParserRBRACE        = 16
	GsParserCOMMA         = 17
	GsParserSEMI          = 18
	GsParserDOTDOT        = 19
	GsParserDOT           = 20
	GsParserARROW         = 21
	GsParserQUESTION      = 22
	GsParserCOLON         = 23
	GsParserNOT           = 24
	GsParserTILDE         = 25
	GsParserPLUS          = 26
	GsParserMINUS         = 27
	GsParserSTAR          = 28
	GsParserSLASH         = 29
	GsParserPERCENT       = 30
	GsParserSHL           = 31
	GsParserSHR           = 32
	GsParserLT            = 33
	GsParserLE            = 34
	GsParserGT            = 35
	GsParserGE            = 36
	GsParserEQ            = 37
	GsParserNE            = 38
	GsParserAMP           = 39
	GsParserCARET         = 40
	GsParserPIPE          = 41
	GsParserANDAND        = 42
	GsParserOROR          = 43
	GsParserASSIGN        = 44
	GsParserADD_ASSIGN    = 45
	GsParserSUB_ASSIGN    = 46
	GsParserMUL_ASSIGN    = 47
	GsParserDIV_ASSIGN    = 48
	GsParserMOD_ASSIGN    = 49
	GsParserAND_ASSIGN    = 50
	GsParserOR_ASSIGN     = 51
	GsParserXOR_ASSIGN    = 52
	GsParserSHL_ASSIGN    = 53
	GsParserSHR_ASSIGN    = 54
	GsParserINC           = 55
	GsParserDEC           = 56
	GsParserWS            = 57
	GsParserHASH_LINE     = 58
	GsParserLINE_COMMENT  = 59
	GsParserBLOCK_COMMENT = 60
	GsParserBAD_COMMENT   = 61
	GsParserBAD_CHARACTER = 62
	GsParserBEGIN         = 63
	GsParserEND           = 64
	GsParserIF            = 65
	GsParserELSE          = 66
	GsParserRETURN        = 67
	GsParserTRUE          = 68
	GsParserFALSE         = 69
	GsParserSIZEOF        = 70
	GsParserOFFSETOF      = 71
	GsParserSTRUCT        = 72
	GsParserUNION         = 73
	GsParserENUM          = 74
	GsParserCONST         = 75
	GsParserVOID          = 76
	GsParserCHAR          = 77
	GsParserSHORT         = 78
	GsParserINT           = 79
	GsParserLONG          = 80
	GsParserSIGNED        = 81
	GsParserUNSIGNED      = 82
	GsParserFLOAT         = 83
	GsParserDOUBLE        = 84
	GsParserBOOL          = 85
	GsParserWHILE         = 86
	GsParserFOR           = 87
	GsParserUNROLL        = 88
	GsParserBREAK         = 89
	GsParserCONTINUE      = 90
	GsParserLET           = 91
	GsParserCONFIG        = 92
	GsParserMACRO         = 93
	GsParserTYPEOF        = 94
	GsParserIF_EXPR       = 95
)

// GsParser rules.
const (
	GsParserRULE_program        = 0
	GsParserRULE_mapDecl        = 1
	GsParserRULE_cDecl          = 2
	GsParserRULE_cField         = 3
	GsParserRULE_cDeclarator    = 4
	GsParserRULE_cAttribute     = 5
	GsParserRULE_cAttributeItem = 6
	GsParserRULE_cFieldType     = 7
	GsParserRULE_cEnumerator    = 8
	GsParserRULE_configBlock    = 9
	GsParserRULE_configItem     = 10
	GsParserRULE_macroDecl      = 11
	GsParserRULE_macroParam     = 12
	GsParserRULE_group          = 13
	GsParserRULE_probe          = 14
	GsParserRULE_filter         = 15
	GsParserRULE_block          = 16
	GsParserRULE_stmtList       = 17
	GsParserRULE_angleStmtList  = 18
	GsParserRULE_blockStmt      = 19
	GsParserRULE_forHead        = 20
	GsParserRULE_ifStmt         = 21
	GsParserRULE_ifBody         = 22
	GsParserRULE_ifCond         = 23
	GsParserRULE_letStmt        = 24
	GsParserRULE_stmt           = 25
	GsParserRULE_angleStmt      = 26
	GsParserRULE_assignOp       = 27
	GsParserRULE_expr           = 28
	GsParserRULE_angleExpr      = 29
	GsParserRULE_filterExpr     = 30
	GsParserRULE_unaryExpr      = 31
	GsParserRULE_castOperand    = 32
	GsParserRULE_arrayDims      = 33
	GsParserRULE_postfixExpr    = 34
	GsParserRULE_primary        = 35
	GsParserRULE_atom           = 36
	GsParserRULE_typeofType     = 37
	GsParserRULE_typeName       = 38
	GsParserRULE_castType       = 39
	GsParserRULE_builtinType    = 40
)

// IProgramContext is an interface to support dynamic dispatch.
type IProgramContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	EOF() antlr.TerminalNode
	AllCDecl() []ICDeclContext
	CDecl(i int) ICDeclContext
	AllConfigBlock() []IConfigBlockContext
	ConfigBlock(i int) IConfigBlockContext
	AllMacroDecl() []IMacroDeclContext
	MacroDecl(i int) IMacroDeclContext
	AllMapDecl() []IMapDeclContext
	MapDecl(i int) IMapDeclContext
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

func (s *ProgramContext) AllCDecl() []ICDeclContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ICDeclContext); ok {
			len++
		}
	}

	tst := make([]ICDeclContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ICDeclContext); ok {
			tst[i] = t.(ICDeclContext)
			i++
		}
	}

	return tst
}

func (s *ProgramContext) CDecl(i int) ICDeclContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICDeclContext); ok {
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

	return t.(ICDeclContext)
}

func (s *ProgramContext) AllConfigBlock() []IConfigBlockContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IConfigBlockContext); ok {
			len++
		}
	}

	tst := make([]IConfigBlockContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IConfigBlockContext); ok {
			tst[i] = t.(IConfigBlockContext)
			i++
		}
	}

	return tst
}

func (s *ProgramContext) ConfigBlock(i int) IConfigBlockContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IConfigBlockContext); ok {
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

	return t.(IConfigBlockContext)
}

func (s *ProgramContext) AllMacroDecl() []IMacroDeclContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IMacroDeclContext); ok {
			len++
		}
	}

	tst := make([]IMacroDeclContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IMacroDeclContext); ok {
			tst[i] = t.(IMacroDeclContext)
			i++
		}
	}

	return tst
}

func (s *ProgramContext) MacroDecl(i int) IMacroDeclContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IMacroDeclContext); ok {
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

	return t.(IMacroDeclContext)
}

func (s *ProgramContext) AllMapDecl() []IMapDeclContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IMapDeclContext); ok {
			len++
		}
	}

	tst := make([]IMapDeclContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IMapDeclContext); ok {
			tst[i] = t.(IMapDeclContext)
			i++
		}
	}

	return tst
}

func (s *ProgramContext) MapDecl(i int) IMapDeclContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IMapDeclContext); ok {
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

	return t.(IMapDeclContext)
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
	p.SetState(89)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserPROBE_SPEC || _la == GsParserBEGIN || ((int64((_la-64)) & ^0x3f) == 0 && ((int64(1)<<(_la-64))&939525889) != 0) {
		p.SetState(87)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserSTRUCT, GsParserUNION, GsParserENUM:
			{
				p.SetState(82)
				p.CDecl()
			}

		case GsParserCONFIG:
			{
				p.SetState(83)
				p.ConfigBlock()
			}

		case GsParserMACRO:
			{
				p.SetState(84)
				p.MacroDecl()
			}

		case GsParserLET:
			{
				p.SetState(85)
				p.MapDecl()
			}

		case GsParserPROBE_SPEC, GsParserBEGIN, GsParserEND:
			{
				p.SetState(86)
				p.Group()
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(91)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(92)
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

// IMapDeclContext is an interface to support dynamic dispatch.
type IMapDeclContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LET() antlr.TerminalNode
	MAP() antlr.TerminalNode
	ASSIGN() antlr.TerminalNode
	Expr() IExprContext
	SEMI() antlr.TerminalNode

	// IsMapDeclContext differentiates from other interfaces.
	IsMapDeclContext()
}

type MapDeclContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyMapDeclContext() *MapDeclContext {
	var p = new(MapDeclContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_mapDecl
	return p
}

func InitEmptyMapDeclContext(p *MapDeclContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_mapDecl
}

func (*MapDeclContext) IsMapDeclContext() {}

func NewMapDeclContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *MapDeclContext {
	var p = new(MapDeclContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_mapDecl

	return p
}

func (s *MapDeclContext) GetParser() antlr.Parser { return s.parser }

func (s *MapDeclContext) LET() antlr.TerminalNode {
	return s.GetToken(GsParserLET, 0)
}

func (s *MapDeclContext) MAP() antlr.TerminalNode {
	return s.GetToken(GsParserMAP, 0)
}

func (s *MapDeclContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserASSIGN, 0)
}

func (s *MapDeclContext) Expr() IExprContext {
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

func (s *MapDeclContext) SEMI() antlr.TerminalNode {
	return s.GetToken(GsParserSEMI, 0)
}

func (s *MapDeclContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *MapDeclContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *MapDeclContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitMapDecl(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) MapDecl() (localctx IMapDeclContext) {
	localctx = NewMapDeclContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 2, GsParserRULE_mapDecl)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(94)
		p.Match(GsParserLET)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(95)
		p.Match(GsParserMAP)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(96)
		p.Match(GsParserASSIGN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(97)
		p.Expr()
	}
	p.SetState(99)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserSEMI {
		{
			p.SetState(98)
			p.Match(GsParserSEMI)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
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

// ICDeclContext is an interface to support dynamic dispatch.
type ICDeclContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	LBRACE() antlr.TerminalNode
	RBRACE() antlr.TerminalNode
	STRUCT() antlr.TerminalNode
	UNION() antlr.TerminalNode
	AllCField() []ICFieldContext
	CField(i int) ICFieldContext
	AllCAttribute() []ICAttributeContext
	CAttribute(i int) ICAttributeContext
	SEMI() antlr.TerminalNode
	ENUM() antlr.TerminalNode
	AllCEnumerator() []ICEnumeratorContext
	CEnumerator(i int) ICEnumeratorContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsCDeclContext differentiates from other interfaces.
	IsCDeclContext()
}

type CDeclContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCDeclContext() *CDeclContext {
	var p = new(CDeclContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cDecl
	return p
}

func InitEmptyCDeclContext(p *CDeclContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cDecl
}

func (*CDeclContext) IsCDeclContext() {}

func NewCDeclContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CDeclContext {
	var p = new(CDeclContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_cDecl

	return p
}

func (s *CDeclContext) GetParser() antlr.Parser { return s.parser }

func (s *CDeclContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CDeclContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserLBRACE, 0)
}

func (s *CDeclContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserRBRACE, 0)
}

func (s *CDeclContext) STRUCT() antlr.TerminalNode {
	return s.GetToken(GsParserSTRUCT, 0)
}

func (s *CDeclContext) UNION() antlr.TerminalNode {
	return s.GetToken(GsParserUNION, 0)
}

func (s *CDeclContext) AllCField() []ICFieldContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ICFieldContext); ok {
			len++
		}
	}

	tst := make([]ICFieldContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ICFieldContext); ok {
			tst[i] = t.(ICFieldContext)
			i++
		}
	}

	return tst
}

func (s *CDeclContext) CField(i int) ICFieldContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICFieldContext); ok {
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

	return t.(ICFieldContext)
}

func (s *CDeclContext) AllCAttribute() []ICAttributeContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ICAttributeContext); ok {
			len++
		}
	}

	tst := make([]ICAttributeContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ICAttributeContext); ok {
			tst[i] = t.(ICAttributeContext)
			i++
		}
	}

	return tst
}

func (s *CDeclContext) CAttribute(i int) ICAttributeContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICAttributeContext); ok {
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

	return t.(ICAttributeContext)
}

func (s *CDeclContext) SEMI() antlr.TerminalNode {
	return s.GetToken(GsParserSEMI, 0)
}

func (s *CDeclContext) ENUM() antlr.TerminalNode {
	return s.GetToken(GsParserENUM, 0)
}

func (s *CDeclContext) AllCEnumerator() []ICEnumeratorContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ICEnumeratorContext); ok {
			len++
		}
	}

	tst := make([]ICEnumeratorContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ICEnumeratorContext); ok {
			tst[i] = t.(ICEnumeratorContext)
			i++
		}
	}

	return tst
}

func (s *CDeclContext) CEnumerator(i int) ICEnumeratorContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICEnumeratorContext); ok {
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

	return t.(ICEnumeratorContext)
}

func (s *CDeclContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *CDeclContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *CDeclContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CDeclContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CDeclContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCDecl(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CDecl() (localctx ICDeclContext) {
	localctx = NewCDeclContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 4, GsParserRULE_cDecl)
	var _la int

	var _alt int

	p.SetState(142)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserSTRUCT, GsParserUNION:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(101)
			_la = p.GetTokenStream().LA(1)

			if !(_la == GsParserSTRUCT || _la == GsParserUNION) {
				p.GetErrorHandler().RecoverInline(p)
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(102)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(103)
			p.Match(GsParserLBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(107)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserIDENT || ((int64((_la-72)) & ^0x3f) == 0 && ((int64(1)<<(_la-72))&16383) != 0) {
			{
				p.SetState(104)
				p.CField()
			}

			p.SetState(109)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}
		{
			p.SetState(110)
			p.Match(GsParserRBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(114)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserIDENT {
			{
				p.SetState(111)
				p.CAttribute()
			}

			p.SetState(116)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}
		p.SetState(118)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserSEMI {
			{
				p.SetState(117)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}

	case GsParserENUM:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(120)
			p.Match(GsParserENUM)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(122)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserIDENT {
			{
				p.SetState(121)
				p.Match(GsParserIDENT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(124)
			p.Match(GsParserLBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(136)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserIDENT {
			{
				p.SetState(125)
				p.CEnumerator()
			}
			p.SetState(130)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 7, p.GetParserRuleContext())
			if p.HasError() {
				goto errorExit
			}
			for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
				if _alt == 1 {
					{
						p.SetState(126)
						p.Match(GsParserCOMMA)
						if p.HasError() {
							// Recognition error - abort rule
							goto errorExit
						}
					}
					{
						p.SetState(127)
						p.CEnumerator()
					}

				}
				p.SetState(132)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 7, p.GetParserRuleContext())
				if p.HasError() {
					goto errorExit
				}
			}
			p.SetState(134)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			if _la == GsParserCOMMA {
				{
					p.SetState(133)
					p.Match(GsParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}

			}

		}
		{
			p.SetState(138)
			p.Match(GsParserRBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(140)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserSEMI {
			{
				p.SetState(139)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
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

// ICFieldContext is an interface to support dynamic dispatch.
type ICFieldContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	CFieldType() ICFieldTypeContext
	AllCDeclarator() []ICDeclaratorContext
	CDeclarator(i int) ICDeclaratorContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode
	SEMI() antlr.TerminalNode

	// IsCFieldContext differentiates from other interfaces.
	IsCFieldContext()
}

type CFieldContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCFieldContext() *CFieldContext {
	var p = new(CFieldContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cField
	return p
}

func InitEmptyCFieldContext(p *CFieldContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cField
}

func (*CFieldContext) IsCFieldContext() {}

func NewCFieldContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CFieldContext {
	var p = new(CFieldContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_cField

	return p
}

func (s *CFieldContext) GetParser() antlr.Parser { return s.parser }

func (s *CFieldContext) CFieldType() ICFieldTypeContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICFieldTypeContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ICFieldTypeContext)
}

func (s *CFieldContext) AllCDeclarator() []ICDeclaratorContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ICDeclaratorContext); ok {
			len++
		}
	}

	tst := make([]ICDeclaratorContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ICDeclaratorContext); ok {
			tst[i] = t.(ICDeclaratorContext)
			i++
		}
	}

	return tst
}

func (s *CFieldContext) CDeclarator(i int) ICDeclaratorContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICDeclaratorContext); ok {
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

	return t.(ICDeclaratorContext)
}

func (s *CFieldContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *CFieldContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *CFieldContext) SEMI() antlr.TerminalNode {
	return s.GetToken(GsParserSEMI, 0)
}

func (s *CFieldContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CFieldContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CFieldContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCField(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CField() (localctx ICFieldContext) {
	localctx = NewCFieldContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 6, GsParserRULE_cField)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(144)
		p.CFieldType()
	}
	{
		p.SetState(145)
		p.CDeclarator()
	}
	p.SetState(150)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserCOMMA {
		{
			p.SetState(146)
			p.Match(GsParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(147)
			p.CDeclarator()
		}

		p.SetState(152)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(154)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserSEMI {
		{
			p.SetState(153)
			p.Match(GsParserSEMI)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
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

// ICDeclaratorContext is an interface to support dynamic dispatch.
type ICDeclaratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	AllSTAR() []antlr.TerminalNode
	STAR(i int) antlr.TerminalNode
	AllLBRACK() []antlr.TerminalNode
	LBRACK(i int) antlr.TerminalNode
	AllINT_LIT() []antlr.TerminalNode
	INT_LIT(i int) antlr.TerminalNode
	AllRBRACK() []antlr.TerminalNode
	RBRACK(i int) antlr.TerminalNode
	COLON() antlr.TerminalNode

	// IsCDeclaratorContext differentiates from other interfaces.
	IsCDeclaratorContext()
}

type CDeclaratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCDeclaratorContext() *CDeclaratorContext {
	var p = new(CDeclaratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cDeclarator
	return p
}

func InitEmptyCDeclaratorContext(p *CDeclaratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cDeclarator
}

func (*CDeclaratorContext) IsCDeclaratorContext() {}

func NewCDeclaratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CDeclaratorContext {
	var p = new(CDeclaratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_cDeclarator

	return p
}

func (s *CDeclaratorContext) GetParser() antlr.Parser { return s.parser }

func (s *CDeclaratorContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CDeclaratorContext) AllSTAR() []antlr.TerminalNode {
	return s.GetTokens(GsParserSTAR)
}

func (s *CDeclaratorContext) STAR(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSTAR, i)
}

func (s *CDeclaratorContext) AllLBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserLBRACK)
}

func (s *CDeclaratorContext) LBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLBRACK, i)
}

func (s *CDeclaratorContext) AllINT_LIT() []antlr.TerminalNode {
	return s.GetTokens(GsParserINT_LIT)
}

func (s *CDeclaratorContext) INT_LIT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, i)
}

func (s *CDeclaratorContext) AllRBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserRBRACK)
}

func (s *CDeclaratorContext) RBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserRBRACK, i)
}

func (s *CDeclaratorContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
}

func (s *CDeclaratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CDeclaratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CDeclaratorContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCDeclarator(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CDeclarator() (localctx ICDeclaratorContext) {
	localctx = NewCDeclaratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 8, GsParserRULE_cDeclarator)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(159)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserSTAR {
		{
			p.SetState(156)
			p.Match(GsParserSTAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

		p.SetState(161)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(162)
		p.Match(GsParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(168)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserLBRACK {
		{
			p.SetState(163)
			p.Match(GsParserLBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(164)
			p.Match(GsParserINT_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(165)
			p.Match(GsParserRBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

		p.SetState(170)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(173)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserCOLON {
		{
			p.SetState(171)
			p.Match(GsParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(172)
			p.Match(GsParserINT_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
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

// ICAttributeContext is an interface to support dynamic dispatch.
type ICAttributeContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	AllLPAREN() []antlr.TerminalNode
	LPAREN(i int) antlr.TerminalNode
	AllCAttributeItem() []ICAttributeItemContext
	CAttributeItem(i int) ICAttributeItemContext
	AllRPAREN() []antlr.TerminalNode
	RPAREN(i int) antlr.TerminalNode
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsCAttributeContext differentiates from other interfaces.
	IsCAttributeContext()
}

type CAttributeContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCAttributeContext() *CAttributeContext {
	var p = new(CAttributeContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cAttribute
	return p
}

func InitEmptyCAttributeContext(p *CAttributeContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cAttribute
}

func (*CAttributeContext) IsCAttributeContext() {}

func NewCAttributeContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CAttributeContext {
	var p = new(CAttributeContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_cAttribute

	return p
}

func (s *CAttributeContext) GetParser() antlr.Parser { return s.parser }

func (s *CAttributeContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CAttributeContext) AllLPAREN() []antlr.TerminalNode {
	return s.GetTokens(GsParserLPAREN)
}

func (s *CAttributeContext) LPAREN(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, i)
}

func (s *CAttributeContext) AllCAttributeItem() []ICAttributeItemContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ICAttributeItemContext); ok {
			len++
		}
	}

	tst := make([]ICAttributeItemContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ICAttributeItemContext); ok {
			tst[i] = t.(ICAttributeItemContext)
			i++
		}
	}

	return tst
}

func (s *CAttributeContext) CAttributeItem(i int) ICAttributeItemContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICAttributeItemContext); ok {
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

	return t.(ICAttributeItemContext)
}

func (s *CAttributeContext) AllRPAREN() []antlr.TerminalNode {
	return s.GetTokens(GsParserRPAREN)
}

func (s *CAttributeContext) RPAREN(i int) antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, i)
}

func (s *CAttributeContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *CAttributeContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *CAttributeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CAttributeContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CAttributeContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCAttribute(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CAttribute() (localctx ICAttributeContext) {
	localctx = NewCAttributeContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 10, GsParserRULE_cAttribute)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(175)
		p.Match(GsParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(176)
		p.Match(GsParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(177)
		p.Match(GsParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(178)
		p.CAttributeItem()
	}
	p.SetState(183)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserCOMMA {
		{
			p.SetState(179)
			p.Match(GsParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(180)
			p.CAttributeItem()
		}

		p.SetState(185)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(186)
		p.Match(GsParserRPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(187)
		p.Match(GsParserRPAREN)
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

// ICAttributeItemContext is an interface to support dynamic dispatch.
type ICAttributeItemContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	INT_LIT() antlr.TerminalNode
	RPAREN() antlr.TerminalNode

	// IsCAttributeItemContext differentiates from other interfaces.
	IsCAttributeItemContext()
}

type CAttributeItemContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCAttributeItemContext() *CAttributeItemContext {
	var p = new(CAttributeItemContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cAttributeItem
	return p
}

func InitEmptyCAttributeItemContext(p *CAttributeItemContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cAttributeItem
}

func (*CAttributeItemContext) IsCAttributeItemContext() {}

func NewCAttributeItemContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CAttributeItemContext {
	var p = new(CAttributeItemContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_cAttributeItem

	return p
}

func (s *CAttributeItemContext) GetParser() antlr.Parser { return s.parser }

func (s *CAttributeItemContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CAttributeItemContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *CAttributeItemContext) INT_LIT() antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, 0)
}

func (s *CAttributeItemContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *CAttributeItemContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CAttributeItemContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CAttributeItemContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCAttributeItem(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CAttributeItem() (localctx ICAttributeItemContext) {
	localctx = NewCAttributeItemContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 12, GsParserRULE_cAttributeItem)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(189)
		p.Match(GsParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(193)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserLPAREN {
		{
			p.SetState(190)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(191)
			p.Match(GsParserINT_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(192)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
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

// ICFieldTypeContext is an interface to support dynamic dispatch.
type ICFieldTypeContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LBRACE() antlr.TerminalNode
	RBRACE() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	CONST() antlr.TerminalNode
	STRUCT() antlr.TerminalNode
	UNION() antlr.TerminalNode
	ENUM() antlr.TerminalNode
	AllCField() []ICFieldContext
	CField(i int) ICFieldContext
	AllBuiltinType() []IBuiltinTypeContext
	BuiltinType(i int) IBuiltinTypeContext

	// IsCFieldTypeContext differentiates from other interfaces.
	IsCFieldTypeContext()
}

type CFieldTypeContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCFieldTypeContext() *CFieldTypeContext {
	var p = new(CFieldTypeContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cFieldType
	return p
}

func InitEmptyCFieldTypeContext(p *CFieldTypeContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cFieldType
}

func (*CFieldTypeContext) IsCFieldTypeContext() {}

func NewCFieldTypeContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CFieldTypeContext {
	var p = new(CFieldTypeContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_cFieldType

	return p
}

func (s *CFieldTypeContext) GetParser() antlr.Parser { return s.parser }

func (s *CFieldTypeContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserLBRACE, 0)
}

func (s *CFieldTypeContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserRBRACE, 0)
}

func (s *CFieldTypeContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CFieldTypeContext) CONST() antlr.TerminalNode {
	return s.GetToken(GsParserCONST, 0)
}

func (s *CFieldTypeContext) STRUCT() antlr.TerminalNode {
	return s.GetToken(GsParserSTRUCT, 0)
}

func (s *CFieldTypeContext) UNION() antlr.TerminalNode {
	return s.GetToken(GsParserUNION, 0)
}

func (s *CFieldTypeContext) ENUM() antlr.TerminalNode {
	return s.GetToken(GsParserENUM, 0)
}

func (s *CFieldTypeContext) AllCField() []ICFieldContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ICFieldContext); ok {
			len++
		}
	}

	tst := make([]ICFieldContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ICFieldContext); ok {
			tst[i] = t.(ICFieldContext)
			i++
		}
	}

	return tst
}

func (s *CFieldTypeContext) CField(i int) ICFieldContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ICFieldContext); ok {
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

	return t.(ICFieldContext)
}

func (s *CFieldTypeContext) AllBuiltinType() []IBuiltinTypeContext {
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

func (s *CFieldTypeContext) BuiltinType(i int) IBuiltinTypeContext {
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

func (s *CFieldTypeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CFieldTypeContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CFieldTypeContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCFieldType(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CFieldType() (localctx ICFieldTypeContext) {
	localctx = NewCFieldTypeContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 14, GsParserRULE_cFieldType)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(196)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserCONST {
		{
			p.SetState(195)
			p.Match(GsParserCONST)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	}
	p.SetState(218)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 23, p.GetParserRuleContext()) {
	case 1:
		{
			p.SetState(198)
			_la = p.GetTokenStream().LA(1)

			if !(_la == GsParserSTRUCT || _la == GsParserUNION) {
				p.GetErrorHandler().RecoverInline(p)
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		p.SetState(200)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserIDENT {
			{
				p.SetState(199)
				p.Match(GsParserIDENT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(202)
			p.Match(GsParserLBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(206)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserIDENT || ((int64((_la-72)) & ^0x3f) == 0 && ((int64(1)<<(_la-72))&16383) != 0) {
			{
				p.SetState(203)
				p.CField()
			}

			p.SetState(208)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}
		{
			p.SetState(209)
			p.Match(GsParserRBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 2:
		{
			p.SetState(210)
			_la = p.GetTokenStream().LA(1)

			if !((int64((_la-72)) & ^0x3f) == 0 && ((int64(1)<<(_la-72))&7) != 0) {
				p.GetErrorHandler().RecoverInline(p)
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(211)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 3:
		p.SetState(213)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for ok := true; ok; ok = ((int64((_la-76)) & ^0x3f) == 0 && ((int64(1)<<(_la-76))&1023) != 0) {
			{
				p.SetState(212)
				p.BuiltinType()
			}

			p.SetState(215)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	case 4:
		{
			p.SetState(217)
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

// ICEnumeratorContext is an interface to support dynamic dispatch.
type ICEnumeratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	ASSIGN() antlr.TerminalNode
	INT_LIT() antlr.TerminalNode
	MINUS() antlr.TerminalNode

	// IsCEnumeratorContext differentiates from other interfaces.
	IsCEnumeratorContext()
}

type CEnumeratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyCEnumeratorContext() *CEnumeratorContext {
	var p = new(CEnumeratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cEnumerator
	return p
}

func InitEmptyCEnumeratorContext(p *CEnumeratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_cEnumerator
}

func (*CEnumeratorContext) IsCEnumeratorContext() {}

func NewCEnumeratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *CEnumeratorContext {
	var p = new(CEnumeratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_cEnumerator

	return p
}

func (s *CEnumeratorContext) GetParser() antlr.Parser { return s.parser }

func (s *CEnumeratorContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *CEnumeratorContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserASSIGN, 0)
}

func (s *CEnumeratorContext) INT_LIT() antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, 0)
}

func (s *CEnumeratorContext) MINUS() antlr.TerminalNode {
	return s.GetToken(GsParserMINUS, 0)
}

func (s *CEnumeratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CEnumeratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *CEnumeratorContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitCEnumerator(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) CEnumerator() (localctx ICEnumeratorContext) {
	localctx = NewCEnumeratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 16, GsParserRULE_cEnumerator)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(220)
		p.Match(GsParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(226)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserASSIGN {
		{
			p.SetState(221)
			p.Match(GsParserASSIGN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(223)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserMINUS {
			{
				p.SetState(222)
				p.Match(GsParserMINUS)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(225)
			p.Match(GsParserINT_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
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

// IConfigBlockContext is an interface to support dynamic dispatch.
type IConfigBlockContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	CONFIG() antlr.TerminalNode
	ASSIGN() antlr.TerminalNode
	LBRACE() antlr.TerminalNode
	RBRACE() antlr.TerminalNode
	AllConfigItem() []IConfigItemContext
	ConfigItem(i int) IConfigItemContext
	AllSEMI() []antlr.TerminalNode
	SEMI(i int) antlr.TerminalNode

	// IsConfigBlockContext differentiates from other interfaces.
	IsConfigBlockContext()
}

type ConfigBlockContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyConfigBlockContext() *ConfigBlockContext {
	var p = new(ConfigBlockContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_configBlock
	return p
}

func InitEmptyConfigBlockContext(p *ConfigBlockContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_configBlock
}

func (*ConfigBlockContext) IsConfigBlockContext() {}

func NewConfigBlockContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ConfigBlockContext {
	var p = new(ConfigBlockContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_configBlock

	return p
}

func (s *ConfigBlockContext) GetParser() antlr.Parser { return s.parser }

func (s *ConfigBlockContext) CONFIG() antlr.TerminalNode {
	return s.GetToken(GsParserCONFIG, 0)
}

func (s *ConfigBlockContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserASSIGN, 0)
}

func (s *ConfigBlockContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserLBRACE, 0)
}

func (s *ConfigBlockContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserRBRACE, 0)
}

func (s *ConfigBlockContext) AllConfigItem() []IConfigItemContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IConfigItemContext); ok {
			len++
		}
	}

	tst := make([]IConfigItemContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IConfigItemContext); ok {
			tst[i] = t.(IConfigItemContext)
			i++
		}
	}

	return tst
}

func (s *ConfigBlockContext) ConfigItem(i int) IConfigItemContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IConfigItemContext); ok {
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

	return t.(IConfigItemContext)
}

func (s *ConfigBlockContext) AllSEMI() []antlr.TerminalNode {
	return s.GetTokens(GsParserSEMI)
}

func (s *ConfigBlockContext) SEMI(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSEMI, i)
}

func (s *ConfigBlockContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ConfigBlockContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ConfigBlockContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitConfigBlock(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) ConfigBlock() (localctx IConfigBlockContext) {
	localctx = NewConfigBlockContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 18, GsParserRULE_configBlock)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(228)
		p.Match(GsParserCONFIG)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(229)
		p.Match(GsParserASSIGN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(230)
		p.Match(GsParserLBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(241)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserIDENT {
		{
			p.SetState(231)
			p.ConfigItem()
		}
		p.SetState(238)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserSEMI {
			{
				p.SetState(232)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			p.SetState(234)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			if _la == GsParserIDENT {
				{
					p.SetState(233)
					p.ConfigItem()
				}

			}

			p.SetState(240)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	}
	{
		p.SetState(243)
		p.Match(GsParserRBRACE)
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

// IConfigItemContext is an interface to support dynamic dispatch.
type IConfigItemContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllIDENT() []antlr.TerminalNode
	IDENT(i int) antlr.TerminalNode
	ASSIGN() antlr.TerminalNode
	INT_LIT() antlr.TerminalNode
	STRING() antlr.TerminalNode
	TRUE() antlr.TerminalNode
	FALSE() antlr.TerminalNode

	// IsConfigItemContext differentiates from other interfaces.
	IsConfigItemContext()
}

type ConfigItemContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyConfigItemContext() *ConfigItemContext {
	var p = new(ConfigItemContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_configItem
	return p
}

func InitEmptyConfigItemContext(p *ConfigItemContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_configItem
}

func (*ConfigItemContext) IsConfigItemContext() {}

func NewConfigItemContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ConfigItemContext {
	var p = new(ConfigItemContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_configItem

	return p
}

func (s *ConfigItemContext) GetParser() antlr.Parser { return s.parser }

func (s *ConfigItemContext) AllIDENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserIDENT)
}

func (s *ConfigItemContext) IDENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, i)
}

func (s *ConfigItemContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserASSIGN, 0)
}

func (s *ConfigItemContext) INT_LIT() antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, 0)
}

func (s *ConfigItemContext) STRING() antlr.TerminalNode {
	return s.GetToken(GsParserSTRING, 0)
}

func (s *ConfigItemContext) TRUE() antlr.TerminalNode {
	return s.GetToken(GsParserTRUE, 0)
}

func (s *ConfigItemContext) FALSE() antlr.TerminalNode {
	return s.GetToken(GsParserFALSE, 0)
}

func (s *ConfigItemContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ConfigItemContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ConfigItemContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitConfigItem(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) ConfigItem() (localctx IConfigItemContext) {
	localctx = NewConfigItemContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 20, GsParserRULE_configItem)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(245)
		p.Match(GsParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(246)
		p.Match(GsParserASSIGN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(247)
		_la = p.GetTokenStream().LA(1)

		if !(((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&196) != 0) || _la == GsParserTRUE || _la == GsParserFALSE) {
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

// IMacroDeclContext is an interface to support dynamic dispatch.
type IMacroDeclContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	MACRO() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	Block() IBlockContext
	LPAREN() antlr.TerminalNode
	RPAREN() antlr.TerminalNode
	AllMacroParam() []IMacroParamContext
	MacroParam(i int) IMacroParamContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsMacroDeclContext differentiates from other interfaces.
	IsMacroDeclContext()
}

type MacroDeclContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyMacroDeclContext() *MacroDeclContext {
	var p = new(MacroDeclContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_macroDecl
	return p
}

func InitEmptyMacroDeclContext(p *MacroDeclContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_macroDecl
}

func (*MacroDeclContext) IsMacroDeclContext() {}

func NewMacroDeclContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *MacroDeclContext {
	var p = new(MacroDeclContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_macroDecl

	return p
}

func (s *MacroDeclContext) GetParser() antlr.Parser { return s.parser }

func (s *MacroDeclContext) MACRO() antlr.TerminalNode {
	return s.GetToken(GsParserMACRO, 0)
}

func (s *MacroDeclContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *MacroDeclContext) Block() IBlockContext {
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

func (s *MacroDeclContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *MacroDeclContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *MacroDeclContext) AllMacroParam() []IMacroParamContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IMacroParamContext); ok {
			len++
		}
	}

	tst := make([]IMacroParamContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IMacroParamContext); ok {
			tst[i] = t.(IMacroParamContext)
			i++
		}
	}

	return tst
}

func (s *MacroDeclContext) MacroParam(i int) IMacroParamContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IMacroParamContext); ok {
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

	return t.(IMacroParamContext)
}

func (s *MacroDeclContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *MacroDeclContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *MacroDeclContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *MacroDeclContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *MacroDeclContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitMacroDecl(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) MacroDecl() (localctx IMacroDeclContext) {
	localctx = NewMacroDeclContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 22, GsParserRULE_macroDecl)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(249)
		p.Match(GsParserMACRO)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(250)
		p.Match(GsParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(263)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserLPAREN {
		{
			p.SetState(251)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(260)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&44) != 0 {
			{
				p.SetState(252)
				p.MacroParam()
			}
			p.SetState(257)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			for _la == GsParserCOMMA {
				{
					p.SetState(253)
					p.Match(GsParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(254)
					p.MacroParam()
				}

				p.SetState(259)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)
			}

		}
		{
			p.SetState(262)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	}
	{
		p.SetState(265)
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

// IMacroParamContext is an interface to support dynamic dispatch.
type IMacroParamContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	VAR() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	MAP() antlr.TerminalNode

	// IsMacroParamContext differentiates from other interfaces.
	IsMacroParamContext()
}

type MacroParamContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyMacroParamContext() *MacroParamContext {
	var p = new(MacroParamContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_macroParam
	return p
}

func InitEmptyMacroParamContext(p *MacroParamContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_macroParam
}

func (*MacroParamContext) IsMacroParamContext() {}

func NewMacroParamContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *MacroParamContext {
	var p = new(MacroParamContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_macroParam

	return p
}

func (s *MacroParamContext) GetParser() antlr.Parser { return s.parser }

func (s *MacroParamContext) VAR() antlr.TerminalNode {
	return s.GetToken(GsParserVAR, 0)
}

func (s *MacroParamContext) IDENT() antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, 0)
}

func (s *MacroParamContext) MAP() antlr.TerminalNode {
	return s.GetToken(GsParserMAP, 0)
}

func (s *MacroParamContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *MacroParamContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *MacroParamContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitMacroParam(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) MacroParam() (localctx IMacroParamContext) {
	localctx = NewMacroParamContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 24, GsParserRULE_macroParam)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(267)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&44) != 0) {
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
	p.EnterRule(localctx, 26, GsParserRULE_group)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(269)
		p.Probe()
	}
	p.SetState(274)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserCOMMA {
		{
			p.SetState(270)
			p.Match(GsParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(271)
			p.Probe()
		}

		p.SetState(276)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(278)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserSLASH {
		{
			p.SetState(277)
			p.Filter()
		}

	}
	{
		p.SetState(280)
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
	p.EnterRule(localctx, 28, GsParserRULE_probe)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(282)
		_la = p.GetTokenStream().LA(1)

		if !((int64((_la-1)) & ^0x3f) == 0 && ((int64(1)<<(_la-1))&-4611686018427387903) != 0) {
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
	p.EnterRule(localctx, 30, GsParserRULE_filter)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(284)
		p.Match(GsParserSLASH)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(285)
		p.FilterExpr()
	}
	{
		p.SetState(286)
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
	p.EnterRule(localctx, 32, GsParserRULE_block)
	p.SetState(296)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserLBRACE:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(288)
			p.Match(GsParserLBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(289)
			p.StmtList()
		}
		{
			p.SetState(290)
			p.Match(GsParserRBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserLT:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(292)
			p.Match(GsParserLT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(293)
			p.AngleStmtList()
		}
		{
			p.SetState(294)
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
	AllBlockStmt() []IBlockStmtContext
	BlockStmt(i int) IBlockStmtContext
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

func (s *StmtListContext) AllBlockStmt() []IBlockStmtContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBlockStmtContext); ok {
			len++
		}
	}

	tst := make([]IBlockStmtContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBlockStmtContext); ok {
			tst[i] = t.(IBlockStmtContext)
			i++
		}
	}

	return tst
}

func (s *StmtListContext) BlockStmt(i int) IBlockStmtContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBlockStmtContext); ok {
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

	return t.(IBlockStmtContext)
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
	p.EnterRule(localctx, 34, GsParserRULE_stmtList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(302)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserSEMI || ((int64((_la-65)) & ^0x3f) == 0 && ((int64(1)<<(_la-65))&14680065) != 0) {
		p.SetState(300)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserIF, GsParserWHILE, GsParserFOR, GsParserUNROLL:
			{
				p.SetState(298)
				p.BlockStmt()
			}

		case GsParserSEMI:
			{
				p.SetState(299)
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

		p.SetState(304)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(310)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-67)) & ^0x3f) == 0 && ((int64(1)<<(_la-67))&432013343) != 0) {
		{
			p.SetState(305)
			p.Stmt()
		}
		p.SetState(308)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserSEMI {
			{
				p.SetState(306)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(307)
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
	AllBlockStmt() []IBlockStmtContext
	BlockStmt(i int) IBlockStmtContext
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

func (s *AngleStmtListContext) AllBlockStmt() []IBlockStmtContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBlockStmtContext); ok {
			len++
		}
	}

	tst := make([]IBlockStmtContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBlockStmtContext); ok {
			tst[i] = t.(IBlockStmtContext)
			i++
		}
	}

	return tst
}

func (s *AngleStmtListContext) BlockStmt(i int) IBlockStmtContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBlockStmtContext); ok {
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

	return t.(IBlockStmtContext)
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
	p.EnterRule(localctx, 36, GsParserRULE_angleStmtList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(316)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == GsParserSEMI || ((int64((_la-65)) & ^0x3f) == 0 && ((int64(1)<<(_la-65))&14680065) != 0) {
		p.SetState(314)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserIF, GsParserWHILE, GsParserFOR, GsParserUNROLL:
			{
				p.SetState(312)
				p.BlockStmt()
			}

		case GsParserSEMI:
			{
				p.SetState(313)
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

		p.SetState(318)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(324)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-67)) & ^0x3f) == 0 && ((int64(1)<<(_la-67))&432013343) != 0) {
		{
			p.SetState(319)
			p.AngleStmt()
		}
		p.SetState(322)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserSEMI {
			{
				p.SetState(320)
				p.Match(GsParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(321)
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

// IBlockStmtContext is an interface to support dynamic dispatch.
type IBlockStmtContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IfStmt() IIfStmtContext
	WHILE() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	Expr() IExprContext
	RPAREN() antlr.TerminalNode
	Block() IBlockContext
	UNROLL() antlr.TerminalNode
	FOR() antlr.TerminalNode
	ForHead() IForHeadContext

	// IsBlockStmtContext differentiates from other interfaces.
	IsBlockStmtContext()
}

type BlockStmtContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyBlockStmtContext() *BlockStmtContext {
	var p = new(BlockStmtContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_blockStmt
	return p
}

func InitEmptyBlockStmtContext(p *BlockStmtContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_blockStmt
}

func (*BlockStmtContext) IsBlockStmtContext() {}

func NewBlockStmtContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *BlockStmtContext {
	var p = new(BlockStmtContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_blockStmt

	return p
}

func (s *BlockStmtContext) GetParser() antlr.Parser { return s.parser }

func (s *BlockStmtContext) IfStmt() IIfStmtContext {
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

func (s *BlockStmtContext) WHILE() antlr.TerminalNode {
	return s.GetToken(GsParserWHILE, 0)
}

func (s *BlockStmtContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *BlockStmtContext) Expr() IExprContext {
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

func (s *BlockStmtContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *BlockStmtContext) Block() IBlockContext {
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

func (s *BlockStmtContext) UNROLL() antlr.TerminalNode {
	return s.GetToken(GsParserUNROLL, 0)
}

func (s *BlockStmtContext) FOR() antlr.TerminalNode {
	return s.GetToken(GsParserFOR, 0)
}

func (s *BlockStmtContext) ForHead() IForHeadContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IForHeadContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IForHeadContext)
}

func (s *BlockStmtContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BlockStmtContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *BlockStmtContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitBlockStmt(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) BlockStmt() (localctx IBlockStmtContext) {
	localctx = NewBlockStmtContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 38, GsParserRULE_blockStmt)
	p.SetState(349)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserIF:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(326)
			p.IfStmt()
		}

	case GsParserWHILE:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(327)
			p.Match(GsParserWHILE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(328)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(329)
			p.Expr()
		}
		{
			p.SetState(330)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(331)
			p.Block()
		}

	case GsParserUNROLL:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(333)
			p.Match(GsParserUNROLL)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(334)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(335)
			p.Expr()
		}
		{
			p.SetState(336)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(337)
			p.Block()
		}

	case GsParserFOR:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(339)
			p.Match(GsParserFOR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(345)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserLPAREN:
			{
				p.SetState(340)
				p.Match(GsParserLPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(341)
				p.ForHead()
			}
			{
				p.SetState(342)
				p.Match(GsParserRPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		case GsParserVAR:
			{
				p.SetState(344)
				p.ForHead()
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}
		{
			p.SetState(347)
			p.Block()
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

// IForHeadContext is an interface to support dynamic dispatch.
type IForHeadContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	VAR() antlr.TerminalNode
	COLON() antlr.TerminalNode
	MAP() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	DOTDOT() antlr.TerminalNode

	// IsForHeadContext differentiates from other interfaces.
	IsForHeadContext()
}

type ForHeadContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyForHeadContext() *ForHeadContext {
	var p = new(ForHeadContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_forHead
	return p
}

func InitEmptyForHeadContext(p *ForHeadContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_forHead
}

func (*ForHeadContext) IsForHeadContext() {}

func NewForHeadContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ForHeadContext {
	var p = new(ForHeadContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_forHead

	return p
}

func (s *ForHeadContext) GetParser() antlr.Parser { return s.parser }

func (s *ForHeadContext) VAR() antlr.TerminalNode {
	return s.GetToken(GsParserVAR, 0)
}

func (s *ForHeadContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
}

func (s *ForHeadContext) MAP() antlr.TerminalNode {
	return s.GetToken(GsParserMAP, 0)
}

func (s *ForHeadContext) AllExpr() []IExprContext {
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

func (s *ForHeadContext) Expr(i int) IExprContext {
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

func (s *ForHeadContext) DOTDOT() antlr.TerminalNode {
	return s.GetToken(GsParserDOTDOT, 0)
}

func (s *ForHeadContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ForHeadContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ForHeadContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitForHead(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) ForHead() (localctx IForHeadContext) {
	localctx = NewForHeadContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 40, GsParserRULE_forHead)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(351)
		p.Match(GsParserVAR)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(352)
		p.Match(GsParserCOLON)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(358)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 45, p.GetParserRuleContext()) {
	case 1:
		{
			p.SetState(353)
			p.Match(GsParserMAP)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 2:
		{
			p.SetState(354)
			p.Expr()
		}
		{
			p.SetState(355)
			p.Match(GsParserDOTDOT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(356)
			p.Expr()
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

// IIfStmtContext is an interface to support dynamic dispatch.
type IIfStmtContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IF() antlr.TerminalNode
	IfBody() IIfBodyContext

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

func (s *IfStmtContext) IfBody() IIfBodyContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfBodyContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfBodyContext)
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
	p.EnterRule(localctx, 42, GsParserRULE_ifStmt)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(360)
		p.Match(GsParserIF)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(361)
		p.IfBody()
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

// IIfBodyContext is an interface to support dynamic dispatch.
type IIfBodyContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IfCond() IIfCondContext
	AllBlock() []IBlockContext
	Block(i int) IBlockContext
	ELSE() antlr.TerminalNode
	IF() antlr.TerminalNode
	IfBody() IIfBodyContext

	// IsIfBodyContext differentiates from other interfaces.
	IsIfBodyContext()
}

type IfBodyContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyIfBodyContext() *IfBodyContext {
	var p = new(IfBodyContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_ifBody
	return p
}

func InitEmptyIfBodyContext(p *IfBodyContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_ifBody
}

func (*IfBodyContext) IsIfBodyContext() {}

func NewIfBodyContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *IfBodyContext {
	var p = new(IfBodyContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_ifBody

	return p
}

func (s *IfBodyContext) GetParser() antlr.Parser { return s.parser }

func (s *IfBodyContext) IfCond() IIfCondContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfCondContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfCondContext)
}

func (s *IfBodyContext) AllBlock() []IBlockContext {
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

func (s *IfBodyContext) Block(i int) IBlockContext {
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

func (s *IfBodyContext) ELSE() antlr.TerminalNode {
	return s.GetToken(GsParserELSE, 0)
}

func (s *IfBodyContext) IF() antlr.TerminalNode {
	return s.GetToken(GsParserIF, 0)
}

func (s *IfBodyContext) IfBody() IIfBodyContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfBodyContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfBodyContext)
}

func (s *IfBodyContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *IfBodyContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *IfBodyContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitIfBody(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) IfBody() (localctx IIfBodyContext) {
	localctx = NewIfBodyContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 44, GsParserRULE_ifBody)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(363)
		p.IfCond()
	}
	{
		p.SetState(364)
		p.Block()
	}
	p.SetState(371)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserELSE {
		{
			p.SetState(365)
			p.Match(GsParserELSE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(369)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserIF:
			{
				p.SetState(366)
				p.Match(GsParserIF)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(367)
				p.IfBody()
			}

		case GsParserLBRACE, GsParserLT:
			{
				p.SetState(368)
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

// IIfCondContext is an interface to support dynamic dispatch.
type IIfCondContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetOp returns the op token.
	GetOp() antlr.Token

	// SetOp sets the op token.
	SetOp(antlr.Token)

	// Getter signatures
	LPAREN() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	RPAREN() antlr.TerminalNode
	UnaryExpr() IUnaryExprContext
	NOT() antlr.TerminalNode
	TILDE() antlr.TerminalNode
	MINUS() antlr.TerminalNode
	STAR() antlr.TerminalNode
	AMP() antlr.TerminalNode
	Atom() IAtomContext
	AllLBRACK() []antlr.TerminalNode
	LBRACK(i int) antlr.TerminalNode
	AllRBRACK() []antlr.TerminalNode
	RBRACK(i int) antlr.TerminalNode
	AllIDENT() []antlr.TerminalNode
	IDENT(i int) antlr.TerminalNode
	AllINT_LIT() []antlr.TerminalNode
	INT_LIT(i int) antlr.TerminalNode
	AllDOT() []antlr.TerminalNode
	DOT(i int) antlr.TerminalNode
	AllARROW() []antlr.TerminalNode
	ARROW(i int) antlr.TerminalNode
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsIfCondContext differentiates from other interfaces.
	IsIfCondContext()
}

type IfCondContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	op     antlr.Token
}

func NewEmptyIfCondContext() *IfCondContext {
	var p = new(IfCondContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_ifCond
	return p
}

func InitEmptyIfCondContext(p *IfCondContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_ifCond
}

func (*IfCondContext) IsIfCondContext() {}

func NewIfCondContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *IfCondContext {
	var p = new(IfCondContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_ifCond

	return p
}

func (s *IfCondContext) GetParser() antlr.Parser { return s.parser }

func (s *IfCondContext) GetOp() antlr.Token { return s.op }

func (s *IfCondContext) SetOp(v antlr.Token) { s.op = v }

func (s *IfCondContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *IfCondContext) AllExpr() []IExprContext {
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

func (s *IfCondContext) Expr(i int) IExprContext {
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

func (s *IfCondContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *IfCondContext) UnaryExpr() IUnaryExprContext {
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

func (s *IfCondContext) NOT() antlr.TerminalNode {
	return s.GetToken(GsParserNOT, 0)
}

func (s *IfCondContext) TILDE() antlr.TerminalNode {
	return s.GetToken(GsParserTILDE, 0)
}

func (s *IfCondContext) MINUS() antlr.TerminalNode {
	return s.GetToken(GsParserMINUS, 0)
}

func (s *IfCondContext) STAR() antlr.TerminalNode {
	return s.GetToken(GsParserSTAR, 0)
}

func (s *IfCondContext) AMP() antlr.TerminalNode {
	return s.GetToken(GsParserAMP, 0)
}

func (s *IfCondContext) Atom() IAtomContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAtomContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAtomContext)
}

func (s *IfCondContext) AllLBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserLBRACK)
}

func (s *IfCondContext) LBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLBRACK, i)
}

func (s *IfCondContext) AllRBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserRBRACK)
}

func (s *IfCondContext) RBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserRBRACK, i)
}

func (s *IfCondContext) AllIDENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserIDENT)
}

func (s *IfCondContext) IDENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, i)
}

func (s *IfCondContext) AllINT_LIT() []antlr.TerminalNode {
	return s.GetTokens(GsParserINT_LIT)
}

func (s *IfCondContext) INT_LIT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, i)
}

func (s *IfCondContext) AllDOT() []antlr.TerminalNode {
	return s.GetTokens(GsParserDOT)
}

func (s *IfCondContext) DOT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserDOT, i)
}

func (s *IfCondContext) AllARROW() []antlr.TerminalNode {
	return s.GetTokens(GsParserARROW)
}

func (s *IfCondContext) ARROW(i int) antlr.TerminalNode {
	return s.GetToken(GsParserARROW, i)
}

func (s *IfCondContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *IfCondContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *IfCondContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *IfCondContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *IfCondContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitIfCond(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) IfCond() (localctx IIfCondContext) {
	localctx = NewIfCondContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 46, GsParserRULE_ifCond)
	var _la int

	p.SetState(398)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserLPAREN:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(373)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(374)
			p.Expr()
		}
		{
			p.SetState(375)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserNOT, GsParserTILDE, GsParserMINUS, GsParserSTAR, GsParserAMP:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(377)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*IfCondContext).op = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&550208798720) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*IfCondContext).op = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(378)
			p.UnaryExpr()
		}

	case GsParserIDENT, GsParserVAR, GsParserPARAM, GsParserMAP, GsParserINT_LIT, GsParserSTRING, GsParserCHAR_LIT, GsParserTRUE, GsParserFALSE, GsParserSIZEOF, GsParserOFFSETOF, GsParserTYPEOF:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(379)
			p.Atom()
		}
		p.SetState(395)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&3153920) != 0 {
			p.SetState(393)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}

			switch p.GetTokenStream().LA(1) {
			case GsParserDOT, GsParserARROW:
				{
					p.SetState(380)

					var _lt = p.GetTokenStream().LT(1)

					localctx.(*IfCondContext).op = _lt

					_la = p.GetTokenStream().LA(1)

					if !(_la == GsParserDOT || _la == GsParserARROW) {
						var _ri = p.GetErrorHandler().RecoverInline(p)

						localctx.(*IfCondContext).op = _ri
					} else {
						p.GetErrorHandler().ReportMatch(p)
						p.Consume()
					}
				}
				{
					p.SetState(381)
					_la = p.GetTokenStream().LA(1)

					if !(_la == GsParserIDENT || _la == GsParserINT_LIT) {
						p.GetErrorHandler().RecoverInline(p)
					} else {
						p.GetErrorHandler().ReportMatch(p)
						p.Consume()
					}
				}

			case GsParserLBRACK:
				{
					p.SetState(382)
					p.Match(GsParserLBRACK)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(383)
					p.Expr()
				}
				p.SetState(388)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)

				for _la == GsParserCOMMA {
					{
						p.SetState(384)
						p.Match(GsParserCOMMA)
						if p.HasError() {
							// Recognition error - abort rule
							goto errorExit
						}
					}
					{
						p.SetState(385)
						p.Expr()
					}

					p.SetState(390)
					p.GetErrorHandler().Sync(p)
					if p.HasError() {
						goto errorExit
					}
					_la = p.GetTokenStream().LA(1)
				}
				{
					p.SetState(391)
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

			p.SetState(397)
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

// ILetStmtContext is an interface to support dynamic dispatch.
type ILetStmtContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LET() antlr.TerminalNode
	VAR() antlr.TerminalNode
	COLON() antlr.TerminalNode
	TypeName() ITypeNameContext
	ASSIGN() antlr.TerminalNode
	Expr() IExprContext
	ArrayDims() IArrayDimsContext
	MAP() antlr.TerminalNode

	// IsLetStmtContext differentiates from other interfaces.
	IsLetStmtContext()
}

type LetStmtContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyLetStmtContext() *LetStmtContext {
	var p = new(LetStmtContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_letStmt
	return p
}

func InitEmptyLetStmtContext(p *LetStmtContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_letStmt
}

func (*LetStmtContext) IsLetStmtContext() {}

func NewLetStmtContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *LetStmtContext {
	var p = new(LetStmtContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_letStmt

	return p
}

func (s *LetStmtContext) GetParser() antlr.Parser { return s.parser }

func (s *LetStmtContext) LET() antlr.TerminalNode {
	return s.GetToken(GsParserLET, 0)
}

func (s *LetStmtContext) VAR() antlr.TerminalNode {
	return s.GetToken(GsParserVAR, 0)
}

func (s *LetStmtContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
}

func (s *LetStmtContext) TypeName() ITypeNameContext {
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

func (s *LetStmtContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(GsParserASSIGN, 0)
}

func (s *LetStmtContext) Expr() IExprContext {
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

func (s *LetStmtContext) ArrayDims() IArrayDimsContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArrayDimsContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArrayDimsContext)
}

func (s *LetStmtContext) MAP() antlr.TerminalNode {
	return s.GetToken(GsParserMAP, 0)
}

func (s *LetStmtContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *LetStmtContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *LetStmtContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitLetStmt(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) LetStmt() (localctx ILetStmtContext) {
	localctx = NewLetStmtContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 48, GsParserRULE_letStmt)
	var _la int

	p.SetState(417)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 55, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(400)
			p.Match(GsParserLET)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(401)
			p.Match(GsParserVAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(407)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserCOLON {
			{
				p.SetState(402)
				p.Match(GsParserCOLON)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(403)
				p.TypeName()
			}
			p.SetState(405)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			if _la == GsParserLBRACK {
				{
					p.SetState(404)
					p.ArrayDims()
				}

			}

		}
		p.SetState(411)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserASSIGN {
			{
				p.SetState(409)
				p.Match(GsParserASSIGN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(410)
				p.Expr()
			}

		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(413)
			p.Match(GsParserLET)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(414)
			p.Match(GsParserMAP)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(415)
			p.Match(GsParserASSIGN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(416)
			p.Expr()
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

// IStmtContext is an interface to support dynamic dispatch.
type IStmtContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	RETURN() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	BREAK() antlr.TerminalNode
	CONTINUE() antlr.TerminalNode
	LetStmt() ILetStmtContext
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

func (s *StmtContext) BREAK() antlr.TerminalNode {
	return s.GetToken(GsParserBREAK, 0)
}

func (s *StmtContext) CONTINUE() antlr.TerminalNode {
	return s.GetToken(GsParserCONTINUE, 0)
}

func (s *StmtContext) LetStmt() ILetStmtContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ILetStmtContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ILetStmtContext)
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
	p.EnterRule(localctx, 50, GsParserRULE_stmt)
	var _la int

	p.SetState(432)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserRETURN:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(419)
			p.Match(GsParserRETURN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(421)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-68)) & ^0x3f) == 0 && ((int64(1)<<(_la-68))&201326607) != 0) {
			{
				p.SetState(420)
				p.Expr()
			}

		}

	case GsParserBREAK:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(423)
			p.Match(GsParserBREAK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserCONTINUE:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(424)
			p.Match(GsParserCONTINUE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserLET:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(425)
			p.LetStmt()
		}

	case GsParserIDENT, GsParserVAR, GsParserPARAM, GsParserMAP, GsParserINT_LIT, GsParserSTRING, GsParserCHAR_LIT, GsParserLPAREN, GsParserLBRACE, GsParserNOT, GsParserTILDE, GsParserMINUS, GsParserSTAR, GsParserAMP, GsParserINC, GsParserDEC, GsParserTRUE, GsParserFALSE, GsParserSIZEOF, GsParserOFFSETOF, GsParserTYPEOF, GsParserIF_EXPR:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(426)
			p.Expr()
		}
		p.SetState(430)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&36011204832919552) != 0 {
			{
				p.SetState(427)
				p.AssignOp()
			}
			{
				p.SetState(428)
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
	BREAK() antlr.TerminalNode
	CONTINUE() antlr.TerminalNode
	LetStmt() ILetStmtContext
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

func (s *AngleStmtContext) BREAK() antlr.TerminalNode {
	return s.GetToken(GsParserBREAK, 0)
}

func (s *AngleStmtContext) CONTINUE() antlr.TerminalNode {
	return s.GetToken(GsParserCONTINUE, 0)
}

func (s *AngleStmtContext) LetStmt() ILetStmtContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ILetStmtContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ILetStmtContext)
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
	p.EnterRule(localctx, 52, GsParserRULE_angleStmt)
	var _la int

	p.SetState(447)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserRETURN:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(434)
			p.Match(GsParserRETURN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(436)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-68)) & ^0x3f) == 0 && ((int64(1)<<(_la-68))&201326607) != 0) {
			{
				p.SetState(435)
				p.AngleExpr()
			}

		}

	case GsParserBREAK:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(438)
			p.Match(GsParserBREAK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserCONTINUE:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(439)
			p.Match(GsParserCONTINUE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserLET:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(440)
			p.LetStmt()
		}

	case GsParserIDENT, GsParserVAR, GsParserPARAM, GsParserMAP, GsParserINT_LIT, GsParserSTRING, GsParserCHAR_LIT, GsParserLPAREN, GsParserLBRACE, GsParserNOT, GsParserTILDE, GsParserMINUS, GsParserSTAR, GsParserAMP, GsParserINC, GsParserDEC, GsParserTRUE, GsParserFALSE, GsParserSIZEOF, GsParserOFFSETOF, GsParserTYPEOF, GsParserIF_EXPR:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(441)
			p.AngleExpr()
		}
		p.SetState(445)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&36011204832919552) != 0 {
			{
				p.SetState(442)
				p.AssignOp()
			}
			{
				p.SetState(443)
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
	p.EnterRule(localctx, 54, GsParserRULE_assignOp)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(449)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&36011204832919552) != 0) {
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

	// GetS28 returns the s28 token.
	GetS28() antlr.Token

	// GetS29 returns the s29 token.
	GetS29() antlr.Token

	// GetS30 returns the s30 token.
	GetS30() antlr.Token

	// GetS26 returns the s26 token.
	GetS26() antlr.Token

	// GetS27 returns the s27 token.
	GetS27() antlr.Token

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

	// GetS42 returns the s42 token.
	GetS42() antlr.Token

	// GetS43 returns the s43 token.
	GetS43() antlr.Token

	// Get_tset1112 returns the _tset1112 token.
	Get_tset1112() antlr.Token

	// SetS28 sets the s28 token.
	SetS28(antlr.Token)

	// SetS29 sets the s29 token.
	SetS29(antlr.Token)

	// SetS30 sets the s30 token.
	SetS30(antlr.Token)

	// SetS26 sets the s26 token.
	SetS26(antlr.Token)

	// SetS27 sets the s27 token.
	SetS27(antlr.Token)

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

	// SetS42 sets the s42 token.
	SetS42(antlr.Token)

	// SetS43 sets the s43 token.
	SetS43(antlr.Token)

	// Set_tset1112 sets the _tset1112 token.
	Set_tset1112(antlr.Token)

	// GetOp returns the op token list.
	GetOp() []antlr.Token

	// SetOp sets the op token list.
	SetOp([]antlr.Token)

	// Getter signatures
	AllUnaryExpr() []IUnaryExprContext
	UnaryExpr(i int) IUnaryExprContext
	QUESTION() antlr.TerminalNode
	COLON() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
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
	parser    antlr.Parser
	s28       antlr.Token
	op        []antlr.Token
	s29       antlr.Token
	s30       antlr.Token
	s26       antlr.Token
	s27       antlr.Token
	s31       antlr.Token
	s32       antlr.Token
	s33       antlr.Token
	s34       antlr.Token
	s35       antlr.Token
	s36       antlr.Token
	s37       antlr.Token
	s38       antlr.Token
	s39       antlr.Token
	s40       antlr.Token
	s41       antlr.Token
	s42       antlr.Token
	s43       antlr.Token
	_tset1112 antlr.Token
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

func (s *ExprContext) GetS28() antlr.Token { return s.s28 }

func (s *ExprContext) GetS29() antlr.Token { return s.s29 }

func (s *ExprContext) GetS30() antlr.Token { return s.s30 }

func (s *ExprContext) GetS26() antlr.Token { return s.s26 }

func (s *ExprContext) GetS27() antlr.Token { return s.s27 }

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

func (s *ExprContext) GetS42() antlr.Token { return s.s42 }

func (s *ExprContext) GetS43() antlr.Token { return s.s43 }

func (s *ExprContext) Get_tset1112() antlr.Token { return s._tset1112 }

func (s *ExprContext) SetS28(v antlr.Token) { s.s28 = v }

func (s *ExprContext) SetS29(v antlr.Token) { s.s29 = v }

func (s *ExprContext) SetS30(v antlr.Token) { s.s30 = v }

func (s *ExprContext) SetS26(v antlr.Token) { s.s26 = v }

func (s *ExprContext) SetS27(v antlr.Token) { s.s27 = v }

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

func (s *ExprContext) SetS42(v antlr.Token) { s.s42 = v }

func (s *ExprContext) SetS43(v antlr.Token) { s.s43 = v }

func (s *ExprContext) Set_tset1112(v antlr.Token) { s._tset1112 = v }

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

func (s *ExprContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
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
	p.EnterRule(localctx, 56, GsParserRULE_expr)
	var _la int

	var _alt int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(451)
		p.UnaryExpr()
	}
	p.SetState(456)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 62, p.GetParserRuleContext())
	if p.HasError() {
		goto errorExit
	}
	for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
		if _alt == 1 {
			{
				p.SetState(452)

				var _lt = p.GetTokenStream().LT(1)

				localctx.(*ExprContext)._tset1112 = _lt

				_la = p.GetTokenStream().LA(1)

				if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&17592118935552) != 0) {
					var _ri = p.GetErrorHandler().RecoverInline(p)

					localctx.(*ExprContext)._tset1112 = _ri
				} else {
					p.GetErrorHandler().ReportMatch(p)
					p.Consume()
				}
			}
			localctx.(*ExprContext).op = append(localctx.(*ExprContext).op, localctx.(*ExprContext)._tset1112)
			{
				p.SetState(453)
				p.UnaryExpr()
			}

		}
		p.SetState(458)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 62, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
	}
	p.SetState(465)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserQUESTION {
		{
			p.SetState(459)
			p.Match(GsParserQUESTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(461)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-68)) & ^0x3f) == 0 && ((int64(1)<<(_la-68))&201326607) != 0) {
			{
				p.SetState(460)
				p.Expr()
			}

		}
		{
			p.SetState(463)
			p.Match(GsParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(464)
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

	// GetS28 returns the s28 token.
	GetS28() antlr.Token

	// GetS29 returns the s29 token.
	GetS29() antlr.Token

	// GetS30 returns the s30 token.
	GetS30() antlr.Token

	// GetS26 returns the s26 token.
	GetS26() antlr.Token

	// GetS27 returns the s27 token.
	GetS27() antlr.Token

	// GetS31 returns the s31 token.
	GetS31() antlr.Token

	// GetS33 returns the s33 token.
	GetS33() antlr.Token

	// GetS34 returns the s34 token.
	GetS34() antlr.Token

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

	// GetS42 returns the s42 token.
	GetS42() antlr.Token

	// GetS43 returns the s43 token.
	GetS43() antlr.Token

	// Get_tset1219 returns the _tset1219 token.
	Get_tset1219() antlr.Token

	// SetS28 sets the s28 token.
	SetS28(antlr.Token)

	// SetS29 sets the s29 token.
	SetS29(antlr.Token)

	// SetS30 sets the s30 token.
	SetS30(antlr.Token)

	// SetS26 sets the s26 token.
	SetS26(antlr.Token)

	// SetS27 sets the s27 token.
	SetS27(antlr.Token)

	// SetS31 sets the s31 token.
	SetS31(antlr.Token)

	// SetS33 sets the s33 token.
	SetS33(antlr.Token)

	// SetS34 sets the s34 token.
	SetS34(antlr.Token)

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

	// SetS42 sets the s42 token.
	SetS42(antlr.Token)

	// SetS43 sets the s43 token.
	SetS43(antlr.Token)

	// Set_tset1219 sets the _tset1219 token.
	Set_tset1219(antlr.Token)

	// GetOp returns the op token list.
	GetOp() []antlr.Token

	// SetOp sets the op token list.
	SetOp([]antlr.Token)

	// Getter signatures
	AllUnaryExpr() []IUnaryExprContext
	UnaryExpr(i int) IUnaryExprContext
	QUESTION() antlr.TerminalNode
	COLON() antlr.TerminalNode
	AllAngleExpr() []IAngleExprContext
	AngleExpr(i int) IAngleExprContext
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
	parser    antlr.Parser
	s28       antlr.Token
	op        []antlr.Token
	s29       antlr.Token
	s30       antlr.Token
	s26       antlr.Token
	s27       antlr.Token
	s31       antlr.Token
	s33       antlr.Token
	s34       antlr.Token
	s37       antlr.Token
	s38       antlr.Token
	s39       antlr.Token
	s40       antlr.Token
	s41       antlr.Token
	s42       antlr.Token
	s43       antlr.Token
	_tset1219 antlr.Token
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

func (s *AngleExprContext) GetS28() antlr.Token { return s.s28 }

func (s *AngleExprContext) GetS29() antlr.Token { return s.s29 }

func (s *AngleExprContext) GetS30() antlr.Token { return s.s30 }

func (s *AngleExprContext) GetS26() antlr.Token { return s.s26 }

func (s *AngleExprContext) GetS27() antlr.Token { return s.s27 }

func (s *AngleExprContext) GetS31() antlr.Token { return s.s31 }

func (s *AngleExprContext) GetS33() antlr.Token { return s.s33 }

func (s *AngleExprContext) GetS34() antlr.Token { return s.s34 }

func (s *AngleExprContext) GetS37() antlr.Token { return s.s37 }

func (s *AngleExprContext) GetS38() antlr.Token { return s.s38 }

func (s *AngleExprContext) GetS39() antlr.Token { return s.s39 }

func (s *AngleExprContext) GetS40() antlr.Token { return s.s40 }

func (s *AngleExprContext) GetS41() antlr.Token { return s.s41 }

func (s *AngleExprContext) GetS42() antlr.Token { return s.s42 }

func (s *AngleExprContext) GetS43() antlr.Token { return s.s43 }

func (s *AngleExprContext) Get_tset1219() antlr.Token { return s._tset1219 }

func (s *AngleExprContext) SetS28(v antlr.Token) { s.s28 = v }

func (s *AngleExprContext) SetS29(v antlr.Token) { s.s29 = v }

func (s *AngleExprContext) SetS30(v antlr.Token) { s.s30 = v }

func (s *AngleExprContext) SetS26(v antlr.Token) { s.s26 = v }

func (s *AngleExprContext) SetS27(v antlr.Token) { s.s27 = v }

func (s *AngleExprContext) SetS31(v antlr.Token) { s.s31 = v }

func (s *AngleExprContext) SetS33(v antlr.Token) { s.s33 = v }

func (s *AngleExprContext) SetS34(v antlr.Token) { s.s34 = v }

func (s *AngleExprContext) SetS37(v antlr.Token) { s.s37 = v }

func (s *AngleExprContext) SetS38(v antlr.Token) { s.s38 = v }

func (s *AngleExprContext) SetS39(v antlr.Token) { s.s39 = v }

func (s *AngleExprContext) SetS40(v antlr.Token) { s.s40 = v }

func (s *AngleExprContext) SetS41(v antlr.Token) { s.s41 = v }

func (s *AngleExprContext) SetS42(v antlr.Token) { s.s42 = v }

func (s *AngleExprContext) SetS43(v antlr.Token) { s.s43 = v }

func (s *AngleExprContext) Set_tset1219(v antlr.Token) { s._tset1219 = v }

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

func (s *AngleExprContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
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
	p.EnterRule(localctx, 58, GsParserRULE_angleExpr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(467)
		p.UnaryExpr()
	}
	p.SetState(472)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&17484744753152) != 0 {
		{
			p.SetState(468)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*AngleExprContext)._tset1219 = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&17484744753152) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*AngleExprContext)._tset1219 = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		localctx.(*AngleExprContext).op = append(localctx.(*AngleExprContext).op, localctx.(*AngleExprContext)._tset1219)
		{
			p.SetState(469)
			p.UnaryExpr()
		}

		p.SetState(474)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(481)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserQUESTION {
		{
			p.SetState(475)
			p.Match(GsParserQUESTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(477)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-68)) & ^0x3f) == 0 && ((int64(1)<<(_la-68))&201326607) != 0) {
			{
				p.SetState(476)
				p.AngleExpr()
			}

		}
		{
			p.SetState(479)
			p.Match(GsParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(480)
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

	// GetS28 returns the s28 token.
	GetS28() antlr.Token

	// GetS30 returns the s30 token.
	GetS30() antlr.Token

	// GetS26 returns the s26 token.
	GetS26() antlr.Token

	// GetS27 returns the s27 token.
	GetS27() antlr.Token

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

	// GetS42 returns the s42 token.
	GetS42() antlr.Token

	// GetS43 returns the s43 token.
	GetS43() antlr.Token

	// Get_tset1314 returns the _tset1314 token.
	Get_tset1314() antlr.Token

	// SetS28 sets the s28 token.
	SetS28(antlr.Token)

	// SetS30 sets the s30 token.
	SetS30(antlr.Token)

	// SetS26 sets the s26 token.
	SetS26(antlr.Token)

	// SetS27 sets the s27 token.
	SetS27(antlr.Token)

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

	// SetS42 sets the s42 token.
	SetS42(antlr.Token)

	// SetS43 sets the s43 token.
	SetS43(antlr.Token)

	// Set_tset1314 sets the _tset1314 token.
	Set_tset1314(antlr.Token)

	// GetOp returns the op token list.
	GetOp() []antlr.Token

	// SetOp sets the op token list.
	SetOp([]antlr.Token)

	// Getter signatures
	AllUnaryExpr() []IUnaryExprContext
	UnaryExpr(i int) IUnaryExprContext
	QUESTION() antlr.TerminalNode
	COLON() antlr.TerminalNode
	AllFilterExpr() []IFilterExprContext
	FilterExpr(i int) IFilterExprContext
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
	parser    antlr.Parser
	s28       antlr.Token
	op        []antlr.Token
	s30       antlr.Token
	s26       antlr.Token
	s27       antlr.Token
	s31       antlr.Token
	s32       antlr.Token
	s33       antlr.Token
	s34       antlr.Token
	s35       antlr.Token
	s36       antlr.Token
	s37       antlr.Token
	s38       antlr.Token
	s39       antlr.Token
	s40       antlr.Token
	s41       antlr.Token
	s42       antlr.Token
	s43       antlr.Token
	_tset1314 antlr.Token
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

func (s *FilterExprContext) GetS28() antlr.Token { return s.s28 }

func (s *FilterExprContext) GetS30() antlr.Token { return s.s30 }

func (s *FilterExprContext) GetS26() antlr.Token { return s.s26 }

func (s *FilterExprContext) GetS27() antlr.Token { return s.s27 }

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

func (s *FilterExprContext) GetS42() antlr.Token { return s.s42 }

func (s *FilterExprContext) GetS43() antlr.Token { return s.s43 }

func (s *FilterExprContext) Get_tset1314() antlr.Token { return s._tset1314 }

func (s *FilterExprContext) SetS28(v antlr.Token) { s.s28 = v }

func (s *FilterExprContext) SetS30(v antlr.Token) { s.s30 = v }

func (s *FilterExprContext) SetS26(v antlr.Token) { s.s26 = v }

func (s *FilterExprContext) SetS27(v antlr.Token) { s.s27 = v }

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

func (s *FilterExprContext) SetS42(v antlr.Token) { s.s42 = v }

func (s *FilterExprContext) SetS43(v antlr.Token) { s.s43 = v }

func (s *FilterExprContext) Set_tset1314(v antlr.Token) { s._tset1314 = v }

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

func (s *FilterExprContext) COLON() antlr.TerminalNode {
	return s.GetToken(GsParserCOLON, 0)
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
	p.EnterRule(localctx, 60, GsParserRULE_filterExpr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(483)
		p.UnaryExpr()
	}
	p.SetState(488)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&17591582064640) != 0 {
		{
			p.SetState(484)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*FilterExprContext)._tset1314 = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&17591582064640) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*FilterExprContext)._tset1314 = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		localctx.(*FilterExprContext).op = append(localctx.(*FilterExprContext).op, localctx.(*FilterExprContext)._tset1314)
		{
			p.SetState(485)
			p.UnaryExpr()
		}

		p.SetState(490)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(497)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == GsParserQUESTION {
		{
			p.SetState(491)
			p.Match(GsParserQUESTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(493)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-68)) & ^0x3f) == 0 && ((int64(1)<<(_la-68))&201326607) != 0) {
			{
				p.SetState(492)
				p.FilterExpr()
			}

		}
		{
			p.SetState(495)
			p.Match(GsParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(496)
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
	INC() antlr.TerminalNode
	DEC() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	CastType() ICastTypeContext
	RPAREN() antlr.TerminalNode
	ArrayDims() IArrayDimsContext
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

func (s *UnaryExprContext) INC() antlr.TerminalNode {
	return s.GetToken(GsParserINC, 0)
}

func (s *UnaryExprContext) DEC() antlr.TerminalNode {
	return s.GetToken(GsParserDEC, 0)
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

func (s *UnaryExprContext) ArrayDims() IArrayDimsContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArrayDimsContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArrayDimsContext)
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
	p.EnterRule(localctx, 62, GsParserRULE_unaryExpr)
	var _la int

	p.SetState(520)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 72, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(499)
			p.PostfixExpr()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(500)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*UnaryExprContext).op = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265690624) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*UnaryExprContext).op = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(501)
			p.UnaryExpr()
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(502)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(503)
			p.CastType()
		}
		p.SetState(505)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserLBRACK {
			{
				p.SetState(504)
				p.ArrayDims()
			}

		}
		{
			p.SetState(507)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(508)
			p.UnaryExpr()
		}

	case 4:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(510)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(511)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(512)
			p.ArrayDims()
		}
		{
			p.SetState(513)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(514)
			p.CastOperand()
		}

	case 5:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(516)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(517)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(518)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(519)
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
	ArrayDims() IArrayDimsContext
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

func (s *CastOperandContext) ArrayDims() IArrayDimsContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArrayDimsContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArrayDimsContext)
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
	p.EnterRule(localctx, 64, GsParserRULE_castOperand)
	var _la int

	p.SetState(543)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 74, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(522)
			p.PostfixExpr()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(523)

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
			p.SetState(524)
			p.UnaryExpr()
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(525)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(526)
			p.CastType()
		}
		p.SetState(528)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserLBRACK {
			{
				p.SetState(527)
				p.ArrayDims()
			}

		}
		{
			p.SetState(530)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(531)
			p.UnaryExpr()
		}

	case 4:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(533)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(534)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(535)
			p.ArrayDims()
		}
		{
			p.SetState(536)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(537)
			p.CastOperand()
		}

	case 5:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(539)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(540)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(541)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(542)
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

// IArrayDimsContext is an interface to support dynamic dispatch.
type IArrayDimsContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllLBRACK() []antlr.TerminalNode
	LBRACK(i int) antlr.TerminalNode
	AllRBRACK() []antlr.TerminalNode
	RBRACK(i int) antlr.TerminalNode
	AllINT_LIT() []antlr.TerminalNode
	INT_LIT(i int) antlr.TerminalNode

	// IsArrayDimsContext differentiates from other interfaces.
	IsArrayDimsContext()
}

type ArrayDimsContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyArrayDimsContext() *ArrayDimsContext {
	var p = new(ArrayDimsContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_arrayDims
	return p
}

func InitEmptyArrayDimsContext(p *ArrayDimsContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_arrayDims
}

func (*ArrayDimsContext) IsArrayDimsContext() {}

func NewArrayDimsContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ArrayDimsContext {
	var p = new(ArrayDimsContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_arrayDims

	return p
}

func (s *ArrayDimsContext) GetParser() antlr.Parser { return s.parser }

func (s *ArrayDimsContext) AllLBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserLBRACK)
}

func (s *ArrayDimsContext) LBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserLBRACK, i)
}

func (s *ArrayDimsContext) AllRBRACK() []antlr.TerminalNode {
	return s.GetTokens(GsParserRBRACK)
}

func (s *ArrayDimsContext) RBRACK(i int) antlr.TerminalNode {
	return s.GetToken(GsParserRBRACK, i)
}

func (s *ArrayDimsContext) AllINT_LIT() []antlr.TerminalNode {
	return s.GetTokens(GsParserINT_LIT)
}

func (s *ArrayDimsContext) INT_LIT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, i)
}

func (s *ArrayDimsContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ArrayDimsContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ArrayDimsContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitArrayDims(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) ArrayDims() (localctx IArrayDimsContext) {
	localctx = NewArrayDimsContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 66, GsParserRULE_arrayDims)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(550)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for ok := true; ok; ok = _la == GsParserLBRACK {
		{
			p.SetState(545)
			p.Match(GsParserLBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(547)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserINT_LIT {
			{
				p.SetState(546)
				p.Match(GsParserINT_LIT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(549)
			p.Match(GsParserRBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

		p.SetState(552)
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
	AllLBRACK() []antlr.TerminalNode
	LBRACK(i int) antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	AllRBRACK() []antlr.TerminalNode
	RBRACK(i int) antlr.TerminalNode
	AllIDENT() []antlr.TerminalNode
	IDENT(i int) antlr.TerminalNode
	AllINT_LIT() []antlr.TerminalNode
	INT_LIT(i int) antlr.TerminalNode
	AllDOT() []antlr.TerminalNode
	DOT(i int) antlr.TerminalNode
	AllARROW() []antlr.TerminalNode
	ARROW(i int) antlr.TerminalNode
	AllINC() []antlr.TerminalNode
	INC(i int) antlr.TerminalNode
	AllDEC() []antlr.TerminalNode
	DEC(i int) antlr.TerminalNode
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

func (s *PostfixExprContext) AllIDENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserIDENT)
}

func (s *PostfixExprContext) IDENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, i)
}

func (s *PostfixExprContext) AllINT_LIT() []antlr.TerminalNode {
	return s.GetTokens(GsParserINT_LIT)
}

func (s *PostfixExprContext) INT_LIT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, i)
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

func (s *PostfixExprContext) AllINC() []antlr.TerminalNode {
	return s.GetTokens(GsParserINC)
}

func (s *PostfixExprContext) INC(i int) antlr.TerminalNode {
	return s.GetToken(GsParserINC, i)
}

func (s *PostfixExprContext) AllDEC() []antlr.TerminalNode {
	return s.GetTokens(GsParserDEC)
}

func (s *PostfixExprContext) DEC(i int) antlr.TerminalNode {
	return s.GetToken(GsParserDEC, i)
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
	p.EnterRule(localctx, 68, GsParserRULE_postfixExpr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(554)
		p.Primary()
	}
	p.SetState(571)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086391060045824) != 0 {
		p.SetState(569)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserDOT, GsParserARROW:
			{
				p.SetState(555)

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
				p.SetState(556)
				_la = p.GetTokenStream().LA(1)

				if !(_la == GsParserIDENT || _la == GsParserINT_LIT) {
					p.GetErrorHandler().RecoverInline(p)
				} else {
					p.GetErrorHandler().ReportMatch(p)
					p.Consume()
				}
			}

		case GsParserLBRACK:
			{
				p.SetState(557)
				p.Match(GsParserLBRACK)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(558)
				p.Expr()
			}
			p.SetState(563)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			for _la == GsParserCOMMA {
				{
					p.SetState(559)
					p.Match(GsParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(560)
					p.Expr()
				}

				p.SetState(565)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)
			}
			{
				p.SetState(566)
				p.Match(GsParserRBRACK)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		case GsParserINC, GsParserDEC:
			{
				p.SetState(568)

				var _lt = p.GetTokenStream().LT(1)

				localctx.(*PostfixExprContext).op = _lt

				_la = p.GetTokenStream().LA(1)

				if !(_la == GsParserINC || _la == GsParserDEC) {
					var _ri = p.GetErrorHandler().RecoverInline(p)

					localctx.(*PostfixExprContext).op = _ri
				} else {
					p.GetErrorHandler().ReportMatch(p)
					p.Consume()
				}
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(573)
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
	Atom() IAtomContext
	LPAREN() antlr.TerminalNode
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	RPAREN() antlr.TerminalNode
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode
	AllIDENT() []antlr.TerminalNode
	IDENT(i int) antlr.TerminalNode
	AllASSIGN() []antlr.TerminalNode
	ASSIGN(i int) antlr.TerminalNode
	LBRACE() antlr.TerminalNode
	StmtList() IStmtListContext
	RBRACE() antlr.TerminalNode
	IF_EXPR() antlr.TerminalNode
	IfBody() IIfBodyContext

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

func (s *PrimaryContext) Atom() IAtomContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAtomContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAtomContext)
}

func (s *PrimaryContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
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

func (s *PrimaryContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *PrimaryContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *PrimaryContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *PrimaryContext) AllIDENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserIDENT)
}

func (s *PrimaryContext) IDENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, i)
}

func (s *PrimaryContext) AllASSIGN() []antlr.TerminalNode {
	return s.GetTokens(GsParserASSIGN)
}

func (s *PrimaryContext) ASSIGN(i int) antlr.TerminalNode {
	return s.GetToken(GsParserASSIGN, i)
}

func (s *PrimaryContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserLBRACE, 0)
}

func (s *PrimaryContext) StmtList() IStmtListContext {
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

func (s *PrimaryContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(GsParserRBRACE, 0)
}

func (s *PrimaryContext) IF_EXPR() antlr.TerminalNode {
	return s.GetToken(GsParserIF_EXPR, 0)
}

func (s *PrimaryContext) IfBody() IIfBodyContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfBodyContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfBodyContext)
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
	p.EnterRule(localctx, 70, GsParserRULE_primary)
	var _la int

	var _alt int

	p.SetState(613)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 84, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(574)
			p.Atom()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(575)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(576)
			p.Expr()
		}
		p.SetState(581)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 80, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
		for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
			if _alt == 1 {
				{
					p.SetState(577)
					p.Match(GsParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(578)
					p.Expr()
				}

			}
			p.SetState(583)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 80, p.GetParserRuleContext())
			if p.HasError() {
				goto errorExit
			}
		}
		p.SetState(585)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserCOMMA {
			{
				p.SetState(584)
				p.Match(GsParserCOMMA)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(587)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(589)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(590)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(591)
			p.Match(GsParserASSIGN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(592)
			p.Expr()
		}
		p.SetState(599)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 82, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
		for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
			if _alt == 1 {
				{
					p.SetState(593)
					p.Match(GsParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(594)
					p.Match(GsParserIDENT)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(595)
					p.Match(GsParserASSIGN)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(596)
					p.Expr()
				}

			}
			p.SetState(601)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 82, p.GetParserRuleContext())
			if p.HasError() {
				goto errorExit
			}
		}
		p.SetState(603)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserCOMMA {
			{
				p.SetState(602)
				p.Match(GsParserCOMMA)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(605)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 4:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(607)
			p.Match(GsParserLBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(608)
			p.StmtList()
		}
		{
			p.SetState(609)
			p.Match(GsParserRBRACE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 5:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(611)
			p.Match(GsParserIF_EXPR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(612)
			p.IfBody()
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

// IAtomContext is an interface to support dynamic dispatch.
type IAtomContext interface {
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
	PARAM() antlr.TerminalNode
	MAP() antlr.TerminalNode
	SIZEOF() antlr.TerminalNode
	CastType() ICastTypeContext
	OFFSETOF() antlr.TerminalNode
	TypeName() ITypeNameContext
	AllDOT() []antlr.TerminalNode
	DOT(i int) antlr.TerminalNode
	TypeofType() ITypeofTypeContext

	// IsAtomContext differentiates from other interfaces.
	IsAtomContext()
}

type AtomContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyAtomContext() *AtomContext {
	var p = new(AtomContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_atom
	return p
}

func InitEmptyAtomContext(p *AtomContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_atom
}

func (*AtomContext) IsAtomContext() {}

func NewAtomContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *AtomContext {
	var p = new(AtomContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_atom

	return p
}

func (s *AtomContext) GetParser() antlr.Parser { return s.parser }

func (s *AtomContext) INT_LIT() antlr.TerminalNode {
	return s.GetToken(GsParserINT_LIT, 0)
}

func (s *AtomContext) CHAR_LIT() antlr.TerminalNode {
	return s.GetToken(GsParserCHAR_LIT, 0)
}

func (s *AtomContext) AllSTRING() []antlr.TerminalNode {
	return s.GetTokens(GsParserSTRING)
}

func (s *AtomContext) STRING(i int) antlr.TerminalNode {
	return s.GetToken(GsParserSTRING, i)
}

func (s *AtomContext) TRUE() antlr.TerminalNode {
	return s.GetToken(GsParserTRUE, 0)
}

func (s *AtomContext) FALSE() antlr.TerminalNode {
	return s.GetToken(GsParserFALSE, 0)
}

func (s *AtomContext) AllIDENT() []antlr.TerminalNode {
	return s.GetTokens(GsParserIDENT)
}

func (s *AtomContext) IDENT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserIDENT, i)
}

func (s *AtomContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *AtomContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *AtomContext) AllExpr() []IExprContext {
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

func (s *AtomContext) Expr(i int) IExprContext {
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

func (s *AtomContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(GsParserCOMMA)
}

func (s *AtomContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(GsParserCOMMA, i)
}

func (s *AtomContext) VAR() antlr.TerminalNode {
	return s.GetToken(GsParserVAR, 0)
}

func (s *AtomContext) PARAM() antlr.TerminalNode {
	return s.GetToken(GsParserPARAM, 0)
}

func (s *AtomContext) MAP() antlr.TerminalNode {
	return s.GetToken(GsParserMAP, 0)
}

func (s *AtomContext) SIZEOF() antlr.TerminalNode {
	return s.GetToken(GsParserSIZEOF, 0)
}

func (s *AtomContext) CastType() ICastTypeContext {
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

func (s *AtomContext) OFFSETOF() antlr.TerminalNode {
	return s.GetToken(GsParserOFFSETOF, 0)
}

func (s *AtomContext) TypeName() ITypeNameContext {
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

func (s *AtomContext) AllDOT() []antlr.TerminalNode {
	return s.GetTokens(GsParserDOT)
}

func (s *AtomContext) DOT(i int) antlr.TerminalNode {
	return s.GetToken(GsParserDOT, i)
}

func (s *AtomContext) TypeofType() ITypeofTypeContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeofTypeContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeofTypeContext)
}

func (s *AtomContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AtomContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *AtomContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitAtom(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) Atom() (localctx IAtomContext) {
	localctx = NewAtomContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 72, GsParserRULE_atom)
	var _la int

	p.SetState(665)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case GsParserINT_LIT:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(615)
			p.Match(GsParserINT_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserCHAR_LIT:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(616)
			p.Match(GsParserCHAR_LIT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserSTRING:
		p.EnterOuterAlt(localctx, 3)
		p.SetState(618)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for ok := true; ok; ok = _la == GsParserSTRING {
			{
				p.SetState(617)
				p.Match(GsParserSTRING)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(620)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	case GsParserTRUE:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(622)
			p.Match(GsParserTRUE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserFALSE:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(623)
			p.Match(GsParserFALSE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserIDENT:
		p.EnterOuterAlt(localctx, 6)
		{
			p.SetState(624)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(637)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserLPAREN {
			{
				p.SetState(625)
				p.Match(GsParserLPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			p.SetState(634)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&108086941265726204) != 0) || ((int64((_la-68)) & ^0x3f) == 0 && ((int64(1)<<(_la-68))&201326607) != 0) {
				{
					p.SetState(626)
					p.Expr()
				}
				p.SetState(631)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)

				for _la == GsParserCOMMA {
					{
						p.SetState(627)
						p.Match(GsParserCOMMA)
						if p.HasError() {
							// Recognition error - abort rule
							goto errorExit
						}
					}
					{
						p.SetState(628)
						p.Expr()
					}

					p.SetState(633)
					p.GetErrorHandler().Sync(p)
					if p.HasError() {
						goto errorExit
					}
					_la = p.GetTokenStream().LA(1)
				}

			}
			{
				p.SetState(636)
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
			p.SetState(639)
			p.Match(GsParserVAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserPARAM:
		p.EnterOuterAlt(localctx, 8)
		{
			p.SetState(640)
			p.Match(GsParserPARAM)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserMAP:
		p.EnterOuterAlt(localctx, 9)
		{
			p.SetState(641)
			p.Match(GsParserMAP)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserSIZEOF:
		p.EnterOuterAlt(localctx, 10)
		{
			p.SetState(642)
			p.Match(GsParserSIZEOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(643)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(646)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 89, p.GetParserRuleContext()) {
		case 1:
			{
				p.SetState(644)
				p.Expr()
			}

		case 2:
			{
				p.SetState(645)
				p.CastType()
			}

		case antlr.ATNInvalidAltNumber:
			goto errorExit
		}
		{
			p.SetState(648)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserOFFSETOF:
		p.EnterOuterAlt(localctx, 11)
		{
			p.SetState(650)
			p.Match(GsParserOFFSETOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(651)
			p.Match(GsParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(652)
			p.TypeName()
		}
		{
			p.SetState(653)
			p.Match(GsParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(654)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(659)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserDOT {
			{
				p.SetState(655)
				p.Match(GsParserDOT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(656)
				p.Match(GsParserIDENT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(661)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}
		{
			p.SetState(662)
			p.Match(GsParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case GsParserTYPEOF:
		p.EnterOuterAlt(localctx, 12)
		{
			p.SetState(664)
			p.TypeofType()
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

// ITypeofTypeContext is an interface to support dynamic dispatch.
type ITypeofTypeContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	TYPEOF() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	RPAREN() antlr.TerminalNode
	CastType() ICastTypeContext
	Expr() IExprContext

	// IsTypeofTypeContext differentiates from other interfaces.
	IsTypeofTypeContext()
}

type TypeofTypeContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTypeofTypeContext() *TypeofTypeContext {
	var p = new(TypeofTypeContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_typeofType
	return p
}

func InitEmptyTypeofTypeContext(p *TypeofTypeContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = GsParserRULE_typeofType
}

func (*TypeofTypeContext) IsTypeofTypeContext() {}

func NewTypeofTypeContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TypeofTypeContext {
	var p = new(TypeofTypeContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = GsParserRULE_typeofType

	return p
}

func (s *TypeofTypeContext) GetParser() antlr.Parser { return s.parser }

func (s *TypeofTypeContext) TYPEOF() antlr.TerminalNode {
	return s.GetToken(GsParserTYPEOF, 0)
}

func (s *TypeofTypeContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserLPAREN, 0)
}

func (s *TypeofTypeContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(GsParserRPAREN, 0)
}

func (s *TypeofTypeContext) CastType() ICastTypeContext {
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

func (s *TypeofTypeContext) Expr() IExprContext {
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

func (s *TypeofTypeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TypeofTypeContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *TypeofTypeContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case GsVisitor:
		return t.VisitTypeofType(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *GsParser) TypeofType() (localctx ITypeofTypeContext) {
	localctx = NewTypeofTypeContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 74, GsParserRULE_typeofType)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(667)
		p.Match(GsParserTYPEOF)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(668)
		p.Match(GsParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(671)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 92, p.GetParserRuleContext()) {
	case 1:
		{
			p.SetState(669)
			p.CastType()
		}

	case 2:
		{
			p.SetState(670)
			p.Expr()
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}
	{
		p.SetState(673)
		p.Match(GsParserRPAREN)
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

// ITypeNameContext is an interface to support dynamic dispatch.
type ITypeNameContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	CastType() ICastTypeContext
	IDENT() antlr.TerminalNode
	TypeofType() ITypeofTypeContext

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

func (s *TypeNameContext) TypeofType() ITypeofTypeContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeofTypeContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeofTypeContext)
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
	p.EnterRule(localctx, 76, GsParserRULE_typeName)
	p.SetState(678)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 93, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(675)
			p.CastType()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(676)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(677)
			p.TypeofType()
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
	p.EnterRule(localctx, 78, GsParserRULE_castType)
	var _la int

	p.SetState(709)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 100, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		p.SetState(681)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserCONST {
			{
				p.SetState(680)
				p.Match(GsParserCONST)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		p.SetState(690)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case GsParserSTRUCT, GsParserUNION, GsParserENUM:
			{
				p.SetState(683)
				_la = p.GetTokenStream().LA(1)

				if !((int64((_la-72)) & ^0x3f) == 0 && ((int64(1)<<(_la-72))&7) != 0) {
					p.GetErrorHandler().RecoverInline(p)
				} else {
					p.GetErrorHandler().ReportMatch(p)
					p.Consume()
				}
			}
			{
				p.SetState(684)
				p.Match(GsParserIDENT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		case GsParserVOID, GsParserCHAR, GsParserSHORT, GsParserINT, GsParserLONG, GsParserSIGNED, GsParserUNSIGNED, GsParserFLOAT, GsParserDOUBLE, GsParserBOOL:
			p.SetState(686)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			for ok := true; ok; ok = ((int64((_la-76)) & ^0x3f) == 0 && ((int64(1)<<(_la-76))&1023) != 0) {
				{
					p.SetState(685)
					p.BuiltinType()
				}

				p.SetState(688)
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
		p.SetState(695)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == GsParserSTAR {
			{
				p.SetState(692)
				p.Match(GsParserSTAR)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(697)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		p.SetState(699)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == GsParserCONST {
			{
				p.SetState(698)
				p.Match(GsParserCONST)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}
		{
			p.SetState(701)
			p.Match(GsParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(703)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for ok := true; ok; ok = _la == GsParserSTAR {
			{
				p.SetState(702)
				p.Match(GsParserSTAR)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

			p.SetState(705)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	case 3:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(707)
			p.Match(GsParserCONST)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(708)
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
	p.EnterRule(localctx, 80, GsParserRULE_builtinType)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(711)
		_la = p.GetTokenStream().LA(1)

		if !((int64((_la-76)) & ^0x3f) == 0 && ((int64(1)<<(_la-76))&1023) != 0) {
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
