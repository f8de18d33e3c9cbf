// The recursive-descent parser of textual core IR, private to ir/ (the interface is
// ir/Parse.h). Parse.cpp reads functions, bodies, statements, attributes, parameters, types
// and operands; ParseExp.cpp reads expressions (basic ops, control flow, SOACs, SegOps).
#pragma once
#include "ir/IR.h"
#include "ir/MemInfo.h"
#include "ir/ParseLexer.h"
#include "support/Diagnostics.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace fjord::ir::parse {

/// Operator kinds by their printed names (`neg`, `add`, `lt`, ...; ir/IR.h's *OpName).
std::optional<UnOpKind> unOpByName(const std::string& name);
std::optional<BinOpKind> binOpByName(const std::string& name);
std::optional<CmpOpKind> cmpOpByName(const std::string& name);

/// Thrown after the first syntax error has been reported, to unwind to the entry point in
/// Parse.cpp; never escapes the parser.
struct Abort {};

class Parser {
public:
  Parser(const std::string& text, DiagnosticEngine& diags, const std::string& path,
         Syntax syntax = Syntax::Core);

  Prog prog();
  FunDef funDef();
  Body body();
  Lambda lambda();
  /// Fails unless the whole input has been read.
  void expectEnd();

  // --- pieces shared by Parse.cpp and ParseExp.cpp ---
  Stm stm();
  Exp exp();
  Param param();
  Type type();
  PrimType primType();
  SubExp subExp();
  VName vname();
  MemSpace memSpace();
  std::vector<SubExp> subExps(std::string_view open, std::string_view close);
  std::vector<VName> vnames(std::string_view open, std::string_view close);
  std::vector<Type> types(); ///< `{t, ...}`
  Shape shape();             ///< `[d][d]...` (possibly none)

  /// Reports `message` at `tok` and aborts.
  [[noreturn]] void fail(const Token& tok, const std::string& message);
  /// Reports "expected WHAT, found TOKEN" at the next token and aborts.
  [[noreturn]] void expected(const std::string& what);
  /// Consumes the punctuation or keyword `s`, or fails.
  Token expect(std::string_view s);
  /// Consumes `s` if it comes next.
  bool accept(std::string_view s);
  /// Consumes a name token (any name: keywords are not reserved), or fails.
  Token name(const std::string& what);

  // --- attributes (Parse.cpp; also read by imp/Parse.cpp) ---
  /// The source span `path:L:C-L:C]` after the attribute name `at`, through the `]`.
  SourceSpan spanText(const Token& at);
  /// `name: *[][]t, ...)` (the opening parenthesis already read).
  std::vector<EntryValue> entryValues();

  Lexer lex;
  int maxTag = 0; ///< the largest variable tag read so far

private:
  // --- expressions (ParseExp.cpp) ---
  Exp basicOpOrOperand();
  Exp scalarOp(const Token& opName);
  Exp ifExp();
  Exp loopExp();
  Exp applyExp();
  Exp soac(const Token& keyword);
  Exp segOp(const Token& keyword);
  int64_t tileSize();
  Exp allocExp();
  RedOp redOp();
  std::vector<RedOp> redOps();
  std::vector<HistOp> histOps();
  bool indexing(BasicOp& op);

  // --- attributes (Parse.cpp) ---
  Provenance provAttr();
  symbolic::Lmad lmad();

  DiagnosticEngine& diags_;
  SourceFileRef irFile_;
  std::map<std::string, SourceFileRef> sourceFiles_; ///< placeholders, by path
};

} // namespace fjord::ir::parse
