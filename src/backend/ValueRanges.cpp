// Intervals and size/index variables of one printed body (see ValueRanges.h and
// Note [Wrapping arithmetic]).
#include "backend/ValueRanges.h"

#include <algorithm>
#include <limits>

namespace fjord::backend {
namespace {

using imp::Exp;
using imp::Stm;
using Wide = __int128;

constexpr int64_t kMax64 = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin64 = std::numeric_limits<int64_t>::min();

/// The values of integer type `t` (u64: only its lower half, see `range`'s conversions).
Interval typeRange(PrimType t) {
  if (t == PrimType::Bool)
    return {0, 1};
  if (!isInteger(t) || primBytes(t) == 8)
    return isSigned(t) || !isInteger(t) ? Interval{kMin64, kMax64} : Interval{0, kMax64};
  int bits = 8 * primBytes(t);
  if (isSigned(t))
    return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1};
  return {0, (int64_t{1} << bits) - 1};
}

bool within(Wide lo, Wide hi, Interval r) { return lo >= r.lo && hi <= r.hi; }

/// The exact interval of x op y for + - * over intervals, in 128 bits.
std::pair<Wide, Wide> exactBinary(imp::BinOpKind op, Interval x, Interval y) {
  switch (op) {
  case imp::BinOpKind::Add: return {Wide{x.lo} + y.lo, Wide{x.hi} + y.hi};
  case imp::BinOpKind::Sub: return {Wide{x.lo} - y.hi, Wide{x.hi} - y.lo};
  default: {
    Wide p[] = {Wide{x.lo} * y.lo, Wide{x.lo} * y.hi, Wide{x.hi} * y.lo, Wide{x.hi} * y.hi};
    return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
  }
  }
}

/// The largest magnitude in `r`.
Wide magnitude(Interval r) { return std::max(-Wide{r.lo}, Wide{r.hi}); }

/// Whether `name` occurs in `e`.
bool reads(const Exp& e, const std::string& name) {
  if (e.kind == Exp::Kind::Var && e.name == name)
    return true;
  return std::any_of(e.args.begin(), e.args.end(),
                     [&](const imp::ExpRef& a) { return reads(*a, name); });
}

/// Whether `value`, assigned to `name`, grows it other than by a step: it reads `name`
/// anywhere but as `name + e`, `e + name` or `name - e` where `e` does not read it.
/// Strided loops (`g = g + stride`) and sums of counts stay below their bounds; products of
/// a value with itself may not.
bool recurrence(const Exp& value, const std::string& name) {
  if (value.kind == Exp::Kind::Select) // either branch's value
    return reads(*value.args.at(0), name) || recurrence(*value.args.at(1), name) ||
           recurrence(*value.args.at(2), name);
  if (value.kind != Exp::Kind::BinOp ||
      (value.binOp != imp::BinOpKind::Add && value.binOp != imp::BinOpKind::Sub))
    return reads(value, name);
  auto isName = [&](const Exp& e) { return e.kind == Exp::Kind::Var && e.name == name; };
  const Exp& x = *value.args.at(0);
  const Exp& y = *value.args.at(1);
  if (isName(x))
    return reads(y, name);
  if (isName(y) && value.binOp == imp::BinOpKind::Add)
    return reads(x, name);
  return reads(value, name);
}

/// Whether `cond` is `name < e` for an `e` that does not read `name`, or a conjunction with
/// such a conjunct.
bool boundsBelow(const Exp& cond, const std::string& name) {
  if (cond.kind == Exp::Kind::BinOp && cond.binOp == imp::BinOpKind::LogAnd)
    return boundsBelow(*cond.args.at(0), name) || boundsBelow(*cond.args.at(1), name);
  return cond.kind == Exp::Kind::Cmp && cond.cmpOp == imp::CmpOpKind::Lt &&
         cond.args.at(0)->kind == Exp::Kind::Var && cond.args[0]->name == name &&
         !reads(*cond.args.at(1), name);
}

/// Whether `value`, assigned to `name` in the body of `while (cond)`, scales it by a small
/// constant below a bound: `while (v < 32 && ...) v = v * 2` (the bound an index value).
bool boundedScaling(const Exp& value, const std::string& name, const Exp* cond) {
  if (!cond || !boundsBelow(*cond, name))
    return false;
  bool scaling = value.kind == Exp::Kind::BinOp && value.binOp == imp::BinOpKind::Mul &&
                 value.args.at(0)->kind == Exp::Kind::Var && value.args[0]->name == name &&
                 value.args.at(1)->kind == Exp::Kind::Const;
  return scaling && value.args[1]->value.asInt() >= 0 && value.args[1]->value.asInt() <= 1024;
}

/// One definition of a scalar: its value (null where it is set by other means).
struct Def {
  std::string name;
  const Exp* value;
  bool counter;        ///< a For counter (`value` its bound)
  bool scaling = false; ///< boundedScaling
  bool stored = false;  ///< a Store into memory `name`
};

/// The kernel-local arrays declared in `b`.
void collectLocalArrays(const imp::Block& b, std::set<std::string>& arrays) {
  for (const Stm& s : b) {
    if (s.kind == Stm::Kind::DeclareArray)
      arrays.insert(s.name);
    collectLocalArrays(s.body, arrays);
    collectLocalArrays(s.elseBody, arrays);
  }
}

/// The definitions in `b`; `loop`: the condition of the innermost enclosing While.
void collectDefs(const imp::Block& b, std::vector<Def>& defs, const Exp* loop = nullptr) {
  using K = Stm::Kind;
  for (const Stm& s : b) {
    switch (s.kind) {
    case K::DeclareScalar:
      if (!s.args.empty())
        defs.push_back({s.name, s.args[0].get(), false});
      break;
    case K::Assign:
      defs.push_back({s.name, s.args.at(0).get(), false,
                      boundedScaling(*s.args[0], s.name, loop)});
      break;
    case K::For: defs.push_back({s.name, s.args.at(0).get(), true}); break;
    case K::ReadScalar:
    case K::GroupReduce: defs.push_back({s.name, nullptr, false}); break;
    // A ticket: the old value of a counter that only index values increment.
    case K::AtomicFetchAdd: defs.push_back({s.src, s.args.at(1).get(), false}); break;
    // A kernel-local array holds index values when everything stored into it is one.
    case K::Store:
    case K::StoreVolatile: defs.push_back({s.name, s.args.at(1).get(), false, false, true}); break;
    case K::AtomicCas:
      defs.push_back({s.src, nullptr, false});
      defs.push_back({s.text, nullptr, false});
      break;
    case K::Call:
      for (const imp::KernelArg& o : s.outs)
        if (o.scalar && o.scalar->kind == Exp::Kind::Var)
          defs.push_back({o.scalar->name, nullptr, false});
      break;
    default: break;
    }
    const Exp* inner = s.kind == K::While ? s.args.at(0).get() : s.kind == K::For ? nullptr : loop;
    collectDefs(s.body, defs, inner);
    collectDefs(s.elseBody, defs, inner);
  }
}

} // namespace

ValueRanges::ValueRanges(const imp::Block& body, const std::vector<imp::Param>& params,
                         bool indexParams) {
  std::vector<Def> defs;
  collectDefs(body, defs);
  std::map<std::string, int> count;
  for (const Def& d : defs)
    ++count[d.name];
  // Intervals of the variables set once, in program order (a value reads earlier ones).
  for (const Def& d : defs) {
    if (count[d.name] != 1 || !d.value || d.stored)
      continue;
    Interval r = range(*d.value);
    if (!d.counter)
      vars_[d.name] = r;
    else if (r.hi >= 1)
      vars_[d.name] = {0, r.hi - 1};
  }
  // Size and index variables: the greatest set closed under the Note's rules.
  if (indexParams)
    for (const imp::Param& p : params)
      if (p.kind == imp::Param::Kind::Scalar && p.type == PrimType::I64)
        index_.insert(p.name);
  collectLocalArrays(body, localArrays_);
  for (const Def& d : defs)
    if (d.value && isInteger(d.value->type))
      index_.insert(d.name);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Def& d : defs) {
      if (!index_.count(d.name))
        continue;
      if (d.value && indexValue(*d.value) && (d.scaling || !recurrence(*d.value, d.name)))
        continue;
      index_.erase(d.name);
      changed = true;
    }
  }
}

Interval ValueRanges::range(const Exp& e) const {
  using imp::BinOpKind;
  Interval whole = typeRange(e.type);
  if (!isInteger(e.type) && e.type != PrimType::Bool)
    return whole;
  switch (e.kind) {
  case Exp::Kind::Const: return {e.value.asInt(), e.value.asInt()};
  case Exp::Kind::Var: {
    auto it = vars_.find(e.name);
    return it != vars_.end() ? it->second : whole;
  }
  case Exp::Kind::ThreadId: return {0, 1023};
  case Exp::Kind::BlockSize: return {1, 1024};
  case Exp::Kind::BlockId: return {0, (int64_t{1} << 32) - 2};
  case Exp::Kind::NumBlocks: return {1, (int64_t{1} << 32) - 1};
  case Exp::Kind::Cmp: return {0, 1};
  case Exp::Kind::Convert: {
    const Exp& x = *e.args.at(0);
    if (x.type == PrimType::U64 || (!isInteger(x.type) && x.type != PrimType::Bool))
      return whole;
    Interval r = range(x);
    return within(r.lo, r.hi, whole) ? r : whole;
  }
  case Exp::Kind::Select: {
    Interval a = range(*e.args.at(1)), b = range(*e.args.at(2));
    return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
  }
  case Exp::Kind::UnOp: {
    Interval x = range(*e.args.at(0));
    if (e.unOp == imp::UnOpKind::Neg && within(-Wide{x.hi}, -Wide{x.lo}, whole))
      return {-x.hi, -x.lo};
    if (e.unOp == imp::UnOpKind::Abs && within(0, magnitude(x), whole))
      return {x.lo >= 0 ? x.lo : x.hi <= 0 ? -x.hi : 0, static_cast<int64_t>(magnitude(x))};
    return whole;
  }
  case Exp::Kind::BinOp: break;
  default: return whole;
  }
  if (!isInteger(e.type))
    return whole;
  Interval x = range(*e.args.at(0)), y = range(*e.args.at(1));
  switch (e.binOp) {
  case BinOpKind::Add:
  case BinOpKind::Sub:
  case BinOpKind::Mul: {
    auto [lo, hi] = exactBinary(e.binOp, x, y);
    return within(lo, hi, whole) ? Interval{static_cast<int64_t>(lo), static_cast<int64_t>(hi)}
                                 : whole;
  }
  case BinOpKind::Div:
  case BinOpKind::Quot:
    // |x / y| <= |x| for y != 0, -1 (dividing by -1 may wrap: the type's range).
    if (y.lo >= 1 && x.lo >= 0)
      return {0, x.hi};
    if (y.lo >= 1)
      return {x.lo, std::max<int64_t>(x.hi, 0)};
    return whole;
  case BinOpKind::Mod:
    if (y.lo >= 1) // floor modulo: the sign of the divisor
      return {0, x.lo >= 0 ? std::min(x.hi, y.hi - 1) : y.hi - 1};
    return whole;
  case BinOpKind::Rem:
    if (y.lo >= 1) // truncating: the sign of the dividend, below |y|
      return {x.lo >= 0 ? 0 : std::max(x.lo, 1 - y.hi), std::max<int64_t>(std::min(x.hi, y.hi - 1), 0)};
    return whole;
  case BinOpKind::Min: return {std::min(x.lo, y.lo), std::min(x.hi, y.hi)};
  case BinOpKind::Max: return {std::max(x.lo, y.lo), std::max(x.hi, y.hi)};
  case BinOpKind::And:
    if (y.lo >= 0) // a non-negative mask bounds the result
      return {0, y.hi};
    return whole;
  case BinOpKind::Shr:
    if (x.lo >= 0 && y.lo >= 0)
      return {0, x.hi};
    return whole;
  default: return whole;
  }
}

bool ValueRanges::fits(const Exp& e) const {
  Interval whole = typeRange(e.type);
  if (e.kind == Exp::Kind::UnOp) {
    Interval x = range(*e.args.at(0));
    return within(-Wide{x.hi}, -Wide{x.lo}, whole);
  }
  auto [lo, hi] = exactBinary(e.binOp, range(*e.args.at(0)), range(*e.args.at(1)));
  return within(lo, hi, whole);
}

bool ValueRanges::indexArithmetic(const Exp& e) const {
  return e.type == PrimType::I64 && indexValue(e);
}

bool ValueRanges::indexValue(const Exp& e) const {
  using imp::BinOpKind;
  if (!isInteger(e.type) && e.type != PrimType::Bool)
    return false;
  auto all = [&] {
    return std::all_of(e.args.begin(), e.args.end(),
                       [&](const imp::ExpRef& a) { return indexValue(*a); });
  };
  switch (e.kind) {
  case Exp::Kind::Const:
  case Exp::Kind::ThreadId:
  case Exp::Kind::BlockId:
  case Exp::Kind::BlockSize:
  case Exp::Kind::NumBlocks:
  case Exp::Kind::Tuning:
  case Exp::Kind::DeviceLimit:
  case Exp::Kind::Cmp: return true;
  case Exp::Kind::Var: return indexVar(e.name);
  // Memory that the body stores only index values into: a kernel-local array, or device
  // memory read volatile (a look-back's statuses, Note [Cross-block communication in Imp]),
  // which the kernel itself fills; other device memory may hold anything.
  case Exp::Kind::Load: return localArrays_.count(e.name) && indexVar(e.name);
  case Exp::Kind::LoadVolatile: return indexVar(e.name);
  case Exp::Kind::ShuffleDown:
  case Exp::Kind::ShuffleUp: return all();
  case Exp::Kind::Convert: return all();
  case Exp::Kind::UnOp: return e.unOp == imp::UnOpKind::Neg && all();
  case Exp::Kind::Select: return indexValue(*e.args.at(1)) && indexValue(*e.args.at(2));
  case Exp::Kind::BinOp:
    switch (e.binOp) {
    case BinOpKind::Add:
    case BinOpKind::Sub:
    case BinOpKind::Mul:
    case BinOpKind::Div:
    case BinOpKind::Mod:
    case BinOpKind::Quot:
    case BinOpKind::Rem:
    case BinOpKind::Min:
    case BinOpKind::Max:
    case BinOpKind::Shr:
    case BinOpKind::LShr:
    case BinOpKind::And: return all();
    default: return false;
    }
  default: return false;
  }
}

} // namespace fjord::backend
