// Bounds and separation of user-facing LMAD slices (see LmadSlice.h).
#include "symbolic/LmadSlice.h"

#include <algorithm>
#include <cstdlib>

namespace fjord::symbolic {

namespace {

/// A dimension of size > 1 with its stride's absolute value, for the separation test.
struct AbsDim {
  Expr size;
  Expr absStride;
};

Truth conj(Truth a, Truth b) {
  if (a == Truth::False || b == Truth::False)
    return Truth::False;
  return a == Truth::True && b == Truth::True ? Truth::True : Truth::Unknown;
}

} // namespace

bool sliceInBounds(int64_t offset, const std::vector<ConcreteDim>& dims, int64_t length) {
  bool empty = false;
  int64_t lo = offset, hi = offset;
  for (const ConcreteDim& d : dims) {
    if (d.size < 0)
      return false;
    empty = empty || d.size == 0;
    int64_t span = (d.size - 1) * d.stride;
    lo += std::min<int64_t>(0, span);
    hi += std::max<int64_t>(0, span);
  }
  return empty || (lo >= 0 && hi < length);
}

bool sliceSeparated(const std::vector<ConcreteDim>& dims) {
  std::vector<ConcreteDim> ds;
  for (const ConcreteDim& d : dims) {
    if (d.size <= 0)
      return true; // empty (negative sizes are reported by the bounds check)
    if (d.size > 1)
      ds.push_back({d.size, std::llabs(d.stride)});
  }
  std::stable_sort(ds.begin(), ds.end(),
                   [](const ConcreteDim& a, const ConcreteDim& b) { return a.stride < b.stride; });
  int64_t below = 0;
  for (const ConcreteDim& d : ds) {
    if (d.stride <= below)
      return false;
    below += (d.size - 1) * d.stride;
  }
  return true;
}

Truth sliceInBounds(const Lmad& slice, const Expr* length, Prover& prover) {
  for (const Dim& d : slice.dims)
    if (prover.less(d.size, 0) == Truth::True)
      return Truth::False;
  Truth nonEmpty = Truth::True;
  for (const Dim& d : slice.dims) {
    if (prover.equal(d.size, 0) == Truth::True)
      return Truth::Unknown; // empty, unless another size is negative
    if (!prover.provesLessEqual(1, d.size))
      nonEmpty = Truth::Unknown;
  }
  Expr lo = slice.offset, hi = slice.offset;
  for (const Dim& d : slice.dims) {
    Expr span = (d.size - 1) * d.stride;
    if (prover.provesNonNegative(d.stride))
      hi = hi + span;
    else if (prover.provesLessEqual(d.stride, 0))
      lo = lo + span;
    else
      return Truth::Unknown;
  }
  Truth low = prover.nonNegative(lo);
  Truth high = length ? prover.less(hi, *length) : Truth::Unknown;
  Truth inside = conj(low, high);
  if (inside == Truth::False)
    return nonEmpty == Truth::True ? Truth::False : Truth::Unknown;
  return inside;
}

Truth sliceSeparated(const Lmad& slice, Prover& prover) {
  std::vector<AbsDim> ds;
  for (const Dim& d : slice.dims) {
    if (prover.equal(d.size, 0) == Truth::True)
      return Truth::True;
    if (prover.equal(d.size, 1) == Truth::True)
      continue;
    if (!prover.provesLessEqual(2, d.size))
      return Truth::Unknown;
    if (prover.provesNonNegative(d.stride))
      ds.push_back({d.size, d.stride});
    else if (prover.provesLessEqual(d.stride, 0))
      ds.push_back({d.size, Expr(0) - d.stride});
    else
      return Truth::Unknown;
  }
  // Insertion sort by |stride|; every comparison must be decided.
  for (size_t i = 1; i < ds.size(); ++i)
    for (size_t j = i; j > 0; --j) {
      Truth greater = prover.less(ds[j].absStride, ds[j - 1].absStride);
      if (greater == Truth::Unknown)
        return Truth::Unknown;
      if (greater == Truth::False)
        break;
      std::swap(ds[j], ds[j - 1]);
    }
  Truth all = Truth::True;
  Expr below = 0;
  for (const AbsDim& d : ds) {
    all = conj(all, prover.less(below, d.absStride));
    if (all == Truth::False)
      return all;
    below = below + (d.size - 1) * d.absStride;
  }
  return all;
}

} // namespace fjord::symbolic
