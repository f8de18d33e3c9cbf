// A recursive-descent parser for printed symbolic expressions and LMADs (see ParseExpr.h for
// the grammar). Works on characters directly: the language is tiny and has no keywords.
#include "symbolic/ParseExpr.h"

#include <cctype>
#include <charconv>
#include <limits>

namespace fjord::symbolic {
namespace {

/// Thrown inside the parser to unwind to the entry point; never escapes this file.
struct Abort {};

// `%` starts, and `.` continues, the compiler's own names such as `%iter.x_7` (the element
// index of a nested SOAC, ir/ElementIndex.h), which no program variable can spell.
bool isNameStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '%';
}
bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'' || c == '.';
}

class Parser {
public:
  Parser(std::string_view text, ExprParseError* error) : text_(text), error_(error) {}

  size_t pos() const { return pos_; }

  /// `sum "+" "{" dims "}"`.
  Lmad lmad() {
    Lmad result;
    result.offset = sum(/*stopBeforeBrace=*/true);
    expect('+');
    expect('{');
    if (peek() == '}') {
      ++pos_;
      return result;
    }
    do {
      expect('(');
      Dim d;
      d.size = sum();
      expect(':');
      d.stride = sum();
      expect(')');
      result.dims.push_back(std::move(d));
    } while (accept(','));
    expect('}');
    return result;
  }

  /// `product (("+" | "-") product)*`. In an LMAD's offset, a `+` followed by `{` ends the
  /// sum: it belongs to the LMAD.
  Expr sum(bool stopBeforeBrace = false) {
    Expr e = product();
    for (;;) {
      char c = peek();
      if (c != '+' && c != '-')
        return e;
      if (stopBeforeBrace && c == '+' && peekAfter(pos_ + 1) == '{')
        return e;
      ++pos_;
      Expr rhs = product();
      e = c == '+' ? e + rhs : e - rhs;
    }
  }

  void expectEnd() {
    if (peek() != '\0')
      fail("unexpected `" + std::string(1, text_[pos_]) + "` after the expression");
  }

  [[noreturn]] void fail(std::string message) {
    if (error_)
      *error_ = ExprParseError{pos_, std::move(message)};
    throw Abort{};
  }

private:
  Expr product() {
    Expr e = unary();
    for (;;) {
      char c = peek();
      if (c != '*' && c != '/' && c != '%')
        return e;
      ++pos_;
      peek();
      size_t at = pos_;
      Expr rhs = unary();
      if (c == '*') {
        e = e * rhs;
        continue;
      }
      e = divide(c == '/', e, rhs, at);
    }
  }

  Expr divide(bool isDiv, const Expr& e, const Expr& divisor, size_t at) {
    int64_t k = 0;
    if (!divisor.isConst(&k) || k == 0) {
      pos_ = at;
      fail("the divisor must be a non-zero constant");
    }
    if (k == std::numeric_limits<int64_t>::min()) {
      pos_ = at;
      fail("the divisor is out of range");
    }
    return isDiv ? floorDiv(e, k) : mod(e, k);
  }

  Expr unary() {
    if (peek() == '-') {
      ++pos_;
      return -unary();
    }
    return primary();
  }

  Expr primary() {
    char c = peek();
    if (c == '(') {
      ++pos_;
      Expr e = sum();
      expect(')');
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)))
      return integer();
    if (!isNameStart(c))
      fail(c == '\0' ? "expected an expression, found the end of the text"
                     : "expected an expression, found `" + std::string(1, c) + "`");
    size_t start = pos_++;
    while (pos_ < text_.size() && isNameChar(text_[pos_]))
      ++pos_;
    std::string name(text_.substr(start, pos_ - start));
    if (peek() != '(')
      return Expr::var(name);
    return call(name, start);
  }

  Expr call(const std::string& name, size_t at) {
    bool division = name == "fjord_floordiv" || name == "fjord_floormod";
    if (!division && name != "fjord_min" && name != "fjord_max") {
      pos_ = at;
      fail("unknown function `" + name + "`");
    }
    expect('(');
    Expr a = sum();
    expect(',');
    peek();
    size_t divisorAt = pos_;
    Expr b = sum();
    expect(')');
    if (division)
      return divide(name == "fjord_floordiv", a, b, divisorAt);
    return name == "fjord_min" ? min(a, b) : max(a, b);
  }

  Expr integer() {
    size_t start = pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
    int64_t value = 0;
    auto [ptr, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, value);
    if (ec != std::errc() || ptr != text_.data() + pos_) {
      pos_ = start;
      fail("integer literal out of range");
    }
    return Expr(value);
  }

  /// The next non-blank character (skipping blanks), or '\0' at the end.
  char peek() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  /// The first non-blank character at or after `from`, without moving.
  char peekAfter(size_t from) const {
    while (from < text_.size() && std::isspace(static_cast<unsigned char>(text_[from])))
      ++from;
    return from < text_.size() ? text_[from] : '\0';
  }
  bool accept(char c) {
    if (peek() != c)
      return false;
    ++pos_;
    return true;
  }
  void expect(char c) {
    if (accept(c))
      return;
    char found = peek();
    fail("expected `" + std::string(1, c) + "`, found " +
         (found == '\0' ? std::string("the end of the text") : "`" + std::string(1, found) + "`"));
  }

  std::string_view text_;
  ExprParseError* error_;
  size_t pos_ = 0;
};

} // namespace

std::optional<Expr> parseExpr(std::string_view text, ExprParseError* error) {
  Parser p(text, error);
  try {
    Expr e = p.sum();
    p.expectEnd();
    return e;
  } catch (const Abort&) {
    return std::nullopt;
  }
}

std::optional<Lmad> parseLmadPrefix(std::string_view text, size_t* consumed,
                                    ExprParseError* error) {
  Parser p(text, error);
  try {
    Lmad l = p.lmad();
    if (consumed)
      *consumed = p.pos();
    return l;
  } catch (const Abort&) {
    return std::nullopt;
  }
}

std::optional<Lmad> parseLmad(std::string_view text, ExprParseError* error) {
  Parser p(text, error);
  try {
    Lmad l = p.lmad();
    p.expectEnd();
    return l;
  } catch (const Abort&) {
    return std::nullopt;
  }
}

} // namespace fjord::symbolic
