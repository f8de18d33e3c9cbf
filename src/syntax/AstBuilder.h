// Private to syntax/: turns ANTLR's parse tree (generated from grammar/Fjord.g4) into the
// AST. Split over BuildExpr.cpp (expressions) and BuildDecl.cpp (declarations, types,
// patterns); Parse.cpp drives it. This header pulls in the ANTLR runtime, so only those
// files include it.
#pragma once
#include "support/Diagnostics.h"
#include "syntax/Ast.h"
#include "syntax/ModuleAst.h"
#include "syntax/Operators.h"
#include "syntax/SourcePositions.h"

#include "FjordParser.h"

namespace fjord::syntax {

using P = antlr::FjordParser;

/// Builds AST nodes from parse-tree contexts. Literal errors and unsupported constructs are
/// reported to `diags`; building always completes.
class AstBuilder {
public:
  AstBuilder(SourceFileRef file, const SourcePositions& positions, DiagnosticEngine& diags)
      : file_(std::move(file)), positions_(positions), diags_(diags) {}

  // BuildDecl.cpp
  ast::Program program(P::ProgramContext* ctx);
  ast::DeclPtr decl(P::DeclContext* ctx);
  ast::TypeExpPtr typeExp(P::TypeExpContext* ctx);
  ast::PatternPtr pattern(P::PatternContext* ctx);
  ast::PatternPtr atomPattern(P::AtomPatternContext* ctx);
  std::vector<ast::Attribute> attributes(const std::vector<P::AttributeContext*>& attrs);

  // BuildExpr.cpp
  ast::ExprPtr exp(P::ExpContext* ctx);
  ast::ExprPtr opExp(P::OpExpContext* ctx);
  std::vector<ast::DimIndex> dimIndices(P::DimIndicesContext* ctx);

  // Spans and names (BuildDecl.cpp)
  SourceSpan span(antlr4::ParserRuleContext* ctx) const;
  SourceSpan span(antlr4::Token* first, antlr4::Token* last) const;
  SourceSpan span(antlr4::tree::TerminalNode* node) const;
  ast::Name name(antlr4::tree::TerminalNode* id) const;
  ast::Name qualName(P::QualNameContext* ctx) const;

private:
  // Expressions (BuildExpr.cpp)
  struct InfixOp;
  ast::ExprPtr expTail(ast::ExprPtr e, P::ExpTailContext* tail);
  ast::ExprPtr climb(std::vector<ast::ExprPtr>& operands, const std::vector<InfixOp>& ops,
                     size_t& pos, int minLevel);
  ast::ExprPtr combine(const InfixOp& op, ast::ExprPtr lhs, ast::ExprPtr rhs);
  InfixOp infixOp(P::InfixOpContext* ctx);
  /// `i32.+` as a name with the namespace as its qualifier.
  ast::Name qualOperatorName(P::QualOperatorContext* ctx);
  ast::ExprPtr operand(P::OperandContext* ctx);
  ast::ExprPtr prefixExp(P::PrefixExpContext* ctx);
  ast::ExprPtr applyExp(P::ApplyExpContext* ctx);
  ast::ExprPtr postfixExp(P::PostfixExpContext* ctx);
  ast::ExprPtr atom(P::AtomContext* ctx);
  ast::ExprPtr parenAtom(P::ParenAtomContext* ctx);
  ast::ExprPtr literal(antlr4::tree::TerminalNode* token);
  ast::ExprPtr ifExp(P::IfExpContext* ctx);
  ast::ExprPtr letExp(P::LetExpContext* ctx);
  /// One binding of a `let` chain, spanning `s`, without its body.
  ast::ExprPtr letBinding(P::LetBindingContext* b, const SourceSpan& s);
  ast::ExprPtr loopExp(P::LoopExpContext* ctx);
  ast::ExprPtr matchExp(P::MatchExpContext* ctx);
  ast::ExprPtr lambdaExp(P::LambdaExpContext* ctx);
  ast::DimIndex dimIndex(P::DimIndexContext* ctx);
  /// Appends the offset (0 when left out), sizes and strides of an LMAD slice (indices
  /// with `lmadDims`) to `e.elems`.
  void lmadSlice(P::DimIndicesContext* ctx, ast::Expr& e);
  ast::ExprPtr optionalOpExp(P::OpExpContext* ctx);

  // Types and patterns (BuildDecl.cpp)
  ast::DeclPtr declBody(P::DeclBodyContext* ctx);
  ast::TypeParam typeParam(P::TypeParamContext* ctx);
  ast::TypeExpPtr typeNoFun(P::TypeNoFunContext* ctx);
  ast::TypeExpPtr typeApp(P::TypeAppContext* ctx);
  ast::TypeExpPtr typeAtom(P::TypeAtomContext* ctx);
  ast::TypeExpPtr typeParens(P::TypeParensContext* ctx);
  ast::TypeExpPtr arrayType(P::DimContext* dim, ast::TypeExpPtr elem, SourceSpan span);
  ast::PatternPtr literalPattern(P::LiteralPatternContext* ctx);
  ast::Name bindName(P::BindNameContext* ctx);

  // The module language (BuildModule.cpp)
  ast::DeclPtr moduleDecl(P::DeclBodyContext* ctx, SourceSpan span);
  ast::ModExpPtr modExp(P::ModExpContext* ctx);
  ast::ModExpPtr modAtom(P::ModAtomContext* ctx);
  ast::SigExpPtr sigExp(P::SigExpContext* ctx);
  ast::SigExpPtr sigWith(P::SigWithContext* ctx);
  ast::SigExpPtr sigAtom(P::SigAtomContext* ctx);
  ast::Spec spec(P::SpecContext* ctx);
  std::string importPath(antlr4::tree::TerminalNode* literal);

  SourceFileRef file_;
  const SourcePositions& positions_;
  DiagnosticEngine& diags_;
};

/// Makes an expression node with `span`.
inline ast::ExprPtr makeExpr(ast::Expr::Kind kind, SourceSpan span) {
  return std::make_unique<ast::Expr>(kind, std::move(span));
}

/// Text of a terminal node (UTF-8).
inline std::string text(antlr4::tree::TerminalNode* node) { return node->getText(); }

} // namespace fjord::syntax
