// Use analysis (see UseAnalysis.h): one walk over an Imp block that collects the names its
// expressions, memory operands and launch arguments read, and the names its statements
// assign or allocate.
#include "backend/UseAnalysis.h"

#include <map>
#include <vector>

namespace fjord::backend {
using imp::Exp;
using imp::Stm;

namespace {

void collectExp(const Exp& e, Uses& u) {
  if (e.kind == Exp::Kind::Var || e.kind == Exp::Kind::Load ||
      e.kind == Exp::Kind::LoadVolatile || e.kind == Exp::Kind::Lane)
    u.reads.insert(e.name);
  for (const imp::ExpRef& a : e.args)
    collectExp(*a, u);
}

/// What the values of scalar declarations and assignments read, per target, and which
/// targets this block declares: for those, the reads count only if the target is read,
/// since the printer drops the declaration and its assignments when it is not.
struct ValueReads {
  std::map<std::string, std::set<std::string>> reads;
  std::set<std::string> declared;
};

void collectBlock(const imp::Block& b, Uses& u, ValueReads& values) {
  for (const Stm& s : b) {
    if (s.kind == Stm::Kind::DeclareScalar || s.kind == Stm::Kind::Assign ||
        s.kind == Stm::Kind::ReadScalar) {
      Uses value;
      for (const imp::ExpRef& a : s.args)
        collectExp(*a, value);
      if (s.kind == Stm::Kind::ReadScalar) // printed only when its target is kept
        value.reads.insert(s.src);
      values.reads[s.name].insert(value.reads.begin(), value.reads.end());
      if (s.kind == Stm::Kind::DeclareScalar)
        values.declared.insert(s.name);
      u.refs.insert(s.name);
      continue;
    }
    // An `if` with nothing in either branch is not printed, nor is its condition
    // (difftest program s9-5400: its condition's load was left unused).
    if (s.kind == Stm::Kind::If && s.body.empty() && s.elseBody.empty())
      continue;
    for (const imp::ExpRef& a : s.args)
      collectExp(*a, u);
    for (const auto* list : {&s.kernelArgs, &s.outs})
      for (const imp::KernelArg& a : *list) {
        if (a.scalar)
          collectExp(*a.scalar, u);
        if (!a.mem.empty())
          u.reads.insert(a.mem);
      }
    switch (s.kind) {
    case Stm::Kind::Store:
    case Stm::Kind::StoreVolatile:
    case Stm::Kind::AtomicUpdate:
    case Stm::Kind::Free:
    case Stm::Kind::WriteScalar:
    case Stm::Kind::DeclareArray:
      u.reads.insert(s.name);
      break;
    case Stm::Kind::CopyMem:
    case Stm::Kind::MoveMem:
      u.reads.insert(s.name);
      u.reads.insert(s.src);
      break;
    case Stm::Kind::AtomicFetchAdd:
      u.reads.insert(s.name);
      u.reads.insert(s.src);
      break;
    case Stm::Kind::DeclareVector: u.reads.insert(s.src); break;
    case Stm::Kind::LoadLanes:
    case Stm::Kind::StoreLanes:
    case Stm::Kind::GroupReduce:
      u.reads.insert(s.name);
      u.reads.insert(s.src);
      break;
    case Stm::Kind::StoreVector: u.reads.insert(s.name); break;
    case Stm::Kind::AtomicCas:
      u.reads.insert(s.name);
      if (!s.src.empty()) { // the outcome kept
        u.reads.insert(s.src);
        u.reads.insert(s.text);
      }
      break;
    default: break;
    }
    if (!s.name.empty() && s.kind != Stm::Kind::Comment && s.kind != Stm::Kind::Launch)
      u.refs.insert(s.name);
    collectBlock(s.body, u, values);
    collectBlock(s.elseBody, u, values);
  }
}

} // namespace

Uses collectUses(const imp::Block& block) {
  Uses u;
  ValueReads values;
  collectBlock(block, u, values);
  // A value read only by dead scalars is dead too (`t = a + b; unread = t;`): the reads of
  // a scalar's values count once it is live. A worklist, so a long chain is linear.
  std::vector<std::string> work(u.reads.begin(), u.reads.end());
  for (const auto& [target, reads] : values.reads)
    if (!values.declared.count(target))
      work.push_back(target);
  while (!work.empty()) {
    std::string live = std::move(work.back());
    work.pop_back();
    auto it = values.reads.find(live);
    if (it == values.reads.end())
      continue;
    for (const std::string& r : it->second)
      if (u.reads.insert(r).second)
        work.push_back(r);
    values.reads.erase(it); // its reads are counted; never again
  }
  u.refs.insert(u.reads.begin(), u.reads.end());
  return u;
}

} // namespace fjord::backend
