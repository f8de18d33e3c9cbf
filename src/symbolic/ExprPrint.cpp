// Printing symbolic expressions as readable, C-compatible infix text (Expr::str).
//
// The text is valid C when every variable is an int64 (`int64_t`/`long`), and it is used
// verbatim in generated kernels and host code. Conventions:
//  - positive terms first, then negative ones (`m - n`), then the constant;
//  - a factor common to every term of a constant-free sum is pulled out: `(n + 1) * s`;
//  - parentheses only where C precedence needs them, plus around `/` and `%` inside products
//    (so `(n / 2) * m` never reads as `n / (2 * m)`);
//  - floor division/modulo print as `fjord_floordiv(a, c)` / `fjord_floormod(a, c)` unless the
//    dividend is known non-negative (Note [Floor division] in Expr.h); min/max print as the
//    runtime helpers `fjord_min(a, b)` / `fjord_max(a, b)`, nested for more operands.
#include "symbolic/Expr.h"

#include <limits>

namespace fjord::symbolic {
namespace {

/// Binding strength of printed text, weakest first.
enum class Prec { Sum, Product, Primary };

struct Printed {
  std::string text;
  Prec prec;
};

std::string parenthesise(const Printed& p, Prec atLeast) {
  return p.prec < atLeast ? "(" + p.text + ")" : p.text;
}

/// A C literal for `value` (INT64_MIN has no literal form of its own).
std::string literal(int64_t value) {
  if (value == std::numeric_limits<int64_t>::min())
    return "(-9223372036854775807 - 1)";
  return std::to_string(value);
}

class Printer {
public:
  explicit Printer(const PrintOptions& options) : options_(options) {}

  Printed print(const Expr& e) {
    const Poly& p = e.poly();
    if (p.terms.empty())
      return {literal(p.constant), p.constant < 0 ? Prec::Sum : Prec::Primary};
    if (auto factored = printFactored(p))
      return *factored;
    return printSum(p);
  }

private:
  bool nonNegative(const Expr& e) const {
    if (options_.isNonNegative)
      return options_.isNonNegative(e);
    int64_t k = 0;
    return e.isConst(&k) && k >= 0;
  }

  /// `(q) * f...` when the factors f occur in every term of a constant-free sum.
  std::optional<Printed> printFactored(const Poly& p) {
    if (p.constant != 0 || p.terms.size() < 2)
      return std::nullopt;
    std::vector<AtomPtr> common = p.terms[0].factors;
    for (size_t i = 1; i < p.terms.size() && !common.empty(); ++i)
      common = intersect(common, p.terms[i].factors);
    if (common.empty())
      return std::nullopt;
    Expr quotient;
    for (const Term& t : p.terms)
      quotient += fromTerm(Term{t.coeff, remove(t.factors, common)});
    std::string text = parenthesise(print(quotient), Prec::Product);
    for (const AtomPtr& a : common)
      text += " * " + parenthesise(printAtom(*a), Prec::Primary);
    return Printed{text, Prec::Product};
  }

  /// The multiset intersection of two sorted factor lists.
  static std::vector<AtomPtr> intersect(const std::vector<AtomPtr>& a,
                                        const std::vector<AtomPtr>& b) {
    std::vector<AtomPtr> out;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      int c = Atom::compare(*a[i], *b[j]);
      if (c == 0) {
        out.push_back(a[i]);
        ++i, ++j;
      } else if (c < 0) {
        ++i;
      } else {
        ++j;
      }
    }
    return out;
  }

  /// The sorted factor list `a` without the sub-multiset `b`.
  static std::vector<AtomPtr> remove(const std::vector<AtomPtr>& a,
                                     const std::vector<AtomPtr>& b) {
    std::vector<AtomPtr> out;
    size_t j = 0;
    for (const AtomPtr& x : a) {
      if (j < b.size() && Atom::compare(*x, *b[j]) == 0) {
        ++j;
        continue;
      }
      out.push_back(x);
    }
    return out;
  }

  Printed printSum(const Poly& p) {
    std::vector<const Term*> ordered;
    for (const Term& t : p.terms)
      if (t.coeff > 0)
        ordered.push_back(&t);
    for (const Term& t : p.terms)
      if (t.coeff < 0)
        ordered.push_back(&t);
    std::string text;
    for (const Term* t : ordered) {
      bool negative = t->coeff < 0 && t->coeff != std::numeric_limits<int64_t>::min();
      Printed term = printTerm(negative ? -t->coeff : t->coeff, t->factors);
      if (text.empty())
        text = negative ? "-" + parenthesise(term, Prec::Product) : term.text;
      else
        text += (negative ? " - " : " + ") + term.text;
    }
    if (p.constant > 0)
      text += " + " + literal(p.constant);
    else if (p.constant == std::numeric_limits<int64_t>::min())
      text += " + " + literal(p.constant);
    else if (p.constant < 0)
      text += " - " + literal(-p.constant);
    bool single = ordered.size() == 1 && p.constant == 0 && ordered[0]->coeff > 0;
    return {text, single ? printTerm(ordered[0]->coeff, ordered[0]->factors).prec : Prec::Sum};
  }

  /// `coeff * f1 * f2 ...` for a coefficient that is positive (or INT64_MIN).
  Printed printTerm(int64_t coeff, const std::vector<AtomPtr>& factors) {
    std::vector<Printed> parts;
    if (coeff != 1)
      parts.push_back({literal(coeff), Prec::Primary});
    for (const AtomPtr& a : factors)
      parts.push_back(printAtom(*a));
    if (parts.size() == 1)
      return parts[0];
    std::string text;
    for (const Printed& part : parts)
      text += (text.empty() ? "" : " * ") + parenthesise(part, Prec::Primary);
    return {text, Prec::Product};
  }

  Printed printAtom(const Atom& a) {
    switch (a.kind) {
    case AtomKind::Var:
      return {a.name, Prec::Primary};
    case AtomKind::FloorDiv:
      return printDivision(a, " / ", "fjord_floordiv");
    case AtomKind::FloorMod:
      return printDivision(a, " % ", "fjord_floormod");
    case AtomKind::Min:
      return printCall("fjord_min", a.args, 0);
    case AtomKind::Max:
      return printCall("fjord_max", a.args, 0);
    }
    return {"<?>", Prec::Primary};
  }

  Printed printDivision(const Atom& a, const char* op, const char* helper) {
    const Expr& dividend = a.args[0];
    if (nonNegative(dividend))
      return {parenthesise(print(dividend), Prec::Product) + op + literal(a.divisor),
              Prec::Product};
    return {std::string(helper) + "(" + print(dividend).text + ", " + literal(a.divisor) + ")",
            Prec::Primary};
  }

  /// `name(args[from], name(args[from + 1], ...))`: binary helpers nested to the right.
  Printed printCall(const char* name, const std::vector<Expr>& args, size_t from) {
    if (from + 1 == args.size())
      return print(args[from]);
    return {std::string(name) + "(" + print(args[from]).text + ", " +
                printCall(name, args, from + 1).text + ")",
            Prec::Primary};
  }

  const PrintOptions& options_;
};

} // namespace

std::string Expr::str(const PrintOptions& options) const {
  return Printer(options).print(*this).text;
}

} // namespace fjord::symbolic
