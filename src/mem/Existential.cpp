// Existential LMAD components (see Existential.h).
//
// Note [Existential LMADs]
// mem/ gives every array one LMAD. An `if` whose branches return different views of the
// same block (a transposition, a reversal, two strided slices) would otherwise need a copy
// in one branch to agree on a layout. Instead the result's LMAD names i64 values the `if`
// returns alongside the array, one for each component (offset, stride k) that the prover
// cannot show equal in both branches:
//
//   let {b_off_9 : i64, b_stride0_10 : i64, b_stride1_11 : i64,
//        b_5 : [n][n]i32 @a_mem -> b_off_9 + {(n : b_stride0_10), (n : b_stride1_11)}}
//     = if c then {... in {0i64, n, 1i64, a}} else {... in {0i64, 1i64, n, t}}
//
// Here the offsets agree (both 0), so the real result omits `b_off_9` and keeps `0 + ...`.
// Sizes never become existential: they are the result type's. Downstream code (imp/) reads
// such components like any scalar: host variables, kernel parameters when a kernel indexes
// the array. Only same-block results are treated so: when the blocks differ too the result's
// block is existential and each branch makes its array row-major (imp/ may then take over or
// copy whole blocks, which needs the layout to be known).
//
// Loops: a merge parameter that the body re-views (reviewsMergeParam) gets every component
// as a merge parameter, after its block: the initial value is row-major at offset 0 (as
// before), each iteration passes on the view's offset and strides, and the block stays the
// same, so imp/ never copies inside the loop.
#include "mem/Existential.h"

#include "support/Diagnostics.h"

#include <map>
#include <variant>

namespace fjord::mem {

using symbolic::Expr;
using symbolic::Lmad;

Expr lmadComponent(const Lmad& lmad, size_t c) {
  return c == 0 ? lmad.offset : lmad.dims.at(c - 1).stride;
}

Lmad withComponent(Lmad lmad, size_t c, const Expr& value) {
  if (c == 0)
    lmad.offset = value;
  else
    lmad.dims.at(c - 1).stride = value;
  return lmad;
}

std::string componentHint(size_t c) {
  return c == 0 ? "off" : "stride" + std::to_string(c - 1);
}

GeneralLmad generaliseLmads(const std::vector<Lmad>& branches, const std::vector<Expr>& shape,
                            symbolic::Prover& prover,
                            const std::function<bool(const Expr&)>& visible,
                            const std::function<Expr(size_t)>& var) {
  FJORD_CHECK(!branches.empty(), "generaliseLmads without branches");
  GeneralLmad g;
  g.lmad = branches[0];
  FJORD_CHECK(g.lmad.rank() == shape.size(), "branch LMAD rank differs from the result's");
  for (size_t k = 0; k < shape.size(); ++k)
    g.lmad.dims[k].size = shape[k];
  for (size_t c = 0; c <= shape.size(); ++c) {
    Expr first = lmadComponent(branches[0], c);
    bool agree = visible(first);
    for (size_t b = 1; agree && b < branches.size(); ++b) {
      FJORD_CHECK(branches[b].rank() == shape.size(), "branch LMADs differ in rank");
      agree = prover.provesEqual(first, lmadComponent(branches[b], c));
    }
    if (!agree) {
      g.lmad = withComponent(std::move(g.lmad), c, var(c));
      g.existential.push_back(c);
    }
  }
  return g;
}

namespace {

using namespace ir;

class ExprEmitter {
public:
  ExprEmitter(const std::function<VName(const std::string&)>& lookup, NameSource& names,
              const std::string& hint, const Provenance& prov, std::vector<Stm>& out)
      : lookup_(lookup), names_(names), hint_(hint), prov_(prov), out_(out) {}

  SubExp expr(const Expr& e) {
    const symbolic::Poly& p = e.poly();
    std::optional<SubExp> acc;
    for (const symbolic::Term& t : p.terms) {
      // Subtract negative terms from what came before, so `n - 1` reads as such.
      bool subtract = acc && t.coeff < 0;
      SubExp v = term(t, subtract ? -t.coeff : t.coeff);
      acc = acc ? binOp(subtract ? BinOpKind::Sub : BinOpKind::Add, *acc, v) : v;
    }
    if (!acc)
      return PrimValue::int64(p.constant);
    if (p.constant > 0)
      return binOp(BinOpKind::Add, *acc, PrimValue::int64(p.constant));
    if (p.constant < 0)
      return binOp(BinOpKind::Sub, *acc, PrimValue::int64(-p.constant));
    return *acc;
  }

private:
  const std::function<VName(const std::string&)>& lookup_;
  NameSource& names_;
  const std::string& hint_;
  const Provenance& prov_;
  std::vector<Stm>& out_;

  SubExp binOp(BinOpKind kind, const SubExp& a, const SubExp& b) {
    BasicOp op;
    op.kind = BasicOp::Kind::BinOp;
    op.type = PrimType::I64;
    op.binOp = kind;
    op.args = {a, b};
    PatElem res{names_.fresh(hint_), ir::Type::prim(PrimType::I64), nullptr};
    out_.push_back(Stm{{res}, Exp{std::move(op)}, prov_});
    return res.name;
  }

  SubExp term(const symbolic::Term& t, int64_t coeff) {
    std::optional<SubExp> acc;
    for (const symbolic::AtomPtr& a : t.factors) {
      SubExp f = atom(*a);
      acc = acc ? binOp(BinOpKind::Mul, *acc, f) : f;
    }
    if (!acc)
      return PrimValue::int64(coeff);
    return coeff == 1 ? *acc : binOp(BinOpKind::Mul, PrimValue::int64(coeff), *acc);
  }

  SubExp atom(const symbolic::Atom& a) {
    switch (a.kind) {
    case symbolic::AtomKind::Var:
      return lookup_(a.name);
    case symbolic::AtomKind::FloorDiv: // IR `div`/`mod` on i64 are floor operations
      return binOp(BinOpKind::Div, expr(a.args.at(0)), PrimValue::int64(a.divisor));
    case symbolic::AtomKind::FloorMod:
      return binOp(BinOpKind::Mod, expr(a.args.at(0)), PrimValue::int64(a.divisor));
    case symbolic::AtomKind::Min:
    case symbolic::AtomKind::Max: {
      BinOpKind k = a.kind == symbolic::AtomKind::Min ? BinOpKind::Min : BinOpKind::Max;
      SubExp acc = expr(a.args.at(0));
      for (size_t i = 1; i < a.args.size(); ++i)
        acc = binOp(k, acc, expr(a.args[i]));
      return acc;
    }
    }
    internalError("mem/Existential", "unknown atom kind");
  }
};

} // namespace

ir::SubExp emitExpr(const Expr& e, const std::function<ir::VName(const std::string&)>& lookup,
                    ir::NameSource& names, const std::string& hint, const ir::Provenance& prov,
                    std::vector<ir::Stm>& out) {
  return ExprEmitter(lookup, names, hint, prov, out).expr(e);
}

namespace {

/// Follows a value back through views, aliases, in-place updates and `if`s (both branches)
/// to a merge parameter; `scopes` are the enclosing bodies, innermost last.
struct ViewChain {
  const ir::VName& param;
  bool reviewed = false;

  bool reaches(std::vector<const ir::Body*> scopes, ir::VName v) {
    using namespace ir;
    while (!(v == param)) {
      const Stm* def = nullptr;
      size_t at = 0;
      for (auto b = scopes.rbegin(); b != scopes.rend() && !def; ++b)
        for (const Stm& s : (*b)->stms)
          for (size_t k = 0; k < s.pat.size(); ++k)
            if (s.pat[k].name == v) {
              def = &s;
              at = k;
            }
      if (!def)
        return false;
      if (const auto* e = std::get_if<If>(&def->exp)) {
        reviewed = true;
        for (const Body* branch : {&e->thenBody, &e->elseBody}) {
          const SubExp& r = branch->result.at(at);
          std::vector<const Body*> inner = scopes;
          inner.push_back(branch);
          if (!r.isVar() || !reaches(inner, r.var()))
            return false;
        }
        return true;
      }
      const auto* op = std::get_if<BasicOp>(&def->exp);
      if (!op || def->pat.size() != 1)
        return false;
      switch (op->kind) {
      case BasicOp::Kind::SubExp:
        if (!op->args.at(0).isVar())
          return false;
        v = op->args[0].var();
        break;
      case BasicOp::Kind::Update:
      case BasicOp::Kind::Reshape: // a size coercion, or a view if one LMAD describes it
        v = op->arr;
        break;
      case BasicOp::Kind::Index:
      case BasicOp::Kind::Rearrange:
        reviewed = true;
        v = op->arr;
        break;
      default:
        return false;
      }
    }
    return true;
  }
};

} // namespace

bool reviewsMergeParam(const ir::Body& body, size_t k, const ir::VName& param) {
  const ir::SubExp& r = body.result.at(k);
  ViewChain chain{param};
  return r.isVar() && chain.reaches({&body}, r.var()) && chain.reviewed;
}

} // namespace fjord::mem
