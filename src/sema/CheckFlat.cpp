// Type checking of LMAD slices `a[o + {(n1 : s1), ...}]` and their updates (Note [LMAD
// slices] in syntax/Ast.h), with the static part of their safety checks: a slice that is
// provably out of bounds, or an update target that provably fails the separation condition
// of symbolic/LmadSlice.h, is a compile-time error. What cannot be decided here is checked
// at run time by the interpreter and by assertions in the compiled code.
#include "sema/Checker.h"
#include "symbolic/LmadSlice.h"

namespace fjord::sema {

using ast::Expr;

namespace {

/// The symbolic value of an i64 expression built from literals, variables (named by their
/// binding's uid, so shadowing cannot confuse two of them) and `+`, `-`, `*`; nullopt for
/// anything else.
std::optional<symbolic::Expr> symbolicOf(const Expr& e) {
  switch (e.kind) {
  case Expr::Kind::IntLit:
    return symbolic::Expr(static_cast<int64_t>(e.intValue));
  case Expr::Kind::Var:
    if (e.name.uid < 0 || !e.name.qualifiers.empty())
      return std::nullopt;
    return symbolic::Expr::var("v" + std::to_string(e.name.uid));
  case Expr::Kind::Negate:
    if (auto x = symbolicOf(*e.elems[0]))
      return symbolic::Expr(0) - *x;
    return std::nullopt;
  case Expr::Kind::BinOp: {
    if (e.name.uid >= 0)
      return std::nullopt; // a user-defined operator
    auto a = symbolicOf(*e.elems[0]), b = symbolicOf(*e.elems[1]);
    if (!a || !b)
      return std::nullopt;
    if (e.name.base == "+")
      return *a + *b;
    if (e.name.base == "-")
      return *a - *b;
    if (e.name.base == "*")
      return *a * *b;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// The static size of an IntLit dimension, or an unknown size.
Size sizeOf(const Expr& e) {
  if (e.kind == Expr::Kind::IntLit)
    return Size::constant(static_cast<int64_t>(e.intValue));
  return Size::unknown();
}

} // namespace

TypeRef Checker::checkFlat(Expr& e) {
  TypeRef arrayType = check(*e.elems[0]);
  TypeRef value = e.kind == Expr::Kind::FlatUpdate ? check(*e.elems[1]) : nullptr;
  const TypeRef i64 = Type::primitive(PrimType::I64);
  for (size_t i = ast::flatLmadStart(e); i < e.elems.size(); ++i)
    unify(i64, check(*e.elems[i]), e.elems[i]->span);
  TypeRef h = tv_.head(arrayType);
  if (TypeVars::isFlexible(*h)) {
    diags_.error(e.elems[0]->span, "the type of an array sliced by an LMAD must be known "
                                   "here; add a type annotation");
    return fresh(e.span);
  }
  if (h->kind != Type::Kind::Array) {
    diags_.error(e.span, "cannot slice a value of type `" + tv_.zonk(h)->str() + "` by an LMAD");
    return fresh(e.span);
  }
  e.flatRank = h->shape.size();
  size_t k = ast::flatLmadStart(e);
  std::vector<Size> shape;
  for (size_t d = 0; d < ast::flatLmadRank(e); ++d)
    shape.push_back(sizeOf(*e.elems[k + 1 + 2 * d]));
  checkFlatStatically(e, *h);
  TypeRef view = Type::array(h->elem, std::move(shape));
  if (e.kind == Expr::Kind::FlatIndex)
    return view;
  unify(view, value, e.elems[1]->span);
  return arrayType;
}

void Checker::checkFlatStatically(const Expr& e, const Type& arrayType) {
  size_t k = ast::flatLmadStart(e);
  symbolic::Lmad slice;
  std::optional<symbolic::Expr> offset = symbolicOf(*e.elems[k]);
  if (!offset)
    return;
  slice.offset = *offset;
  for (size_t d = 0; d < ast::flatLmadRank(e); ++d) {
    auto size = symbolicOf(*e.elems[k + 1 + 2 * d]), stride = symbolicOf(*e.elems[k + 2 + 2 * d]);
    if (!size || !stride)
      return;
    slice.dims.push_back(symbolic::Dim{*size, *stride});
  }
  std::optional<symbolic::Expr> length = symbolic::Expr(1);
  for (const Size& s : arrayType.shape)
    length = s.kind == Size::Kind::Const && length ? std::optional(*length * s.value) : std::nullopt;
  symbolic::Prover prover;
  if (symbolic::sliceInBounds(slice, length ? &*length : nullptr, prover) == symbolic::Truth::False) {
    std::string of = length ? " for an array of " + length->str() + " elements" : "";
    diags_.error(e.span, "LMAD slice out of bounds" + of);
    return;
  }
  if (e.kind == Expr::Kind::FlatUpdate &&
      symbolic::sliceSeparated(slice, prover) == symbolic::Truth::False)
    diags_.error(e.span, "LMAD slice used as an update target may write an element twice");
}

} // namespace fjord::sema
