// The LMAD operation algebra (thesis Fig. 3.6 and §3.4.1): apply, index/fix, slice with
// strided triplets, permute/transpose, reverse, slice_LMAD, layout tests and printing.
#include "symbolic/Lmad.h"

#include "support/Diagnostics.h"

#include <algorithm>

namespace fjord::symbolic {
namespace {

bool isConstOne(const Expr& e) {
  int64_t k = 0;
  return e.isConst(&k) && k == 1;
}

/// The dimensions that matter for layout: those not known to have size 1.
std::vector<Dim> nonUnitDims(const std::vector<Dim>& dims, Prover& prover) {
  std::vector<Dim> out;
  for (const Dim& d : dims)
    if (!isConstOne(d.size) && !prover.provesEqual(d.size, 1))
      out.push_back(d);
  return out;
}

} // namespace

Lmad Lmad::rowMajor(Expr offset, const std::vector<Expr>& shape) {
  Lmad l{std::move(offset), std::vector<Dim>(shape.size())};
  Expr stride = 1;
  for (size_t k = shape.size(); k-- > 0;) {
    l.dims[k] = Dim{shape[k], stride};
    stride = stride * shape[k];
  }
  return l;
}

std::vector<Expr> Lmad::shape() const {
  std::vector<Expr> out;
  for (const Dim& d : dims)
    out.push_back(d.size);
  return out;
}

Expr Lmad::apply(const std::vector<Expr>& indices) const {
  FJORD_CHECK(indices.size() == dims.size(), "LMAD applied to the wrong number of indices");
  Expr e = offset;
  for (size_t k = 0; k < dims.size(); ++k)
    e += indices[k] * dims[k].stride;
  return e;
}

Lmad Lmad::index(size_t k, const Expr& i) const {
  FJORD_CHECK(k < dims.size(), "LMAD index out of its rank");
  Lmad l = *this;
  l.offset += i * dims[k].stride;
  l.dims.erase(l.dims.begin() + static_cast<std::ptrdiff_t>(k));
  return l;
}

Lmad Lmad::slice(const std::vector<DimSlice>& slices) const {
  FJORD_CHECK(slices.size() == dims.size(), "LMAD sliced with the wrong number of slices");
  Lmad l{offset, {}};
  for (size_t k = 0; k < dims.size(); ++k) {
    const DimSlice& s = slices[k];
    l.offset += s.start * dims[k].stride;
    if (!s.isFixed)
      l.dims.push_back(Dim{s.count, s.step * dims[k].stride});
  }
  return l;
}

Lmad Lmad::permute(const std::vector<size_t>& perm) const {
  FJORD_CHECK(perm.size() == dims.size(), "LMAD permutation of the wrong rank");
  std::vector<bool> seen(perm.size(), false);
  Lmad l{offset, {}};
  for (size_t p : perm) {
    FJORD_CHECK(p < dims.size() && !seen[p], "LMAD permutation is not a permutation");
    seen[p] = true;
    l.dims.push_back(dims[p]);
  }
  return l;
}

Lmad Lmad::transpose() const {
  FJORD_CHECK(dims.size() >= 2, "transpose of an LMAD of rank below 2");
  return swapDims(0, 1);
}

Lmad Lmad::swapDims(size_t a, size_t b) const {
  FJORD_CHECK(a < dims.size() && b < dims.size(), "LMAD dimension out of its rank");
  Lmad l = *this;
  std::swap(l.dims[a], l.dims[b]);
  return l;
}

Lmad Lmad::reverse(size_t k) const {
  FJORD_CHECK(k < dims.size(), "LMAD dimension out of its rank");
  Lmad l = *this;
  l.offset += (dims[k].size - 1) * dims[k].stride;
  l.dims[k].stride = -dims[k].stride;
  return l;
}

Lmad Lmad::sliceByLmad(const Lmad& view) const {
  FJORD_CHECK(dims.size() == 1, "slice_LMAD of an LMAD of rank other than 1");
  Lmad l{offset + view.offset * dims[0].stride, {}};
  for (const Dim& d : view.dims)
    l.dims.push_back(Dim{d.size, dims[0].stride * d.stride});
  return l;
}

bool Lmad::isRowMajor(Prover& prover) const {
  std::vector<Dim> ds = nonUnitDims(dims, prover);
  Expr expected = 1;
  for (size_t k = ds.size(); k-- > 0;) {
    if (!prover.provesEqual(ds[k].stride, expected))
      return false;
    expected = ds[k].size * ds[k].stride;
  }
  return true;
}

bool Lmad::isContiguous(Prover& prover) const {
  // Build the row-major chain from the innermost dimension outwards: at each step some
  // unused dimension must have stride +-expected.
  std::vector<Dim> ds = nonUnitDims(dims, prover);
  std::vector<bool> used(ds.size(), false);
  Expr expected = 1;
  for (size_t step = 0; step < ds.size(); ++step) {
    bool found = false;
    for (size_t k = 0; k < ds.size() && !found; ++k) {
      if (used[k])
        continue;
      Expr magnitude;
      if (prover.provesEqual(ds[k].stride, expected))
        magnitude = ds[k].stride;
      else if (prover.provesEqual(ds[k].stride, -expected))
        magnitude = -ds[k].stride;
      else
        continue;
      used[k] = found = true;
      expected = ds[k].size * magnitude;
    }
    if (!found)
      return false;
  }
  return true;
}

bool Lmad::isRowMajor(const Facts& facts) const {
  Prover prover(facts);
  return isRowMajor(prover);
}

bool Lmad::isContiguous(const Facts& facts) const {
  Prover prover(facts);
  return isContiguous(prover);
}

Lmad Lmad::substitute(const std::map<std::string, Expr>& bindings) const {
  Lmad l{offset.substitute(bindings), {}};
  for (const Dim& d : dims)
    l.dims.push_back(Dim{d.size.substitute(bindings), d.stride.substitute(bindings)});
  return l;
}

std::set<std::string> Lmad::freeVars() const {
  std::set<std::string> out = offset.freeVars();
  for (const Dim& d : dims) {
    out.merge(d.size.freeVars());
    out.merge(d.stride.freeVars());
  }
  return out;
}

std::optional<std::vector<int64_t>>
Lmad::addresses(const std::map<std::string, int64_t>& env) const {
  std::optional<int64_t> base = offset.eval(env);
  if (!base)
    return std::nullopt;
  std::vector<int64_t> sizes, strides;
  for (const Dim& d : dims) {
    std::optional<int64_t> n = d.size.eval(env), s = d.stride.eval(env);
    if (!n || !s || *n < 0)
      return std::nullopt;
    sizes.push_back(*n);
    strides.push_back(*s);
  }
  std::vector<int64_t> out = {*base};
  for (size_t k = 0; k < sizes.size(); ++k) {
    std::vector<int64_t> next;
    next.reserve(out.size() * static_cast<size_t>(sizes[k]));
    for (int64_t a : out)
      for (int64_t i = 0; i < sizes[k]; ++i)
        next.push_back(a + i * strides[k]);
    out = std::move(next);
  }
  return out;
}

std::string Lmad::str() const {
  std::string text = offset.str() + " + {";
  for (size_t k = 0; k < dims.size(); ++k)
    text += (k ? ", (" : "(") + dims[k].size.str() + " : " + dims[k].stride.str() + ")";
  return text + "}";
}

} // namespace fjord::symbolic
