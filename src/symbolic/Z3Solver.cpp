// Translation of symbolic expressions into Z3 terms and time-limited satisfiability checks.
#include "symbolic/Z3Solver.h"

#include <z3++.h>

#include <map>
#include <string>

namespace fjord::symbolic {

struct Z3Solver::Impl {
  explicit Impl(unsigned timeoutMs) : timeoutMs(timeoutMs) {}

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

  z3::context ctx;
  unsigned timeoutMs;
};

Z3Solver::Z3Solver(unsigned timeoutMs) : impl_(std::make_unique<Impl>(timeoutMs)) {}
Z3Solver::~Z3Solver() = default;

SatResult Z3Solver::check(const std::vector<Expr>& nonNegative, const std::vector<Expr>& zero) {
  try {
    z3::solver solver(impl_->ctx);
    z3::params params(impl_->ctx);
    params.set("timeout", impl_->timeoutMs);
    solver.set(params);
    for (const Expr& e : nonNegative)
      solver.add(impl_->translate(e) >= 0);
    for (const Expr& e : zero)
      solver.add(impl_->translate(e) == 0);
    switch (solver.check()) {
    case z3::sat:
      return SatResult::Sat;
    case z3::unsat:
      return SatResult::Unsat;
    case z3::unknown:
      return SatResult::Unknown;
    }
  } catch (const z3::exception&) {
    return SatResult::Unknown;
  }
  return SatResult::Unknown;
}

} // namespace fjord::symbolic
