// Code generated from grammar/Gs.g4 by ANTLR 4.13.1. DO NOT EDIT.

package antlrgs // Gs
import "github.com/antlr4-go/antlr/v4"

// A complete Visitor for a parse tree produced by GsParser.
type GsVisitor interface {
	antlr.ParseTreeVisitor

	// Visit a parse tree produced by GsParser#program.
	VisitProgram(ctx *ProgramContext) interface{}

	// Visit a parse tree produced by GsParser#importDecl.
	VisitImportDecl(ctx *ImportDeclContext) interface{}

	// Visit a parse tree produced by GsParser#mapDecl.
	VisitMapDecl(ctx *MapDeclContext) interface{}

	// Visit a parse tree produced by GsParser#cDecl.
	VisitCDecl(ctx *CDeclContext) interface{}

	// Visit a parse tree produced by GsParser#cField.
	VisitCField(ctx *CFieldContext) interface{}

	// Visit a parse tree produced by GsParser#cDeclarator.
	VisitCDeclarator(ctx *CDeclaratorContext) interface{}

	// Visit a parse tree produced by GsParser#cAttribute.
	VisitCAttribute(ctx *CAttributeContext) interface{}

	// Visit a parse tree produced by GsParser#cAttributeItem.
	VisitCAttributeItem(ctx *CAttributeItemContext) interface{}

	// Visit a parse tree produced by GsParser#cFieldType.
	VisitCFieldType(ctx *CFieldTypeContext) interface{}

	// Visit a parse tree produced by GsParser#cEnumerator.
	VisitCEnumerator(ctx *CEnumeratorContext) interface{}

	// Visit a parse tree produced by GsParser#configBlock.
	VisitConfigBlock(ctx *ConfigBlockContext) interface{}

	// Visit a parse tree produced by GsParser#configItem.
	VisitConfigItem(ctx *ConfigItemContext) interface{}

	// Visit a parse tree produced by GsParser#macroDecl.
	VisitMacroDecl(ctx *MacroDeclContext) interface{}

	// Visit a parse tree produced by GsParser#macroParam.
	VisitMacroParam(ctx *MacroParamContext) interface{}

	// Visit a parse tree produced by GsParser#group.
	VisitGroup(ctx *GroupContext) interface{}

	// Visit a parse tree produced by GsParser#probe.
	VisitProbe(ctx *ProbeContext) interface{}

	// Visit a parse tree produced by GsParser#filter.
	VisitFilter(ctx *FilterContext) interface{}

	// Visit a parse tree produced by GsParser#block.
	VisitBlock(ctx *BlockContext) interface{}

	// Visit a parse tree produced by GsParser#stmtList.
	VisitStmtList(ctx *StmtListContext) interface{}

	// Visit a parse tree produced by GsParser#angleStmtList.
	VisitAngleStmtList(ctx *AngleStmtListContext) interface{}

	// Visit a parse tree produced by GsParser#blockStmt.
	VisitBlockStmt(ctx *BlockStmtContext) interface{}

	// Visit a parse tree produced by GsParser#forHead.
	VisitForHead(ctx *ForHeadContext) interface{}

	// Visit a parse tree produced by GsParser#ifStmt.
	VisitIfStmt(ctx *IfStmtContext) interface{}

	// Visit a parse tree produced by GsParser#ifBody.
	VisitIfBody(ctx *IfBodyContext) interface{}

	// Visit a parse tree produced by GsParser#ifCond.
	VisitIfCond(ctx *IfCondContext) interface{}

	// Visit a parse tree produced by GsParser#letStmt.
	VisitLetStmt(ctx *LetStmtContext) interface{}

	// Visit a parse tree produced by GsParser#stmt.
	VisitStmt(ctx *StmtContext) interface{}

	// Visit a parse tree produced by GsParser#angleStmt.
	VisitAngleStmt(ctx *AngleStmtContext) interface{}

	// Visit a parse tree produced by GsParser#assignOp.
	VisitAssignOp(ctx *AssignOpContext) interface{}

	// Visit a parse tree produced by GsParser#expr.
	VisitExpr(ctx *ExprContext) interface{}

	// Visit a parse tree produced by GsParser#angleExpr.
	VisitAngleExpr(ctx *AngleExprContext) interface{}

	// Visit a parse tree produced by GsParser#filterExpr.
	VisitFilterExpr(ctx *FilterExprContext) interface{}

	// Visit a parse tree produced by GsParser#unaryExpr.
	VisitUnaryExpr(ctx *UnaryExprContext) interface{}

	// Visit a parse tree produced by GsParser#castOperand.
	VisitCastOperand(ctx *CastOperandContext) interface{}

	// Visit a parse tree produced by GsParser#arrayDims.
	VisitArrayDims(ctx *ArrayDimsContext) interface{}

	// Visit a parse tree produced by GsParser#postfixExpr.
	VisitPostfixExpr(ctx *PostfixExprContext) interface{}

	// Visit a parse tree produced by GsParser#primary.
	VisitPrimary(ctx *PrimaryContext) interface{}

	// Visit a parse tree produced by GsParser#atom.
	VisitAtom(ctx *AtomContext) interface{}

	// Visit a parse tree produced by GsParser#typeofType.
	VisitTypeofType(ctx *TypeofTypeContext) interface{}

	// Visit a parse tree produced by GsParser#typeName.
	VisitTypeName(ctx *TypeNameContext) interface{}

	// Visit a parse tree produced by GsParser#castType.
	VisitCastType(ctx *CastTypeContext) interface{}

	// Visit a parse tree produced by GsParser#builtinType.
	VisitBuiltinType(ctx *BuiltinTypeContext) interface{}
}
