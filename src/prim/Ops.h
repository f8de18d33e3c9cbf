// The scalar operators of the IRs (unary, binary, comparison), their names in IR text, and
// the source operators that denote them.
#pragma once
#include <string_view>

namespace fjord {

enum class UnOpKind { Neg, Not, Complement, Abs, Signum };
enum class BinOpKind {
  Add, Sub, Mul,
  Div,  ///< integer: floor division for signed (Futhark `/`), truncating for unsigned; float: `/`
  Mod,  ///< integer: floor modulo for signed (Futhark `%`); float: floor modulo
  Quot, ///< truncating division (`//`)
  Rem,  ///< truncating remainder (`%%`)
  Pow,  ///< `**`
  Shl, Shr, ///< Shr: arithmetic for signed, logical for unsigned (`>>`)
  LShr,     ///< logical shift right (`>>>`)
  And, Or, Xor, ///< bitwise (also on bool)
  LogAnd, LogOr,
  Min, Max,
};
enum class CmpOpKind { Eq, Ne, Lt, Le, Gt, Ge };

/// Names in IR text: "neg", "add", "lt", ...
const char* unOpName(UnOpKind k);
const char* binOpName(BinOpKind k);
const char* cmpOpName(CmpOpKind k);

/// A built-in binary operator of the source language (`+`, `//`, `<=`, ...): a binary
/// operation or, when `cmp`, a comparison.
struct SourceOperator {
  const char* spelling;
  bool cmp;
  BinOpKind bin;
  CmpOpKind cmpKind;
};
/// The built-in operator spelled `op`; null for any other name.
const SourceOperator* findSourceOperator(std::string_view op);

} // namespace fjord
