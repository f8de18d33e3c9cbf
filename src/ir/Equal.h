// Structural equality of core IR, for round-trip tests (`parse(print(p)) == p`, see
// ir/Parse.h) and for passes' tests that compare a result with expected IR.
//
// Two programs are equal when every node has the same kind and the same meaningful fields:
//  - constants compare at their type's precision (as printed: 255u8 == -1u8, and an f32
//    held as 0.1 equals one held as (float)0.1);
//  - a BasicOp compares only the fields its kind uses (IR.h documents which);
//  - types compare the fields of their kind (a scalar's unused `shape`/`space` are ignored);
//  - source spans compare by path and positions, not by SourceFile identity or text;
//  - the program's NameSource is not compared: the text does not hold it, and a parsed
//    program continues after the largest tag it has read.
// Everything else (names with tags, operand order, attributes, memory annotations) must match.
#pragma once
#include "ir/IR.h"

#include <string>

namespace fjord::ir {

/// True if `a` and `b` are structurally equal (see the file comment). When they differ and
/// `why` is non-null, stores where: a path of functions/statements and the first mismatch.
bool equalProgs(const Prog& a, const Prog& b, std::string* why = nullptr);
bool equalBodies(const Body& a, const Body& b, std::string* why = nullptr);
bool equalLambdas(const Lambda& a, const Lambda& b, std::string* why = nullptr);
bool equalExps(const Exp& a, const Exp& b, std::string* why = nullptr);

} // namespace fjord::ir
