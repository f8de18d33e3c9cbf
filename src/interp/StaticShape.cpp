// Shapes of empty results from static types (see Evaluator::withStaticShape).
//
// A map over an empty array never applies its function, so the interpreter cannot see the
// shape of a row: `map (\r -> map2 (*) r v) a` with `a : [0][p]f32` builds an array of shape
// [0][0]. The type of the application knows better (`[n][p]f32`), so after an application
// the dimensions of an empty result are taken from its type where a size is a constant or a
// variable in scope. The type is used as written at the expression, without the type
// environment: sizes that come from a type variable's instantiation belong to the caller's
// scope and are fixed there, at the caller's own application.
#include "interp/Eval.h"

namespace fjord::interp {

namespace {

/// Whether `v` is an empty array or a tuple or record with one (the only values to fix).
bool holdsEmptyArray(const Value& v) {
  switch (v.kind()) {
  case Value::Kind::Array: return v.elems().empty();
  case Value::Kind::Tuple:
  case Value::Kind::Record:
    for (const Value& c : v.components())
      if (holdsEmptyArray(c))
        return true;
    return false;
  default: return false;
  }
}

} // namespace

std::optional<int64_t> Evaluator::sizeValue(const Size& s, const Env& env) const {
  if (s.kind == Size::Kind::Const)
    return s.value;
  if (s.kind != Size::Kind::Var)
    return std::nullopt;
  // The binding the size refers to (its uid), else the innermost binding of its name (sizes
  // bound in the type itself, e.g. `(n: i64) -> [n]t`, have no uid).
  for (const EnvNode* n = env.get(); n; n = n->next.get()) {
    bool refers = s.uid >= 0 ? n->uid == s.uid
                             : n->uid >= 0 && static_cast<size_t>(n->uid) < prog_.bindings.size() &&
                                   prog_.bindings[n->uid].name == s.name;
    if (!refers)
      continue;
    if (n->value.kind() != Value::Kind::Prim || !isInteger(n->value.prim().type))
      return std::nullopt;
    return n->value.prim().asSigned();
  }
  return std::nullopt;
}

Value Evaluator::withStaticShape(const Value& v, const TypeRef& t, const Env& env) const {
  if (!t || !holdsEmptyArray(v))
    return v;
  switch (v.kind()) {
  case Value::Kind::Array: {
    if (!v.elems().empty() || t->kind != Type::Kind::Array)
      return v;
    std::vector<int64_t> shape = v.shape();
    int64_t product = 1;
    bool changed = false;
    for (size_t d = 0; d < shape.size(); ++d) {
      if (shape[d] == 0 && d < t->shape.size())
        if (auto n = sizeValue(t->shape[d], env); n && *n > 0) {
          shape[d] = *n;
          changed = true;
        }
      product *= shape[d];
    }
    // Only dimensions the evaluation left at 0 change, and the array stays empty.
    if (!changed || product != 0)
      return v;
    return Value::array(std::move(shape), {});
  }
  case Value::Kind::Tuple: {
    if (t->kind != Type::Kind::Tuple || t->elems.size() != v.components().size())
      return v;
    std::vector<Value> parts;
    for (size_t i = 0; i < t->elems.size(); ++i)
      parts.push_back(withStaticShape(v.components()[i], t->elems[i], env));
    return Value::tuple(std::move(parts));
  }
  case Value::Kind::Record: {
    if (t->kind != Type::Kind::Record || t->fields.size() != v.components().size())
      return v;
    // Both sorted by field name.
    std::vector<std::pair<std::string, Value>> fields;
    for (size_t i = 0; i < t->fields.size(); ++i)
      fields.emplace_back(v.fieldNames()[i],
                          withStaticShape(v.components()[i], t->fields[i].second, env));
    return Value::record(std::move(fields));
  }
  default:
    return v;
  }
}

} // namespace fjord::interp
