// Loops as reductions: recognition and the rewrite into a map-reduce over `iota` (see the
// header).
//
// Note [Loops as reductions]
// A sequential loop `loop acc = z for j < k do acc OP f j`, where OP is +, *, min or max on
// acc's type, z is OP's neutral element and acc is used only as OP's operand, computes
// z OP f 0 OP f 1 ... OP f (k-1), which is `reduce OP z (map f (iota k))` wherever OP is
// associative and commutative: the parallel versions combine the elements in another order
// (trees of partial results, threads striding over the iterations). In Futhark a loop is
// sequential and its result is exactly the left fold; `reduce` merely assumes its operator
// associative, and Futhark has no attribute allowing a compiler to reassociate a loop. So
// the rewrite is made only where the program cannot tell the difference:
//   - on integers (wrap-around + and *, min, max): associative and commutative, exact;
//   - on floats, + and * round differently when reassociated, and min/max disagree on
//     signed zeros and NaNs by order, so a float loop is rewritten only when the program
//     asks for it with Fjord's attribute `#[reassociate]` on the loop expression (Futhark
//     ignores attributes it does not know, so the program stays valid Futhark; its results
//     then vary in rounding as a `reduce`'s do).
// f may read anything and fail (its bounds checks run in whatever thread takes the
// iteration); it may not update arrays in place, nor hold parallelism of its own (a SOAC):
// such a loop is better interchanged with the nest around it (G7), which keeps the inner
// parallelism, than made a reduction whose elements each run a SOAC sequentially. Distribution (DistributeNests.cpp) uses
// the rewrite where the loop's bound is the same at every point of the nest, so that the
// segmented reduction and the multi-versioning of a map-reduce apply, and gives a loop whose
// bound varies per point a version with a block per point (Note [Irregular reductions]).
#include "gpu/ReducibleLoops.h"

#include "gpu/DistributeNests.h"
#include "ir/Builder.h"
#include "ir/Traverse.h"
#include "prim/Eval.h"

namespace fjord::gpu {

using namespace ir;
using ir::Type;

namespace {

std::optional<PrimValue> neutralOf(BinOpKind op, PrimType t) {
  switch (op) {
  case BinOpKind::Add:
    return isFloat(t) ? PrimValue::floating(t, 0.0) : PrimValue::integer(t, 0);
  case BinOpKind::Mul:
    return isFloat(t) ? PrimValue::floating(t, 1.0) : PrimValue::integer(t, 1);
  case BinOpKind::Min: return prim::numericConstant("highest", t);
  case BinOpKind::Max: return prim::numericConstant("lowest", t);
  default: return std::nullopt;
  }
}


/// A statement on scalars: basic operations (assertions and reads of elements
/// included), and `if`s and loops of them.
bool scalarCode(const Stm& s) {
  for (const PatElem& pe : s.pat)
    if (pe.type.isArray() || pe.type.kind == Type::Kind::Mem)
      return false;
  auto scalarBody = [](const Body& b) {
    for (const Stm& t : b.stms)
      if (!scalarCode(t))
        return false;
    return true;
  };
  if (const auto* i = std::get_if<If>(&s.exp))
    return scalarBody(i->thenBody) && scalarBody(i->elseBody);
  if (const auto* l = std::get_if<Loop>(&s.exp))
    return l->kind == Loop::Kind::For && scalarBody(l->body);
  return std::holds_alternative<BasicOp>(s.exp);
}

/// Whether `b` holds a SOAC or SegOp, also in its `if`s and loops.
bool holdsOp(const Body& b) {
  for (const Stm& s : b.stms) {
    if (std::holds_alternative<Op>(s.exp))
      return true;
    if (const auto* i = std::get_if<If>(&s.exp); i && (holdsOp(i->thenBody) || holdsOp(i->elseBody)))
      return true;
    if (const auto* l = std::get_if<Loop>(&s.exp); l && holdsOp(l->body))
      return true;
  }
  return false;
}

} // namespace

std::optional<ReducibleLoop> reducibleLoop(const Stm& stm) {
  const auto* loop = std::get_if<Loop>(&stm.exp);
  if (!loop || loop->kind != Loop::Kind::For || loop->merge.size() != 1 || stm.pat.size() != 1)
    return std::nullopt;
  const auto& [acc, init] = loop->merge[0];
  if (acc.type.isArray() || acc.type.kind != Type::Kind::Prim)
    return std::nullopt;
  PrimType t = acc.type.elem;
  if (!isInteger(t) && !(isFloat(t) && stm.prov.has("reassociate")))
    return std::nullopt;
  const Body& body = loop->body;
  if (body.result.size() != 1 || !body.result[0].isVar() || !consumedIn(body).empty() ||
      holdsOp(body))
    return std::nullopt;
  const VName& r = body.result[0].var();
  std::optional<size_t> combine;
  for (size_t i = 0; i < body.stms.size(); ++i) {
    const Stm& s = body.stms[i];
    if (s.pat.size() == 1 && s.pat[0].name == r) {
      combine = i;
      continue;
    }
    NameSet fv = freeVars(s);
    if (fv.count(acc.name) || fv.count(r))
      return std::nullopt;
  }
  if (!combine)
    return std::nullopt;
  const auto* op = std::get_if<BasicOp>(&body.stms[*combine].exp);
  if (!op || op->kind != BasicOp::Kind::BinOp || op->type != t || op->args.size() != 2)
    return std::nullopt;
  std::optional<PrimValue> neutral = neutralOf(op->binOp, t);
  if (!neutral || init.isVar() || !(init.constant() == *neutral))
    return std::nullopt;
  auto isAcc = [&](const SubExp& x) { return x.isVar() && x.var() == acc.name; };
  const SubExp& a = op->args[0];
  const SubExp& b = op->args[1];
  if (isAcc(a) == isAcc(b))
    return std::nullopt; // acc OP acc, or neither
  return ReducibleLoop{op->binOp, t, *combine, isAcc(a) ? b : a};
}

RedOp reductionOperator(const Stm& stm, const ReducibleLoop& r) {
  RedOp red;
  red.commutative = true;
  // Named after the accumulator, with its tag: unique without a name source (imp/ builds
  // the operator too).
  const VName& acc = std::get<Loop>(stm.exp).merge.at(0).first.name;
  auto named = [&](const char* suffix) {
    return Param{VName{acc.name + suffix, acc.tag}, Type::prim(r.type), nullptr};
  };
  Param x = named("_x"), y = named("_y"), z = named("_xy");
  red.op.params = {x, y};
  red.op.retTypes = {Type::prim(r.type)};
  red.op.body.stms.push_back(Stm{{z}, Exp{binOpExp(r.op, r.type, x.name, y.name)}, {}});
  red.op.body.result = {z.name};
  red.neutral = {*neutralOf(r.op, r.type)};
  return red;
}

void loopAsReduction(const Stm& stm, const ReducibleLoop& r, NameSource& names,
                     std::vector<Stm>& out) {
  const Loop& loop = std::get<Loop>(stm.exp);
  // A loop with a negative bound runs no iteration: the width is max(k, 0).
  SubExp width = loop.bound;
  if (width.isVar() || width.constant().i < 0) {
    Param w{names.fresh("iterations"), Type::prim(PrimType::I64), nullptr};
    out.push_back(Stm{{w},
                      Exp{binOpExp(BinOpKind::Max, PrimType::I64, loop.bound, PrimValue::int64(0))},
                      stm.prov});
    width = w.name;
  }
  BasicOp iota;
  iota.kind = BasicOp::Kind::Iota;
  iota.type = PrimType::I64;
  iota.args = {width, PrimValue::int64(0), PrimValue::int64(1)};
  Param js{names.fresh(loop.iterator.name + "s"), Type::array(PrimType::I64, {width}), nullptr};
  out.push_back(Stm{{js}, Exp{std::move(iota)}, stm.prov});

  Screma s;
  s.width = width;
  s.inputs = {js.name};
  s.map.params = {Param{loop.iterator, Type::prim(PrimType::I64), nullptr}};
  s.map.retTypes = {Type::prim(r.type)};
  for (size_t i = 0; i < loop.body.stms.size(); ++i)
    if (i != r.combine)
      s.map.body.stms.push_back(loop.body.stms[i]);
  s.map.body.result = {r.element};
  s.reds.push_back(reductionOperator(stm, r));
  Provenance prov = stm.prov;
  prov.what = "map_reduce";
  out.push_back(Stm{stm.pat, Exp{Op{Soac{std::move(s)}}}, prov});
}

bool irregularReduction(const KernelNest& nest, const Lambda& lam) {
  if (nest.dims.size() != 1)
    return false;
  for (const Type& t : lam.retTypes)
    if (t.isArray())
      return false;
  NameSet variant;
  for (const Param& p : lam.params)
    variant.insert(p.name);
  int loops = 0;
  for (const Stm& s : lam.body.stms) {
    if (!scalarCode(s))
      return false;
    NameSet fv = freeVars(s);
    bool varies = !hoistableKind(s) || nest.usesInside(fv);
    for (const VName& v : fv)
      varies = varies || variant.count(v);
    if (varies)
      for (const PatElem& pe : s.pat)
        variant.insert(pe.name);
    if (!std::holds_alternative<Loop>(s.exp))
      continue;
    const SubExp& bound = std::get<Loop>(s.exp).bound;
    if (!reducibleLoop(s) || !bound.isVar() || !variant.count(bound.var()))
      return false;
    ++loops;
  }
  return loops == 1;
}

} // namespace fjord::gpu
