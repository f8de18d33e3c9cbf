// The LMAD non-overlap test (thesis §3.6): cheap checks, the sum-of-strided-intervals
// heuristic with splitting of self-overlapping dimensions, and a Z3 fallback.
//
// Note [Non-overlap]
// `disjoint(a, b)` tries, in order, stopping at the first verdict:
//  1. Emptiness: a size provably <= 0 means an empty image, disjoint from everything.
//  2. Normalisation (thesis Proc. 3.3): every stride made non-negative by flipping its sign
//     (adjusting the offset); dimensions of size 1 or stride 0 dropped; dimensions with
//     equal strides merged. Fails (skips to 5) when a stride's sign is unknown.
//  3. Cheap tests: the bounding ranges `[offset, offset + sum (n-1)*s]` are provably apart;
//     or the 1-D gcd test: every stride is a multiple of g while the offsets' difference is
//     not (all its non-constant coefficients divisible by g, its constant not).
//  4. The SOSI heuristic (thesis §3.6.2, Proc. 3.5). Each LMAD becomes a sum of strided
//     intervals `offset + sum [lo_k, hi_k] * s_k`; both use one list of strides sorted in
//     decreasing order (as far as the prover can order them; any order is sound). The
//     difference of the offsets is divided over the strides, `D = sum q_k * s_k`, by
//     multivariate division (larger strides first, e.g. `n*b = 1*(n*b - b) + b*1`), and each
//     q_k shifts the intervals of one side (those of `b` if q_k <= 0, else of `a`); what no
//     stride divides goes into a dimension of stride 1, added as `[0, 0] * 1` if missing.
//     With both offsets zero, if for every dimension q
//         s_q > sum_{k>q} (hi_k(b) - lo_k(a)) * s_k   and   s_q > sum_{k>q} (hi_k(a) - lo_k(b)) * s_k
//     then equal addresses need equal indices in every dimension (Lemma 3.6.1, stated for the
//     pair: it needs only s_k >= 0, no sign of the bounds), and the images are disjoint when
//     the intervals of some dimension are provably apart (Theorem 3.6.2). When the condition
//     fails at q, the side whose upper bounds broke it has one later dimension split by
//     peeling off its top element (`[l, u] = [l, u-1] u {u}`, the point going into the
//     offset), and both pieces are tested recursively; the number of splits is bounded.
//     The bounding-range test is repeated on every SOSI pair, after distribution.
//     If, instead, every dimension's intervals provably intersect (and no image is empty),
//     the images share an address: the verdict is "overlap". This decides the thesis's NW
//     example (§3.6.3) without Z3.
//  5. Z3 on the raw question "are there indices with a(i) == b(j)?" under the facts, with the
//     prover's resource limit: unsat means disjoint; sat means overlap when the LMADs have no
//     free variables. Symbolic strides make this non-linear, so it often gives up (Unknown).
// Inequalities in steps 2-4 go through the Prover, so they use Z3 too when it is enabled.
#include "symbolic/Lmad.h"

#include "symbolic/Z3Solver.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace fjord::symbolic {
namespace {

enum class Verdict { Disjoint, Overlap, Unknown };

constexpr unsigned kMaxSplitDepth = 4;
constexpr unsigned kMaxNodes = 64;

/// `[lo, hi] * stride`: indices lo..hi of one dimension, `stride` apart.
struct StridedInterval {
  Expr stride, lo, hi;
};

/// A sum of strided intervals: `offset + sum_k [lo_k, hi_k] * stride_k`.
struct Sosi {
  Expr offset;
  std::vector<StridedInterval> dims;
};

/// The leading term of `e` in normal-form order, or its constant if it has no terms.
Term leadingTerm(const Expr& e) {
  if (!e.poly().terms.empty())
    return e.poly().terms[0];
  return Term{e.poly().constant, {}};
}

/// The terms of `e`, its constant included as a term without factors.
std::vector<Term> termsOf(const Expr& e) {
  std::vector<Term> out = e.poly().terms;
  if (e.poly().constant != 0)
    out.push_back(Term{e.poly().constant, {}});
  return out;
}

/// The quotient of `t` by `lead` when lead's factors divide t's and the coefficient's
/// quotient (rounded towards zero, so `13 = 1*7 + 6`) is not zero; else nullopt.
std::optional<Expr> divideTerm(const Term& t, const Term& lead) {
  if (lead.coeff == 0 || t.coeff / lead.coeff == 0)
    return std::nullopt;
  std::vector<AtomPtr> rest;
  size_t j = 0;
  for (const AtomPtr& f : t.factors) {
    if (j < lead.factors.size() && Atom::compare(*f, *lead.factors[j]) == 0) {
      ++j;
      continue;
    }
    rest.push_back(f);
  }
  if (j != lead.factors.size())
    return std::nullopt;
  return fromTerm(Term{t.coeff / lead.coeff, rest});
}

/// Writes `d = sum q_k * strides[k] + remainder` by multivariate division, taking the
/// strides in the order given (for constants: mixed-radix digits, `13 = 1*7 + 2*3 + 0`);
/// returns the quotients and the remainder.
std::pair<std::vector<Expr>, Expr> divideOverStrides(Expr d, const std::vector<Expr>& strides) {
  std::vector<Expr> quotients(strides.size());
  for (size_t k = 0; k < strides.size(); ++k) {
    Term lead = leadingTerm(strides[k]);
    for (int guard = 0; guard < 64 && d != 0; ++guard) {
      std::optional<Expr> q;
      for (const Term& t : termsOf(d))
        if ((q = divideTerm(t, lead)))
          break;
      if (!q)
        break;
      quotients[k] += *q;
      d -= *q * strides[k];
    }
  }
  return {quotients, d};
}

int64_t gcdOfCoefficients(const Expr& e, int64_t g) {
  for (const Term& t : termsOf(e))
    g = std::gcd(g, t.coeff == std::numeric_limits<int64_t>::min() ? int64_t{1} << 62 : t.coeff);
  return g;
}

class NonOverlap {
public:
  explicit NonOverlap(Prover& prover) : prover_(prover) {}

  Verdict run(const Lmad& a, const Lmad& b) {
    if (provablyEmpty(a) || provablyEmpty(b))
      return Verdict::Disjoint;
    nonEmpty_ = provablyNonEmpty(a) && provablyNonEmpty(b);
    std::optional<Sosi> sa = normalise(a), sb = normalise(b);
    if (sa && sb) {
      if (boundingRangesApart(*sa, *sb) || gcdTestSeparates(*sa, *sb))
        return Verdict::Disjoint;
      alignStrides(*sa, *sb);
      Verdict v = decide(*sa, *sb, kMaxSplitDepth);
      if (v != Verdict::Unknown)
        return v;
    }
    return askZ3(a, b);
  }

private:
  bool provablyEmpty(const Lmad& l) {
    return std::any_of(l.dims.begin(), l.dims.end(),
                       [&](const Dim& d) { return prover_.provesLessEqual(d.size, 0); });
  }

  bool provablyNonEmpty(const Lmad& l) {
    return std::all_of(l.dims.begin(), l.dims.end(),
                       [&](const Dim& d) { return prover_.provesLessEqual(1, d.size); });
  }

  /// Step 2 of Note [Non-overlap]: non-negative strides; dimensions of size 1 or stride 0
  /// dropped; equal strides merged.
  std::optional<Sosi> normalise(const Lmad& l) {
    Sosi s{l.offset, {}};
    for (const Dim& d : l.dims) {
      Expr stride = d.stride;
      if (prover_.provesEqual(d.size, 1) || prover_.provesEqual(stride, 0))
        continue;
      if (!prover_.provesLessEqual(0, stride)) {
        if (!prover_.provesLessEqual(stride, 0))
          return std::nullopt;
        s.offset += (d.size - 1) * stride;
        stride = -stride;
      }
      auto same = std::find_if(s.dims.begin(), s.dims.end(),
                               [&](const StridedInterval& x) { return x.stride == stride; });
      if (same != s.dims.end())
        same->hi += d.size - 1;
      else
        s.dims.push_back(StridedInterval{stride, 0, d.size - 1});
    }
    return s;
  }

  /// The smallest (`useHi` false) or largest address of a SOSI with non-negative strides.
  static Expr bound(const Sosi& s, bool useHi) {
    Expr e = s.offset;
    for (const StridedInterval& d : s.dims)
      e += (useHi ? d.hi : d.lo) * d.stride;
    return e;
  }

  bool boundingRangesApart(const Sosi& a, const Sosi& b) {
    return prover_.provesLess(bound(a, true), bound(b, false)) ||
           prover_.provesLess(bound(b, true), bound(a, false));
  }

  bool gcdTestSeparates(const Sosi& a, const Sosi& b) {
    int64_t g = 0;
    for (const Sosi* s : {&a, &b})
      for (const StridedInterval& d : s->dims)
        g = gcdOfCoefficients(d.stride, g);
    if (g <= 1)
      return false;
    Expr diff = a.offset - b.offset;
    for (const Term& t : diff.poly().terms)
      if (t.coeff % g != 0)
        return false;
    return diff.poly().constant % g != 0;
  }

  /// Gives both SOSIs one list of strides, sorted decreasingly where the prover can tell;
  /// a stride one side lacks becomes `[0, 0] * s` there.
  void alignStrides(Sosi& a, Sosi& b) {
    std::vector<Expr> strides;
    for (const Sosi* s : {&a, &b})
      for (const StridedInterval& d : s->dims) {
        if (std::find(strides.begin(), strides.end(), d.stride) != strides.end())
          continue;
        auto pos = std::find_if(strides.begin(), strides.end(),
                                [&](const Expr& x) { return prover_.provesLess(x, d.stride); });
        strides.insert(pos, d.stride);
      }
    for (Sosi* s : {&a, &b}) {
      std::vector<StridedInterval> aligned;
      for (const Expr& stride : strides) {
        auto it = std::find_if(s->dims.begin(), s->dims.end(),
                               [&](const StridedInterval& d) { return d.stride == stride; });
        aligned.push_back(it != s->dims.end() ? *it : StridedInterval{stride, 0, 0});
      }
      s->dims = std::move(aligned);
    }
  }

  /// Moves the offsets into the intervals (step 4 of Note [Non-overlap]). What no stride
  /// divides goes into a dimension of stride 1, added as `[0, 0] * 1` on both sides if
  /// missing (which changes neither image).
  static void distributeOffsets(Sosi& a, Sosi& b, Prover& prover) {
    std::vector<Expr> strides;
    for (const StridedInterval& d : a.dims)
      strides.push_back(d.stride);
    auto [quotients, remainder] = divideOverStrides(a.offset - b.offset, strides);
    if (remainder != 0) {
      a.dims.push_back(StridedInterval{1, 0, 0});
      b.dims.push_back(StridedInterval{1, 0, 0});
      quotients.push_back(remainder);
    }
    for (size_t k = 0; k < quotients.size(); ++k) {
      const Expr& q = quotients[k];
      if (q == 0)
        continue;
      bool shiftB = prover.provesLessEqual(q, 0);
      StridedInterval& d = shiftB ? b.dims[k] : a.dims[k];
      Expr shift = shiftB ? -q : q;
      d.lo += shift;
      d.hi += shift;
    }
    a.offset = b.offset = 0;
  }

  /// Drops dimensions where both sides are the same single index: they add the same amount.
  static void dropCommonPoints(Sosi& a, Sosi& b) {
    for (size_t k = a.dims.size(); k-- > 0;) {
      const StridedInterval &x = a.dims[k], &y = b.dims[k];
      if (x.lo == x.hi && y.lo == y.hi && x.lo == y.lo) {
        a.dims.erase(a.dims.begin() + static_cast<std::ptrdiff_t>(k));
        b.dims.erase(b.dims.begin() + static_cast<std::ptrdiff_t>(k));
      }
    }
  }

  /// The side (0: a, 1: b) and dimension q where the uniqueness condition of
  /// Note [Non-overlap] is not provable, or nullopt if it holds everywhere.
  std::optional<std::pair<int, size_t>> conditionFailure(const Sosi& a, const Sosi& b) {
    for (size_t q = 0; q < a.dims.size(); ++q) {
      Expr spreadB, spreadA; // bounded by b's upper bounds; by a's
      for (size_t k = q + 1; k < a.dims.size(); ++k) {
        spreadB += (b.dims[k].hi - a.dims[k].lo) * a.dims[k].stride;
        spreadA += (a.dims[k].hi - b.dims[k].lo) * a.dims[k].stride;
      }
      if (!prover_.provesLess(spreadB, a.dims[q].stride))
        return std::pair{1, q};
      if (!prover_.provesLess(spreadA, a.dims[q].stride))
        return std::pair{0, q};
    }
    return std::nullopt;
  }

  bool allIntervalsIntersect(const Sosi& a, const Sosi& b) {
    for (size_t k = 0; k < a.dims.size(); ++k)
      if (!prover_.provesLessEqual(a.dims[k].lo, b.dims[k].hi) ||
          !prover_.provesLessEqual(b.dims[k].lo, a.dims[k].hi))
        return false;
    return true;
  }

  bool someIntervalsApart(const Sosi& a, const Sosi& b) {
    for (size_t k = 0; k < a.dims.size(); ++k)
      if (prover_.provesLess(a.dims[k].hi, b.dims[k].lo) ||
          prover_.provesLess(b.dims[k].hi, a.dims[k].lo))
        return true;
    return false;
  }

  Verdict decide(Sosi a, Sosi b, unsigned depth) {
    if (++nodes_ > kMaxNodes)
      return Verdict::Unknown;
    distributeOffsets(a, b, prover_);
    dropCommonPoints(a, b);
    if (nonEmpty_ && allIntervalsIntersect(a, b))
      return Verdict::Overlap;
    if (boundingRangesApart(a, b))
      return Verdict::Disjoint;
    std::optional<std::pair<int, size_t>> failure = conditionFailure(a, b);
    if (!failure)
      return someIntervalsApart(a, b) ? Verdict::Disjoint : Verdict::Unknown;
    if (depth == 0)
      return Verdict::Unknown;
    auto [side, q] = *failure;
    Sosi& culprit = side == 0 ? a : b;
    for (size_t k = q + 1; k < culprit.dims.size(); ++k) {
      StridedInterval& d = culprit.dims[k];
      if (!prover_.provesLess(d.lo, d.hi))
        continue;
      // [lo, hi] = [lo, hi - 1]  u  {hi}, the point moved into the offset.
      Sosi lower = culprit, top = culprit;
      lower.dims[k].hi = d.hi - 1;
      top.offset += d.hi * d.stride;
      top.dims[k].lo = top.dims[k].hi = 0;
      Verdict first = side == 0 ? decide(lower, b, depth - 1) : decide(a, lower, depth - 1);
      if (first == Verdict::Overlap)
        return Verdict::Overlap;
      Verdict second = side == 0 ? decide(top, b, depth - 1) : decide(a, top, depth - 1);
      if (second == Verdict::Overlap)
        return Verdict::Overlap;
      return first == Verdict::Disjoint && second == Verdict::Disjoint ? Verdict::Disjoint
                                                                        : Verdict::Unknown;
    }
    return Verdict::Unknown;
  }

  /// Step 5: is there a pair of in-bounds indices with equal addresses?
  Verdict askZ3(const Lmad& a, const Lmad& b) {
    if (!prover_.options().useZ3)
      return Verdict::Unknown;
    std::vector<Expr> constraints = prover_.facts().constraints();
    auto indices = [&](const Lmad& l, const std::string& prefix) {
      std::vector<Expr> is;
      for (size_t k = 0; k < l.rank(); ++k) {
        Expr i = Expr::var(prefix + std::to_string(k));
        constraints.push_back(i);                    // i >= 0
        constraints.push_back(l.dims[k].size - 1 - i); // i < size
        is.push_back(i);
      }
      return is;
    };
    // The names contain '.', so they cannot clash with program variables.
    Expr difference = a.apply(indices(a, "lmad.a.")) - b.apply(indices(b, "lmad.b."));
    switch (prover_.z3().check(constraints, {difference})) {
    case SatResult::Unsat:
      return Verdict::Disjoint;
    case SatResult::Sat:
      return a.freeVars().empty() && b.freeVars().empty() ? Verdict::Overlap : Verdict::Unknown;
    case SatResult::Unknown:
      return Verdict::Unknown;
    }
    return Verdict::Unknown;
  }

  Prover& prover_;
  bool nonEmpty_ = false;
  unsigned nodes_ = 0;
};

} // namespace

std::optional<bool> disjoint(const Lmad& a, const Lmad& b, Prover& prover) {
  switch (NonOverlap(prover).run(a, b)) {
  case Verdict::Disjoint:
    return true;
  case Verdict::Overlap:
    return false;
  case Verdict::Unknown:
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<bool> disjoint(const Lmad& a, const Lmad& b, const Facts& facts) {
  Prover prover(facts);
  return disjoint(a, b, prover);
}

} // namespace fjord::symbolic
