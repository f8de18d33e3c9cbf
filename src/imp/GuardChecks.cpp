// Checks that stop the access: the statements after a failed check in a kernel are skipped
// by the failing thread (Note [Assertions in kernels] in LowerKernel.cpp).
#include "imp/Lowering.h"

namespace fjord::imp::detail {

namespace {

/// `if (!ok) { atomic_cas flag[0], 0, code; }`, as lowerAssert writes a check
/// (setErrorCode), unless its code is one of `loadChecks` (Note [Checked loads] in
/// CheckedLoads.cpp).
bool isCheck(const Stm& s, const std::string& flag, const std::set<int64_t>& loadChecks) {
  if (s.kind != Stm::Kind::If || !s.elseBody.empty() || s.body.size() != 1 ||
      s.body[0].kind != Stm::Kind::AtomicCas || s.body[0].name != flag)
    return false;
  const ExpRef& code = s.body[0].args.at(2);
  return code->kind != Exp::Kind::Const || !loadChecks.count(code->value.i);
}

bool reachesBarrier(const Block& b);

bool reachesBarrier(const Stm& s) {
  return s.kind == Stm::Kind::Barrier || reachesBarrier(s.body) || reachesBarrier(s.elseBody);
}

bool reachesBarrier(const Block& b) {
  for (const Stm& s : b)
    if (reachesBarrier(s))
      return true;
  return false;
}

bool mentions(const ExpRef& e, const std::string& name) {
  if (!e)
    return false;
  if ((e->kind == Exp::Kind::Var || e->kind == Exp::Kind::Load) && e->name == name)
    return true;
  for (const ExpRef& a : e->args)
    if (mentions(a, name))
      return true;
  return false;
}

bool mentions(const Block& b, const std::string& name);

bool mentions(const Stm& s, const std::string& name) {
  if (s.name == name || s.src == name || s.text == name)
    return true;
  for (const ExpRef& a : s.args)
    if (mentions(a, name))
      return true;
  return mentions(s.body, name) || mentions(s.elseBody, name);
}

bool mentions(const Block& b, const std::string& name) {
  for (const Stm& s : b)
    if (mentions(s, name))
      return true;
  return false;
}

/// Whether `s` assigns a variable that `guarded` does not declare: the skeleton's loop
/// counters and accumulators, which must keep being updated.
bool assignsOuter(const Stm& s, const Block& guarded) {
  if (s.kind != Stm::Kind::Assign)
    return false;
  for (const Stm& d : guarded)
    if ((d.kind == Stm::Kind::DeclareScalar || d.kind == Stm::Kind::DeclareArray) &&
        d.name == s.name)
      return false;
  return true;
}

void guardBlock(Block& block, const std::string& flag, const std::set<int64_t>& loadChecks) {
  for (size_t i = 0; i < block.size(); ++i) {
    if (!isCheck(block[i], flag, loadChecks)) {
      guardBlock(block[i].body, flag, loadChecks);
      guardBlock(block[i].elseBody, flag, loadChecks);
      continue;
    }
    // The guarded statements: those after the check up to the first that reaches a
    // barrier, updates a variable declared before them or returns.
    Block guarded;
    size_t end = i + 1;
    for (; end < block.size(); ++end) {
      if (reachesBarrier(block[end]) || assignsOuter(block[end], guarded) ||
          block[end].kind == Stm::Kind::Return) // a device function returns on every path
        break;
      guarded.push_back(std::move(block[end]));
    }
    // Variables the unguarded rest reads are declared before the check, zeroed, and
    // assigned in the guarded part.
    Block hoisted, kept;
    for (Stm& s : guarded) {
      bool declares = s.kind == Stm::Kind::DeclareScalar || s.kind == Stm::Kind::DeclareArray;
      bool usedAfter = false;
      for (size_t j = end; declares && j < block.size() && !usedAfter; ++j)
        usedAfter = mentions(block[j], s.name);
      if (!usedAfter) {
        kept.push_back(std::move(s));
      } else if (s.kind == Stm::Kind::DeclareArray) {
        hoisted.push_back(std::move(s));
      } else {
        hoisted.push_back(declare(s.name, s.type, zeroOf(s.type)));
        if (!s.args.empty())
          kept.push_back(assign(s.name, s.args[0]));
      }
    }
    guarded = std::move(kept);
    guardBlock(guarded, flag, loadChecks);
    block[i].elseBody = std::move(guarded);
    block.erase(block.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                block.begin() + static_cast<std::ptrdiff_t>(end));
    block.insert(block.begin() + static_cast<std::ptrdiff_t>(i), hoisted.begin(), hoisted.end());
    i += hoisted.size();
  }
}

} // namespace

void guardFailedChecks(Block& body, const std::string& errorFlag,
                       const std::set<int64_t>& loadChecks) {
  guardBlock(body, errorFlag, loadChecks);
}

} // namespace fjord::imp::detail
