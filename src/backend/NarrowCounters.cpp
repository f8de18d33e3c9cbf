// Narrowing constant-bound loop counters to int32_t (see NarrowCounters.h): an interval
// analysis of the expressions that C would compute in `int` once the counter is narrowed.
#include "backend/NarrowCounters.h"

#include <algorithm>
#include <optional>

namespace fjord::backend {
namespace {

using imp::Exp;

/// The values of an `int` expression; `counter`: it involves a narrowed counter (literals
/// alone were `int` before narrowing too).
struct Interval {
  int64_t lo, hi;
  bool counter = false;
};

/// The interval analysis over one loop body. `int` expressions are those whose C type
/// becomes `int`: narrowed counters, and literals that print bare, combined with each other.
class Checker {
public:
  explicit Checker(std::map<std::string, int64_t> narrowed) : narrowed_(std::move(narrowed)) {}

  bool ok() const { return ok_; }

  void block(const imp::Block& b) {
    using K = imp::Stm::Kind;
    for (const imp::Stm& s : b) {
      if (narrowed_.count(s.name) && s.kind == K::Assign)
        ok_ = false; // a counter is never assigned; stay safe if one were
      // Where an `int` operand converts to the declared type as assigned. Launches (an
      // OpenCL argument is passed by its size), calls and atomics (overloads) are not such.
      bool converts = s.kind == K::DeclareScalar || s.kind == K::Assign || s.kind == K::Store ||
                      s.kind == K::StoreVolatile || s.kind == K::If || s.kind == K::For ||
                      s.kind == K::While || s.kind == K::DeclareVector ||
                      s.kind == K::StoreVector || s.kind == K::LoadLanes ||
                      s.kind == K::StoreLanes || s.kind == K::Return;
      auto operand = [&](const Exp& e) {
        std::optional<Interval> r = range(e);
        if (r && r->counter && !converts)
          ok_ = false;
      };
      for (const imp::ExpRef& e : s.args)
        operand(*e);
      for (const auto* list : {&s.kernelArgs, &s.outs})
        for (const imp::KernelArg& a : *list)
          if (a.scalar)
            operand(*a.scalar);
      block(s.body);
      block(s.elseBody);
    }
  }

  /// The interval of `e` when C computes it in `int`, or nullopt when it is not such an
  /// expression. Marks the loop unsafe when an `int` expression may leave int32.
  std::optional<Interval> range(const Exp& e) {
    std::vector<std::optional<Interval>> args;
    for (const imp::ExpRef& a : e.args)
      args.push_back(range(*a));
    bool anyCounter = std::any_of(args.begin(), args.end(),
                                  [](const auto& r) { return r && r->counter; });
    switch (e.kind) {
    case Exp::Kind::Var:
      if (auto it = narrowed_.find(e.name); it != narrowed_.end())
        return Interval{0, it->second - 1, true};
      return std::nullopt;
    case Exp::Kind::Const:
      // A literal that may print bare is taken as `int`: the safe assumption.
      if (e.type == PrimType::I64 || e.type == PrimType::I32) {
        int64_t v = e.value.asInt();
        if (v > INT32_MIN && v <= INT32_MAX)
          return Interval{v, v};
      }
      return std::nullopt;
    case Exp::Kind::BinOp: return binary(e, args);
    case Exp::Kind::UnOp:
      if (e.unOp == imp::UnOpKind::Neg && args[0])
        return fit(Interval{-args[0]->hi, -args[0]->lo, args[0]->counter});
      return anyCounter ? unsafe() : std::nullopt;
    case Exp::Kind::Select:
      if (args[1] && args[2])
        return fit(Interval{std::min(args[1]->lo, args[2]->lo),
                            std::max(args[1]->hi, args[2]->hi), anyCounter});
      return std::nullopt;
    case Exp::Kind::Cmp:
    case Exp::Kind::Convert:
    case Exp::Kind::Load:
    case Exp::Kind::LoadVolatile:
      return std::nullopt; // operands checked above; the result is not a counter's `int`
    default:
      // Calls, shuffles and the rest take their operands at their declared types, which an
      // `int` operand might change (overloads): not narrowed.
      return anyCounter ? unsafe() : std::nullopt;
    }
  }

private:
  std::optional<Interval> binary(const Exp& e, const std::vector<std::optional<Interval>>& a) {
    using imp::BinOpKind;
    const auto& x = a[0];
    const auto& y = a[1];
    // min and max print as overloaded functions (std::min deduces one type): an `int`
    // counter beside an int64_t operand would not compile, or pick another overload.
    if ((e.binOp == BinOpKind::Min || e.binOp == BinOpKind::Max) &&
        ((x && x->counter) || (y && y->counter)))
      return unsafe();
    bool shift = e.binOp == BinOpKind::Shl || e.binOp == BinOpKind::Shr;
    // C computes in `int` when both operands are `int`; a shift has its left operand's type.
    if (!x || (!y && !shift))
      return std::nullopt;
    bool counter = x->counter || (y && y->counter);
    switch (e.binOp) {
    case BinOpKind::Add: return fit(Interval{x->lo + y->lo, x->hi + y->hi, counter});
    case BinOpKind::Sub: return fit(Interval{x->lo - y->hi, x->hi - y->lo, counter});
    case BinOpKind::Mul: {
      int64_t p[] = {x->lo * y->lo, x->lo * y->hi, x->hi * y->lo, x->hi * y->hi};
      return fit(Interval{*std::min_element(p, p + 4), *std::max_element(p, p + 4), counter});
    }
    case BinOpKind::Quot:
    case BinOpKind::Rem: { // truncating: |result| <= |x|; dividing by zero is never proven
      if (y->lo <= 0 && y->hi >= 0)
        return counter ? unsafe() : std::nullopt;
      int64_t m = std::max(-x->lo, x->hi);
      return fit(Interval{x->lo < 0 ? -m : 0, m, counter});
    }
    case BinOpKind::Shl: {
      const Exp& k = *e.args[1];
      if (x->lo < 0 || k.kind != Exp::Kind::Const || k.value.asInt() < 0 || k.value.asInt() > 30)
        return counter ? unsafe() : std::nullopt;
      return fit(Interval{x->lo << k.value.asInt(), x->hi << k.value.asInt(), counter});
    }
    case BinOpKind::Shr:
      if (x->lo < 0)
        return counter ? unsafe() : std::nullopt;
      return Interval{0, x->hi, counter};
    default:
      // Floor division and modulo, powers, min and max go through helpers or overloaded
      // functions over int64_t; bitwise operators are left alone.
      return counter ? unsafe() : std::nullopt;
    }
  }

  std::optional<Interval> fit(Interval r) {
    if (r.lo <= INT32_MIN || r.hi > INT32_MAX)
      return unsafe();
    return r;
  }
  std::optional<Interval> unsafe() {
    ok_ = false;
    return std::nullopt;
  }

  std::map<std::string, int64_t> narrowed_;
  bool ok_ = true;
};

} // namespace

bool narrowCounter(const imp::Stm& loop, const std::map<std::string, int64_t>& narrowed) {
  if (loop.kind != imp::Stm::Kind::For || loop.type != PrimType::I64 || loop.args.empty())
    return false;
  const Exp& bound = *loop.args[0];
  if (bound.kind != Exp::Kind::Const || bound.value.asInt() <= 0 ||
      bound.value.asInt() > kMaxNarrowBound)
    return false;
  std::map<std::string, int64_t> inner = narrowed;
  inner[loop.name] = bound.value.asInt();
  Checker checker(std::move(inner));
  checker.block(loop.body);
  return checker.ok();
}

} // namespace fjord::backend
