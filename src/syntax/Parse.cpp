// Drives the ANTLR-generated lexer and parser (grammar/Fjord.g4) and hands the parse tree
// to AstBuilder. Everything that can go wrong on bad input ends up as a diagnostic:
// malformed UTF-8, lexical errors (stray characters, malformed numbers, unterminated
// strings), the first syntax error, nesting too deep for the stack (of the parser, or of
// later stages recursing over the AST), and any exception the ANTLR runtime might throw.
#include "syntax/Parse.h"

#include "syntax/AstBuilder.h"
#include "syntax/SourcePositions.h"
#include "syntax/SyntaxErrors.h"

#include "FjordLexer.h"

namespace fjord {

namespace {

using syntax::P;

/// Rule contexts nested deeper than this are reported instead of risking the stack.
constexpr size_t kMaxRuleDepth = 3000;

/// The deepest expression tree handed to later stages, which may recurse over it freely.
/// Operator chains are flat in the parse tree, so this is checked on the AST.
constexpr size_t kMaxExprDepth = 1000;

/// Calls `f` on every direct subexpression of `e`.
template <typename F>
void forEachChild(const ast::Expr& e, F f) {
  for (const ast::ExprPtr& c : e.elems)
    if (c)
      f(*c);
  for (const ast::DimIndex& d : e.indices)
    for (const ast::ExprPtr* c : {&d.index, &d.start, &d.end, &d.stride})
      if (*c)
        f(**c);
  for (const auto& field : e.fields)
    if (field.second)
      f(*field.second);
  for (const ast::MatchCase& c : e.cases)
    if (c.body)
      f(*c.body);
  if (e.loopForm.bound)
    f(*e.loopForm.bound);
}

/// The first expression (in depth-first order) nested deeper than kMaxExprDepth, if any.
/// Iterative, so that it cannot itself run out of stack.
const ast::Expr* findTooDeep(const ast::Expr& root) {
  std::vector<std::pair<const ast::Expr*, size_t>> stack{{&root, 1}};
  while (!stack.empty()) {
    // Not a structured binding: clang 15 (the fuzz build's) cannot capture one in a lambda.
    const ast::Expr* e = stack.back().first;
    size_t depth = stack.back().second;
    stack.pop_back();
    if (depth > kMaxExprDepth)
      return e;
    // The body of a `let` is as deep as the `let`: a flat chain of bindings is not nesting
    // (later stages walk such chains on the big stack the driver runs them on, main.cpp).
    bool binds = e->kind == ast::Expr::Kind::LetIn || e->kind == ast::Expr::Kind::LetFun ||
                 e->kind == ast::Expr::Kind::LetWith;
    const ast::Expr* body = binds && !e->elems.empty() ? e->elems.back().get() : nullptr;
    forEachChild(*e, [&](const ast::Expr& c) {
      stack.emplace_back(&c, &c == body ? depth : depth + 1);
    });
  }
  return nullptr;
}

/// Reports an expression nested too deeply for later stages; true if there was one.
bool reportTooDeep(const ast::Expr* root, DiagnosticEngine& diags) {
  const ast::Expr* deep = root ? findTooDeep(*root) : nullptr;
  if (!deep)
    return false;
  diags.error(deep->span, "expression nested too deeply (more than " +
                              std::to_string(kMaxExprDepth) + " levels)");
  return true;
}

/// Every expression of a declaration (bodies, and those of `local` declarations).
bool reportTooDeep(const ast::Decl& d, DiagnosticEngine& diags) {
  if (d.inner)
    return reportTooDeep(*d.inner, diags);
  return reportTooDeep(d.body.get(), diags);
}

/// The generated parser with a guard against unbounded nesting (`((((...))))`).
class GuardedParser : public P {
public:
  GuardedParser(antlr4::TokenStream* input, std::function<void(antlr4::Token*)> tooDeep)
      : P(input), tooDeep_(std::move(tooDeep)) {}

  void enterRule(antlr4::ParserRuleContext* ctx, size_t state, size_t rule) override {
    if (static_cast<size_t>(ctx->depth()) > kMaxRuleDepth) {
      tooDeep_(getCurrentToken());
      throw syntax::SyntaxAbort{};
    }
    P::enterRule(ctx, state, rule);
  }

private:
  std::function<void(antlr4::Token*)> tooDeep_;
};

/// One parse of one file: owns the ANTLR objects and turns tokens into spans.
class ParseSession {
public:
  ParseSession(SourceFileRef file, DiagnosticEngine& diags)
      : file_(std::move(file)), diags_(diags), positions_(file_->text) {}

  /// Runs `rule` on the parser and `build` on its result; nullopt on any error.
  template <typename Rule, typename Build>
  auto run(Rule rule, Build build) -> std::optional<decltype(build(
                                       std::declval<syntax::AstBuilder&>(), rule(std::declval<P&>())))> {
    size_t before = errorCount();
    try {
      antlr4::ANTLRInputStream input(file_->text);
      antlr::FjordLexer lexer(&input);
      lexer.removeErrorListeners();
      antlr4::CommonTokenStream tokens(&lexer);
      tokens.fill();
      if (reportLexicalErrors(tokens))
        return std::nullopt;
      GuardedParser parser(&tokens, [this](antlr4::Token* at) {
        diags_.error(tokenSpan(at), "expression nested too deeply");
      });
      parser.removeErrorListeners();
      // Two stages, as ANTLR advises: the fast SLL prediction, which is exact on valid input
      // and bails out at the first error; only then full LL with our error messages.
      parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
          antlr4::atn::PredictionMode::SLL);
      parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
      decltype(rule(parser)) tree = nullptr;
      try {
        tree = rule(parser);
      } catch (const antlr4::ParseCancellationException&) {
        tokens.seek(0);
        parser.reset();
        parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
            antlr4::atn::PredictionMode::LL);
        parser.setErrorHandler(std::make_shared<syntax::FjordErrorStrategy>(
            [this, &tokens](antlr4::Token* at, const std::string& msg, antlr4::Token* unclosed) {
              Diagnostic& d = diags_.error(stopSpan(tokens, at), msg);
              if (unclosed)
                d.note(tokenSpan(unclosed), "to match this " + syntax::describeToken(unclosed));
            }));
        tree = rule(parser);
      }
      syntax::AstBuilder builder(file_, positions_, diags_);
      auto result = build(builder, tree);
      if (errorCount() != before)
        return std::nullopt;
      return result;
    } catch (const syntax::SyntaxAbort&) {
      return std::nullopt;
    } catch (const InternalError&) {
      throw;
    } catch (const std::exception& e) {
      diags_.error(fileStart(), std::string("internal error in the parser: ") + e.what());
      return std::nullopt;
    }
  }

private:
  size_t errorCount() const {
    size_t n = 0;
    for (const Diagnostic& d : diags_.all())
      n += d.severity == Severity::Error;
    return n;
  }

  SourceSpan fileStart() const {
    SourceSpan s;
    s.file = file_;
    s.line = s.col = s.endLine = s.endCol = 1;
    return s;
  }

  /// The span of one token; end of file is a zero-width span at the end of the text.
  SourceSpan tokenSpan(antlr4::Token* token) const {
    SourceSpan s = fileStart();
    if (!token)
      return s;
    bool eof = token->getType() == antlr4::Token::EOF;
    syntax::LineCol begin = positions_.at(token->getStartIndex());
    syntax::LineCol end = eof ? begin : positions_.at(token->getStopIndex() + 1);
    s.line = begin.line;
    s.col = begin.col;
    s.endLine = end.line;
    s.endCol = end.col;
    return s;
  }

  /// Where the parser stopped at `at`: the token, or for the end of the file the point just
  /// after the last token (not a blank line or comment after it), as GCC and Clang report.
  SourceSpan stopSpan(antlr4::CommonTokenStream& tokens, antlr4::Token* at) const {
    if (!at || at->getType() != antlr4::Token::EOF || at->getTokenIndex() == 0)
      return tokenSpan(at);
    antlr4::Token* last = tokens.get(at->getTokenIndex() - 1);
    SourceSpan s = tokenSpan(last);
    s.line = s.endLine;
    s.col = s.endCol;
    return s;
  }

  /// Reports tokens the lexer could only classify as errors; true if there were any.
  bool reportLexicalErrors(antlr4::CommonTokenStream& tokens) {
    constexpr int kMaxReported = 10;
    int reported = 0;
    for (antlr4::Token* t : tokens.getTokens()) {
      std::string msg;
      switch (t->getType()) {
      case P::ERRCHAR:
        msg = "unexpected character " + syntax::describeToken(t);
        break;
      case P::BADNUM:
        msg = "invalid number " + syntax::describeToken(t);
        break;
      case P::UNTERMINATED_STRING:
        msg = "string literal is not terminated before the end of the line";
        break;
      default:
        continue;
      }
      diags_.error(tokenSpan(t), msg);
      if (++reported == kMaxReported)
        break;
    }
    return reported > 0;
  }

  SourceFileRef file_;
  DiagnosticEngine& diags_;
  syntax::SourcePositions positions_;
};

/// Malformed UTF-8 would make the ANTLR runtime throw while decoding; report it first.
bool reportInvalidUtf8(const SourceFileRef& file, DiagnosticEngine& diags) {
  std::optional<size_t> bad = syntax::findInvalidUtf8(file->text);
  if (!bad)
    return false;
  syntax::LineCol pos = syntax::positionOfByte(file->text, *bad);
  SourceSpan s;
  s.file = file;
  s.line = s.endLine = pos.line;
  s.col = pos.col;
  s.endCol = pos.col + 1;
  diags.error(s, "source file is not valid UTF-8");
  return true;
}

} // namespace

std::optional<ast::Program> parseProgram(SourceFileRef file, DiagnosticEngine& diags) {
  FJORD_CHECK(file != nullptr, "parseProgram without a file");
  if (reportInvalidUtf8(file, diags))
    return std::nullopt;
  ParseSession session(file, diags);
  std::optional<ast::Program> prog =
      session.run([](P& p) { return p.program(); },
                  [](syntax::AstBuilder& b, P::ProgramContext* tree) { return b.program(tree); });
  if (!prog)
    return std::nullopt;
  for (const ast::DeclPtr& d : prog->decls)
    if (reportTooDeep(*d, diags))
      return std::nullopt;
  return prog;
}

ast::ExprPtr parseExpression(SourceFileRef file, DiagnosticEngine& diags) {
  FJORD_CHECK(file != nullptr, "parseExpression without a file");
  if (reportInvalidUtf8(file, diags))
    return nullptr;
  ParseSession session(file, diags);
  auto e = session.run([](P& p) { return p.expressionOnly(); },
                       [](syntax::AstBuilder& b, P::ExpressionOnlyContext* tree) {
                         return b.exp(tree->exp());
                       });
  if (!e || reportTooDeep(e->get(), diags))
    return nullptr;
  return std::move(*e);
}

} // namespace fjord
