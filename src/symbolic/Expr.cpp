// Normalisation of symbolic expressions: ring arithmetic on sums of products, and the smart
// constructors for floor division, floor modulo, min and max with their simplification rules.
#include "symbolic/Expr.h"

#include "prim/Eval.h"
#include "support/Diagnostics.h"

#include <algorithm>
#include <limits>

namespace fjord::symbolic {
namespace {

// --- wrapping int64 arithmetic (Note [Wrapping constants]) ---

int64_t wrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrapMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}

int compareInts(int64_t a, int64_t b) { return a < b ? -1 : (a > b ? 1 : 0); }

// --- building normal forms ---

/// Sorts terms, merges equal monomials, drops zero coefficients and folds factor-less
/// terms into the constant.
std::shared_ptr<const Poly> canonical(std::vector<Term> terms, int64_t constant) {
  for (const Term& t : terms)
    if (t.factors.empty())
      constant = wrapAdd(constant, t.coeff);
  std::erase_if(terms, [](const Term& t) { return t.factors.empty(); });
  std::stable_sort(terms.begin(), terms.end(), [](const Term& a, const Term& b) {
    return compareMonomials(a.factors, b.factors) < 0;
  });
  auto poly = std::make_shared<Poly>();
  poly->constant = constant;
  for (Term& t : terms) {
    if (!poly->terms.empty() && compareMonomials(poly->terms.back().factors, t.factors) == 0) {
      poly->terms.back().coeff = wrapAdd(poly->terms.back().coeff, t.coeff);
      if (poly->terms.back().coeff == 0)
        poly->terms.pop_back();
      continue;
    }
    if (t.coeff != 0)
      poly->terms.push_back(std::move(t));
  }
  return poly;
}

std::vector<AtomPtr> mergeFactors(const std::vector<AtomPtr>& a, const std::vector<AtomPtr>& b) {
  std::vector<AtomPtr> out;
  out.reserve(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out),
             [](const AtomPtr& x, const AtomPtr& y) { return Atom::compare(*x, *y) < 0; });
  return out;
}

Expr scale(const Expr& e, int64_t k) {
  std::vector<Term> terms = e.poly().terms;
  for (Term& t : terms)
    t.coeff = wrapMul(t.coeff, k);
  return Expr(canonical(std::move(terms), wrapMul(e.poly().constant, k)));
}

/// If `e` is exactly one atom of `kind` (coefficient 1, no constant), returns it.
const Atom* asSingleAtom(const Expr& e, AtomKind kind) {
  const Poly& p = e.poly();
  if (p.constant != 0 || p.terms.size() != 1 || p.terms[0].coeff != 1 ||
      p.terms[0].factors.size() != 1 || p.terms[0].factors[0]->kind != kind)
    return nullptr;
  return p.terms[0].factors[0].get();
}

Expr makeCompound(AtomKind kind, std::vector<Expr> args, int64_t divisor) {
  auto atom = std::make_shared<Atom>();
  atom->kind = kind;
  atom->args = std::move(args);
  atom->divisor = divisor;
  return fromAtom(std::move(atom));
}

/// Shared logic of min and max. `pickMin` selects which.
/// Rules: flatten nested min/max of the same kind; fold constants into one; drop an operand
/// that differs from another by a constant and so is dominated; sort; one operand -> itself.
Expr makeMinMax(AtomKind kind, const Expr& a, const Expr& b) {
  bool pickMin = kind == AtomKind::Min;
  std::vector<Expr> pending = {a, b}, operands;
  while (!pending.empty()) {
    Expr e = pending.back();
    pending.pop_back();
    if (const Atom* nested = asSingleAtom(e, kind)) {
      pending.insert(pending.end(), nested->args.begin(), nested->args.end());
      continue;
    }
    operands.push_back(e);
  }
  std::vector<Expr> kept;
  for (const Expr& e : operands) {
    bool dominated = false;
    for (auto it = kept.begin(); it != kept.end();) {
      int64_t diff = 0; // e - *it
      if (!(e - *it).isConst(&diff)) {
        ++it;
        continue;
      }
      bool keepOld = pickMin ? diff >= 0 : diff <= 0;
      if (keepOld) {
        dominated = true;
        break;
      }
      it = kept.erase(it);
    }
    if (!dominated)
      kept.push_back(e);
  }
  std::sort(kept.begin(), kept.end());
  if (kept.size() == 1)
    return kept[0];
  return makeCompound(kind, std::move(kept), 0);
}

} // namespace

// --- orders ---

int compareMonomials(const std::vector<AtomPtr>& a, const std::vector<AtomPtr>& b) {
  if (a.size() != b.size())
    return a.size() > b.size() ? -1 : 1; // higher degree first
  for (size_t i = 0; i < a.size(); ++i)
    if (int c = Atom::compare(*a[i], *b[i]))
      return c;
  return 0;
}

int Atom::compare(const Atom& a, const Atom& b) {
  if (&a == &b)
    return 0;
  if (a.kind != b.kind)
    return a.kind < b.kind ? -1 : 1;
  if (a.kind == AtomKind::Var)
    return a.name.compare(b.name) < 0 ? -1 : (a.name == b.name ? 0 : 1);
  if (int c = compareInts(a.divisor, b.divisor))
    return c;
  if (a.args.size() != b.args.size())
    return a.args.size() < b.args.size() ? -1 : 1;
  for (size_t i = 0; i < a.args.size(); ++i)
    if (int c = Expr::compare(a.args[i], b.args[i]))
      return c;
  return 0;
}

int Expr::compare(const Expr& a, const Expr& b) {
  if (a.node_ == b.node_)
    return 0;
  const Poly& p = *a.node_;
  const Poly& q = *b.node_;
  size_t n = std::min(p.terms.size(), q.terms.size());
  for (size_t i = 0; i < n; ++i) {
    if (int c = compareMonomials(p.terms[i].factors, q.terms[i].factors))
      return c;
    if (int c = compareInts(p.terms[i].coeff, q.terms[i].coeff))
      return c;
  }
  if (p.terms.size() != q.terms.size())
    return p.terms.size() < q.terms.size() ? -1 : 1;
  return compareInts(p.constant, q.constant);
}

// --- construction ---

Expr::Expr() : Expr(int64_t{0}) {}

Expr::Expr(int64_t value) {
  auto poly = std::make_shared<Poly>();
  poly->constant = value;
  node_ = std::move(poly);
}

Expr Expr::var(std::string name) {
  auto atom = std::make_shared<Atom>();
  atom->kind = AtomKind::Var;
  atom->name = std::move(name);
  return fromAtom(std::move(atom));
}

Expr fromAtom(AtomPtr atom) {
  Term t;
  t.coeff = 1;
  t.factors.push_back(std::move(atom));
  return Expr(canonical({std::move(t)}, 0));
}

Expr fromTerm(const Term& term) { return Expr(canonical({term}, 0)); }

bool Expr::isConst(int64_t* value) const {
  if (!node_->terms.empty())
    return false;
  if (value)
    *value = node_->constant;
  return true;
}

bool Expr::isVar(std::string* name) const {
  const Atom* atom = asSingleAtom(*this, AtomKind::Var);
  if (!atom)
    return false;
  if (name)
    *name = atom->name;
  return true;
}

// --- ring operations ---

Expr operator+(const Expr& a, const Expr& b) {
  std::vector<Term> terms = a.poly().terms;
  terms.insert(terms.end(), b.poly().terms.begin(), b.poly().terms.end());
  return Expr(canonical(std::move(terms), wrapAdd(a.poly().constant, b.poly().constant)));
}

Expr Expr::operator-() const { return scale(*this, -1); }

Expr operator-(const Expr& a, const Expr& b) { return a + (-b); }

Expr operator*(const Expr& a, const Expr& b) {
  const Poly& p = a.poly();
  const Poly& q = b.poly();
  std::vector<Term> terms;
  terms.reserve((p.terms.size() + 1) * (q.terms.size() + 1));
  for (const Term& s : p.terms) {
    for (const Term& t : q.terms)
      terms.push_back(Term{wrapMul(s.coeff, t.coeff), mergeFactors(s.factors, t.factors)});
    terms.push_back(Term{wrapMul(s.coeff, q.constant), s.factors});
  }
  for (const Term& t : q.terms)
    terms.push_back(Term{wrapMul(p.constant, t.coeff), t.factors});
  return Expr(canonical(std::move(terms), wrapMul(p.constant, q.constant)));
}

// --- floor division and modulo ---

// Rules, for divisor c (see Note [Floor division]):
//   floorDiv(e, -c)            = floorDiv(-e, c)
//   floorDiv(e, 1)             = e
//   floorDiv(k, c)             = folded, for a constant k
//   floorDiv(c*q + r, c)       = q + floorDiv(r, c)   (terms whose coefficient c divides)
//   floorDiv(floorDiv(x, a), c) = floorDiv(x, a*c)
Expr floorDiv(const Expr& e, int64_t divisor) {
  FJORD_CHECK(divisor != 0, "symbolic division by zero");
  FJORD_CHECK(divisor != std::numeric_limits<int64_t>::min(), "symbolic divisor out of range");
  if (divisor < 0)
    return floorDiv(-e, -divisor);
  if (divisor == 1)
    return e;
  std::vector<Term> quotient, rest;
  for (const Term& t : e.poly().terms) {
    if (t.coeff % divisor == 0)
      quotient.push_back(Term{t.coeff / divisor, t.factors});
    else
      rest.push_back(t);
  }
  int64_t constant = e.poly().constant;
  int64_t constQuotient = 0;
  if (rest.empty()) {
    constQuotient = prim::floorDiv(constant, divisor);
    constant = 0;
  } else if (constant % divisor == 0) {
    constQuotient = constant / divisor;
    constant = 0;
  }
  Expr q(canonical(std::move(quotient), constQuotient));
  if (rest.empty())
    return q;
  Expr r(canonical(std::move(rest), constant));
  if (const Atom* inner = asSingleAtom(r, AtomKind::FloorDiv)) {
    int64_t combined = 0;
    if (!__builtin_mul_overflow(inner->divisor, divisor, &combined))
      return q + floorDiv(inner->args[0], combined);
  }
  return q + makeCompound(AtomKind::FloorDiv, {r}, divisor);
}

// Rules, for divisor c:
//   mod(e, -c)           = -mod(-e, c)
//   mod(e, 1)            = 0
//   mod(e, c)            = mod(e', c), e' with every coefficient reduced into [0, c)
//   mod(k, c)            = folded, for a constant k
//   mod(mod(x, a), c)    = mod(x, c)   when c divides a
Expr mod(const Expr& e, int64_t divisor) {
  FJORD_CHECK(divisor != 0, "symbolic modulo by zero");
  FJORD_CHECK(divisor != std::numeric_limits<int64_t>::min(), "symbolic divisor out of range");
  if (divisor < 0)
    return -mod(-e, -divisor);
  if (divisor == 1)
    return Expr(0);
  std::vector<Term> reduced;
  for (const Term& t : e.poly().terms)
    reduced.push_back(Term{prim::floorMod(t.coeff, divisor), t.factors});
  Expr r(canonical(std::move(reduced), prim::floorMod(e.poly().constant, divisor)));
  if (r.isConst())
    return r;
  if (const Atom* inner = asSingleAtom(r, AtomKind::FloorMod))
    if (inner->divisor % divisor == 0)
      return inner->divisor == divisor ? r : mod(inner->args[0], divisor);
  return makeCompound(AtomKind::FloorMod, {r}, divisor);
}

Expr min(const Expr& a, const Expr& b) { return makeMinMax(AtomKind::Min, a, b); }
Expr max(const Expr& a, const Expr& b) { return makeMinMax(AtomKind::Max, a, b); }

// --- queries ---

namespace {

void collectVars(const Expr& e, std::set<std::string>& out) {
  for (const Term& t : e.poly().terms)
    for (const AtomPtr& a : t.factors) {
      if (a->kind == AtomKind::Var)
        out.insert(a->name);
      for (const Expr& arg : a->args)
        collectVars(arg, out);
    }
}

/// Rebuilds an atom from (possibly rewritten) operands through the smart constructors.
Expr rebuildAtom(const Atom& atom, const std::vector<Expr>& args) {
  switch (atom.kind) {
  case AtomKind::Var:
    return Expr::var(atom.name);
  case AtomKind::FloorDiv:
    return floorDiv(args[0], atom.divisor);
  case AtomKind::FloorMod:
    return mod(args[0], atom.divisor);
  case AtomKind::Min:
  case AtomKind::Max: {
    Expr acc = args[0];
    for (size_t i = 1; i < args.size(); ++i)
      acc = atom.kind == AtomKind::Min ? min(acc, args[i]) : max(acc, args[i]);
    return acc;
  }
  }
  FJORD_CHECK(false, "unknown atom kind");
  return Expr();
}

std::optional<int64_t> evalAtom(const Atom& atom, const std::map<std::string, int64_t>& env) {
  if (atom.kind == AtomKind::Var) {
    auto it = env.find(atom.name);
    if (it == env.end())
      return std::nullopt;
    return it->second;
  }
  std::vector<int64_t> values;
  for (const Expr& arg : atom.args) {
    std::optional<int64_t> v = arg.eval(env);
    if (!v)
      return std::nullopt;
    values.push_back(*v);
  }
  switch (atom.kind) {
  case AtomKind::Var:
    break;
  case AtomKind::FloorDiv:
    return prim::floorDiv(values[0], atom.divisor);
  case AtomKind::FloorMod:
    return prim::floorMod(values[0], atom.divisor);
  case AtomKind::Min:
    return *std::min_element(values.begin(), values.end());
  case AtomKind::Max:
    return *std::max_element(values.begin(), values.end());
  }
  return std::nullopt;
}

} // namespace

std::set<std::string> Expr::freeVars() const {
  std::set<std::string> out;
  collectVars(*this, out);
  return out;
}

Expr Expr::substitute(const std::map<std::string, Expr>& bindings) const {
  if (bindings.empty())
    return *this;
  Expr result(node_->constant);
  for (const Term& t : node_->terms) {
    Expr product(t.coeff);
    for (const AtomPtr& a : t.factors) {
      if (a->kind == AtomKind::Var) {
        auto it = bindings.find(a->name);
        product = product * (it == bindings.end() ? fromAtom(a) : it->second);
        continue;
      }
      std::vector<Expr> args;
      for (const Expr& arg : a->args)
        args.push_back(arg.substitute(bindings));
      product = product * rebuildAtom(*a, args);
    }
    result = result + product;
  }
  return result;
}

std::optional<int64_t> Expr::eval(const std::map<std::string, int64_t>& env) const {
  int64_t sum = node_->constant;
  for (const Term& t : node_->terms) {
    int64_t product = t.coeff;
    for (const AtomPtr& a : t.factors) {
      std::optional<int64_t> v = evalAtom(*a, env);
      if (!v)
        return std::nullopt;
      product = wrapMul(product, *v);
    }
    sum = wrapAdd(sum, product);
  }
  return sum;
}

} // namespace fjord::symbolic
