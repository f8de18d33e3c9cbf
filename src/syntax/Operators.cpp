// Precedence of binary operators by their leading characters (see Operators.h).
#include "syntax/Operators.h"

namespace fjord::syntax {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

} // namespace

OpPrecedence operatorPrecedence(std::string_view op) {
  // Two-character prefixes first: they override the level of their first character.
  struct Rule {
    std::string_view prefix;
    int level;
    Assoc assoc;
  };
  static constexpr Rule kRules[] = {
      {"|>", 3, Assoc::Left},  {"<|", 4, Assoc::Right}, {"||", 5, Assoc::Left},
      {"&&", 6, Assoc::Left},  {"<<", 9, Assoc::Left},  {">>", 9, Assoc::Left},
      {"**", 12, Assoc::Left}, {"<", 7, Assoc::Left},   {">", 7, Assoc::Left},
      {"=", 7, Assoc::Left},   {"!", 7, Assoc::Left},   {"&", 8, Assoc::Left},
      {"^", 8, Assoc::Left},   {"|", 8, Assoc::Left},   {"+", 10, Assoc::Left},
      {"-", 10, Assoc::Left},  {"*", 11, Assoc::Left},  {"/", 11, Assoc::Left},
      {"%", 11, Assoc::Left},
  };
  for (const Rule& r : kRules)
    if (startsWith(op, r.prefix))
      return {r.level, r.assoc};
  // Not a symbolic operator (the lexer never produces one): bind like a backtick name.
  return {kBacktickLevel, Assoc::Left};
}

bool isSymbolicOperator(std::string_view name) {
  if (name.empty())
    return false;
  // Dots may follow the first character (`+.`), as in Futhark.
  constexpr std::string_view kOperatorChars = "+-*/%=!><|&^";
  if (kOperatorChars.find(name[0]) == std::string_view::npos)
    return false;
  for (char c : name)
    if (c != '.' && kOperatorChars.find(c) == std::string_view::npos)
      return false;
  return true;
}

} // namespace fjord::syntax
