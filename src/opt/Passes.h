// The optimiser's passes, registered once as name + one-line summary (like Futhark's
// `Pass "sink" "..."` or MLIR's Passes.td); the driver builds its pipeline and help text
// from this table.
#pragma once
#include "ir/IR.h"

#include <string>
#include <vector>

namespace fjord::opt {

struct PassInfo {
  const char* name;    ///< "simplify", "fuse"
  const char* summary; ///< one line, lower-case, no final period
  ir::Prog (*run)(ir::Prog);
};

/// Every optimisation pass on the core IR, in the order the default pipeline runs them.
const std::vector<PassInfo>& passes();

/// The pass named `name`, or null.
const PassInfo* findPass(const std::string& name);

} // namespace fjord::opt
