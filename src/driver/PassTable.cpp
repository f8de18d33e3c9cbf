// The table of every pass (see PassTable.h), with the adapters that give the passes' own
// signatures the table's one.
#include "driver/PassTable.h"

#include "gpu/ExtractKernels.h"
#include "gpu/FlattenRowUpdates.h"
#include "gpu/InterchangeArrayOperators.h"
#include "gpu/RemoveProvenChecks.h"
#include "gpu/TileBlocks.h"
#include "imp/LowerToImp.h"
#include "mem/Coalesce.h"
#include "mem/IntroduceMemory.h"
#include "mem/MergeBlocks.h"
#include "opt/Commutativity.h"
#include "opt/Fuse.h"
#include "opt/Inline.h"
#include "opt/Simplify.h"

#include <algorithm>

namespace fjord::driver {

namespace {

// A pass on core IR that cannot fail.
template <ir::Prog (*run)(ir::Prog)>
StageProgram irPass(StageProgram p, PassContext&) {
  return run(std::get<ir::Prog>(std::move(p)));
}

// A pass on core IR that reports user errors and unsupported constructs.
template <ir::Prog (*run)(ir::Prog, DiagnosticEngine&)>
StageProgram reportingIrPass(StageProgram p, PassContext& ctx) {
  return run(std::get<ir::Prog>(std::move(p)), ctx.diags);
}

StageProgram lowerToImp(StageProgram p, PassContext& ctx) {
  return imp::lowerToImp(std::get<ir::Prog>(p), ctx.sourcePath, ctx.diags);
}

constexpr ir::Stage kCore = ir::Stage::Core;
constexpr ir::Stage kGpu = ir::Stage::Gpu;
constexpr ir::Stage kMem = ir::Stage::Mem;
constexpr ir::Stage kImp = ir::Stage::Imp;

} // namespace

const std::vector<Pass>& passTable() {
  static const std::vector<Pass> table = {
      // opt/: optimisation on the core IR.
      {"inline", "inline every function call and remove the functions no entry point needs any more",
       kCore, kCore, irPass<opt::inlineCalls>},
      {"simplify", "fold constants, propagate copies, remove common and dead code, hoist loop invariants",
       kCore, kCore, irPass<opt::simplify>, "simplified"},
      {"fuse", "fuse producer-consumer and sibling scremas and streams, and maps into scatters",
       kCore, kCore, irPass<opt::fuse>},
      {"simplify-fused", "simplify again: fusion leaves copies, dead bindings and flag conversions in lambdas",
       kCore, kCore, irPass<opt::simplify>},
      {"commutativity", "mark reduction operators built from commutative primitive operations as commutative",
       kCore, kCore, irPass<opt::markCommutative>, "fused"},
      // gpu/: host-level parallelism becomes kernels.
      {"interchange-array-operators",
       "turn reductions and scans with array operators into maps over columns or reductions over chunks of rows",
       kCore, kCore, reportingIrPass<gpu::interchangeArrayOperators>},
      {"flatten-row-updates", "turn scatters and histograms into arrays of rank > 1 into flat ones over the elements",
       kCore, kCore, reportingIrPass<gpu::flattenRowUpdates>},
      {"extract-kernels", "turn every host-level SOAC into a segmented operation (SegMap, SegRed, SegScan, SegHist)",
       kCore, kGpu, reportingIrPass<gpu::extractKernels>, "gpu"},
      {"tile-blocks", "mark matrix-product-like SegMaps for block and register tiling through shared memory",
       kGpu, kGpu, irPass<gpu::tileBlocks>},
      {"remove-proven-checks", "drop the bounds checks that the ranges of the enclosing loops and segment spaces prove",
       kGpu, kGpu, irPass<gpu::removeProvenChecks>},
      // mem/: explicit memory.
      {"introduce-memory", "give every array a memory block and an LMAD, and make allocations explicit",
       kGpu, kMem, reportingIrPass<mem::introduceMemory>},
      {"coalesce-accesses", "read rows that threads walk sequentially from a transposed copy",
       kMem, kMem, irPass<mem::coalesceAccesses>},
      {"merge-blocks", "let allocations whose lifetimes do not overlap share one block",
       kMem, kMem, irPass<mem::mergeBlocks>, "mem"},
      // imp/: the imperative IR the backends print.
      {"lower-to-imp", "lower host code and kernels to the imperative IR, with the GPU algorithms and explicit loads and stores",
       kMem, kImp, lowerToImp, "imp"},
  };
  return table;
}

const Pass* findPass(const std::string& name) {
  const auto& table = passTable();
  auto it = std::find_if(table.begin(), table.end(), [&](const Pass& p) { return name == p.name; });
  return it == table.end() ? nullptr : &*it;
}

std::string describePasses() {
  size_t nameWidth = 0, endsWidth = 0;
  for (const Pass& p : passTable()) {
    nameWidth = std::max(nameWidth, std::string(p.name).size());
    endsWidth = std::max(endsWidth, std::string(p.endsStage ? p.endsStage : "").size());
  }
  auto pad = [](std::string s, size_t width) { return s + std::string(width - s.size() + 2, ' '); };
  std::string out;
  for (const Pass& p : passTable()) {
    std::string stages = std::string(ir::stageName(p.consumes)) + " -> " + ir::stageName(p.produces);
    out += pad(p.name, nameWidth) + pad(stages, 12) + pad(p.endsStage ? p.endsStage : "", endsWidth) +
           p.summary + "\n";
  }
  return out;
}

} // namespace fjord::driver
