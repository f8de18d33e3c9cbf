// A small positivity analysis of host block counts (see LaunchGuards.h).
#include "backend/LaunchGuards.h"

#include <map>
#include <string>

namespace fjord::backend {

using imp::BinOpKind;
using imp::CmpOpKind;
using imp::Exp;
using imp::Stm;

namespace {

/// Names assigned anywhere in `b` (their declarations say nothing about later values).
void assignedNames(const imp::Block& b, std::set<std::string>& out) {
  for (const Stm& s : b) {
    if (s.kind == Stm::Kind::Assign || s.kind == Stm::Kind::ReadScalar)
      out.insert(s.name);
    assignedNames(s.body, out);
    assignedNames(s.elseBody, out);
  }
}

bool isConst(const Exp& e, int64_t v) {
  return e.kind == Exp::Kind::Const && isInteger(e.type) && e.value.i == v;
}

class Positivity {
public:
  explicit Positivity(std::set<std::string> assigned) : assigned_(std::move(assigned)) {}

  std::set<const Stm*> launches;

  void block(const imp::Block& b) {
    // Facts and declarations made in a block end with it.
    auto facts = facts_;
    auto decls = decls_;
    for (const Stm& s : b)
      stm(s);
    facts_ = std::move(facts);
    decls_ = std::move(decls);
  }

private:
  std::set<std::string> assigned_;
  std::set<std::string> facts_;                     ///< variables known to be > 0 here
  std::map<std::string, const Exp*> decls_;         ///< never-assigned variables' values

  void stm(const Stm& s) {
    switch (s.kind) {
    case Stm::Kind::DeclareScalar:
      decls_.erase(s.name);
      facts_.erase(s.name);
      if (!s.args.empty() && !assigned_.count(s.name))
        decls_[s.name] = s.args[0].get();
      return;
    case Stm::Kind::Launch:
      if (positive(*s.args.at(0)))
        launches.insert(&s);
      return;
    case Stm::Kind::If: {
      auto facts = facts_;
      learn(*s.args.at(0));
      block(s.body);
      facts_ = facts;
      block(s.elseBody);
      return;
    }
    default:
      block(s.body);
      block(s.elseBody);
      return;
    }
  }

  /// Records what a true condition says: `x > 0`, `0 < x`, `x >= 1`, and conjunctions.
  void learn(const Exp& c) {
    if (c.kind == Exp::Kind::BinOp && c.binOp == BinOpKind::LogAnd) {
      learn(*c.args[0]);
      learn(*c.args[1]);
      return;
    }
    if (c.kind != Exp::Kind::Cmp || !isInteger(c.operandType))
      return;
    const Exp& a = *c.args[0];
    const Exp& b = *c.args[1];
    if ((a.kind == Exp::Kind::Var && assigned_.count(a.name)) ||
        (b.kind == Exp::Kind::Var && assigned_.count(b.name)))
      return; // the fact may not hold where the launch runs
    if (c.cmpOp == CmpOpKind::Gt && a.kind == Exp::Kind::Var && isConst(b, 0))
      facts_.insert(a.name);
    if (c.cmpOp == CmpOpKind::Ge && a.kind == Exp::Kind::Var && isConst(b, 1))
      facts_.insert(a.name);
    if (c.cmpOp == CmpOpKind::Lt && isConst(a, 0) && b.kind == Exp::Kind::Var)
      facts_.insert(b.name);
  }

  bool nonNegative(const Exp& e) const {
    return (e.kind == Exp::Kind::Const && isInteger(e.type) && e.value.i >= 0) || positive(e);
  }

  /// Whether the integer `e` is > 0 here (false when unknown).
  bool positive(const Exp& e) const {
    if (!isInteger(e.type))
      return false;
    switch (e.kind) {
    case Exp::Kind::Const:
      return e.value.i > 0;
    case Exp::Kind::Var: {
      if (facts_.count(e.name))
        return true;
      auto it = decls_.find(e.name);
      return it != decls_.end() && positive(*it->second);
    }
    case Exp::Kind::BinOp: {
      const Exp& a = *e.args[0];
      const Exp& b = *e.args[1];
      switch (e.binOp) {
      case BinOpKind::Max:
        return positive(a) || positive(b);
      case BinOpKind::Min:
        return positive(a) && positive(b);
      case BinOpKind::Add:
        return (positive(a) && nonNegative(b)) || (nonNegative(a) && positive(b));
      case BinOpKind::Mul:
        return positive(a) && positive(b);
      case BinOpKind::Div:
      case BinOpKind::Quot:
        return roundedUp(a, b);
      default:
        return false;
      }
    }
    default:
      return false;
    }
  }

  /// Whether `num / den` is `(x + den - 1) / den` with x, den > 0 (then it is >= 1).
  bool roundedUp(const Exp& num, const Exp& den) const {
    if (!positive(den) || num.kind != Exp::Kind::BinOp || num.binOp != BinOpKind::Sub ||
        !isConst(*num.args[1], 1))
      return false;
    const Exp& sum = *num.args[0];
    if (sum.kind != Exp::Kind::BinOp || sum.binOp != BinOpKind::Add)
      return false;
    auto same = [](const Exp& x, const Exp& y) {
      return (x.kind == Exp::Kind::Var && y.kind == Exp::Kind::Var && x.name == y.name) ||
             (x.kind == Exp::Kind::Const && y.kind == Exp::Kind::Const && x.value.i == y.value.i);
    };
    return same(*sum.args[1], den) && positive(*sum.args[0]);
  }
};

} // namespace

std::set<const Stm*> nonEmptyLaunches(const imp::Block& body) {
  std::set<std::string> assigned;
  assignedNames(body, assigned);
  Positivity p(std::move(assigned));
  p.block(body);
  return p.launches;
}

} // namespace fjord::backend
