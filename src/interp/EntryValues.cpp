// Entry-point values as the outside world passes them (Futhark's convention, which the
// compiled code follows too): a tuple or record is its components, one value each, and an
// array of tuples or records is one array per component ("tuple of arrays").
#include "interp/Interpreter.h"

namespace fjord::interp {

namespace {

int64_t product(const std::vector<int64_t>& dims, size_t from, size_t to) {
  int64_t n = 1;
  for (size_t i = from; i < to; ++i)
    n *= dims[i];
  return n;
}

void collectLeafTypes(const TypeRef& t, const std::vector<Size>& outer,
                      std::vector<TypeRef>& out) {
  switch (t->kind) {
  case Type::Kind::Array: {
    std::vector<Size> shape = outer;
    shape.insert(shape.end(), t->shape.begin(), t->shape.end());
    collectLeafTypes(t->elem, shape, out);
    return;
  }
  case Type::Kind::Tuple:
    for (const TypeRef& e : t->elems)
      collectLeafTypes(e, outer, out);
    return;
  case Type::Kind::Record:
    for (const auto& f : t->fields)
      collectLeafTypes(f.second, outer, out);
    return;
  default: // scalars (and types that entry points reject: sums, functions)
    out.push_back(outer.empty() ? t : Type::array(t, outer, t->unique));
    return;
  }
}

/// The leaves of `v` of type `t` that lie inside the outer array of every leaf.
void collectLeaves(const Value& v, const TypeRef& t, std::vector<Value>& out);

/// Leaves of an array of tuples/records `v` whose element type is `elem`: for each leaf
/// of `elem`, the array of that leaf over all elements, shaped `v.shape()` + the leaf's.
void collectArrayLeaves(const Value& v, const TypeRef& elem, std::vector<Value>& out) {
  std::vector<TypeRef> leafTypes = entryLeafTypes(elem);
  std::vector<std::vector<Value>> perLeaf(leafTypes.size());
  for (const Value& e : v.elems()) {
    std::vector<Value> leaves;
    collectLeaves(e, elem, leaves);
    FJORD_CHECK(leaves.size() == leafTypes.size(), "entry value does not fit its type");
    for (size_t j = 0; j < leaves.size(); ++j)
      perLeaf[j].push_back(std::move(leaves[j]));
  }
  for (size_t j = 0; j < leafTypes.size(); ++j) {
    Value stacked;
    // An empty array's components are empty too; their inner sizes are unknown here.
    std::vector<int64_t> rowShape(leafTypes[j]->rank(), 0);
    FJORD_CHECK(Value::fromRows(perLeaf[j], rowShape, stacked), "irregular array of tuples");
    std::vector<int64_t> shape = v.shape();
    shape.insert(shape.end(), stacked.shape().begin() + 1, stacked.shape().end());
    out.push_back(Value::array(std::move(shape), stacked.elems()));
  }
}

void collectLeaves(const Value& v, const TypeRef& t, std::vector<Value>& out) {
  switch (t->kind) {
  case Type::Kind::Array:
    if (t->elem->kind == Type::Kind::Tuple || t->elem->kind == Type::Kind::Record)
      collectArrayLeaves(v, t->elem, out);
    else
      out.push_back(v);
    return;
  case Type::Kind::Tuple:
  case Type::Kind::Record: {
    std::vector<TypeRef> types;
    if (t->kind == Type::Kind::Tuple)
      types = t->elems;
    else
      for (const auto& f : t->fields)
        types.push_back(f.second);
    FJORD_CHECK(v.components().size() == types.size(), "entry value does not fit its type");
    for (size_t i = 0; i < types.size(); ++i)
      collectLeaves(v.components()[i], types[i], out);
    return;
  }
  default:
    out.push_back(v);
    return;
  }
}

/// The value of element `i` of the outer `rank` dimensions of array `a`: a scalar when `a`
/// has no further dimensions, else the sub-array.
Value elementAt(const Value& a, size_t rank, int64_t i) {
  if (a.shape().size() == rank)
    return a.elems()[i];
  std::vector<int64_t> inner(a.shape().begin() + rank, a.shape().end());
  int64_t n = product(inner, 0, inner.size());
  std::vector<Value> elems(a.elems().begin() + i * n, a.elems().begin() + (i + 1) * n);
  return Value::array(std::move(inner), std::move(elems));
}

} // namespace

std::vector<TypeRef> entryLeafTypes(const TypeRef& t) {
  std::vector<TypeRef> out;
  collectLeafTypes(t, {}, out);
  return out;
}

std::vector<Value> entryLeaves(const Value& v, const TypeRef& t) {
  std::vector<Value> out;
  collectLeaves(v, t, out);
  return out;
}

std::optional<Value> assembleEntryValue(const TypeRef& t, const std::vector<Value>& leaves,
                                        size_t& pos, std::string& error) {
  switch (t->kind) {
  case Type::Kind::Array: {
    if (t->elem->kind != Type::Kind::Tuple && t->elem->kind != Type::Kind::Record)
      return leaves.at(pos++);
    // One array per component: they must agree on the outer dimensions; element `i` is
    // assembled from element `i` of each.
    size_t rank = t->shape.size();
    size_t count = entryLeafTypes(t->elem).size();
    std::vector<Value> parts(leaves.begin() + pos, leaves.begin() + pos + count);
    pos += count;
    std::vector<int64_t> shape(rank, 0);
    for (size_t j = 0; j < parts.size(); ++j) {
      std::vector<int64_t> outer(parts[j].shape().begin(), parts[j].shape().begin() + rank);
      if (j == 0) {
        shape = outer;
      } else if (outer != shape) {
        error = "size mismatch: the component arrays of an array of tuples differ in size";
        return std::nullopt;
      }
    }
    std::vector<Value> elems;
    int64_t n = product(shape, 0, shape.size());
    for (int64_t i = 0; i < n; ++i) {
      std::vector<Value> at;
      for (const Value& p : parts)
        at.push_back(elementAt(p, rank, i));
      size_t sub = 0;
      auto e = assembleEntryValue(t->elem, at, sub, error);
      if (!e)
        return std::nullopt;
      elems.push_back(std::move(*e));
    }
    return Value::array(std::move(shape), std::move(elems));
  }
  case Type::Kind::Tuple: {
    std::vector<Value> comps;
    for (const TypeRef& e : t->elems) {
      auto c = assembleEntryValue(e, leaves, pos, error);
      if (!c)
        return std::nullopt;
      comps.push_back(std::move(*c));
    }
    return Value::tuple(std::move(comps));
  }
  case Type::Kind::Record: {
    std::vector<std::pair<std::string, Value>> fields;
    for (const auto& [name, ft] : t->fields) {
      auto c = assembleEntryValue(ft, leaves, pos, error);
      if (!c)
        return std::nullopt;
      fields.emplace_back(name, std::move(*c));
    }
    return Value::record(std::move(fields));
  }
  default:
    return leaves.at(pos++);
  }
}

} // namespace fjord::interp
