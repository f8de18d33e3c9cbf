// Use analysis for the C printer: which names an Imp block reads and references, so that
// the printer can drop scalars that are declared but never read (CPrinter::setUses).
#pragma once
#include "imp/Imp.h"

#include <set>
#include <string>

namespace fjord::backend {

/// The names an Imp block reads (as scalars or memory) and references at all.
struct Uses {
  std::set<std::string> reads; ///< occurrences in expressions, memory operands, launch args
  std::set<std::string> refs;  ///< reads plus assignment and allocation targets
};
Uses collectUses(const imp::Block& block);

} // namespace fjord::backend
