// Results of functions with declared sizes (see Internaliser.h).
//
// Note [Declared result sizes]
// The type checker gives `reverse xs`, for `def reverse [n] 't (xs: [n]t) : [n]t = xs[::-1]`,
// the type `[n]t`, but the inlined body computes its own size (the slice's element count,
// arithmetic on `n`). A `map reverse a` would then return rows whose size is computed inside
// the lambda, which a map cannot have. So after inlining a function whose declared return
// type names a size that is bound in the call (`n`, from the argument), each such dimension
// of the result is asserted equal to it and the result reshaped to it: the caller sees `[n]`.
// mem/ treats the reshape as a view (the assertion is a size fact; mem/SizeFacts.h).
#include "internalise/Internaliser.h"

namespace fjord::internalise {

/// The sizes a declared type names at each array depth, outermost first (null where the
/// type gives none, or where a name is not bound in `env`); descends through `*` and stops
/// at anything but an array. A size expression (`[n+1]`) is computed from its variables.
std::vector<std::optional<ir::SubExp>> Internaliser::declaredDims(const ast::TypeExp& te,
                                                                  const Env& env) {
  std::vector<std::optional<ir::SubExp>> dims;
  for (const ast::TypeExp* t = &te; t;) {
    if (t->kind == ast::TypeExp::Kind::Unique) {
      t = t->args.empty() ? nullptr : t->args[0].get();
      continue;
    }
    if (t->kind != ast::TypeExp::Kind::Array)
      break;
    auto it = t->dimUid >= 0 ? env.vars.find(t->dimUid) : env.vars.end();
    if (it != env.vars.end() && it->second.kind == Value::Kind::Leaf)
      dims.push_back(it->second.leaf);
    else if (t->dimExpr && t->resolved && t->resolved->kind == Type::Kind::Array)
      dims.push_back(sizeValue(t->resolved->shape[0], env));
    else
      dims.push_back(std::nullopt);
    t = t->args.empty() ? nullptr : t->args[0].get();
  }
  return dims;
}

Value Internaliser::coerceToReturnType(const ast::TypeExp& ret, const Value& v, const Env& env,
                                       const SourceSpan& span) {
  if (ret.kind == ast::TypeExp::Kind::Tuple && v.kind == Value::Kind::Tuple &&
      ret.args.size() == v.elems.size()) {
    Value out = v;
    for (size_t i = 0; i < v.elems.size(); ++i)
      out.elems[i] = coerceToReturnType(*ret.args[i], v.elems[i], env, span);
    return out;
  }
  std::vector<std::optional<ir::SubExp>> dims = declaredDims(ret, env);
  if (dims.empty() || v.kind != Value::Kind::Leaf || !v.leaf.isVar())
    return v;
  ir::Type t = typeOf(v.leaf);
  if (!t.isArray())
    return v;
  ir::Shape shape = t.shape;
  for (size_t d = 0; d < dims.size() && d < shape.size(); ++d) {
    if (!dims[d] || *dims[d] == shape[d])
      continue;
    ir::SubExp same = b_->cmpOp(ir::CmpOpKind::Eq, ir::PrimType::I64, shape[d], *dims[d], "same_size");
    b_->assertion(same, "size mismatch: a result without its declared size at " +
                            location(span), site(span));
    shape[d] = *dims[d];
  }
  if (shape == t.shape)
    return v;
  ir::BasicOp op;
  op.kind = ir::BasicOp::Kind::Reshape;
  op.arr = v.leaf.var();
  op.shape = std::move(shape);
  return Value::of(b_->let1(v.leaf.var().name, op));
}

} // namespace fjord::internalise
