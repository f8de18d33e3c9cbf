// The shape of the generated C API (prog.h): names derived from the prefix, the array types
// entry points use, and how an entry point's C-level arguments map onto its Imp function's
// parameters (each array = its shape sizes, then its memory; see imp::Function).
#pragma once
#include "imp/Imp.h"

#include <string>
#include <vector>

namespace fjord::backend {

/// The C type of a scalar in the C API: int32_t, float, bool, ... (prim::cTypeName)
std::string apiScalarType(PrimType t);

/// An array type of the C API: element type and rank.
struct ArrayType {
  PrimType elem;
  int rank;
  bool operator<(const ArrayType& o) const {
    return elem != o.elem ? elem < o.elem : rank < o.rank;
  }
  bool operator==(const ArrayType& o) const = default;
  /// `<prefix>_f32_1d`
  std::string name(const std::string& prefix) const;
};

/// One C-level argument (or result) of an entry point and the Imp parameters behind it.
struct EntryArg {
  ir::EntryValue value;
  std::string cname;                   ///< parameter name in prog.h (in0.. / out0..)
  std::vector<const imp::Param*> sizes; ///< arrays: one i64 per dimension
  const imp::Param* mem = nullptr;      ///< arrays: the memory
  const imp::Param* scalar = nullptr;   ///< scalars
};

/// The C-level view of an entry function; throws std::invalid_argument if its Imp
/// parameters do not follow the convention.
struct EntrySignature {
  std::vector<EntryArg> results, params;
};
EntrySignature entrySignature(const imp::Function& f);

/// Every array type the entry points of `prog` take or return, sorted.
std::vector<ArrayType> arrayTypes(const imp::Program& prog);

/// The member of `<prefix>_tuning` holding each of `prog.tuning` (same order).
std::vector<std::string> tuningMembers(const imp::Program& prog);

/// `FJORD_<PREFIX>` (upper case, for macros).
std::string macroPrefix(const std::string& prefix);

/// The first line of every generated file.
std::string fileHeader(const imp::Program& prog);

/// The stem of every generated file's name: the source file's stem (`prog.fut` -> `prog.h`,
/// `prog_tuning.h`, ...), whatever the C API prefix is; "prog" if it has none.
std::string fileStem(const imp::Program& prog);

} // namespace fjord::backend
