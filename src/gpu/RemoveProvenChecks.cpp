// Removing assertions the prover shows always true (see RemoveProvenChecks.h).
#include "gpu/RemoveProvenChecks.h"

#include "ir/Traverse.h"
#include "symbolic/Prover.h"

#include <map>
#include <optional>

namespace fjord::gpu {

using namespace ir;

namespace {

using K = BasicOp::Kind;

/// A boolean scalar's definition: a comparison of two integers or a conjunction.
struct Condition {
  bool isAnd = false;
  CmpOpKind cmp = CmpOpKind::Eq;
  symbolic::Expr lhs, rhs;   ///< the comparison
  SubExp left, right;        ///< the conjunction
};

class CheckRemover : public Mutator {
public:
  Stm stm(const Stm& s) override {
    size_t scope = ranges_.size();
    if (const auto* loop = std::get_if<Loop>(&s.exp); loop && loop->kind == Loop::Kind::For)
      ranges_.push_back({loop->iterator.str(), toExpr(loop->bound)});
    if (const auto* op = std::get_if<Op>(&s.exp))
      if (const auto* seg = std::get_if<SegOp>(op))
        for (const auto& [gtid, n] : seg->space.dims)
          ranges_.push_back({gtid.str(), toExpr(n)});
    Stm out = Mutator::stm(s);
    ranges_.resize(scope);
    if (const auto* op = std::get_if<BasicOp>(&out.exp); op && out.pat.size() == 1)
      define(out.pat[0], *op);
    return out;
  }

  Body body(const Body& b) override {
    Body out = Mutator::body(b);
    std::erase_if(out.stms, [&](const Stm& s) {
      const auto* op = std::get_if<BasicOp>(&s.exp);
      return op && op->kind == K::Assert && holds(op->args.at(0));
    });
    return out;
  }

private:
  symbolic::Expr toExpr(const SubExp& se) const {
    if (!se.isVar())
      return symbolic::Expr(se.constant().i);
    auto it = values_.find(se.var().str());
    return it != values_.end() ? it->second : symbolic::Expr::var(se.var().str());
  }

  /// Records what an i64 or bool scalar is, where it is something the prover reasons about.
  void define(const PatElem& pe, const BasicOp& op) {
    if (pe.type.kind != Type::Kind::Prim)
      return;
    const std::string name = pe.name.str();
    if (pe.type.elem == PrimType::Bool) {
      if (op.kind == K::CmpOp && isSigned(op.type) &&
          (op.cmpOp == CmpOpKind::Lt || op.cmpOp == CmpOpKind::Le))
        conditions_[name] = Condition{false, op.cmpOp, toExpr(op.args[0]), toExpr(op.args[1]), {}, {}};
      else if (op.kind == K::BinOp && op.binOp == BinOpKind::LogAnd)
        conditions_[name] = Condition{true, CmpOpKind::Eq, {}, {}, op.args[0], op.args[1]};
      return;
    }
    if (std::optional<symbolic::Expr> v = value(op, pe.type.elem))
      values_[name] = *v;
  }

  /// The value of an integer operation as a symbolic expression (sums and products only
  /// on i64, where the prover's mathematical integers do not wrap in practice).
  std::optional<symbolic::Expr> value(const BasicOp& op, PrimType t) const {
    if (op.kind == K::SubExp && isSigned(t))
      return toExpr(op.args[0]);
    if (op.kind == K::Convert && t == PrimType::I64 && isSigned(op.type))
      return toExpr(op.args[0]);
    if (op.kind != K::BinOp || t != PrimType::I64)
      return std::nullopt;
    symbolic::Expr x = toExpr(op.args[0]), y = toExpr(op.args[1]);
    int64_t c = 0;
    switch (op.binOp) {
    case BinOpKind::Add: return x + y;
    case BinOpKind::Sub: return x - y;
    case BinOpKind::Mul: return x * y;
    case BinOpKind::Min: return symbolic::min(x, y);
    case BinOpKind::Max: return symbolic::max(x, y);
    case BinOpKind::Div:
      if (y.isConst(&c) && c > 0)
        return symbolic::floorDiv(x, c);
      return std::nullopt;
    default: return std::nullopt;
    }
  }

  /// Whether the prover shows `cond` true in the current scope.
  bool holds(const SubExp& cond) {
    if (!cond.isVar())
      return cond.constant().i != 0;
    symbolic::Facts facts;
    for (const auto& [var, bound] : ranges_)
      facts.addRange(var, symbolic::Expr(0), bound);
    symbolic::Prover prover(std::move(facts), symbolic::ProverOptions{.useZ3 = false});
    return proves(prover, cond);
  }

  bool proves(symbolic::Prover& prover, const SubExp& cond) const {
    if (!cond.isVar())
      return cond.constant().i != 0;
    auto it = conditions_.find(cond.var().str());
    if (it == conditions_.end())
      return false;
    const Condition& c = it->second;
    if (c.isAnd)
      return proves(prover, c.left) && proves(prover, c.right);
    return c.cmp == CmpOpKind::Lt ? prover.provesLess(c.lhs, c.rhs)
                                  : prover.provesLessEqual(c.lhs, c.rhs);
  }

  std::vector<std::pair<std::string, symbolic::Expr>> ranges_; ///< enclosing index ranges
  std::map<std::string, symbolic::Expr> values_;
  std::map<std::string, Condition> conditions_;
};

} // namespace

ir::Prog removeProvenChecks(ir::Prog prog) {
  CheckRemover remover;
  for (FunDef& f : prog.funs)
    f = remover.funDef(f);
  return prog;
}

} // namespace fjord::gpu
