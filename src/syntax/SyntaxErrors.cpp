// Syntax error messages in Fjord's words (see SyntaxErrors.h).
#include "syntax/SyntaxErrors.h"

#include "FjordParser.h"

#include <algorithm>

namespace fjord::syntax {

using P = antlr::FjordParser;

namespace {

/// Tokens that stand for a class of texts; everything else is one fixed spelling.
const char* tokenClassName(size_t type) {
  switch (type) {
  case P::ID: return "a name";
  case P::INTLIT: return "an integer";
  case P::FLOATLIT: return "a float";
  case P::CHARLIT: return "a character literal";
  case P::STRINGLIT: return "a string";
  case P::CONSTRUCTOR: return "a constructor";
  case P::OP: return "an operator";
  case P::DOT_NUM: return "a tuple index";
  default: return nullptr;
  }
}

/// Tokens that close or continue a construct: when the parser could take one of these,
/// naming them is more helpful than "an expression" (`(1 + 2` wants `)`).
bool isStructural(size_t type) {
  switch (type) {
  case P::RPAREN:
  case P::RBRACKET:
  case P::RBRACE:
  case P::THEN:
  case P::ELSE:
  case P::DO:
  case P::IN:
  case P::EQ:
  case P::ARROW:
  case P::FOR:
  case P::WHILE:
  case P::CASE:
    return true;
  default:
    return false;
  }
}

/// "`then`" for a token type (by its literal spelling in the grammar).
std::string spelling(antlr4::Parser* parser, size_t type) {
  if (type == antlr4::Token::EOF)
    return "end of file";
  if (const char* cls = tokenClassName(type))
    return cls;
  if (type == P::INDEX_LBRACKET)
    return "`[`";
  std::string lit = parser->getVocabulary().getLiteralName(type);
  if (lit.size() >= 2 && lit.front() == '\'' && lit.back() == '\'')
    lit = lit.substr(1, lit.size() - 2);
  std::string unescaped;
  for (size_t i = 0; i < lit.size(); ++i) {
    if (lit[i] == '\\' && i + 1 < lit.size())
      ++i;
    unescaped += lit[i];
  }
  return unescaped.empty() ? parser->getVocabulary().getSymbolicName(type) : "`" + unescaped + "`";
}

/// "a, b or c".
std::string joinAlternatives(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0)
      out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

/// What the rule the parser is in would accept, in words.
std::string phraseForRule(size_t rule) {
  switch (rule) {
  case P::RuleProgram:
  case P::RuleDecl:
  case P::RuleDeclBody:
    return "a declaration";
  case P::RuleBindName:
  case P::RuleQualName:
    return "a name";
  case P::RuleTypeExp:
  case P::RuleTypeNoFun:
  case P::RuleTypeApp:
  case P::RuleTypeAtom:
  case P::RuleTypeParens:
  case P::RuleSumCase:
  case P::RuleFieldType:
  case P::RuleExistDim:
    return "a type";
  case P::RulePattern:
  case P::RulePatternNoAsc:
  case P::RuleAtomPattern:
  case P::RuleLiteralPattern:
  case P::RuleFieldPattern:
    return "a pattern";
  case P::RuleTypeParam:
    return "a type or size parameter";
  case P::RuleAttribute:
  case P::RuleAttrItem:
    return "an attribute";
  default:
    return "an expression";
  }
}

} // namespace

std::string describeToken(antlr4::Token* token) {
  if (!token || token->getType() == antlr4::Token::EOF)
    return "end of file";
  std::string t = token->getText();
  if (t.size() > 24)
    t = t.substr(0, 21) + "...";
  return "`" + t + "`";
}

std::string describeExpected(antlr4::Parser* parser, const antlr4::misc::IntervalSet& expected) {
  std::vector<ssize_t> types = expected.toList();
  types.erase(std::remove_if(types.begin(), types.end(),
                             [](ssize_t t) { return t < 0 && t != -1; /* keep EOF */ }),
              types.end());
  bool anyClass = std::any_of(types.begin(), types.end(),
                              [](ssize_t t) { return t > 0 && tokenClassName(size_t(t)); });
  // A short list of fixed tokens: name them all.
  if (!types.empty() && types.size() <= 3 && !anyClass) {
    std::vector<std::string> names;
    for (ssize_t t : types)
      names.push_back(spelling(parser, static_cast<size_t>(t)));
    return joinAlternatives(names);
  }
  std::vector<std::string> structural;
  for (ssize_t t : types)
    if (t > 0 && isStructural(static_cast<size_t>(t)))
      structural.push_back(spelling(parser, static_cast<size_t>(t)));
  if (!structural.empty() && structural.size() <= 3)
    return joinAlternatives(structural);
  antlr4::ParserRuleContext* ctx = parser->getContext();
  return phraseForRule(ctx ? ctx->getRuleIndex() : size_t(P::RuleExp));
}

namespace {

bool isBinaryOperatorToken(size_t type) {
  switch (type) {
  case P::OP:
  case P::MINUS:
  case P::STAR:
  case P::LT:
  case P::PIPE:
  case P::HAT:
    return true;
  default:
    return false;
  }
}

/// The token after `token`, if the stream has one.
antlr4::Token* nextToken(antlr4::Parser* parser, antlr4::Token* token) {
  antlr4::TokenStream* tokens = parser->getTokenStream();
  size_t next = token->getTokenIndex() + 1;
  return next < tokens->size() ? tokens->get(next) : nullptr;
}

/// Whether a token of `type` can start an operand of a binary operator.
bool startsOperand(antlr4::Parser* parser, size_t type) {
  const antlr4::atn::ATN& atn = parser->getATN();
  return atn.nextTokens(atn.ruleToStartState[P::RuleOperand]).contains(type);
}

/// The closing token type of an opening bracket's, or 0 for other tokens.
size_t closerOf(size_t type) {
  switch (type) {
  case P::LPAREN:
    return P::RPAREN;
  case P::LBRACKET:
  case P::INDEX_LBRACKET:
  case P::HASH_LBRACKET:
    return P::RBRACKET;
  case P::LBRACE:
    return P::RBRACE;
  default:
    return 0;
  }
}

/// The innermost bracket opened before `at` and not closed before it, when the parser
/// stopped at `at` wanting its closer or hitting the end of the file; else null.
antlr4::Token* unclosedBracket(antlr4::Parser* parser, antlr4::Token* at,
                               const antlr4::misc::IntervalSet& expected) {
  if (!at)
    return nullptr;
  antlr4::TokenStream* tokens = parser->getTokenStream();
  std::vector<antlr4::Token*> open;
  for (size_t i = 0; i < at->getTokenIndex() && i < tokens->size(); ++i) {
    antlr4::Token* t = tokens->get(i);
    if (closerOf(t->getType()))
      open.push_back(t);
    else if (!open.empty() && closerOf(open.back()->getType()) == t->getType())
      open.pop_back();
  }
  if (open.empty())
    return nullptr;
  bool wanted = at->getType() == antlr4::Token::EOF ||
                expected.contains(closerOf(open.back()->getType()));
  return wanted ? open.back() : nullptr;
}

} // namespace

void FjordErrorStrategy::report(antlr4::Parser* parser, antlr4::Token* at,
                                const antlr4::misc::IntervalSet& expected) {
  // `x +` followed by something that is not an operand: ANTLR ends the expression before
  // the operator and complains about the operator; the operand is what is missing.
  if (at && isBinaryOperatorToken(at->getType())) {
    antlr4::Token* next = nextToken(parser, at);
    if (next && !startsOperand(parser, next->getType())) {
      sink_(next, "unexpected " + describeToken(next) + ", expected an expression", nullptr);
      return;
    }
  }
  // At the top level the parser only knows that the file should end; say what may come.
  antlr4::ParserRuleContext* ctx = parser->getContext();
  if (ctx && ctx->getRuleIndex() == P::RuleProgram && expected.size() == 1 &&
      expected.contains(antlr4::Token::EOF)) {
    sink_(at, "unexpected " + describeToken(at) + ", expected a declaration", nullptr);
    return;
  }
  sink_(at, "unexpected " + describeToken(at) + ", expected " + describeExpected(parser, expected),
        unclosedBracket(parser, at, expected));
}

void FjordErrorStrategy::reportError(antlr4::Parser* parser,
                                     const antlr4::RecognitionException& e) {
  antlr4::Token* at = e.getOffendingToken();
  if (!at)
    at = parser->getCurrentToken();
  antlr4::misc::IntervalSet expected;
  try {
    expected = e.getExpectedTokens();
  } catch (...) {
    // Some exceptions carry no parser state to compute the set from; the rule decides.
  }
  report(parser, at, expected);
}

void FjordErrorStrategy::recover(antlr4::Parser*, std::exception_ptr) { throw SyntaxAbort{}; }

antlr4::Token* FjordErrorStrategy::recoverInline(antlr4::Parser* parser) {
  report(parser, parser->getCurrentToken(), parser->getExpectedTokens());
  throw SyntaxAbort{};
}

void FjordErrorStrategy::sync(antlr4::Parser*) {
  // Errors surface at the next decision or match instead, where they are worded.
}

} // namespace fjord::syntax
