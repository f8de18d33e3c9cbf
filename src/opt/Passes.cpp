// The table of optimiser passes (see Passes.h).
#include "opt/Passes.h"

#include "opt/Commutativity.h"
#include "opt/Fuse.h"
#include "opt/Inline.h"
#include "opt/Simplify.h"

namespace fjord::opt {

const std::vector<PassInfo>& passes() {
  static const std::vector<PassInfo> table = {
      {"inline", "inline every function call and remove the functions no entry point needs any more",
       inlineCalls},
      {"simplify", "fold constants, propagate copies, remove common and dead code, hoist loop invariants",
       simplify},
      {"fuse", "fuse producer-consumer and sibling scremas and streams, and maps into scatters", fuse},
      {"simplify-fused", "simplify again: fusion leaves copies, dead bindings and flag conversions in lambdas",
       simplify},
      {"commutativity", "mark reduction operators built from commutative primitive operations as commutative",
       markCommutative},
  };
  return table;
}

const PassInfo* findPass(const std::string& name) {
  for (const PassInfo& p : passes())
    if (name == p.name)
      return &p;
  return nullptr;
}

} // namespace fjord::opt
