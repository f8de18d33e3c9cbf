// Type inference for access into values: indexing and slicing (also of `with` updates and
// index sections), field projection and record updates.
#include "sema/Checker.h"
#include "support/Suggest.h"

namespace fjord::sema {

using ast::Expr;

namespace {

bool isDigits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

TypeRef Checker::indexResult(const TypeRef& arrayType, std::vector<ast::DimIndex>& indices,
                             const SourceSpan& span, bool sizedSlices) {
  // As in Futhark, an index or slice bound may have any integer type (internalisation
  // widens it to i64). One of a type not yet known (a lambda's parameter, a literal) is an
  // integer that defaults to i64, so that a later use may still make it another integer
  // type (`let i = 0 in xs with [i] = i + 1` with `xs: []i32`).
  const TypeRef i64 = Type::primitive(PrimType::I64);
  auto checkIndexPart = [&](ast::Expr& part) {
    TypeRef t = check(part);
    TypeRef h = tv_.head(t);
    if (h->kind == Type::Kind::Prim && isInteger(h->prim))
      return;
    if (!TypeVars::isFlexible(*h)) {
      unify(i64, t, part.span);
      return;
    }
    if (tv_.constrain(t, Constraint{integerMask(), PrimType::I64, {}, "an index", part.span, {}},
                      part.span))
      tv_.preferDefault(t, PrimType::I64);
  };
  for (ast::DimIndex& ix : indices)
    for (ast::ExprPtr* part : {&ix.index, &ix.start, &ix.end, &ix.stride})
      if (*part)
        checkIndexPart(**part);
  TypeRef h = tv_.head(arrayType);
  if (TypeVars::isFlexible(*h)) {
    h = Type::array(fresh(span), std::vector<Size>(indices.size(), Size::unknown()));
    unify(h, arrayType, span);
  }
  // `map (map f) xss` has type [n]t with t resolved to [m]u later: see through resolved
  // element types, so that [n]t counts as [n][m]u.
  while (h->kind == Type::Kind::Array) {
    TypeRef inner = tv_.head(h->elem);
    if (inner->kind != Type::Kind::Array)
      break;
    std::vector<Size> merged = h->shape;
    merged.insert(merged.end(), inner->shape.begin(), inner->shape.end());
    h = Type::array(inner->elem, std::move(merged));
  }
  if (h->kind != Type::Kind::Array) {
    diags_.error(span, "cannot index into a value of type `" + tv_.zonk(h)->str() + "`");
    return fresh(span);
  }
  if (indices.size() > h->shape.size()) {
    diags_.error(span, "too many indices (" + std::to_string(indices.size()) +
                           ") for a value of type `" + tv_.zonk(h)->str() + "`");
    return fresh(span);
  }
  std::vector<Size> shape;
  for (size_t i = 0; i < h->shape.size(); ++i)
    if (i >= indices.size())
      shape.push_back(h->shape[i]);
    else if (indices[i].isSlice)
      shape.push_back(sizedSlices ? sliceSize(indices[i], tv_.headSize(h->shape[i]), span)
                                  : Size::unknown());
  return Type::array(h->elem, std::move(shape));
}

Size Checker::sliceSize(const ast::DimIndex& ix, const Size& dim, const SourceSpan& span) {
  // As in Futhark, `xs[i:j]` has size `j-i` where both bounds are size expressions (an
  // absent start is 0, an absent end the dimension's size); any other slice (a stride, a
  // bound that is not `+ - *` of `i64` names and literals) has an existential size, except
  // `xs[::1]` and `xs[::-1]`, which have the size of `xs`.
  if (dim.kind == Size::Kind::Unknown)
    return Size::unknown();
  std::optional<symbolic::Expr> start = symbolic::Expr(0), end = dim.symbolic();
  if (ix.start)
    start = argumentExpression(*ix.start);
  if (ix.end)
    end = argumentExpression(*ix.end);
  std::optional<symbolic::Expr> stride = symbolic::Expr(1);
  if (ix.stride)
    stride = argumentExpression(*ix.stride);
  int64_t step = 0;
  if (!ix.start && !ix.end && stride && stride->isConst(&step) && (step == 1 || step == -1))
    return dim; // `xs[::-1]`
  if (!ix.stride && start && end)
    return Size::expression(*end - *start);
  return tv_.freshExistential(SizeOrigin{"the size of this slice", span});
}

TypeRef Checker::checkIndex(Expr& e) {
  TypeRef t = check(*e.elems[0]);
  return indexResult(t, e.indices, e.span);
}

TypeRef Checker::checkProject(const TypeRef& t, const std::string& field, const SourceSpan& span) {
  TypeRef h = tv_.head(t);
  if (h->kind == Type::Kind::Record) {
    for (const auto& f : h->fields)
      if (f.first == field)
        return f.second;
  } else if (h->kind == Type::Kind::Tuple && isDigits(field)) {
    size_t i = std::stoul(field);
    if (i < h->elems.size())
      return h->elems[i];
  } else if (TypeVars::isFlexible(*h)) {
    TypeRef ft = fresh(span);
    Constraint c;
    c.fields[field] = ft;
    c.origin = "field access `." + field + "`";
    c.span = span;
    tv_.constrain(h, std::move(c), span);
    return ft;
  }
  std::vector<std::string> fields;
  if (h->kind == Type::Kind::Record)
    for (const auto& f : h->fields)
      fields.push_back(f.first);
  diags_.error(span, "type `" + tv_.zonk(h)->str() + "` has no field `" + field + "`" +
                         didYouMean(field, fields));
  return fresh(span);
}

TypeRef Checker::checkRecordUpdate(Expr& e) {
  TypeRef r = check(*e.elems[0]);
  TypeRef t = r;
  for (const std::string& f : e.fieldPath)
    t = checkProject(t, f, e.span);
  unify(t, check(*e.elems[1]), e.elems[1]->span);
  return r;
}

} // namespace fjord::sema
