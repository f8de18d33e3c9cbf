// The symbolic name of the element index of a SOAC nested in a kernel body, shared by mem/
// (which writes it into the LMADs of views of the SOAC's input rows) and imp/ (which binds
// it to the sequential loop's variable). See Note [Nested SOAC memory] in mem/Expand.h.
#pragma once
#include "ir/IR.h"

#include <string>

namespace fjord::ir {

/// `%iter.x_7` for a lambda whose first parameter is `x_7`: '%' and '.' never occur in a
/// VName::str() or a C name, so it names no program variable and no helper of imp/ (which
/// uses `%<C name>` and `#<n>`), and names are unique, so no two lambdas share it.
inline VName elementIndexName(const Lambda& lam) {
  const VName& first = lam.params.at(0).name;
  return VName{"%iter." + first.name, first.tag};
}
inline std::string elementIndexVar(const Lambda& lam) { return elementIndexName(lam).str(); }

} // namespace fjord::ir
