// Code generated from grammar/Gs.g4 by ANTLR 4.13.1. DO NOT EDIT.

package antlrgs // Gs
import "github.com/antlr4-go/antlr/v4"

type BaseGsVisitor struct {
	*antlr.BaseParseTreeVisitor
}

func (v *BaseGsVisitor) VisitProgram(ctx *ProgramContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitImportDecl(ctx *ImportDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitMapDecl(ctx *MapDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCDecl(ctx *CDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCField(ctx *CFieldContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCDeclarator(ctx *CDeclaratorContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCAttribute(ctx *CAttributeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCAttributeItem(ctx *CAttributeItemContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCFieldType(ctx *CFieldTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCEnumerator(ctx *CEnumeratorContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitConfigBlock(ctx *ConfigBlockContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitConfigItem(ctx *ConfigItemContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitMacroDecl(ctx *MacroDeclContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitMacroParam(ctx *MacroParamContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitGroup(ctx *GroupContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitProbe(ctx *ProbeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitFilter(ctx *FilterContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitBlock(ctx *BlockContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitStmtList(ctx *StmtListContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitAngleStmtList(ctx *AngleStmtListContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitBlockStmt(ctx *BlockStmtContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitForHead(ctx *ForHeadContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitIfStmt(ctx *IfStmtContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitIfBody(ctx *IfBodyContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitIfCond(ctx *IfCondContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitLetStmt(ctx *LetStmtContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitStmt(ctx *StmtContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitAngleStmt(ctx *AngleStmtContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitAssignOp(ctx *AssignOpContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitExpr(ctx *ExprContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitAngleExpr(ctx *AngleExprContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitFilterExpr(ctx *FilterExprContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitUnaryExpr(ctx *UnaryExprContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCastOperand(ctx *CastOperandContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitArrayDims(ctx *ArrayDimsContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitPostfixExpr(ctx *PostfixExprContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitPrimary(ctx *PrimaryContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitAtom(ctx *AtomContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitTypeofType(ctx *TypeofTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitTypeName(ctx *TypeNameContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitCastType(ctx *CastTypeContext) interface{} {
	return v.VisitChildren(ctx)
}

func (v *BaseGsVisitor) VisitBuiltinType(ctx *BuiltinTypeContext) interface{} {
	return v.VisitChildren(ctx)
}
