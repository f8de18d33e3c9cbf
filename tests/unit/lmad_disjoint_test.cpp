// Unit tests of the LMAD non-overlap test: the thesis's examples (including the NW proof of
// §3.6.3), and randomised verdicts against brute-force intersection of address sets, for
// concrete LMADs and for symbolic ones checked over every assignment allowed by the facts.
#include "symbolic/Lmad.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>

using namespace fjord::symbolic;

namespace {

Lmad lmad(Expr offset, std::vector<std::pair<Expr, Expr>> dims) {
  Lmad l{std::move(offset), {}};
  for (auto& [size, stride] : dims)
    l.dims.push_back(Dim{size, stride});
  return l;
}

ProverOptions syntacticOnly() {
  ProverOptions o;
  o.useZ3 = false;
  return o;
}

std::optional<bool> heuristicOnly(const Lmad& a, const Lmad& b, const Facts& facts = {}) {
  Prover prover(facts, syntacticOnly());
  return disjoint(a, b, prover);
}

bool bruteDisjoint(const Lmad& a, const Lmad& b, const std::map<std::string, int64_t>& env) {
  std::vector<int64_t> x = *a.addresses(env), y = *b.addresses(env);
  std::set<int64_t> xs(x.begin(), x.end());
  return std::none_of(y.begin(), y.end(), [&](int64_t v) { return xs.count(v) > 0; });
}

int pick(std::mt19937& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

} // namespace

TEST_CASE("lmad: simple disjointness and overlap verdicts") {
  Expr n = Expr::var("n"), m = Expr::var("m"), i = Expr::var("i"), j = Expr::var("j");
  Facts f;
  f.addLowerBound("n", 1);
  f.addLowerBound("m", 1);
  f.addRange("i", 0, n);
  f.addRange("j", 0, n);
  Lmad a = Lmad::rowMajor(0, {n, m});
  // Two different rows of a row-major matrix.
  CHECK(heuristicOnly(a.fix(0), a.fix(1), f) == std::optional<bool>(true));
  // Row i and row i + 1; row i with itself.
  CHECK(heuristicOnly(a.fix(i), a.fix(i + 1), f) == std::optional<bool>(true));
  CHECK(heuristicOnly(a.fix(i), a.fix(i), f) == std::optional<bool>(false));
  // Rows i and j may or may not coincide.
  CHECK(heuristicOnly(a.fix(i), a.fix(j), f) == std::nullopt);
  // Even and odd elements (gcd test).
  CHECK(heuristicOnly(lmad(0, {{n, 2}}), lmad(1, {{n, 2}}), f) == std::optional<bool>(true));
  // Columns 0 and 1, a column and a row.
  CHECK(heuristicOnly(a.transpose().fix(0), a.transpose().fix(1), f) == std::nullopt); // m may be 1
  Facts wide = f;
  wide.addLowerBound("m", 2);
  CHECK(heuristicOnly(a.transpose().fix(0), a.transpose().fix(1), wide) ==
        std::optional<bool>(true));
  CHECK(heuristicOnly(a.transpose().fix(0), a.fix(0), f) == std::optional<bool>(false));
  // An empty slice is disjoint from everything.
  CHECK(heuristicOnly(lmad(0, {{0, 1}}), a, f) == std::optional<bool>(true));
  // The thesis's staggered-columns example overlaps itself shifted by 9 ...
  CHECK(heuristicOnly(lmad(0, {{6, 9}, {3, 8}}), lmad(9, {{6, 9}, {3, 8}})) ==
        std::optional<bool>(false));
  // ... and 2 + {(3:5),(4:1)} = {2..5, 7..10, 12..15} is disjoint from 6 + {(3:5)}.
  CHECK(heuristicOnly(lmad(2, {{3, 5}, {4, 1}}), lmad(6, {{3, 5}})) == std::optional<bool>(true));
  // Negative strides are normalised (thesis: 16 + {(4:-1),(8:4)} = 13 + {(8:4),(4:1)}).
  CHECK(heuristicOnly(lmad(16, {{4, -1}, {8, 4}}), lmad(13 + 32, {{3, 1}})) ==
        std::optional<bool>(true));
}

TEST_CASE("lmad: the thesis's self-overlap splitting examples") {
  // [0,1]*10 + [0,10]*1 self-overlaps; after splitting it is disjoint from 21 + [0,3]*1.
  Lmad a = lmad(0, {{2, 10}, {11, 1}});
  CHECK(heuristicOnly(a, lmad(21, {{4, 1}})) == std::optional<bool>(true));
  CHECK(heuristicOnly(a, lmad(20, {{4, 1}})) == std::optional<bool>(false));
  // [0,2]*10 + [0,4]*1 and [0,2]*10 + [5,9]*1 are disjoint (Theorem 3.6.2's example).
  CHECK(heuristicOnly(lmad(0, {{3, 10}, {5, 1}}), lmad(5, {{3, 10}, {5, 1}})) ==
        std::optional<bool>(true));
}

TEST_CASE("lmad: the NW blocked anti-diagonal write and read do not overlap (thesis 3.6.3)") {
  // n = q*b + 1, q >= 2, b >= 2, 1 <= i < q. The write is W = ib+n+1+{(i+1:nb-b),(b:n),(b:1)},
  // the read R = ib+{(i+1:nb-b),(b+1:n)}.
  Expr n = Expr::var("n"), b = Expr::var("b"), i = Expr::var("i"), q = Expr::var("q");
  Facts f;
  f.addLowerBound("q", 2);
  f.addLowerBound("b", 2);
  f.addRange("i", 1, q);
  f.assumeEqual(n, q * b + 1);
  Lmad write = lmad(i * b + n + 1, {{i + 1, n * b - b}, {b, n}, {b, 1}});
  Lmad read = lmad(i * b, {{i + 1, n * b - b}, {b + 1, n}});
  Prover prover(f);
  CHECK(disjoint(write, read, prover) == std::optional<bool>(true));
  CHECK(disjoint(read, write, prover) == std::optional<bool>(true));
  // The second read, R2 = ib+1+{(i+1:nb-b),(b:1)}, does not overlap the write either.
  Lmad read2 = lmad(i * b + 1, {{i + 1, n * b - b}, {b, 1}});
  CHECK(disjoint(write, read2, prover) == std::optional<bool>(true));
  // The write does overlap itself.
  CHECK(disjoint(write, write, prover) == std::optional<bool>(false));
  // The heuristic alone proves it too: no step needs Z3.
  CHECK(heuristicOnly(write, read, f) == std::optional<bool>(true));
  CHECK(heuristicOnly(write, read2, f) == std::optional<bool>(true));
  // Brute force on instances agrees.
  for (int64_t bv = 2; bv <= 4; ++bv)
    for (int64_t qv = 2; qv <= 4; ++qv)
      for (int64_t iv = 1; iv < qv; ++iv) {
        std::map<std::string, int64_t> env = {{"b", bv}, {"q", qv}, {"i", iv}, {"n", qv * bv + 1}};
        CHECK(bruteDisjoint(write, read, env));
        CHECK(bruteDisjoint(write, read2, env));
      }
}

TEST_CASE("lmad: randomised concrete disjointness verdicts against brute force") {
  std::mt19937 rng(4242);
  auto randomLmad = [&] {
    Lmad l{pick(rng, 0, 24), {}};
    for (int d = pick(rng, 0, 3); d > 0; --d)
      l.dims.push_back(Dim{pick(rng, 1, 4), pick(rng, -8, 8)});
    return l;
  };
  int heuristicDecided = 0, total = 2000;
  for (int round = 0; round < total; ++round) {
    Lmad a = randomLmad(), b = randomLmad();
    bool truth = bruteDisjoint(a, b, {});
    INFO(a.str() << " vs " << b.str() << ": brute force says " << (truth ? "disjoint" : "overlap"));
    std::optional<bool> verdict = heuristicOnly(a, b);
    if (verdict) {
      ++heuristicDecided;
      REQUIRE(*verdict == truth);
    }
    if (round % 10 == 0) { // with Z3, concrete questions are always decided
      Facts none;
      std::optional<bool> withZ3 = disjoint(a, b, none);
      REQUIRE(withZ3.has_value());
      REQUIRE(*withZ3 == truth);
    }
  }
  INFO("the heuristic decided " << heuristicDecided << " of " << total);
  CHECK(heuristicDecided * 100 > total * 85);
}

TEST_CASE("lmad: randomised symbolic disjointness verdicts hold for every assignment") {
  // LMADs over n, m, i with facts 1 <= n <= 4, 1 <= m <= 3, 0 <= i < n; each verdict is
  // checked on every assignment the facts allow.
  std::mt19937 rng(31337);
  const Expr n = Expr::var("n"), m = Expr::var("m"), i = Expr::var("i");
  Facts facts;
  facts.addRange("n", 1, 5);
  facts.addRange("m", 1, 4);
  facts.addRange("i", 0, n);
  auto randomAtom = [&]() -> Expr {
    switch (pick(rng, 0, 4)) {
    case 0:
      return n;
    case 1:
      return m;
    case 2:
      return i;
    case 3:
      return n * m;
    default:
      return pick(rng, 1, 3);
    }
  };
  auto randomLmad = [&] {
    Lmad l{randomAtom() * pick(rng, 0, 2) + pick(rng, 0, 6), {}};
    for (int d = pick(rng, 1, 2); d > 0; --d) {
      Expr size = pick(rng, 0, 1) ? randomAtom() : Expr(pick(rng, 1, 3));
      Expr stride = randomAtom() * (pick(rng, 0, 3) == 0 ? -1 : 1);
      l.dims.push_back(Dim{size, stride});
    }
    return l;
  };
  int decided = 0, decidable = 0;
  for (int round = 0; round < 400; ++round) {
    Lmad a = randomLmad(), b = randomLmad();
    ProverOptions options;
    options.useZ3 = round % 8 == 0;
    options.z3ResourceLimit = 30000;
    Prover prover(facts, options);
    std::set<bool> truths; // brute-force answers over all assignments
    for (int64_t nv = 1; nv <= 4; ++nv)
      for (int64_t mv = 1; mv <= 3; ++mv)
        for (int64_t iv = 0; iv < nv; ++iv)
          truths.insert(bruteDisjoint(a, b, {{"n", nv}, {"m", mv}, {"i", iv}}));
    decidable += truths.size() == 1;
    std::optional<bool> verdict = disjoint(a, b, prover);
    if (!verdict)
      continue;
    INFO(a.str() << " vs " << b.str());
    REQUIRE(truths == std::set<bool>{*verdict});
    ++decided;
  }
  INFO("decided " << decided << " of " << decidable << " decidable symbolic pairs");
  CHECK(decided * 4 > decidable * 3);
}
