// Textual core IR, read back: the entry points of ir/Parse.h, and the parser's functions,
// bodies, statements, attributes, parameters, types and operands. Expressions are in
// ParseExp.cpp. The grammar is the one documented in ir/Print.h.
#include "ir/Parse.h"

#include "ir/Parser.h"
#include "symbolic/ParseExpr.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace fjord::ir {
namespace parse {
namespace {

bool allDigits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

/// Splits `text` = `head SEP digits` at its last `sep`: stores the number in `out` and
/// leaves `head` in `text`. False if `text` does not end that way.
bool popNumber(std::string_view& text, char sep, int& out) {
  size_t at = text.rfind(sep);
  if (at == std::string_view::npos || !allDigits(text.substr(at + 1)))
    return false;
  auto [ptr, ec] = std::from_chars(text.data() + at + 1, text.data() + text.size(), out);
  if (ec != std::errc())
    return false;
  text = text.substr(0, at);
  return true;
}

} // namespace

Parser::Parser(const std::string& text, DiagnosticEngine& diags, const std::string& path,
               Syntax syntax)
    : lex(text, syntax), diags_(diags), irFile_(std::make_shared<SourceFile>(SourceFile{path, text, ""})) {}

// --- errors and tokens ------------------------------------------------------------------

void Parser::fail(const Token& tok, const std::string& message) {
  auto [line, col] = lex.lineCol(tok.offset);
  SourceSpan span{irFile_, line, col, line,
                  col + static_cast<int>(std::max<size_t>(1, tok.length))};
  diags_.error(span, message);
  throw Abort{};
}

void Parser::expected(const std::string& what) {
  const Token& tok = lex.peek();
  if (tok.kind == Token::Kind::Bad)
    fail(tok, tok.text);
  fail(tok, "expected " + what + ", found " + describe(tok));
}

Token Parser::expect(std::string_view s) {
  if (!lex.peek().is(s))
    expected("`" + std::string(s) + "`");
  return lex.next();
}

bool Parser::accept(std::string_view s) {
  if (!lex.peek().is(s))
    return false;
  lex.next();
  return true;
}

Token Parser::name(const std::string& what) {
  if (lex.peek().kind != Token::Kind::Name)
    expected(what);
  return lex.next();
}

void Parser::expectEnd() {
  if (lex.peek().kind != Token::Kind::End)
    expected("the end of the input");
}

// --- functions, bodies, statements ------------------------------------------------------

Prog Parser::prog() {
  Prog p;
  while (lex.peek().kind != Token::Kind::End)
    p.funs.push_back(funDef());
  p.names = NameSource(maxTag + 1);
  return p;
}

FunDef Parser::funDef() {
  FunDef f;
  bool sawEntryAttr = false;
  while (accept("#[")) {
    Token attr = name("`span`, `entry`, `inline`, `noinline` or `recursive`");
    if (attr.text == "span") {
      f.span = spanText(attr);
      continue;
    }
    if (attr.text == "inline" || attr.text == "noinline" || attr.text == "recursive") {
      if (attr.text == "recursive")
        f.recursive = true;
      else
        f.inlineHint = attr.text == "inline" ? InlineHint::Always : InlineHint::Never;
      expect("]");
      continue;
    }
    if (attr.text != "entry")
      fail(attr, "unknown function attribute `" + attr.text + "`");
    expect("(");
    f.entryParams = entryValues();
    expect("->");
    expect("(");
    f.entryResults = entryValues();
    expect("]");
    sawEntryAttr = true;
  }
  Token kw = name("`entry` or `fun`");
  if (!kw.is("entry") && !kw.is("fun"))
    fail(kw, "expected `entry` or `fun`, found " + describe(kw));
  f.entry = kw.is("entry");
  if (sawEntryAttr && !f.entry)
    fail(kw, "`#[entry ...]` on a function that is not an entry point");
  f.name = name("a function name").text;
  expect("(");
  if (!accept(")")) {
    do
      f.params.push_back(param());
    while (accept(","));
    expect(")");
  }
  expect(":");
  f.retTypes = types();
  expect("=");
  f.body = body();
  return f;
}

Body Parser::body() {
  Body b;
  expect("{");
  while (!lex.peek().is("in"))
    b.stms.push_back(stm());
  expect("in");
  b.result = subExps("{", "}");
  expect("}");
  return b;
}

Lambda Parser::lambda() {
  Lambda lam;
  expect("\\");
  expect("(");
  if (!accept(")")) {
    do
      lam.params.push_back(param());
    while (accept(","));
    expect(")");
  }
  expect(":");
  lam.retTypes = types();
  expect("->");
  lam.body = body();
  return lam;
}

Stm Parser::stm() {
  Stm s;
  if (lex.peek().is("#["))
    s.prov = provAttr();
  if (!s.prov.attrs.empty() && lex.peek().is("#[")) { // `#[attrs ...]` then `#[prov ...]`
    std::vector<std::string> attrs = std::move(s.prov.attrs);
    s.prov = provAttr();
    s.prov.attrs = std::move(attrs);
  }
  if (!lex.peek().is("let"))
    expected("`let` or `in`");
  lex.next();
  expect("{");
  if (!accept("}")) {
    do
      s.pat.push_back(param());
    while (accept(","));
    expect("}");
  }
  expect("=");
  s.exp = exp();
  return s;
}

// --- attributes ---------------------------------------------------------------------------

/// `#[prov "what" SPAN?]`, the span running to the `]` that ends the line; or
/// `#[attrs "a" ...]`, the source attributes (Provenance::attrs), which a `#[prov]` may follow.
Provenance Parser::provAttr() {
  expect("#[");
  Token kw = name("`prov` or `attrs`");
  Provenance prov;
  if (kw.is("attrs")) {
    while (lex.peek().kind == Token::Kind::String)
      prov.attrs.push_back(lex.next().text);
    if (prov.attrs.empty())
      expected("a string");
    expect("]");
    return prov;
  }
  if (!kw.is("prov"))
    fail(kw, "expected `prov` or `attrs`, found " + describe(kw));
  if (lex.peek().kind != Token::Kind::String)
    expected("a string");
  prov.what = lex.next().text;
  if (accept("]"))
    return prov;
  prov.span = spanText(kw);
  return prov;
}

/// A source span `path:line:col-endLine:endCol]` in raw text up to the end of the line (a
/// path may hold any character but a newline); consumes the closing `]`.
SourceSpan Parser::spanText(const Token& at) {
  std::string_view rest = lex.rest();
  size_t skip = rest.find_first_not_of(" \t");
  size_t eol = rest.find('\n');
  std::string_view line = rest.substr(0, eol);
  size_t end = line.find_last_not_of(" \t\r");
  if (skip == std::string_view::npos || end == std::string_view::npos || end < skip ||
      line[end] != ']') {
    Token where = at;
    where.offset += at.length;
    where.length = 1;
    fail(where, "expected a source span `path:line:col-line:col]` ending the line");
  }
  std::string_view text = line.substr(skip, end - skip);
  // Split `path:L:C-L:C` from the right: the path itself may contain `:` and `-`.
  int endCol = 0, endLine = 0, col = 0, lineNo = 0;
  std::string_view head = text;
  bool ok = popNumber(head, ':', endCol) && popNumber(head, '-', endLine) &&
            popNumber(head, ':', col) && popNumber(head, ':', lineNo) && !head.empty();
  if (!ok) {
    Token where{Token::Kind::Bad, "", static_cast<size_t>(rest.data() - lex.text().data()) + skip,
                text.size()};
    fail(where,
         "expected a source span `path:line:col-line:col`, found `" + std::string(text) + "`");
  }
  std::string path(head);
  SourceFileRef& file = sourceFiles_[path];
  if (!file)
    file = std::make_shared<SourceFile>(SourceFile{path, "", ""});
  lex.advance(end + 1);
  return SourceSpan{file, lineNo, col, endLine, endCol};
}

/// `name: *[][]t, ...)` (the opening parenthesis already read).
std::vector<EntryValue> Parser::entryValues() {
  std::vector<EntryValue> out;
  if (accept(")"))
    return out;
  do {
    EntryValue v;
    v.name = name("a parameter or result name").text;
    expect(":");
    v.unique = accept("*");
    while (accept("[")) {
      expect("]");
      ++v.rank;
    }
    v.elem = primType();
    out.push_back(std::move(v));
  } while (accept(","));
  expect(")");
  return out;
}

symbolic::Lmad Parser::lmad() {
  size_t start = static_cast<size_t>(lex.rest().data() - lex.text().data());
  size_t consumed = 0;
  symbolic::ExprParseError err;
  auto l = symbolic::parseLmadPrefix(lex.rest(), &consumed, &err);
  if (!l)
    fail(Token{Token::Kind::Bad, "", start + err.offset, 1}, "in an LMAD: " + err.message);
  lex.advance(consumed);
  return *l;
}

// --- parameters, types, operands --------------------------------------------------------

Param Parser::param() {
  Param p;
  p.name = vname();
  expect(":");
  p.type = type();
  if (accept("@")) {
    auto mem = std::make_shared<MemInfo>();
    mem->block = vname();
    expect("->");
    mem->lmad = lmad();
    p.mem = std::move(mem);
  }
  return p;
}

MemSpace Parser::memSpace() {
  Token t = name("a memory space");
  if (t.is("host"))
    return MemSpace::Host;
  if (t.is("device"))
    return MemSpace::Device;
  if (t.is("shared"))
    return MemSpace::Shared;
  fail(t, "expected `host`, `device` or `shared`, found " + describe(t));
}

PrimType Parser::primType() {
  Token t = name("a scalar type");
  if (auto p = primFromName(t.text))
    return *p;
  fail(t, "expected a scalar type, found " + describe(t));
}

Type Parser::type() {
  if (lex.peek().is("mem")) {
    lex.next();
    expect("@");
    return Type::mem(memSpace());
  }
  bool unique = accept("*");
  Shape s = shape();
  if (unique && s.empty())
    expected("`[` (only arrays can be unique)");
  PrimType elem = primType();
  if (s.empty())
    return Type::prim(elem);
  return Type::array(elem, std::move(s), unique);
}

Shape Parser::shape() {
  Shape s;
  while (accept("[")) {
    s.push_back(subExp());
    expect("]");
  }
  return s;
}

std::vector<Type> Parser::types() {
  std::vector<Type> ts;
  expect("{");
  if (accept("}"))
    return ts;
  do
    ts.push_back(type());
  while (accept(","));
  expect("}");
  return ts;
}

VName Parser::vname() {
  Token t = name("a variable");
  size_t us = t.text.rfind('_');
  if (us == std::string::npos || !allDigits(std::string_view(t.text).substr(us + 1)))
    fail(t, "expected a variable `name_tag`, found " + describe(t));
  VName v{t.text.substr(0, us), 0};
  auto [ptr, ec] = std::from_chars(t.text.data() + us + 1, t.text.data() + t.text.size(), v.tag);
  if (ec != std::errc())
    fail(t, "variable tag out of range in " + describe(t));
  maxTag = std::max(maxTag, v.tag);
  return v;
}

namespace {

/// The value of a number token's digits for type `t` (negated when `negative`); nullopt
/// when the text is not a literal of that type or out of range.
std::optional<PrimValue> literal(std::string_view digits, PrimType t, bool negative) {
  if (isFloat(t)) {
    double v = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec != std::errc() || ptr != digits.data() + digits.size())
      return std::nullopt;
    return PrimValue::floating(t, negative ? -v : v);
  }
  if (!isInteger(t) || !allDigits(digits))
    return std::nullopt;
  uint64_t mag = 0;
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), mag);
  if (ec != std::errc())
    return std::nullopt;
  int bits = primBytes(t) * 8;
  uint64_t limit = isUnsigned(t) ? (bits == 64 ? std::numeric_limits<uint64_t>::max()
                                               : (uint64_t{1} << bits) - 1)
                                 : (uint64_t{1} << (bits - 1)) - (negative ? 0 : 1);
  if (mag > limit || (negative && isUnsigned(t) && mag != 0))
    return std::nullopt;
  uint64_t value = negative ? ~mag + 1 : mag;
  return PrimValue::integer(t, static_cast<int64_t>(value));
}

} // namespace

SubExp Parser::subExp() {
  const Token& first = lex.peek();
  if (first.is("true") || first.is("false"))
    return PrimValue::boolean(lex.next().is("true"));
  bool negative = false;
  Token minus = first;
  if (first.is("-")) {
    negative = true;
    lex.next();
  }
  const Token& tok = lex.peek();
  if (tok.kind == Token::Kind::Number) {
    Token num = lex.next();
    size_t split = num.text.find_first_of("iuf", 1);
    // An exponent is not a suffix: `1e+20f32` splits before `f`.
    if (split == std::string::npos)
      fail(num, "a constant needs a type suffix, as in `" + num.text + "i64`");
    auto t = primFromName(num.text.substr(split));
    auto v = t ? literal(std::string_view(num.text).substr(0, split), *t, negative) : std::nullopt;
    if (!v)
      fail(negative ? minus : num,
           "invalid constant `" + std::string(negative ? "-" : "") + num.text + "`");
    return *v;
  }
  if (tok.kind == Token::Kind::Name) {
    // `f32.nan`, `f64.inf`, `-f32.inf`
    auto t = primFromName(tok.text);
    if (t && isFloat(*t)) {
      Token ty = lex.next();
      expect(".");
      Token what = name("`nan` or `inf`");
      if (what.is("inf"))
        return PrimValue::floating(*t, negative ? -INFINITY : INFINITY);
      if (what.is("nan") && !negative)
        return PrimValue::floating(*t, NAN);
      fail(what, "expected `inf` or `nan`, found " + describe(what));
    }
    if (!negative)
      return vname();
  }
  expected(negative ? "a constant after `-`" : "a variable or constant");
}

std::vector<SubExp> Parser::subExps(std::string_view open, std::string_view close) {
  std::vector<SubExp> out;
  expect(open);
  if (accept(close))
    return out;
  do
    out.push_back(subExp());
  while (accept(","));
  expect(close);
  return out;
}

std::vector<VName> Parser::vnames(std::string_view open, std::string_view close) {
  std::vector<VName> out;
  expect(open);
  if (accept(close))
    return out;
  do
    out.push_back(vname());
  while (accept(","));
  expect(close);
  return out;
}

} // namespace parse

namespace {

/// Runs `f` on a fresh parser, turning the unwinding after a syntax error into nullopt.
template <typename F>
auto runParser(const std::string& text, DiagnosticEngine& diags, const std::string& path, F f)
    -> std::optional<decltype(f(std::declval<parse::Parser&>()))> {
  parse::Parser p(text, diags, path);
  try {
    auto result = f(p);
    p.expectEnd();
    return result;
  } catch (const parse::Abort&) {
    return std::nullopt;
  }
}

} // namespace

std::optional<Prog> parseProg(const std::string& text, DiagnosticEngine& diags,
                              const std::string& path) {
  return runParser(text, diags, path, [](parse::Parser& p) { return p.prog(); });
}

std::optional<Body> parseBody(const std::string& text, DiagnosticEngine& diags,
                              const std::string& path) {
  return runParser(text, diags, path, [](parse::Parser& p) { return p.body(); });
}

std::optional<Lambda> parseLambda(const std::string& text, DiagnosticEngine& diags,
                                  const std::string& path) {
  return runParser(text, diags, path, [](parse::Parser& p) { return p.lambda(); });
}

} // namespace fjord::ir
