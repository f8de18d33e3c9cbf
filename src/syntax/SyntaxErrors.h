// Private to syntax/: words syntax errors in Fjord's terms instead of ANTLR's ("mismatched
// input ... expecting {...}"). The error strategy reports the first error, then stops the
// parse by throwing SyntaxAbort, which Parse.cpp catches: one syntax error per file, no
// cascades, no recovery guesses.
#pragma once
#include "antlr4-runtime.h"

#include <functional>
#include <string>

namespace fjord::syntax {

/// Thrown to stop parsing after the first syntax error has been reported.
struct SyntaxAbort {};

/// Receives the token a syntax error is about, the message, and the bracket left open that
/// the parser wanted closed there (null if none: then no "to match this `(`" note).
using SyntaxErrorSink =
    std::function<void(antlr4::Token* at, const std::string& message, antlr4::Token* unclosed)>;

/// "`)`", "`then`", "end of file": how a token of the input is named in a message.
std::string describeToken(antlr4::Token* token);

/// "`else`", "`)` or `,`", "an expression", "a type": what the parser wanted instead.
std::string describeExpected(antlr4::Parser* parser, const antlr4::misc::IntervalSet& expected);

/// Reports the first syntax error through a SyntaxErrorSink and aborts the parse.
class FjordErrorStrategy : public antlr4::DefaultErrorStrategy {
public:
  explicit FjordErrorStrategy(SyntaxErrorSink sink) : sink_(std::move(sink)) {}

  void reportError(antlr4::Parser* parser, const antlr4::RecognitionException& e) override;
  void recover(antlr4::Parser* parser, std::exception_ptr e) override;
  antlr4::Token* recoverInline(antlr4::Parser* parser) override;
  void sync(antlr4::Parser* parser) override;

private:
  void report(antlr4::Parser* parser, antlr4::Token* at,
              const antlr4::misc::IntervalSet& expected);
  SyntaxErrorSink sink_;
};

} // namespace fjord::syntax
