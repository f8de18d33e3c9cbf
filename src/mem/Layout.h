// Private to mem/: translating core-IR shapes and slices into symbolic LMADs. A variable
// `n_3` becomes the symbolic variable named "n_3" (VName::str()), so the printed LMADs and
// the generated index arithmetic use the IR's names -- unless it is an i64 defined by
// arithmetic the symbolic algebra understands (`let nm_5 = mul.i64 n_1 m_2`), which
// `SizeDefs` expands so that `reshape [nm_5]` of a `[n_1][m_2]` array is seen to be a
// flattening. Expanding is always valid: names are unique and lexically scoped, so the
// variables of a definition are in scope wherever the defined name is.
#pragma once
#include "ir/IR.h"
#include "symbolic/Lmad.h"

#include <map>
#include <string>
#include <vector>

namespace fjord::mem {

/// Known definitions of i64 variables, by printed name (VName::str()).
class SizeDefs {
public:
  /// Records `x` if `op` is i64 addition, subtraction, multiplication, floor division or
  /// modulo by a non-zero constant, or a copy of an i64 operand.
  void record(const ir::VName& x, const ir::BasicOp& op);
  /// The symbolic value of an i64 operand, with known definitions expanded.
  symbolic::Expr expr(const ir::SubExp& se) const;

private:
  std::map<std::string, symbolic::Expr> defs_;
};

/// The symbolic sizes of an array type's dimensions, outermost first.
std::vector<symbolic::Expr> shapeExprs(const ir::Type& type, const SizeDefs& defs);
/// `0 + {(n1 : n2*...*nq), ..., (nq : 1)}` for the shape of `type`.
symbolic::Lmad rowMajor(const ir::Type& type, const SizeDefs& defs);
/// Whether `lmad` is exactly `rowMajor(type)` (offset 0 included).
bool isRowMajorAtZero(const symbolic::Lmad& lmad, const ir::Type& type, const SizeDefs& defs);
/// The LMAD of `arr[slice]` where `arr` has `lmad`; a slice shorter than the rank keeps the
/// remaining dimensions whole.
symbolic::Lmad sliceLmad(const symbolic::Lmad& lmad, const ir::Slice& slice,
                         const SizeDefs& defs);

} // namespace fjord::mem
