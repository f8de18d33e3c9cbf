// Semantic types of the source language: factories, printing in source syntax, and
// structural equality (primitive types are prim/PrimType.h).
#include "syntax/Type.h"

#include "support/Diagnostics.h"

#include <algorithm>

namespace fjord {

namespace {

/// Wraps `s` in parentheses when it is a function type printed as a parameter.
std::string paramStr(const Type& t) {
  if (t.kind == Type::Kind::Function)
    return "(" + t.str() + ")";
  return t.str();
}

/// A constructor payload or type argument: parenthesised unless atomic.
std::string atomStr(const Type& t) {
  bool applied = t.kind == Type::Kind::Var && (!t.elems.empty() || !t.shape.empty());
  if (t.kind == Type::Kind::Function || t.kind == Type::Kind::Sum || applied)
    return "(" + t.str() + ")";
  return t.str();
}

bool sameRefs(const TypeRef& a, const TypeRef& b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  return sameType(*a, *b);
}

bool sameRefLists(const std::vector<TypeRef>& a, const std::vector<TypeRef>& b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!sameRefs(a[i], b[i]))
      return false;
  return true;
}

} // namespace

TypeRef Type::primitive(PrimType p) {
  auto t = std::make_shared<Type>();
  t->kind = Kind::Prim;
  t->prim = p;
  return t;
}

TypeRef Type::array(TypeRef elem, std::vector<Size> shape, bool unique) {
  FJORD_CHECK(elem != nullptr, "array of a null element type");
  // Normalise `[n]([m]t)` to `[n][m]t`: the element is never an array.
  if (elem->kind == Kind::Array) {
    shape.insert(shape.end(), elem->shape.begin(), elem->shape.end());
    elem = elem->elem;
  }
  if (shape.empty())
    return elem;
  auto t = std::make_shared<Type>();
  t->kind = Kind::Array;
  t->elem = std::move(elem);
  t->shape = std::move(shape);
  t->unique = unique;
  return t;
}

TypeRef Type::tuple(std::vector<TypeRef> elems) {
  FJORD_CHECK(elems.size() != 1, "a tuple type of one element");
  auto t = std::make_shared<Type>();
  t->kind = Kind::Tuple;
  t->elems = std::move(elems);
  return t;
}

TypeRef Type::record(std::vector<std::pair<std::string, TypeRef>> fields) {
  std::stable_sort(fields.begin(), fields.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  auto t = std::make_shared<Type>();
  t->kind = Kind::Record;
  t->fields = std::move(fields);
  return t;
}

TypeRef Type::sum(std::vector<std::pair<std::string, std::vector<TypeRef>>> constructors) {
  std::stable_sort(constructors.begin(), constructors.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  auto t = std::make_shared<Type>();
  t->kind = Kind::Sum;
  t->constructors = std::move(constructors);
  return t;
}

TypeRef Type::function(TypeRef param, TypeRef result, std::string paramName) {
  auto t = std::make_shared<Type>();
  t->kind = Kind::Function;
  t->param = std::move(param);
  t->result = std::move(result);
  t->paramName = std::move(paramName);
  return t;
}

TypeRef Type::typeVar(std::string name) {
  auto t = std::make_shared<Type>();
  t->kind = Kind::Var;
  t->name = std::move(name);
  return t;
}

TypeRef Type::abstractApp(std::string name, std::vector<Size> sizeArgs,
                          std::vector<TypeRef> typeArgs) {
  auto t = std::make_shared<Type>();
  t->kind = Kind::Var;
  t->name = std::move(name);
  t->shape = std::move(sizeArgs);
  t->elems = std::move(typeArgs);
  return t;
}

TypeRef Type::accumulator(TypeRef array) {
  auto t = std::make_shared<Type>();
  t->kind = Kind::Acc;
  t->elem = std::move(array);
  return t;
}

TypeRef Type::rowType() const {
  FJORD_CHECK(kind == Kind::Array && !shape.empty(), "rowType of a non-array type");
  if (shape.size() == 1)
    return elem;
  auto t = std::make_shared<Type>(*this);
  t->shape.erase(t->shape.begin());
  return t;
}

std::string Type::str() const {
  switch (kind) {
  case Kind::Prim:
    return primName(prim);
  case Kind::Var: {
    std::string s = name;
    for (const Size& d : shape)
      s += " [" + d.str() + "]";
    for (const TypeRef& a : elems)
      s += " " + (a ? atomStr(*a) : "?");
    return s;
  }
  case Kind::Array: {
    std::string s = unique ? "*" : "";
    for (const Size& d : shape)
      s += "[" + d.str() + "]";
    return s + (elem ? atomStr(*elem) : "?");
  }
  case Kind::Tuple: {
    std::string s = unique ? "*(" : "(";
    for (size_t i = 0; i < elems.size(); ++i)
      s += (i ? ", " : "") + (elems[i] ? elems[i]->str() : "?");
    return s + ")";
  }
  case Kind::Record: {
    std::string s = "{";
    for (size_t i = 0; i < fields.size(); ++i)
      s += (i ? ", " : "") + fields[i].first + ": " +
           (fields[i].second ? fields[i].second->str() : "?");
    return s + "}";
  }
  case Kind::Sum: {
    std::string s;
    for (size_t i = 0; i < constructors.size(); ++i) {
      s += (i ? " | #" : "#") + constructors[i].first;
      for (const TypeRef& p : constructors[i].second)
        s += " " + (p ? atomStr(*p) : "?");
    }
    return s;
  }
  case Kind::Function: {
    std::string p = param ? paramStr(*param) : "?";
    if (!paramName.empty())
      p = "(" + paramName + ": " + (param ? param->str() : "?") + ")";
    return p + " -> " + (result ? result->str() : "?");
  }
  case Kind::Acc:
    return std::string(unique ? "*" : "") + "acc (" + (elem ? elem->str() : "?") + ")";
  }
  return "?";
}

bool sameType(const Type& a, const Type& b) {
  if (a.kind != b.kind || a.unique != b.unique)
    return false;
  switch (a.kind) {
  case Type::Kind::Prim:
    return a.prim == b.prim;
  case Type::Kind::Var:
    return a.name == b.name && a.shape == b.shape && sameRefLists(a.elems, b.elems);
  case Type::Kind::Array:
    return a.shape == b.shape && sameRefs(a.elem, b.elem);
  case Type::Kind::Tuple:
    return sameRefLists(a.elems, b.elems);
  case Type::Kind::Record:
    if (a.fields.size() != b.fields.size())
      return false;
    for (size_t i = 0; i < a.fields.size(); ++i)
      if (a.fields[i].first != b.fields[i].first ||
          !sameRefs(a.fields[i].second, b.fields[i].second))
        return false;
    return true;
  case Type::Kind::Sum:
    if (a.constructors.size() != b.constructors.size())
      return false;
    for (size_t i = 0; i < a.constructors.size(); ++i)
      if (a.constructors[i].first != b.constructors[i].first ||
          !sameRefLists(a.constructors[i].second, b.constructors[i].second))
        return false;
    return true;
  case Type::Kind::Function:
    // The parameter's name does not change the type (it only names a size in the result).
    return sameRefs(a.param, b.param) && sameRefs(a.result, b.result);
  case Type::Kind::Acc:
    return sameRefs(a.elem, b.elem);
  }
  return false;
}

} // namespace fjord
