// Prints the AST as compact S-expressions, for tests and `fjord dev --print=ast`:
//   a + b * c            ==>  (+ a (* b c))
//   f [1, 2]             ==>  (apply f (array 1 2))
//   \x -> x.0            ==>  (lambda (x) (. x 0))
// Types and patterns print in source syntax (`[n][m]f64`, `(a, i)`).
#pragma once
#include "syntax/Ast.h"

#include <string>

namespace fjord::ast {

std::string printExpr(const Expr& e);
std::string printPattern(const Pattern& p);
std::string printTypeExp(const TypeExp& t);
/// One declaration per line.
std::string printDecl(const Decl& d);
std::string printProgram(const Program& p);

} // namespace fjord::ast
