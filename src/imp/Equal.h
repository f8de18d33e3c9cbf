// Structural equality of imperative IR, for round-trip tests (`parse(print(p))` equals `p`,
// see imp/Parse.h) and for tests that compare a lowering's result with expected IR.
//
// Two programs are equal when every node has the same kind and the same meaningful fields:
//  - an Exp compares its kind, its type and the fields its kind uses (Imp.h documents
//    which); constants compare as printed (at their type's precision);
//  - a Stm compares its kind and the fields its kind uses (`type` only where it is printed;
//    Store's type is its value's);
//  - source spans compare by path and positions, not by SourceFile identity or text.
// Everything else (names, docs, order, tuning defaults) must match.
#pragma once
#include "imp/Imp.h"

#include <string>

namespace fjord::imp {

/// True if `a` and `b` are structurally equal. When they differ and `why` is non-null,
/// stores where: the kernel or function, the statement path and the first mismatch.
bool equal(const Program& a, const Program& b, std::string* why = nullptr);
bool equal(const Exp& a, const Exp& b, std::string* why = nullptr);

} // namespace fjord::imp
