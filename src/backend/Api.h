// The shape of the generated C API (prog.h): names derived from the prefix, the array types
// entry points use, and how an entry point's C-level arguments map onto its Imp function's
// parameters (each array = its shape sizes, then its memory; see imp::Function).
#pragma once
#include "imp/Imp.h"
#include "ir/EntryInterface.h"

#include <map>

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

/// One C-level argument (or result) of an entry point: a scalar or an array (one leaf), or
/// an opaque value over several leaves (Note [Opaque entry values] in
/// internalise/EntryTypes.cpp).
struct EntrySlot {
  std::string cname;                     ///< in<i> / out<i>: `i` is its first leaf's index
  const ir::EntryType* opaque = nullptr; ///< set for an opaque value
  std::vector<const EntryArg*> leaves;   ///< its leaves, in order
};

/// The C-level view of an entry function; throws std::invalid_argument if its Imp
/// parameters do not follow the convention. `results` and `params` are the leaves;
/// `resultSlots` and `paramSlots` the C arguments they form (pointing into them).
struct EntrySignature {
  std::vector<EntryArg> results, params;
  std::vector<EntrySlot> resultSlots, paramSlots;
  EntrySignature() = default;
  EntrySignature(const EntrySignature&) = delete; // the slots point into the leaves
  EntrySignature(EntrySignature&&) = default;
};
/// The C API's grouping of each entry point's values (ir/EntryInterface.h), by the entry
/// function's name; an entry point without one has each value as a C argument of its own.
using EntryInterfaces = std::map<std::string, ir::EntryInterface>;
/// `f`'s interface in `all`, or nullptr when there is none or it does not fit `f`'s values.
const ir::EntryInterface* interfaceOf(const EntryInterfaces& all, const imp::Function& f);

EntrySignature entrySignature(const imp::Function& f, const ir::EntryInterface* iface);

/// Every array type the entry points of `prog` take or return, sorted.
std::vector<ArrayType> arrayTypes(const imp::Program& prog);

/// An opaque type of the C API and the types of its leaves.
struct OpaqueType {
  const ir::EntryType* type = nullptr;
  std::vector<ir::EntryValue> leaves;
  /// The leaves of the value of type `t` inside this one that occupies leaves `at`.
  static OpaqueType of(const ir::EntryType& t, const std::vector<ir::EntryValue>& all,
                       const std::vector<size_t>& at);
};

/// Every opaque type the entry points of `prog` take or return, and those inside them (a
/// record's fields, a constructor's payload), inner types first, each once (by name).
std::vector<OpaqueType> opaqueTypes(const imp::Program& prog, const EntryInterfaces& interfaces);

/// The C type of a leaf in the C API: `float`, `struct <prefix>_f32_1d*`.
std::string leafCType(const ir::EntryValue& v, const std::string& prefix);
/// The C type of an opaque type or a leaf value of type `t` over leaves `vs`.
std::string valueCType(const ir::EntryType& t, const std::vector<ir::EntryValue>& vs,
                       const std::string& prefix);

/// The member of `<prefix>_tuning` holding each of `prog.tuning` (same order).
std::vector<std::string> tuningMembers(const imp::Program& prog);

/// A field or constructor name as part of a C API name (after a prefix): other characters
/// than letters and digits become `_` (`x'` -> `x_`).
std::string apiNamePart(const std::string& name);

/// `FJORD_<PREFIX>` (upper case, for macros).
std::string macroPrefix(const std::string& prefix);

/// The first line of every generated file.
std::string fileHeader(const imp::Program& prog);

/// The stem of every generated file's name: the source file's stem (`prog.fut` -> `prog.h`,
/// `prog_tuning.h`, ...), whatever the C API prefix is; "prog" if it has none.
std::string fileStem(const imp::Program& prog);

} // namespace fjord::backend
