// Symbolic integers and LMADs to Imp expressions (see SymbolicToImp.h).
#include "imp/SymbolicToImp.h"

#include "support/Diagnostics.h"

namespace fjord::imp::detail {

namespace {

/// Placeholder variables for LMAD indices; '#' never occurs in a VName::str().
std::string placeholder(size_t i) { return "#" + std::to_string(i); }

ExpRef fromAtom(const symbolic::Atom& a, const SymResolver& resolve) {
  switch (a.kind) {
  case symbolic::AtomKind::Var:
    return resolve(a.name);
  case symbolic::AtomKind::FloorDiv:
    return binOp(BinOpKind::Div, fromSymbolic(a.args.at(0), resolve), i64(a.divisor));
  case symbolic::AtomKind::FloorMod:
    return binOp(BinOpKind::Mod, fromSymbolic(a.args.at(0), resolve), i64(a.divisor));
  case symbolic::AtomKind::Min:
  case symbolic::AtomKind::Max: {
    FJORD_CHECK(!a.args.empty(), "min/max atom without operands");
    BinOpKind op = a.kind == symbolic::AtomKind::Min ? BinOpKind::Min : BinOpKind::Max;
    ExpRef acc = fromSymbolic(a.args[0], resolve);
    for (size_t i = 1; i < a.args.size(); ++i)
      acc = binOp(op, acc, fromSymbolic(a.args[i], resolve));
    return acc;
  }
  }
  internalError("imp/SymbolicToImp", "unknown atom kind");
}

} // namespace

ExpRef fromSymbolic(const symbolic::Expr& e, const SymResolver& resolve) {
  const symbolic::Poly& p = e.poly();
  ExpRef acc;
  for (const symbolic::Term& t : p.terms) {
    ExpRef prod;
    for (const symbolic::AtomPtr& f : t.factors) {
      ExpRef x = fromAtom(*f, resolve);
      prod = prod ? binOp(BinOpKind::Mul, prod, x) : x;
    }
    bool negative = t.coeff < 0 && t.coeff != INT64_MIN;
    int64_t mag = negative ? -t.coeff : t.coeff;
    if (!prod)
      prod = i64(mag);
    else if (mag != 1)
      prod = binOp(BinOpKind::Mul, i64(mag), prod);
    if (!acc)
      acc = negative ? unOp(UnOpKind::Neg, prod) : prod;
    else
      acc = binOp(negative ? BinOpKind::Sub : BinOpKind::Add, acc, prod);
  }
  if (!acc)
    return i64(p.constant);
  if (p.constant > 0 || p.constant == INT64_MIN)
    return binOp(BinOpKind::Add, acc, i64(p.constant));
  if (p.constant < 0)
    return binOp(BinOpKind::Sub, acc, i64(-p.constant));
  return acc;
}

ExpRef applyLmad(const symbolic::Lmad& lmad, const std::vector<ExpRef>& idx,
                 const SymResolver& resolve) {
  FJORD_CHECK(static_cast<int>(idx.size()) == lmadRank(lmad),
              "LMAD applied to " + std::to_string(idx.size()) + " indices, rank " +
                  std::to_string(lmadRank(lmad)) + ": " + lmad.str());
  std::vector<symbolic::Expr> sym;
  sym.reserve(idx.size());
  for (size_t i = 0; i < idx.size(); ++i) {
    // A constant i64 index folds into the arithmetic (`t[0]` is `gtid`, not `0 * n + gtid`).
    const Exp& e = *idx[i];
    bool constant = e.kind == Exp::Kind::Const && e.type == PrimType::I64;
    sym.push_back(constant ? symbolic::Expr(e.value.i) : symbolic::Expr::var(placeholder(i)));
  }
  symbolic::Expr at = lmad.apply(sym);
  return fromSymbolic(at, [&](const std::string& name) -> ExpRef {
    if (!name.empty() && name[0] == '#')
      return idx.at(std::stoul(name.substr(1)));
    return resolve(name);
  });
}

int lmadRank(const symbolic::Lmad& lmad) { return static_cast<int>(lmad.rank()); }

symbolic::Expr lmadOffset(const symbolic::Lmad& lmad) { return lmad.offset; }

bool isRowMajor(const symbolic::Lmad& lmad) { return lmad.isRowMajor(); }

symbolic::Expr lmadCount(const symbolic::Lmad& lmad) {
  symbolic::Expr n = 1;
  for (const auto& d : lmad.dims)
    n = n * d.size;
  return n;
}

} // namespace fjord::imp::detail
