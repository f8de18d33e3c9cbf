// Translation of symbolic expressions into Z3 terms and time-limited satisfiability checks.
#include "symbolic/Z3Solver.h"

#include <z3++.h>

#include <optional>
#include <string>

namespace fjord::symbolic {

struct Z3Solver::Impl {
  Impl(unsigned resourceLimit, unsigned timeoutMs)
      : resourceLimit(resourceLimit), timeoutMs(timeoutMs) {}

  z3::expr translate(const Expr& e) {
    const Poly& p = e.poly();
    z3::expr sum = ctx.int_val(p.constant);
    for (const Term& t : p.terms) {
      z3::expr product = ctx.int_val(t.coeff);
      for (const AtomPtr& a : t.factors)
        product = product * translateAtom(*a);
      sum = sum + product;
    }
    return sum;
  }

  z3::expr translateAtom(const Atom& a) {
    switch (a.kind) {
    case AtomKind::Var:
      return ctx.int_const(a.name.c_str());
    case AtomKind::FloorDiv: // SMT-LIB div floors for a positive divisor
      return translate(a.args[0]) / ctx.int_val(a.divisor);
    case AtomKind::FloorMod:
      return z3::mod(translate(a.args[0]), ctx.int_val(a.divisor));
    case AtomKind::Min:
    case AtomKind::Max: {
      z3::expr acc = translate(a.args[0]);
      for (size_t i = 1; i < a.args.size(); ++i) {
        z3::expr x = translate(a.args[i]);
        acc = a.kind == AtomKind::Min ? z3::ite(x < acc, x, acc) : z3::ite(x > acc, x, acc);
      }
      return acc;
    }
    }
    return ctx.int_val(0);
  }

  /// The shared solver, created with the limits on first use.
  z3::solver& solver() {
    if (!solver_) {
      solver_.emplace(ctx);
      z3::params params(ctx);
      if (resourceLimit)
        params.set("rlimit", resourceLimit);
      if (timeoutMs)
        params.set("timeout", timeoutMs);
      solver_->set(params);
    }
    return *solver_;
  }

  void reset() { solver_.reset(); }

  z3::context ctx;
  unsigned resourceLimit, timeoutMs;
  std::optional<z3::solver> solver_;
};

Z3Solver::Z3Solver(unsigned resourceLimit, unsigned timeoutMs)
    : impl_(std::make_unique<Impl>(resourceLimit, timeoutMs)) {}
Z3Solver::~Z3Solver() = default;

SatResult Z3Solver::check(const std::vector<Expr>& nonNegative, const std::vector<Expr>& zero) {
  // One incremental solver answers every query between push and pop: creating a solver per
  // query costs milliseconds, a push/pop round well under one.
  try {
    z3::solver& solver = impl_->solver();
    solver.push();
    for (const Expr& e : nonNegative)
      solver.add(impl_->translate(e) >= 0);
    for (const Expr& e : zero)
      solver.add(impl_->translate(e) == 0);
    z3::check_result result = solver.check();
    solver.pop();
    switch (result) {
    case z3::sat:
      return SatResult::Sat;
    case z3::unsat:
      return SatResult::Unsat;
    case z3::unknown:
      return SatResult::Unknown;
    }
  } catch (const z3::exception&) {
    impl_->reset(); // the solver may be left inside a push
    return SatResult::Unknown;
  }
  return SatResult::Unknown;
}

} // namespace fjord::symbolic
