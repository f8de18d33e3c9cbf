// Folding forward_progress() for one target (see SelectTarget.h).
#include "imp/SelectTarget.h"

#include <set>

namespace fjord::imp {
namespace {

bool isForwardProgressTest(const Stm& s) {
  return s.kind == Stm::Kind::If && s.args.at(0)->kind == Exp::Kind::ForwardProgress;
}

/// The kernels launched and tuning parameters read in `b`.
struct Used {
  std::set<std::string> kernels, tuning;
};

void collect(const Exp& e, Used& u) {
  if (e.kind == Exp::Kind::Tuning)
    u.tuning.insert(e.name);
  for (const ExpRef& a : e.args)
    collect(*a, u);
}

void collect(const Block& b, Used& u) {
  for (const Stm& s : b) {
    if (s.kind == Stm::Kind::Launch)
      u.kernels.insert(s.name);
    for (const ExpRef& a : s.args)
      collect(*a, u);
    for (const KernelArg& k : s.kernelArgs)
      if (k.scalar)
        collect(*k.scalar, u);
    collect(s.body, u);
    collect(s.elseBody, u);
  }
}

/// Replaces the tests in `b` by their taken branch (spliced in place); what the branches
/// not taken used goes to `dropped`.
void fold(Block& b, bool forwardProgress, Used& dropped) {
  Block out;
  for (Stm& s : b) {
    if (isForwardProgressTest(s)) {
      collect(forwardProgress ? s.elseBody : s.body, dropped);
      Block taken = std::move(forwardProgress ? s.body : s.elseBody);
      fold(taken, forwardProgress, dropped);
      for (Stm& t : taken)
        out.push_back(std::move(t));
      continue;
    }
    fold(s.body, forwardProgress, dropped);
    fold(s.elseBody, forwardProgress, dropped);
    out.push_back(std::move(s));
  }
  b = std::move(out);
}

} // namespace

Program selectTarget(const Program& prog, bool forwardProgress) {
  Program out = prog;
  Used dropped, kept;
  for (Function& f : out.functions) {
    fold(f.body, forwardProgress, dropped);
    collect(f.body, kept);
  }
  std::vector<Kernel> kernels;
  for (Kernel& k : out.kernels)
    if (!dropped.kernels.count(k.name) || kept.kernels.count(k.name))
      kernels.push_back(std::move(k));
  out.kernels = std::move(kernels);
  std::vector<TuningParam> tuning;
  for (TuningParam& t : out.tuning)
    if (!dropped.tuning.count(t.name) || kept.tuning.count(t.name))
      tuning.push_back(std::move(t));
  out.tuning = std::move(tuning);
  return out;
}

} // namespace fjord::imp
