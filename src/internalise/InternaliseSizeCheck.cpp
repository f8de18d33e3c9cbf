// Checked size coercions: `e :> [n]t`, `e :> [n+1]t` (the size expression computed from
// the values of its variables, sizeValue), `e : [n]t` and the value of a slice update
// (`xs with [0:2] = ys`) get the shape their context expects. Where the shapes are not
// already the same, each differing dimension is checked with an assertion ("size
// mismatch", like bounds checks) and the array is reshaped to the expected shape, so that
// later stages see equal sizes.
//   let ys = xs :> [3]i32  ==>  assert (xs_len == 3); let ys : [3]i32 = reshape xs
#include "internalise/Internaliser.h"
#include "symbolic/Expr.h"

namespace fjord::internalise {

using ir::CmpOpKind;
using ir::SubExp;

SubExp Internaliser::coerceLeaf(const SubExp& leaf, const ir::Shape& shape,
                                const std::vector<std::string>& expected,
                                const SourceSpan& span) {
  ir::Type t = typeOf(leaf);
  if (!t.isArray() || t.shape == shape)
    return leaf;
  for (size_t d = 0; d < shape.size() && d < t.shape.size(); ++d) {
    if (t.shape[d] == shape[d])
      continue;
    SubExp same = b_->cmpOp(CmpOpKind::Eq, PrimType::I64, t.shape[d], shape[d], "same_size");
    b_->assertion(same, "size mismatch: expected " + expected.at(d) + " at " + location(span),
                  site(span));
  }
  ir::BasicOp op;
  op.kind = ir::BasicOp::Kind::Reshape;
  op.arr = leaf.var();
  op.shape = shape;
  return b_->let1(leaf.var().name, op);
}

std::optional<SubExp> Internaliser::sizeValue(const Size& s, const Env& env) {
  auto var = [&](const Size& v) -> std::optional<SubExp> {
    auto it = v.uid >= 0 ? env.vars.find(v.uid) : env.vars.end();
    if (it == env.vars.end() || it->second.kind != Value::Kind::Leaf)
      return std::nullopt;
    return it->second.leaf;
  };
  switch (s.kind) {
  case Size::Kind::Const:
    return SubExp(ir::PrimValue::int64(s.value));
  case Size::Kind::Var:
    return var(s);
  case Size::Kind::Unknown:
    return std::nullopt;
  case Size::Kind::Expr:
    break;
  }
  // A sum of products over the variables: every variable must have a value here.
  std::map<std::string, SubExp> values;
  for (const Size& v : s.vars()) {
    std::optional<SubExp> x = var(v);
    if (!x)
      return std::nullopt;
    values.emplace(sizeVarKey(v), *x);
  }
  const symbolic::Poly& poly = s.expr->poly();
  std::optional<SubExp> sum;
  auto add = [&](const SubExp& x) {
    sum = sum ? b_->binOp(ir::BinOpKind::Add, PrimType::I64, *sum, x, "size") : x;
  };
  for (const symbolic::Term& term : poly.terms) {
    std::optional<SubExp> product;
    for (const symbolic::AtomPtr& a : term.factors) {
      if (a->kind != symbolic::AtomKind::Var)
        return std::nullopt;
      const SubExp& x = values.at(a->name);
      product = product ? b_->binOp(ir::BinOpKind::Mul, PrimType::I64, *product, x, "size") : x;
    }
    if (term.coeff != 1)
      product = b_->binOp(ir::BinOpKind::Mul, PrimType::I64,
                          SubExp(ir::PrimValue::int64(term.coeff)), *product, "size");
    add(*product);
  }
  if (poly.constant != 0 || !sum)
    add(SubExp(ir::PrimValue::int64(poly.constant)));
  return sum;
}

Value Internaliser::coerce(const Value& v, const ast::TypeExp& te, Env& env,
                           const SourceSpan& span) {
  if (te.kind == ast::TypeExp::Kind::Unique && !te.args.empty() && te.args[0])
    return coerce(v, *te.args[0], env, span);
  if (te.kind == ast::TypeExp::Kind::Tuple && v.kind == Value::Kind::Tuple) {
    Value out = v;
    for (size_t i = 0; i < te.args.size() && i < v.elems.size(); ++i)
      if (te.args[i])
        out.elems[i] = coerce(v.elems[i], *te.args[i], env, span);
    return out;
  }
  if (te.kind != ast::TypeExp::Kind::Array)
    return v;
  // The sizes the type expression names, outermost first (anonymous `[]` keeps the value's).
  std::vector<std::optional<SubExp>> dims;
  std::vector<std::string> names;
  for (const ast::TypeExp* t = &te; t && t->kind == ast::TypeExp::Kind::Array;
       t = t->args.empty() ? nullptr : t->args[0].get()) {
    std::optional<SubExp> n;
    std::string name;
    if (t->dimConst) {
      n = SubExp(ir::PrimValue::int64(*t->dimConst));
      name = "size " + std::to_string(*t->dimConst);
    } else if (t->dimUid >= 0) {
      auto it = env.vars.find(t->dimUid);
      if (it != env.vars.end() && it->second.kind == Value::Kind::Leaf) {
        n = it->second.leaf;
        name = "`" + t->dimName.value_or("?") + "`";
      }
    } else if (t->dimExpr && t->resolved && t->resolved->kind == Type::Kind::Array) {
      n = sizeValue(t->resolved->shape[0], env);
      name = "`" + t->resolved->shape[0].str() + "`";
    }
    dims.push_back(n);
    names.push_back(name);
  }
  std::vector<SubExp> out;
  for (const SubExp& l : leaves(v, span)) {
    ir::Type t = typeOf(l);
    ir::Shape shape = t.shape;
    for (size_t d = 0; d < dims.size() && d < shape.size(); ++d)
      if (dims[d])
        shape[d] = *dims[d];
    out.push_back(coerceLeaf(l, shape, names, span));
  }
  return rebuild(v, out);
}

} // namespace fjord::internalise
