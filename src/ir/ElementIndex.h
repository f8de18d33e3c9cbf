// The symbolic name of the element index of a SOAC nested in a kernel body, shared by mem/
// (which writes it into the LMADs of views of the SOAC's input rows) and imp/ (which binds
// it to the sequential loop's variable), and of the bucket a nested histogram's operator
// updates. See Note [Nested SOAC memory] in mem/Expand.h.
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

/// `%bucket.x_7`: the bucket a histogram's operator (first parameter `x_7`) updates; the
/// views of its array accumulators are rows of the destination at this index.
inline VName bucketIndexName(const Lambda& lam) {
  const VName& first = lam.params.at(0).name;
  return VName{"%bucket." + first.name, first.tag};
}
inline std::string bucketIndexVar(const Lambda& lam) { return bucketIndexName(lam).str(); }

} // namespace fjord::ir
