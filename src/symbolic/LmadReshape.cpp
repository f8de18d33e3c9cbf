// Lmad::reshape: viewing an array with another shape without copying, when one LMAD can.
//
// Note [Reshape]
// A reshape keeps the row-major order of the index space: element number x (counting in
// row-major index order) of the old view is element number x of the new one. Split both
// shapes into the finest groups of consecutive dimensions with equal element counts, e.g.
// [a][b*c][d] -> [a][b][c][d] gives the groups {a}->{a}, {b*c}->{b, c}, {d}->{d}. Inside a
// group the old dimensions must form one arithmetic progression: `sk == n(k+1) * s(k+1)`
// for consecutive old dimensions k, k+1 (a "join", thesis §3.5.1). The new dimensions of the
// group then split that progression: the innermost gets the old innermost stride s and each
// outer one `n(k+1) * s(k+1)` ("split"). Otherwise no single LMAD describes the result: the
// flat sequence would need two different steps inside one dimension (`flatten (transpose A)`
// in the blog), so the compiler must copy.
// Dimensions of constant size 1 are left out of the grouping (their stride never matters)
// and get the stride `n * s` of the dimension to their right (1 if none). An array with a
// constant size 0 is empty, and any LMAD of the new shape describes it. Element counts are
// compared structurally (normal forms), so symbolic shapes whose products are equal only
// under some facts are refused, which is safe.
//
// With a Prover (`reshape(newShape, prover)`), element counts are also equal when the prover
// shows it from its facts (e.g. `n == m` from an assertion), and an LMAD that is row-major
// (the prover's test) is reshaped to row-major over the new shape at the same offset even
// when no grouping matches: the IR guarantees that a reshape keeps the element count, and a
// row-major LMAD numbers its elements consecutively in row-major index order, which is all
// a reshape asks for. The same holds for any LMAD whose dimensions other than 1 form one
// arithmetic progression (one group of joins, innermost stride s, e.g. an array expanded
// over a kernel's threads): its elements in row-major index order are s apart, so the new
// shape splits that progression whatever the prover knows about the two counts (found by
// scripts/difftest.sh: `reshape [m]` of a `[count]` copy inside a kernel, where
// `count == m` is checked on the host but is no fact in the kernel).
#include "symbolic/Lmad.h"

#include <algorithm>

namespace fjord::symbolic {
namespace {

bool isConstValue(const Expr& e, int64_t v) {
  int64_t k = 0;
  return e.isConst(&k) && k == v;
}

/// One group of Note [Reshape]: old dimensions [oldBegin, oldEnd), new [newBegin, newEnd).
struct Group {
  size_t oldBegin, oldEnd, newBegin, newEnd;
};

/// Whether two element counts are equal: structurally, or proved by `prover` (if any).
bool sameCount(const Expr& a, const Expr& b, Prover* prover) {
  return a == b || (prover && prover->provesEqual(a, b));
}

/// Finds the finest grouping of `oldSizes` and `newSizes` (from positions i and j on) into
/// consecutive groups with equal products (see sameCount); false if there is none.
bool matchGroups(const std::vector<Expr>& oldSizes, const std::vector<Expr>& newSizes, size_t i,
                 size_t j, std::vector<Group>& groups, Prover* prover) {
  if (i == oldSizes.size() || j == newSizes.size())
    return i == oldSizes.size() && j == newSizes.size();
  Expr oldProduct = 1;
  for (size_t a = i; a < oldSizes.size(); ++a) {
    oldProduct *= oldSizes[a];
    Expr newProduct = 1;
    for (size_t b = j; b < newSizes.size(); ++b) {
      newProduct *= newSizes[b];
      if (!sameCount(newProduct, oldProduct, prover))
        continue;
      groups.push_back(Group{i, a + 1, j, b + 1});
      if (matchGroups(oldSizes, newSizes, a + 1, b + 1, groups, prover))
        return true;
      groups.pop_back();
    }
  }
  return false;
}

/// Lmad::reshape, with `prover` (may be null) deciding equal counts and row-major layouts.
std::optional<Lmad> reshapeWith(const Lmad& lmad, const std::vector<Expr>& newShape,
                                Prover* prover);

/// The reshape of an LMAD whose dimensions other than 1 form one progression (Note
/// [Reshape]), trusting the IR that the element counts are equal; nullopt otherwise.
std::optional<Lmad> reshapeProgression(const Lmad& lmad, const std::vector<Expr>& newShape);

} // namespace

std::optional<Lmad> Lmad::reshape(const std::vector<Expr>& newShape) const {
  return reshapeWith(*this, newShape, nullptr);
}

std::optional<Lmad> Lmad::reshape(const std::vector<Expr>& newShape, Prover& prover) const {
  if (auto grouped = reshapeWith(*this, newShape, &prover))
    return grouped;
  if (isRowMajor(prover))
    return rowMajor(offset, newShape);
  return reshapeProgression(*this, newShape);
}

namespace {

std::optional<Lmad> reshapeWith(const Lmad& lmad, const std::vector<Expr>& newShape,
                                Prover* prover) {
  const Expr& offset = lmad.offset;
  const std::vector<Dim>& dims = lmad.dims;
  auto isEmpty = [](const Expr& size) { return isConstValue(size, 0); };
  std::vector<Expr> oldShape = lmad.shape();
  if (std::any_of(oldShape.begin(), oldShape.end(), isEmpty) ||
      std::any_of(newShape.begin(), newShape.end(), isEmpty))
    return Lmad::rowMajor(offset, newShape);

  std::vector<Dim> oldDims;
  for (const Dim& d : dims)
    if (!isConstValue(d.size, 1))
      oldDims.push_back(d);
  std::vector<size_t> newPositions; // positions in newShape of the sizes other than 1
  std::vector<Expr> oldSizes, newSizes;
  for (const Dim& d : oldDims)
    oldSizes.push_back(d.size);
  for (size_t k = 0; k < newShape.size(); ++k)
    if (!isConstValue(newShape[k], 1)) {
      newPositions.push_back(k);
      newSizes.push_back(newShape[k]);
    }

  std::vector<Group> groups;
  if (!matchGroups(oldSizes, newSizes, 0, 0, groups, prover))
    return std::nullopt;

  std::vector<Expr> newStrides(newSizes.size());
  for (const Group& g : groups) {
    for (size_t k = g.oldBegin; k + 1 < g.oldEnd; ++k)
      if (oldDims[k].stride != oldDims[k + 1].size * oldDims[k + 1].stride)
        return std::nullopt;
    Expr stride = oldDims[g.oldEnd - 1].stride;
    for (size_t k = g.newEnd; k-- > g.newBegin;) {
      newStrides[k] = stride;
      stride = newSizes[k] * stride;
    }
  }

  Lmad result{offset, std::vector<Dim>(newShape.size())};
  size_t nextNonUnit = newPositions.size();
  Expr strideToRight = 1; // `n * s` of the dimension to the right
  for (size_t k = newShape.size(); k-- > 0;) {
    if (nextNonUnit > 0 && newPositions[nextNonUnit - 1] == k) {
      --nextNonUnit;
      result.dims[k] = Dim{newShape[k], newStrides[nextNonUnit]};
    } else {
      result.dims[k] = Dim{newShape[k], strideToRight};
    }
    strideToRight = result.dims[k].size * result.dims[k].stride;
  }
  return result;
}

std::optional<Lmad> reshapeProgression(const Lmad& lmad, const std::vector<Expr>& newShape) {
  std::vector<Dim> oldDims;
  for (const Dim& d : lmad.dims)
    if (!isConstValue(d.size, 1))
      oldDims.push_back(d);
  for (size_t k = 0; k + 1 < oldDims.size(); ++k)
    if (oldDims[k].stride != oldDims[k + 1].size * oldDims[k + 1].stride)
      return std::nullopt;
  Expr stride = oldDims.empty() ? Expr(1) : oldDims.back().stride;
  Lmad result{lmad.offset, std::vector<Dim>(newShape.size())};
  for (size_t k = newShape.size(); k-- > 0;) {
    result.dims[k] = Dim{newShape[k], stride};
    stride = newShape[k] * stride;
  }
  return result;
}

} // namespace

} // namespace fjord::symbolic
