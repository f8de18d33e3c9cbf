// Identical kernels printed once (see MergeKernels.h). Two operations of the same kind over
// the same types often lower to the same kernel: the second stage of every two-stage
// reduction with (+) on f32, for example, is the same loop over the partial results. The
// names inside a kernel are derived from what it computes (`reduced_partials`), so such
// kernels print alike but for their name.
#include "imp/MergeKernels.h"

#include "imp/Print.h"

#include <map>
#include <string>

namespace fjord::imp::detail {

namespace {

/// The kernel's text without its name, doc and source span: equal texts mean equal kernels, since the
/// printed form reads back to the same kernel (imp/Parse.h).
std::string signature(const Kernel& k) {
  Kernel anonymous = k;
  anonymous.name = "k";
  anonymous.doc.clear();
  anonymous.span = SourceSpan{};
  return printKernel(anonymous);
}

void renameLaunches(Block& b, const std::map<std::string, std::string>& kept) {
  for (Stm& s : b) {
    if (s.kind == Stm::Kind::Launch)
      if (auto it = kept.find(s.name); it != kept.end())
        s.name = it->second;
    renameLaunches(s.body, kept);
    renameLaunches(s.elseBody, kept);
  }
}

/// The source line a kernel's doc cites first ("demo.fut:12"), or its name.
std::string citation(const Kernel& k) {
  return k.doc.empty() ? "`" + k.name + "`" : k.doc.front().substr(0, k.doc.front().find(": "));
}

} // namespace

void mergeIdenticalKernels(Program& prog) {
  std::map<std::string, size_t> first;      // signature -> index of its first kernel in `out`
  std::map<std::string, std::string> kept;  // merged kernel -> the kernel launched instead
  std::vector<Kernel> out;
  for (Kernel& k : prog.kernels) {
    auto [it, fresh] = first.emplace(signature(k), out.size());
    if (fresh) {
      out.push_back(std::move(k));
      continue;
    }
    Kernel& same = out[it->second];
    kept[k.name] = same.name;
    same.doc.push_back("also serves " + citation(k) + " (in place of " + k.name + ")");
  }
  prog.kernels = std::move(out);
  for (Function& f : prog.functions)
    renameLaunches(f.body, kept);
}

} // namespace fjord::imp::detail
