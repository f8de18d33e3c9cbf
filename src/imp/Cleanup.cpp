// Removes scalar declarations that nothing reads (see Lowering.h): lowering binds every
// source variable and helper eagerly (e.g. a SegSpace's flat index, a loop's unused
// induction value), and generated code must compile without unused-variable warnings.
#include "imp/Lowering.h"

namespace fjord::imp::detail {

namespace {

void usesIn(const Exp& e, std::set<std::string>& used) {
  if (e.kind == Exp::Kind::Var || e.kind == Exp::Kind::Load)
    used.insert(e.name);
  for (const ExpRef& a : e.args)
    usesIn(*a, used);
}

/// Every name read, written after its declaration, or passed to a kernel in `b`.
void usesIn(const Block& b, std::set<std::string>& used) {
  for (const Stm& s : b) {
    for (const ExpRef& a : s.args)
      usesIn(*a, used);
    for (const KernelArg& k : s.kernelArgs)
      if (k.scalar)
        usesIn(*k.scalar, used);
    if (s.kind != Stm::Kind::DeclareScalar && s.kind != Stm::Kind::Comment)
      used.insert(s.name);
    usesIn(s.body, used);
    usesIn(s.elseBody, used);
  }
}

bool removeUnused(Block& b, const std::set<std::string>& used) {
  bool changed = false;
  Block kept;
  for (Stm& s : b) {
    if (s.kind == Stm::Kind::DeclareScalar && !used.count(s.name)) {
      changed = true;
      continue;
    }
    changed |= removeUnused(s.body, used);
    changed |= removeUnused(s.elseBody, used);
    kept.push_back(std::move(s));
  }
  b = std::move(kept);
  return changed;
}

} // namespace

void removeUnusedScalars(Block& b, const std::set<std::string>& keep) {
  for (;;) {
    std::set<std::string> used = keep;
    usesIn(b, used);
    if (!removeUnused(b, used))
      return;
  }
}

} // namespace fjord::imp::detail
