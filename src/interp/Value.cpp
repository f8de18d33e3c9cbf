// Run-time values: construction, scalar normalisation and conversion, row access.
#include "interp/Value.h"

#include "prim/Eval.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fjord::interp {

PrimValue PrimValue::integer(PrimType t, uint64_t bits) {
  return fromPrim(fjord::PrimValue::wrapped(t, bits));
}

PrimValue PrimValue::floating(PrimType t, double v) {
  PrimValue p;
  p.type = t;
  p.f = fjord::PrimValue::rounded(t, v).f;
  return p;
}

PrimValue PrimValue::boolean(bool b) { return integer(PrimType::Bool, b); }

PrimValue PrimValue::fromInt(PrimType t, int64_t v) {
  return fromPrim(prim::convert(fjord::PrimValue::int64(v), t));
}

PrimValue PrimValue::fromDouble(PrimType t, double v) {
  return fromPrim(prim::convert(fjord::PrimValue::floating(PrimType::F64, v), t));
}

int64_t PrimValue::asSigned() const { return toPrim().asInt(); }

uint64_t PrimValue::asUnsigned() const { return bits; }

double PrimValue::asDouble() const { return toPrim().asDouble(); }

fjord::PrimValue PrimValue::toPrim() const {
  if (isFloat(type))
    return fjord::PrimValue::floating(type, f);
  return fjord::PrimValue::wrapped(type, bits);
}

PrimValue PrimValue::fromPrim(const fjord::PrimValue& v) {
  PrimValue p;
  p.type = v.type;
  if (isFloat(v.type))
    p.f = v.f;
  else
    p.bits = v.bits();
  return p;
}

bool PrimValue::operator==(const PrimValue& o) const {
  if (type != o.type)
    return false;
  return isFloat(type) ? f == o.f : bits == o.bits;
}

Value Value::array(std::vector<int64_t> shape, std::vector<Value> elems) {
  Value v;
  v.kind_ = Kind::Array;
  v.shape_ = std::move(shape);
  v.elems_ = std::make_shared<const std::vector<Value>>(std::move(elems));
  return v;
}

Value Value::tuple(std::vector<Value> elems) {
  Value v;
  v.kind_ = Kind::Tuple;
  v.elems_ = std::make_shared<const std::vector<Value>>(std::move(elems));
  return v;
}

Value Value::record(std::vector<std::pair<std::string, Value>> fields) {
  std::stable_sort(fields.begin(), fields.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> names;
  std::vector<Value> values;
  for (auto& [n, val] : fields) {
    names.push_back(n);
    values.push_back(std::move(val));
  }
  Value v;
  v.kind_ = Kind::Record;
  v.names_ = std::make_shared<const std::vector<std::string>>(std::move(names));
  v.elems_ = std::make_shared<const std::vector<Value>>(std::move(values));
  return v;
}

Value Value::function(std::shared_ptr<const Closure> fn) {
  Value v;
  v.kind_ = Kind::Function;
  v.fn_ = std::move(fn);
  return v;
}

Value Value::accumulator(std::shared_ptr<AccState> state) {
  Value v;
  v.kind_ = Kind::Acc;
  v.acc_ = std::move(state);
  return v;
}

Value Value::constructor(std::string name, std::vector<Value> payload) {
  Value v;
  v.kind_ = Kind::Sum;
  v.names_ = std::make_shared<const std::vector<std::string>>(1, std::move(name));
  v.elems_ = std::make_shared<const std::vector<Value>>(std::move(payload));
  return v;
}

bool Value::fromRows(const std::vector<Value>& rows, const std::vector<int64_t>& rowShape,
                     Value& out) {
  std::vector<int64_t> shape{static_cast<int64_t>(rows.size())};
  if (rows.empty()) {
    shape.insert(shape.end(), rowShape.begin(), rowShape.end());
    out = array(std::move(shape), {});
    return true;
  }
  const Value& first = rows[0];
  std::vector<int64_t> inner = first.kind() == Kind::Array ? first.shape() : std::vector<int64_t>{};
  std::vector<Value> elems;
  // Reserved up front: test inputs and results have millions of elements.
  elems.reserve(rows.size() * (first.kind() == Kind::Array ? first.elems().size() : 1));
  for (const Value& r : rows) {
    bool isArray = r.kind() == Kind::Array;
    if (isArray != (first.kind() == Kind::Array) || (isArray && r.shape() != inner))
      return false;
    if (isArray)
      elems.insert(elems.end(), r.elems().begin(), r.elems().end());
    else
      elems.push_back(r);
  }
  shape.insert(shape.end(), inner.begin(), inner.end());
  out = array(std::move(shape), std::move(elems));
  return true;
}

int64_t Value::rowSize() const {
  int64_t n = 1;
  for (size_t i = 1; i < shape_.size(); ++i)
    n *= shape_[i];
  return n;
}

Value Value::row(int64_t i) const {
  if (shape_.size() == 1)
    return (*elems_)[i];
  int64_t n = rowSize();
  std::vector<Value> elems(elems_->begin() + i * n, elems_->begin() + (i + 1) * n);
  return array(std::vector<int64_t>(shape_.begin() + 1, shape_.end()), std::move(elems));
}

const Value* Value::field(const std::string& name) const {
  for (size_t i = 0; i < names_->size(); ++i)
    if ((*names_)[i] == name)
      return &(*elems_)[i];
  return nullptr;
}

bool Value::operator==(const Value& o) const {
  if (kind_ != o.kind_)
    return false;
  switch (kind_) {
  case Kind::Prim:
    return prim_ == o.prim_;
  case Kind::Array:
    return shape_ == o.shape_ && *elems_ == *o.elems_;
  case Kind::Tuple:
    return *elems_ == *o.elems_;
  case Kind::Record:
  case Kind::Sum:
    return *names_ == *o.names_ && *elems_ == *o.elems_;
  case Kind::Function:
  case Kind::Acc:
    return false;
  }
  return false;
}

} // namespace fjord::interp
