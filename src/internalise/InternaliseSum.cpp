// Sum types as flat values (a tag and payload slots) and structural equality (`==` on
// tuples, records, sum values and arrays).
#include "internalise/EntryTypes.h"
#include "internalise/Internaliser.h"
#include "ir/TypeOf.h"

namespace fjord::internalise {

using ir::BinOpKind;
using ir::CmpOpKind;
using ir::SubExp;

// Note [Sum types]
// A value of a sum type is a `u8` tag (the constructor's index in name order, as the type
// checker sorts them) followed by payload slots. Payloads are flattened to scalars (tuples
// and records to their components, a nested sum to its own tag and slots); a constructor
// puts its k-th scalar of type t in the k-th slot of type t, so constructors share the slots
// of each scalar type and the value has, per type, as many slots as the constructor that
// needs most of them. Slots a constructor does not use hold zero. An array of primitive
// values in a payload takes an array slot of its element type and rank; a constructor that
// does not use it puts an empty array there (every dimension 0), so the slot's size is
// existential where constructors meet (an `if`, a `match`). An array of sum values is, like
// an array of tuples, one array per leaf.
//
// A sum type with a function in a payload has no layout: the type checker keeps its values
// out of `if`s, `match` results, loops and arrays (not first-order), so each is built by
// one constructor that internalisation sees. Such a value is `direct`: its constant tag and
// the constructor's payload values, functions included; a `match` on it picks its case at
// compile time.

namespace {

/// A payload leaf: its element type and rank (0: a scalar).
struct SlotType {
  ir::PrimType prim;
  size_t rank = 0;
  bool operator==(const SlotType& o) const { return prim == o.prim && rank == o.rank; }
  bool operator<(const SlotType& o) const {
    return prim != o.prim ? prim < o.prim : rank < o.rank;
  }
};

void flatten(const TypeRef& t, std::vector<SlotType>& out, const SourceSpan& span);

} // namespace

SumLayout layoutOf(const Type& sum, const SourceSpan& span) {
  if (sum.constructors.size() > 256)
    throw Unsupported{span, "a sum type with more than 256 constructors"};
  SumLayout l;
  for (const auto& [name, payload] : sum.constructors) {
    std::vector<SlotType> scalars;
    for (const TypeRef& p : payload)
      flatten(p, scalars, span);
    std::map<SlotType, size_t> used; // slots of each type taken by this constructor
    std::vector<size_t> mine;
    for (SlotType st : scalars) {
      size_t nth = used[st]++, seen = 0, slot = l.slots.size();
      for (size_t i = 0; i < l.slots.size(); ++i)
        if (SlotType{l.slots[i], l.ranks[i]} == st && seen++ == nth) {
          slot = i;
          break;
        }
      if (slot == l.slots.size()) {
        l.slots.push_back(st.prim);
        l.ranks.push_back(st.rank);
      }
      mine.push_back(slot);
    }
    l.ctorSlots.push_back(std::move(mine));
  }
  return l;
}

namespace {

void flatten(const TypeRef& t, std::vector<SlotType>& out, const SourceSpan& span) {
  switch (t ? t->kind : Type::Kind::Var) {
  case Type::Kind::Prim:
    out.push_back({t->prim, 0});
    return;
  case Type::Kind::Array:
    if (t->elem && t->elem->kind == Type::Kind::Prim) {
      out.push_back({t->elem->prim, t->shape.size()});
      return;
    }
    break;
  case Type::Kind::Tuple:
    for (const TypeRef& e : t->elems)
      flatten(e, out, span);
    return;
  case Type::Kind::Record:
    for (const auto& [n, f] : t->fields)
      flatten(f, out, span);
    return;
  case Type::Kind::Sum: {
    out.push_back({PrimType::U8, 0});
    SumLayout l = layoutOf(*t, span);
    for (size_t i = 0; i < l.slots.size(); ++i)
      out.push_back({l.slots[i], l.ranks[i]});
    return;
  }
  default:
    break;
  }
  throw Unsupported{span, "a sum type with a payload of type `" + (t ? t->str() : "?") + "`"};
}

/// A value of type `t` from leaves `ls` (read from `pos` on), structured as `expr` builds it.
Value fromLeaves(const TypeRef& t, const std::vector<SubExp>& ls, size_t& pos,
                 const SourceSpan& span) {
  switch (t->kind) {
  case Type::Kind::Tuple: {
    Value v;
    for (const TypeRef& e : t->elems)
      v.elems.push_back(fromLeaves(e, ls, pos, span));
    return v;
  }
  case Type::Kind::Record: {
    Value v;
    v.kind = Value::Kind::Record;
    for (const auto& [n, f] : t->fields) {
      v.fields.push_back(n);
      v.elems.push_back(fromLeaves(f, ls, pos, span));
    }
    return v;
  }
  case Type::Kind::Sum: {
    Value v;
    v.kind = Value::Kind::Sum;
    size_t n = 1 + layoutOf(*t, span).slots.size();
    for (size_t i = 0; i < n; ++i)
      v.elems.push_back(Value::of(ls.at(pos++)));
    return v;
  }
  default:
    return Value::of(ls.at(pos++));
  }
}

bool holdsFunction(const TypeRef& t) {
  if (!t)
    return false;
  if (t->kind == Type::Kind::Function)
    return true;
  for (const TypeRef& e : t->elems)
    if (holdsFunction(e))
      return true;
  for (const auto& f : t->fields)
    if (holdsFunction(f.second))
      return true;
  for (const auto& c : t->constructors)
    for (const TypeRef& p : c.second)
      if (holdsFunction(p))
        return true;
  return t->kind == Type::Kind::Array && holdsFunction(t->elem);
}

size_t ctorIndex(const Type& sum, const std::string& name, const SourceSpan& span) {
  for (size_t i = 0; i < sum.constructors.size(); ++i)
    if (sum.constructors[i].first == name)
      return i;
  throw Unsupported{span, "the constructor `#" + name + "` of type `" + sum.str() + "`"};
}

} // namespace

bool holdsFunctionType(const Type& sum) {
  for (const auto& c : sum.constructors)
    for (const TypeRef& p : c.second)
      if (holdsFunction(p))
        return true;
  return false;
}

size_t directTag(const Value& v) {
  return static_cast<size_t>(v.elems.at(0).leaf.constant().i);
}

SubExp Internaliser::blankSlot(ir::PrimType t, size_t rank) {
  if (rank == 0)
    return ir::zeroOf(t);
  // An empty array literal: no elements to fill (a replicate of several empty dimensions
  // would lower to a kernel splitting its index by zero).
  ir::BasicOp lit;
  lit.kind = ir::BasicOp::Kind::ArrayLit;
  ir::Shape rowShape(rank - 1, SubExp(ir::PrimValue::integer(PrimType::I64, 0)));
  lit.rowType = rank == 1 ? ir::Type::prim(t) : ir::Type::array(t, rowShape);
  return b_->let1("blank", lit);
}

Value Internaliser::constructor(const ast::Expr& e, Env& env) {
  TypeRef t = resolve(e.type, env);
  if (!t || t->kind != Type::Kind::Sum)
    unsupported(e.span, "a constructor of type `" + (t ? t->str() : "?") + "`");
  size_t k = ctorIndex(*t, e.name.base, e.span);
  if (holdsFunctionType(*t)) {
    Value v;
    v.kind = Value::Kind::Sum;
    v.direct = true;
    v.elems.push_back(Value::of(ir::PrimValue::integer(PrimType::U8, static_cast<int64_t>(k))));
    for (const auto& p : e.elems)
      v.elems.push_back(expr(*p, env));
    return v;
  }
  SumLayout l = layoutOf(*t, e.span);
  std::vector<SubExp> scalars;
  for (const auto& p : e.elems)
    for (const SubExp& s : leaves(expr(*p, env), p->span))
      scalars.push_back(s);
  FJORD_CHECK(scalars.size() == l.ctorSlots[k].size(), "payload of #" + e.name.base);
  Value v;
  v.kind = Value::Kind::Sum;
  v.elems.push_back(Value::of(ir::PrimValue::integer(PrimType::U8, static_cast<int64_t>(k))));
  for (size_t i = 0; i < l.slots.size(); ++i)
    v.elems.push_back(Value::of(blankSlot(l.slots[i], l.ranks[i])));
  for (size_t i = 0; i < scalars.size(); ++i)
    v.elems[1 + l.ctorSlots[k][i]] = Value::of(scalars[i]);
  return v;
}

std::vector<Value> Internaliser::payload(const Type& sum, size_t ctor, const Value& v,
                                         const SourceSpan& span) {
  if (v.direct) {
    FJORD_CHECK(directTag(v) == ctor, "payload of a direct sum's other constructor");
    return std::vector<Value>(v.elems.begin() + 1, v.elems.end());
  }
  SumLayout l = layoutOf(sum, span);
  FJORD_CHECK(v.kind == Value::Kind::Sum && v.elems.size() == 1 + l.slots.size(),
              "sum value does not match its type's layout");
  std::vector<SubExp> mine;
  for (size_t s : l.ctorSlots.at(ctor))
    mine.push_back(leaves(v.elems[1 + s], span).at(0));
  std::vector<Value> out;
  size_t pos = 0;
  for (const TypeRef& p : sum.constructors.at(ctor).second)
    out.push_back(fromLeaves(p, mine, pos, span));
  return out;
}

SubExp Internaliser::equal(const TypeRef& t, const Value& x, const Value& y,
                           const SourceSpan& span) {
  auto both = [&](std::optional<SubExp> acc, SubExp c) -> SubExp {
    return acc ? b_->binOp(BinOpKind::LogAnd, PrimType::Bool, *acc, c, "eq") : c;
  };
  auto all = [&](const std::vector<TypeRef>& ts, const Value& a, const Value& b) -> SubExp {
    std::optional<SubExp> acc;
    for (size_t i = 0; i < ts.size(); ++i)
      acc = both(acc, equal(ts[i], a.elems.at(i), b.elems.at(i), span));
    return acc ? *acc : SubExp(ir::PrimValue::boolean(true));
  };
  switch (t ? t->kind : Type::Kind::Var) {
  case Type::Kind::Prim:
    return b_->cmpOp(CmpOpKind::Eq, t->prim, leaves(x, span).at(0), leaves(y, span).at(0), "eq");
  case Type::Kind::Tuple:
    return all(t->elems, x, y);
  case Type::Kind::Record: {
    std::vector<TypeRef> ts;
    for (const auto& [n, f] : t->fields)
      ts.push_back(f);
    return all(ts, x, y);
  }
  case Type::Kind::Sum: {
    // Equal tags, and for each constructor with a payload: not this one, or equal payloads.
    SubExp tx = leaves(x.elems.at(0), span).at(0), ty = leaves(y.elems.at(0), span).at(0);
    SubExp acc = b_->cmpOp(CmpOpKind::Eq, PrimType::U8, tx, ty, "same_tag");
    for (size_t k = 0; k < t->constructors.size(); ++k) {
      const std::vector<TypeRef>& ps = t->constructors[k].second;
      if (ps.empty())
        continue;
      Value px = Value::tuple(payload(*t, k, x, span)), py = Value::tuple(payload(*t, k, y, span));
      SubExp same = ps.size() == 1 ? equal(ps[0], px, py, span) : all(ps, px, py);
      SubExp other = b_->cmpOp(CmpOpKind::Ne, PrimType::U8, tx,
                               ir::PrimValue::integer(PrimType::U8, static_cast<int64_t>(k)),
                               "other_ctor");
      acc = both(acc, b_->binOp(BinOpKind::LogOr, PrimType::Bool, other, same, "eq"));
    }
    return acc;
  }
  case Type::Kind::Array:
    break;
  default:
    unsupported(span, "`==` on values of type `" + (t ? t->str() : "?") + "`");
  }
  // Arrays: equal outer sizes, then every pair of rows equal (a map and an `&&` reduction,
  // so that it runs in parallel; rows of rows compare their own sizes the same way).
  TypeRef row = t->rowType();
  auto compareRows = [&](const Value& a, const Value& b) -> SubExp {
    ir::Screma s;
    s.width = outerSize(a, span);
    std::vector<SubExp> la = leaves(a, span), lb = leaves(b, span);
    for (const SubExp& l : la)
      s.inputs.push_back(l.var());
    for (const SubExp& l : lb)
      s.inputs.push_back(l.var());
    std::vector<ir::Type> rows = ir::rowTypes(s.inputs, tenv_);
    std::vector<ir::Param> params;
    Value ra = freshParams(a, std::vector<ir::Type>(rows.begin(), rows.begin() + la.size()),
                           params, "x");
    Value rb = freshParams(b, std::vector<ir::Type>(rows.begin() + la.size(), rows.end()),
                           params, "y");
    s.map.params = std::move(params);
    s.map.body = inBody([&] { return std::vector<SubExp>{equal(row, ra, rb, span)}; });
    s.map.retTypes = {ir::Type::prim(PrimType::Bool)};
    ir::RedOp r;
    r.commutative = true;
    r.neutral = {ir::PrimValue::boolean(true)};
    std::vector<ir::Param> ps;
    Value p = freshParams(Value::of(SubExp()), {ir::Type::prim(PrimType::Bool)}, ps, "p");
    Value q = freshParams(Value::of(SubExp()), {ir::Type::prim(PrimType::Bool)}, ps, "q");
    r.op.params = std::move(ps);
    r.op.body = inBody([&] {
      return std::vector<SubExp>{b_->binOp(BinOpKind::LogAnd, PrimType::Bool, p.leaf, q.leaf, "all")};
    });
    r.op.retTypes = {ir::Type::prim(PrimType::Bool)};
    s.reds.push_back(std::move(r));
    return b_->let1("all_equal", ir::Op{ir::Soac{s}}, {site(span), "=="});
  };
  SubExp n = outerSize(x, span), m = outerSize(y, span);
  if (n == m)
    return compareRows(x, y);
  ir::If iff;
  iff.cond = b_->cmpOp(CmpOpKind::Eq, PrimType::I64, n, m, "same_size");
  iff.types = {ir::Type::prim(PrimType::Bool)};
  iff.thenBody = inBody([&] { return std::vector<SubExp>{compareRows(x, coerceOuter(y, n))}; });
  iff.elseBody = ir::Body{{}, {ir::PrimValue::boolean(false)}};
  return b_->let1("eq", iff, {site(span), "=="});
}

} // namespace fjord::internalise
