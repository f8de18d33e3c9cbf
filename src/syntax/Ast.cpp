// The few out-of-line members of the AST (syntax/Ast.h).
#include "syntax/Ast.h"

namespace fjord::ast {

std::string Name::str() const {
  std::string s;
  for (const std::string& q : qualifiers)
    s += q + ".";
  return s + base;
}

} // namespace fjord::ast
