// Unit tests of the LMAD algebra: the thesis's examples, printing, layout predicates, and a
// randomised comparison of slice/permute/reverse/reshape against an explicit array of
// addresses transformed the same way.
#include "symbolic/Lmad.h"

#include <doctest/doctest.h>

#include <numeric>
#include <random>

using namespace fjord::symbolic;

namespace {

const Expr n = Expr::var("n"), m = Expr::var("m"), k = Expr::var("k"), i = Expr::var("i");

Lmad lmad(Expr offset, std::vector<std::pair<Expr, Expr>> dims) {
  Lmad l{std::move(offset), {}};
  for (auto& [size, stride] : dims)
    l.dims.push_back(Dim{size, stride});
  return l;
}

} // namespace

TEST_CASE("lmad: row-major layout, application and printing") {
  Lmad r = Lmad::rowMajor(0, {n, m});
  CHECK(r.str() == "0 + {(n : m), (m : 1)}");
  CHECK(r.apply({i, 2}) == i * m + 2);
  CHECK(Lmad::rowMajor(i, {n, m, k}).str() == "i + {(n : k * m), (m : k), (k : 1)}");
  CHECK(Lmad::rowMajor(5, {}).str() == "5 + {}");
  CHECK(r.shape() == std::vector<Expr>{n, m});
  CHECK(r.freeVars() == std::set<std::string>{"m", "n"});
}

TEST_CASE("lmad: the thesis's operation examples (Fig. 3.6)") {
  // fix(10 + {(4:4), (4:1)}, 1) = 14 + {(4:1)}
  CHECK(lmad(10, {{4, 4}, {4, 1}}).fix(1) == lmad(14, {{4, 1}}));
  // transpose(0 + {(20:10), (10:1)}) = 0 + {(10:1), (20:10)}
  CHECK(lmad(0, {{20, 10}, {10, 1}}).transpose() == lmad(0, {{10, 1}, {20, 10}}));
  // slice with triplets: [x:y:z] gives (t + x*d) + {(y : z*d)}
  Lmad r = Lmad::rowMajor(0, {n, m});
  CHECK(r.slice({DimSlice::range(1, n - 2, 2), DimSlice::fix(i)}) ==
        lmad(m + i, {{n - 2, 2 * m}}));
  // slice_LMAD, the NW anti-diagonal view: xs[i*b + {(i+1 : n*b - b), (b : n), (b : 1)}].
  Expr b = Expr::var("b");
  Lmad flat = Lmad::rowMajor(0, {n * n});
  Lmad view = lmad(i * b, {{i + 1, n * b - b}, {b, n}, {b, 1}});
  CHECK(flat.sliceByLmad(view) == view);
  CHECK(lmad(3, {{100, 2}}).sliceByLmad(lmad(1, {{5, 3}})) == lmad(5, {{5, 6}}));
  // Reversal.
  CHECK(lmad(0, {{n, 1}}).reverse(0) == lmad(n - 1, {{n, -1}}));
  // Permutation: result dimension k is source dimension perm[k].
  CHECK(Lmad::rowMajor(0, {n, m, k}).permute({2, 0, 1}) ==
        lmad(0, {{k, 1}, {n, k * m}, {m, k}}));
}

TEST_CASE("lmad: reshape succeeds exactly for contiguous groups") {
  Lmad r = Lmad::rowMajor(7, {n, m});
  CHECK(r.reshape({n * m}) == Lmad::rowMajor(7, {n * m}));
  CHECK(Lmad::rowMajor(0, {n * m}).reshape({n, m}) == Lmad::rowMajor(0, {n, m}));
  CHECK(r.reshape({n, m, 1}) == lmad(7, {{n, m}, {m, 1}, {1, 1}}));
  // Thesis: reshape(10 + {(20:10), (10:1)}, [50][4]) = 10 + {(50:4), (4:1)}.
  CHECK(lmad(10, {{20, 10}, {10, 1}}).reshape({50, 4}) == lmad(10, {{50, 4}, {4, 1}}));
  // A column slice keeps its rows splittable but not joinable with the other dimension.
  Lmad cols = Lmad::rowMajor(0, {n, 2 * k}).slice({DimSlice::all(n), DimSlice::range(0, k)});
  CHECK(cols.reshape({n, k, 1}).has_value());
  CHECK_FALSE(cols.reshape({n * k}).has_value());
  // flatten (transpose A) cannot be one LMAD (the blog's example).
  CHECK_FALSE(r.transpose().reshape({n * m}).has_value());
  // The inner dimension of a transposed array can still be split.
  CHECK(r.transpose().reshape({m, 2, floorDiv(n, 2)}) == std::nullopt); // n*1 != 2*(n/2)
  CHECK(Lmad::rowMajor(0, {2 * n, m}).transpose().reshape({m, 2, n}) ==
        lmad(0, {{m, 1}, {2, n * m}, {n, m}}));
}

TEST_CASE("lmad: reshape with a prover uses facts and the row-major layout") {
  // [m] -> [n] needs `n == m`, which only the facts know.
  Lmad ys = Lmad::rowMajor(3, {m});
  CHECK_FALSE(ys.reshape({n}).has_value());
  Facts eq;
  eq.assumeEqual(n, m);
  Prover withEq(eq);
  CHECK(ys.reshape({n}, withEq) == lmad(3, {{n, 1}}));
  // A row-major [n][m] array reshapes to any shape of the same count, here [k] with k
  // unrelated to n*m in the algebra (the IR guarantees the counts agree).
  Prover none;
  CHECK(Lmad::rowMajor(7, {n, m}).reshape({k}, none) == lmad(7, {{k, 1}}));
  CHECK(Lmad::rowMajor(0, {n * m}).reshape({k, 2}, none) == lmad(0, {{k, 2}, {2, 1}}));
  // Not row-major but one arithmetic progression (a strided row; an array expanded over a
  // kernel's threads, stride t): split like a row-major one, with the innermost stride.
  Expr t = Expr::var("t");
  CHECK(lmad(0, {{n, 2}}).reshape({k}, none) == lmad(0, {{k, 2}}));
  CHECK(lmad(5, {{n, t}}).reshape({k}, none) == lmad(5, {{k, t}}));
  CHECK(lmad(5, {{n, m * t}, {m, t}}).reshape({k, 2}, none) == lmad(5, {{k, 2 * t}, {2, t}}));
  // Not one progression and no grouping: still refused (flatten of a transpose).
  CHECK_FALSE(Lmad::rowMajor(0, {n, m}).transpose().reshape({k}, none).has_value());
  CHECK_FALSE(lmad(0, {{n, 2 * m}, {m, 1}}).reshape({k}, none).has_value());
  // Groups still split a non-row-major LMAD when the prover shows the counts equal.
  Facts split;
  split.assumeEqual(k, 2 * n);
  Prover withSplit(split);
  CHECK(lmad(1, {{k, 3}}).reshape({2, n}, withSplit) == lmad(1, {{2, 3 * n}, {n, 3}}));
}

TEST_CASE("lmad: row-major and contiguity tests use facts") {
  CHECK(Lmad::rowMajor(i, {n, m}).isRowMajor());
  CHECK(Lmad::rowMajor(0, {n, m}).isContiguous());
  CHECK_FALSE(Lmad::rowMajor(0, {n, m}).transpose().isRowMajor());
  CHECK(Lmad::rowMajor(0, {n, m}).transpose().isContiguous());
  CHECK(Lmad::rowMajor(0, {n, m}).reverse(1).isContiguous());
  CHECK_FALSE(Lmad::rowMajor(0, {n, m}).reverse(1).isRowMajor());
  Lmad sliced = Lmad::rowMajor(0, {n, m}).slice({DimSlice::all(n), DimSlice::range(0, k)});
  CHECK_FALSE(sliced.isContiguous());
  Facts f;
  f.assumeEqual(k, m);
  CHECK(sliced.isContiguous(f));
  CHECK(sliced.isRowMajor(f));
  // Dimensions of size 1 do not matter.
  CHECK(lmad(0, {{n, 1}, {1, 42}}).isRowMajor());
}

namespace {

/// The brute-force model: an explicit row-major array of the addresses an LMAD denotes.
struct Grid {
  std::vector<int64_t> shape;
  std::vector<int64_t> addrs;

  static Grid of(const Lmad& l) {
    Grid g;
    for (const Dim& d : l.dims) {
      int64_t v = 0;
      REQUIRE(d.size.isConst(&v));
      g.shape.push_back(v);
    }
    g.addrs = *l.addresses({});
    return g;
  }

  int64_t at(const std::vector<int64_t>& idx) const {
    int64_t flat = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      flat = flat * shape[d] + idx[d];
    return addrs[static_cast<size_t>(flat)];
  }

  /// Calls `f(index)` for every index in row-major order.
  template <typename F>
  static void forEachIndex(const std::vector<int64_t>& shape, F&& f) {
    int64_t count = std::accumulate(shape.begin(), shape.end(), int64_t{1}, std::multiplies<>());
    std::vector<int64_t> idx(shape.size(), 0);
    for (int64_t c = 0; c < count; ++c) {
      f(idx);
      for (size_t d = shape.size(); d-- > 0;) {
        if (++idx[d] < shape[d])
          break;
        idx[d] = 0;
      }
    }
  }

  /// A new grid of shape `shape` whose element at `idx` is `source(idx)`.
  template <typename F>
  static Grid build(std::vector<int64_t> shape, F&& source) {
    Grid g{shape, {}};
    forEachIndex(shape, [&](const std::vector<int64_t>& idx) { g.addrs.push_back(source(idx)); });
    return g;
  }
};

struct SliceSpec {
  bool fixed;
  int64_t start, count, step;
};

int pick(std::mt19937& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}

Lmad randomLmad(std::mt19937& rng) {
  Lmad l{pick(rng, 0, 20), {}};
  for (int d = pick(rng, 1, 3); d > 0; --d)
    l.dims.push_back(Dim{pick(rng, 1, 4), pick(rng, -6, 6)});
  return l;
}

/// A random layout that reshapes often succeed on: row-major, then permuted or reversed.
Lmad randomChainedLmad(std::mt19937& rng) {
  std::vector<Expr> shape;
  for (int d = pick(rng, 1, 4); d > 0; --d)
    shape.push_back(pick(rng, 1, 4));
  Lmad l = Lmad::rowMajor(pick(rng, 0, 9), shape);
  if (pick(rng, 0, 2) == 0 && l.rank() >= 2)
    l = l.swapDims(0, l.rank() - 1);
  if (pick(rng, 0, 2) == 0)
    l = l.reverse(static_cast<size_t>(pick(rng, 0, static_cast<int>(l.rank()) - 1)));
  return l;
}

/// A random shape with `count` elements.
std::vector<int64_t> randomShape(std::mt19937& rng, int64_t count) {
  std::vector<int64_t> shape;
  for (int guard = 0; guard < 3 && count > 1; ++guard) {
    std::vector<int64_t> divisors;
    for (int64_t d = 1; d <= count; ++d)
      if (count % d == 0)
        divisors.push_back(d);
    int64_t d = divisors[static_cast<size_t>(pick(rng, 0, static_cast<int>(divisors.size()) - 1))];
    shape.push_back(d);
    count /= d;
  }
  shape.push_back(count);
  if (pick(rng, 0, 3) == 0)
    shape.insert(shape.begin() + pick(rng, 0, static_cast<int>(shape.size())), 1);
  return shape;
}

/// Is there any LMAD with this shape that produces exactly these addresses? (Strides are
/// forced by the unit indices, so this decides representability.)
bool representable(const Grid& g) {
  if (g.addrs.empty())
    return true;
  std::vector<int64_t> strides(g.shape.size(), 0);
  std::vector<int64_t> unit(g.shape.size(), 0);
  for (size_t d = 0; d < g.shape.size(); ++d)
    if (g.shape[d] > 1) {
      unit[d] = 1;
      strides[d] = g.at(unit) - g.addrs[0];
      unit[d] = 0;
    }
  bool ok = true;
  Grid::forEachIndex(g.shape, [&](const std::vector<int64_t>& idx) {
    int64_t a = g.addrs[0];
    for (size_t d = 0; d < idx.size(); ++d)
      a += idx[d] * strides[d];
    ok = ok && a == g.at(idx);
  });
  return ok;
}

} // namespace

TEST_CASE("lmad: randomised slice, permute, reverse and index against explicit arrays") {
  std::mt19937 rng(2024);
  for (int round = 0; round < 2000; ++round) {
    Lmad l = randomLmad(rng);
    Grid g = Grid::of(l);
    INFO("lmad: " << l.str());
    switch (pick(rng, 0, 3)) {
    case 0: { // slice
      std::vector<SliceSpec> specs;
      std::vector<DimSlice> slices;
      for (int64_t size : g.shape) {
        int64_t start = pick(rng, 0, static_cast<int>(size) - 1);
        if (pick(rng, 0, 2) == 0) {
          specs.push_back({true, start, 0, 0});
          slices.push_back(DimSlice::fix(start));
          continue;
        }
        int64_t step = std::vector<int64_t>{-2, -1, 1, 2, 3}[static_cast<size_t>(pick(rng, 0, 4))];
        int64_t room = step > 0 ? (size - 1 - start) / step + 1 : start / -step + 1;
        int64_t count = pick(rng, 0, static_cast<int>(room));
        specs.push_back({false, start, count, step});
        slices.push_back(DimSlice::range(start, count, step));
      }
      std::vector<int64_t> shape;
      for (const SliceSpec& s : specs)
        if (!s.fixed)
          shape.push_back(s.count);
      Grid expected = Grid::build(shape, [&](const std::vector<int64_t>& idx) {
        std::vector<int64_t> src;
        size_t next = 0;
        for (const SliceSpec& s : specs)
          src.push_back(s.fixed ? s.start : s.start + idx[next++] * s.step);
        return g.at(src);
      });
      REQUIRE(*l.slice(slices).addresses({}) == expected.addrs);
      break;
    }
    case 1: { // permute
      std::vector<size_t> perm(l.rank());
      std::iota(perm.begin(), perm.end(), 0);
      std::shuffle(perm.begin(), perm.end(), rng);
      std::vector<int64_t> shape;
      for (size_t p : perm)
        shape.push_back(g.shape[p]);
      Grid expected = Grid::build(shape, [&](const std::vector<int64_t>& idx) {
        std::vector<int64_t> src(idx.size());
        for (size_t d = 0; d < perm.size(); ++d)
          src[perm[d]] = idx[d];
        return g.at(src);
      });
      REQUIRE(*l.permute(perm).addresses({}) == expected.addrs);
      break;
    }
    case 2: { // reverse
      size_t dim = static_cast<size_t>(pick(rng, 0, static_cast<int>(l.rank()) - 1));
      Grid expected = Grid::build(g.shape, [&](std::vector<int64_t> idx) {
        idx[dim] = g.shape[dim] - 1 - idx[dim];
        return g.at(idx);
      });
      REQUIRE(*l.reverse(dim).addresses({}) == expected.addrs);
      break;
    }
    default: { // index one dimension
      size_t dim = static_cast<size_t>(pick(rng, 0, static_cast<int>(l.rank()) - 1));
      int64_t at = pick(rng, 0, static_cast<int>(g.shape[dim]) - 1);
      std::vector<int64_t> shape = g.shape;
      shape.erase(shape.begin() + static_cast<std::ptrdiff_t>(dim));
      Grid expected = Grid::build(shape, [&](std::vector<int64_t> idx) {
        idx.insert(idx.begin() + static_cast<std::ptrdiff_t>(dim), at);
        return g.at(idx);
      });
      REQUIRE(*l.index(dim, at).addresses({}) == expected.addrs);
      break;
    }
    }
  }
}

TEST_CASE("lmad: randomised reshape is exact and complete on concrete layouts") {
  std::mt19937 rng(99);
  int succeeded = 0, refused = 0;
  for (int round = 0; round < 3000; ++round) {
    Lmad l = round % 2 ? randomChainedLmad(rng) : randomLmad(rng);
    Grid g = Grid::of(l);
    std::vector<int64_t> shape = randomShape(rng, static_cast<int64_t>(g.addrs.size()));
    Grid expected{shape, g.addrs}; // reshape keeps the row-major order of elements
    std::vector<Expr> newShape(shape.begin(), shape.end());
    std::optional<Lmad> result = l.reshape(newShape);
    INFO("lmad: " << l.str() << ", reshaped to " << newShape.size() << " dims");
    if (result) {
      ++succeeded;
      REQUIRE(result->shape() == newShape);
      REQUIRE(*result->addresses({}) == expected.addrs);
    } else {
      ++refused;
      REQUIRE_FALSE(representable(expected));
    }
  }
  CHECK(succeeded > 300);
  CHECK(refused > 300);
}
