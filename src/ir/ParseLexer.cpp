// The lexer of textual core IR (see ParseLexer.h).
#include "ir/ParseLexer.h"

#include <algorithm>
#include <cctype>

namespace fjord::ir::parse {
namespace {

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'';
}
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

} // namespace

Lexer::Lexer(std::string_view text, Syntax syntax) : text_(text), syntax_(syntax) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      lineStarts_.push_back(i + 1);
}

const Token& Lexer::peek() {
  if (!peeked_) {
    size_t saved = pos_;
    lookahead_ = lex();
    pos_ = saved;
    peeked_ = true;
  }
  return lookahead_;
}

Token Lexer::next() {
  Token t = peek();
  pos_ = t.offset + t.length;
  peeked_ = false;
  return t;
}

void Lexer::advance(size_t n) {
  pos_ = std::min(text_.size(), pos_ + n);
  peeked_ = false;
}

std::pair<int, int> Lexer::lineCol(size_t offset) const {
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  size_t line = static_cast<size_t>(it - lineStarts_.begin()); // 1-based
  return {static_cast<int>(line), static_cast<int>(offset - lineStarts_[line - 1]) + 1};
}

Token Lexer::lex() {
  while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
    ++pos_;
  Token t;
  t.offset = pos_;
  if (pos_ >= text_.size()) {
    t.kind = Token::Kind::End;
    return t;
  }
  size_t start = pos_;
  char c = text_[pos_];
  auto finish = [&](Token::Kind kind) {
    t.kind = kind;
    t.length = pos_ - start;
    if (kind != Token::Kind::String)
      t.text = std::string(text_.substr(start, t.length));
    return t;
  };
  if (isNameStart(c)) {
    while (pos_ < text_.size() && isNameChar(text_[pos_]))
      ++pos_;
    return finish(Token::Kind::Name);
  }
  if (isDigit(c)) {
    // digits [. digits] [e [+-] digits] [suffix]
    while (pos_ < text_.size() && isDigit(text_[pos_]))
      ++pos_;
    if (pos_ + 1 < text_.size() && text_[pos_] == '.' && isDigit(text_[pos_ + 1])) {
      ++pos_;
      while (pos_ < text_.size() && isDigit(text_[pos_]))
        ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      size_t e = pos_ + 1;
      if (e < text_.size() && (text_[e] == '+' || text_[e] == '-'))
        ++e;
      if (e < text_.size() && isDigit(text_[e])) {
        pos_ = e;
        while (pos_ < text_.size() && isDigit(text_[pos_]))
          ++pos_;
      }
    }
    while (pos_ < text_.size() && isNameChar(text_[pos_]))
      ++pos_;
    return finish(Token::Kind::Number);
  }
  if (c == '"') {
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char ch = text_[pos_++];
      if (ch != '\\') {
        t.text += ch;
        continue;
      }
      if (pos_ >= text_.size())
        break;
      char esc = text_[pos_++];
      if (esc != '"' && esc != '\\' && esc != 'n') {
        pos_ -= 2;
        t.text = "unknown escape `\\" + std::string(1, esc) + "` in a string";
        t.offset = pos_;
        t.kind = Token::Kind::Bad;
        t.length = 2;
        return t;
      }
      t.text += esc == 'n' ? '\n' : esc;
    }
    if (pos_ >= text_.size()) {
      t.kind = Token::Kind::Bad;
      t.text = "unterminated string";
      t.length = pos_ - start;
      return t;
    }
    ++pos_;
    return finish(Token::Kind::String);
  }
  bool imp = syntax_ == Syntax::Imp;
  if (imp && text_.substr(pos_, 2) == "//") {
    size_t eol = std::min(text_.find('\n', pos_), text_.size());
    t.text = std::string(text_.substr(pos_ + 2, eol - pos_ - 2));
    pos_ = eol;
    t.kind = Token::Kind::Comment;
    t.length = pos_ - start;
    return t;
  }
  static constexpr std::string_view impLong[] = {"<<<", ">>>", "==", "!=", "<=", ">=", "&&",
                                                 "||",  "<<",  ">>", "**", "<-"};
  if (imp)
    for (std::string_view op : impLong)
      if (text_.substr(pos_, op.size()) == op) {
        pos_ += op.size();
        return finish(Token::Kind::Punct);
      }
  for (std::string_view two : {"->", ":+", "#["})
    if (text_.substr(pos_, 2) == two) {
      pos_ += 2;
      return finish(Token::Kind::Punct);
    }
  std::string_view singles = imp ? "{}()[],:;=<\\*@.-+>/%!&|^?~" : "{}()[],:;=<\\*@.-+";
  if (singles.find(c) != std::string_view::npos) {
    ++pos_;
    return finish(Token::Kind::Punct);
  }
  ++pos_;
  t.kind = Token::Kind::Bad;
  t.length = 1;
  t.text = "unexpected character `" + std::string(1, c) + "`";
  return t;
}

std::string describe(const Token& tok) {
  switch (tok.kind) {
  case Token::Kind::End:
    return "the end of the input";
  case Token::Kind::String:
    return "a string";
  case Token::Kind::Comment:
    return "a comment";
  case Token::Kind::Bad:
    return "invalid text";
  case Token::Kind::Name:
  case Token::Kind::Number:
  case Token::Kind::Punct:
    return "`" + tok.text + "`";
  }
  return "`" + tok.text + "`";
}

} // namespace fjord::ir::parse
