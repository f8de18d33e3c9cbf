// The lexer of textual core IR (private to ir/: used by the parser in Parse*.cpp).
//
// Tokens: names (`xs_12`, `add`, `f32`, `stream_map`; letters, digits, `_` and `'`), numbers
// with an optional type suffix (`3i64`, `2.5f32`, `1e+20f64`, `0`), strings with `\"`, `\\`
// and `\n` escapes, and punctuation (`->`, `:+`, `#[` and single characters). Blanks and
// newlines separate tokens and mean nothing else. The lexer is lazy, so the parser can hand
// a stretch of raw text to another reader (LMADs, source spans) and continue after it.
// The imperative IR's text (imp/Parse.h) uses the same lexer in its `Imp` syntax: C's
// operators as punctuation and `//` line comments as tokens.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fjord::ir::parse {

struct Token {
  enum class Kind { Name, Number, String, Punct, Comment, End, Bad };
  Kind kind = Kind::End;
  std::string text;  ///< as written; String: the unescaped contents; Comment: after `//`
  size_t offset = 0; ///< of the first character
  size_t length = 0; ///< in the input
  bool is(std::string_view punctOrName) const {
    return (kind == Kind::Punct || kind == Kind::Name) && text == punctOrName;
  }
};

/// Core: the core IR's punctuation. Imp: also C's operators (`==`, `&&`, `<<<`, `?`, ...)
/// and `//` comments (to the end of the line, one Comment token each).
enum class Syntax { Core, Imp };

class Lexer {
public:
  explicit Lexer(std::string_view text, Syntax syntax = Syntax::Core);

  /// The next token, without consuming it.
  const Token& peek();
  /// Consumes and returns the next token.
  Token next();
  /// The input from the current position (just after the last consumed token).
  std::string_view rest() const { return text_.substr(pos_); }
  /// Skips `n` characters of rest() (after reading them with another reader).
  void advance(size_t n);
  /// 1-based line and column (in bytes) of an offset.
  std::pair<int, int> lineCol(size_t offset) const;
  std::string_view text() const { return text_; }

private:
  Token lex();

  std::string_view text_;
  Syntax syntax_;
  size_t pos_ = 0;
  bool peeked_ = false;
  Token lookahead_;
  std::vector<size_t> lineStarts_;
};

/// How a token reads in a diagnostic: "`let`", "the string \"...\"", "the end of the input".
std::string describe(const Token& tok);

} // namespace fjord::ir::parse
