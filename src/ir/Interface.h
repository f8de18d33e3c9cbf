// The parts of the core IR that the imperative IR (imp/Imp.h) carries over unchanged: where a
// memory block lives, and how an entry point's values map to the C API. Kept apart from
// ir/IR.h so that imp/ and backend/ see these and not the core IR.
#pragma once
#include "prim/PrimType.h"

#include <string>

namespace fjord::ir {

/// Where a memory block lives.
enum class MemSpace { Host, Device, Shared };

/// How an entry point's source-level parameter or result maps to IR values: arrays appear
/// as their size parameters (i64, outermost first; shared sizes appear once) followed by
/// the array itself. Used to generate the C API.
struct EntryValue {
  std::string name;        ///< source name (parameter) or "result_<i>"
  PrimType elem = PrimType::I32;
  int rank = 0;
  bool unique = false;
};

} // namespace fjord::ir
