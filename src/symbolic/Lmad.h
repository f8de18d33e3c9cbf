// Linear memory access descriptors (LMADs): the index functions of arrays in memory.
//
// An LMAD `offset + {(n1 : s1), ..., (nq : sq)}` (thesis ch. 3; DESIGN.md "LMADs") maps an
// index `(i1, ..., iq)` with `0 <= ik < nk` to the flat element offset
// `offset + i1 * s1 + ... + iq * sq`. Read as a set, it is the image of that function.
// Change-of-layout operations (index, slice, permute, reverse, reshape) only rewrite the
// LMAD, so they cost nothing at run time; when reshape has no single-LMAD result the compiler
// must copy instead (the blog, paper 001, explains why Fjord keeps one LMAD per array).
// Everything here is symbolic and exact: an operation either returns an LMAD describing
// exactly the resulting layout, or (reshape only) says it cannot.
#pragma once

#include "symbolic/Expr.h"
#include "symbolic/Prover.h"

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::symbolic {

/// One dimension of an LMAD: `size` elements, `stride` elements apart (strides may be
/// negative or zero).
struct Dim {
  Expr size;
  Expr stride;

  friend bool operator==(const Dim& a, const Dim& b) {
    return a.size == b.size && a.stride == b.stride;
  }
  friend bool operator!=(const Dim& a, const Dim& b) { return !(a == b); }
};

/// How `Lmad::slice` treats one dimension: fix it to an index (the dimension disappears),
/// or keep `count` elements starting at `start`, `step` apart (a strided triplet; `step` may
/// be negative).
struct DimSlice {
  bool isFixed = false;
  Expr start;    ///< the fixed index, or the first index of the range
  Expr count;    ///< range only: number of elements kept
  Expr step = 1; ///< range only: distance between kept indices

  /// Fixes the dimension to index `i`.
  static DimSlice fix(Expr i) { return {true, std::move(i), Expr(), Expr(1)}; }
  /// Keeps indices `start, start + step, ...` (`count` of them).
  static DimSlice range(Expr start, Expr count, Expr step = 1) {
    return {false, std::move(start), std::move(count), std::move(step)};
  }
  /// Keeps the whole dimension of size `size`.
  static DimSlice all(Expr size) { return range(0, std::move(size)); }
};

/// A linear memory access descriptor (see the file comment). A value type.
struct Lmad {
  Expr offset;
  std::vector<Dim> dims;

  /// `offset + {(n1 : n2*...*nq), ..., (nq : 1)}`: the row-major layout of `shape`.
  static Lmad rowMajor(Expr offset, const std::vector<Expr>& shape);

  size_t rank() const { return dims.size(); }
  /// The sizes of the dimensions.
  std::vector<Expr> shape() const;

  /// The element offset of index `indices` (one per dimension): `offset + sum ik * sk`.
  Expr apply(const std::vector<Expr>& indices) const;
  /// Fixes dimension `k` to index `i` and drops it (thesis `fix` when k = 0).
  Lmad index(size_t k, const Expr& i) const;
  /// Fixes the outermost dimension to `i`: `xs[i]`.
  Lmad fix(const Expr& i) const { return index(0, i); }
  /// Slices every dimension (one DimSlice per dimension, in order).
  Lmad slice(const std::vector<DimSlice>& slices) const;
  /// Reorders dimensions: result dimension k is this LMAD's dimension `perm[k]` (Futhark's
  /// `rearrange`). `perm` must be a permutation of 0..rank-1.
  Lmad permute(const std::vector<size_t>& perm) const;
  /// Futhark's `transpose`: swaps the two outermost dimensions (rank >= 2). For a matrix
  /// this is the usual 2-D transpose.
  Lmad transpose() const;
  /// Swaps dimensions `a` and `b`.
  Lmad swapDims(size_t a, size_t b) const;
  /// Reverses dimension `k`: index i now reads what index `size - 1 - i` read.
  Lmad reverse(size_t k) const;
  /// Views the array (row-major order of its index space) with another shape of the same
  /// element count. Returns nullopt unless one LMAD describes the result exactly, which is
  /// when each group of old dimensions that maps onto a group of new dimensions is
  /// contiguous in the old layout (stride chain `sk == n(k+1) * s(k+1)`): flattening and
  /// unflattening row-major-chained dimensions succeed, `flatten (transpose A)` does not.
  /// Element counts are compared structurally; see Note [Reshape] in LmadReshape.cpp.
  std::optional<Lmad> reshape(const std::vector<Expr>& newShape) const;
  /// reshape, with element counts also compared by `prover`; and a row-major LMAD (by
  /// `prover`) always reshapes, to row-major over `newShape` at the same offset. Requires
  /// (as the IR guarantees) that `newShape` has as many elements as this LMAD.
  std::optional<Lmad> reshape(const std::vector<Expr>& newShape, Prover& prover) const;
  /// Slices a one-dimensional view by an LMAD over its indices (thesis `slice_LMAD`):
  /// `(t + {(n : s)})[t' + {(nj : sj)}] = t + t' * s + {(nj : s * sj)}`. Rank must be 1.
  Lmad sliceByLmad(const Lmad& view) const;

  /// True if the strides are row-major for the shape: the innermost stride is 1 and
  /// `sk == n(k+1) * s(k+1)`; dimensions of size 1 are ignored. The offset is not examined.
  bool isRowMajor(Prover& prover) const;
  /// True if the image is `count` consecutive addresses, each hit once: some reordering and
  /// sign flipping of the dimensions is row-major. Dimensions of size 1 are ignored.
  bool isContiguous(Prover& prover) const;
  /// isRowMajor with a fresh prover over `facts`.
  bool isRowMajor(const Facts& facts = {}) const;
  /// isContiguous with a fresh prover over `facts`.
  bool isContiguous(const Facts& facts = {}) const;

  /// Replaces variables in the offset, sizes and strides.
  Lmad substitute(const std::map<std::string, Expr>& bindings) const;
  /// The variables of the offset, sizes and strides.
  std::set<std::string> freeVars() const;
  /// The addresses of all indices in row-major index order, under `env`; nullopt if a
  /// variable is unbound or a size is negative. Meant for tests and small concrete LMADs.
  std::optional<std::vector<int64_t>> addresses(const std::map<std::string, int64_t>& env) const;

  /// Thesis notation: `offset + {(n1 : s1), ..., (nq : sq)}`, e.g. `0 + {(n : m), (m : 1)}`.
  std::string str() const;

  friend bool operator==(const Lmad& a, const Lmad& b) {
    return a.offset == b.offset && a.dims == b.dims;
  }
  friend bool operator!=(const Lmad& a, const Lmad& b) { return !(a == b); }
};

/// The non-overlap test (thesis §3.6): true if the images of `a` and `b` are provably
/// disjoint, false if they provably share an address, nullopt if undecided. See
/// Note [Non-overlap] in LmadDisjoint.cpp for the cases the heuristic decides.
std::optional<bool> disjoint(const Lmad& a, const Lmad& b, Prover& prover);
/// `disjoint` with a fresh prover over `facts`.
std::optional<bool> disjoint(const Lmad& a, const Lmad& b, const Facts& facts);

} // namespace fjord::symbolic
