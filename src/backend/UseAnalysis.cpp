// Use analysis (see UseAnalysis.h): one walk over an Imp block that collects the names its
// expressions, memory operands and launch arguments read, and the names its statements
// assign or allocate.
#include "backend/UseAnalysis.h"

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

void collectBlock(const imp::Block& b, Uses& u) {
  for (const Stm& s : b) {
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
    case Stm::Kind::ReadScalar:
    case Stm::Kind::DeclareVector: u.reads.insert(s.src); break;
    case Stm::Kind::StoreVector: u.reads.insert(s.name); break;
    case Stm::Kind::AtomicCas:
      u.reads.insert(s.name);
      u.reads.insert(s.src);
      u.reads.insert(s.text);
      break;
    default: break;
    }
    if (!s.name.empty() && s.kind != Stm::Kind::Comment && s.kind != Stm::Kind::Launch)
      u.refs.insert(s.name);
    collectBlock(s.body, u);
    collectBlock(s.elseBody, u);
  }
}

} // namespace

Uses collectUses(const imp::Block& block) {
  Uses u;
  collectBlock(block, u);
  u.refs.insert(u.reads.begin(), u.reads.end());
  return u;
}

} // namespace fjord::backend
