// Checked loads: a bounds check in a kernel that protects only the element reads right
// after it makes those reads conditional values instead of a branch around the rest of
// the thread (Note [Checked loads]).
#include "imp/Lowering.h"

#include <algorithm>

namespace fjord::imp::detail {

// Note [Checked loads]
// Internalisation writes `xs[i, j]` as a bounds check followed by one scalar Index per
// leaf of xs (a tuple array has several). Guarding the rest of the thread behind the check
// (Note [Assertions in kernels]) puts every later load of a loop body behind a branch,
// which keeps nvcc from issuing loads early: the triangular matrix-vector product ran
// twice as slowly. When the check is exactly `0 <= i < n` per index of those reads, the
// check only sets the error flag, and each read becomes `ok ? xs[i] : 0`: no access out
// of bounds (a predicated load on the GPU, no branch), and the thread goes on with 0.
// That is safe because every later access has a check of its own over the values it
// depends on, and only plain scalar statements may follow in the block (a later check or
// call could fail too and overwrite the first failure's code); a slice's check (a view whose later reads rely on it), a size check or an
// assertion still guards the statements after it. An index clamped into range instead of
// a conditional value would fault on an empty array, or a view at the end of its block.

namespace {

using K = ir::BasicOp::Kind;

const ir::BasicOp* basicOp(const ir::Stm& s) { return std::get_if<ir::BasicOp>(&s.exp); }

/// The comparisons whose conjunction is `cond`, found among the definitions in
/// `stms[0..end)`; false if `cond` is anything else.
bool conjuncts(const std::vector<ir::Stm>& stms, size_t end, const ir::SubExp& cond,
               std::vector<const ir::BasicOp*>& cmps) {
  if (!cond.isVar())
    return false;
  for (size_t k = end; k-- > 0;) {
    const ir::Stm& s = stms[k];
    if (s.pat.size() != 1 || s.pat[0].name != cond.var())
      continue;
    const ir::BasicOp* op = basicOp(s);
    if (op && op->kind == K::CmpOp) {
      cmps.push_back(op);
      return true;
    }
    return op && op->kind == K::BinOp && op->binOp == BinOpKind::LogAnd &&
           conjuncts(stms, k, op->args.at(0), cmps) && conjuncts(stms, k, op->args.at(1), cmps);
  }
  return false;
}

/// Whether `cmps` are exactly `0 <= i_d` and `i_d < n_d` for the indices `i_d` of `slice`
/// into an array of shape `shape`.
bool checksElement(const std::vector<const ir::BasicOp*>& cmps, const ir::Slice& slice,
                   const ir::Shape& shape) {
  if (cmps.size() != 2 * slice.size() || slice.size() != shape.size())
    return false;
  for (size_t d = 0; d < slice.size(); ++d) {
    const ir::SubExp& i = slice[d].index;
    bool lo = false, hi = false;
    for (const ir::BasicOp* c : cmps) {
      const ir::SubExp &a = c->args.at(0), &b = c->args.at(1);
      lo |= c->cmpOp == CmpOpKind::Le && !a.isVar() && a.constant().i == 0 && b == i;
      hi |= c->cmpOp == CmpOpKind::Lt && a == i && b == shape[d];
    }
    if (!lo || !hi)
      return false;
  }
  return true;
}

} // namespace

size_t KernelLowerer::lowerGroup(const std::vector<ir::Stm>& stms, size_t i, Block& out) {
  const ir::BasicOp* check = basicOp(stms[i]);
  if (!check || check->kind != K::Assert)
    return 0;
  // The scalar reads of one element right after the check.
  size_t reads = 0;
  for (size_t k = i + 1; k < stms.size(); ++k, ++reads) {
    const ir::BasicOp* op = basicOp(stms[k]);
    if (!op || op->kind != K::Index || stms[k].pat.size() != 1 || stms[k].pat[0].type.isArray() ||
        !std::all_of(op->slice.begin(), op->slice.end(), [](const ir::DimIndex& d) { return d.fixed; }) || op->slice != basicOp(stms[i + 1])->slice)
      break;
  }
  std::vector<const ir::BasicOp*> cmps;
  if (reads == 0 || !conjuncts(stms, i, check->args.at(0), cmps))
    return 0;
  // The thread goes on after a failed check here, so nothing after it may fail as well:
  // its code would overwrite this one's, and the host must report the first failure, as
  // the interpreter does. Only plain scalar statements may follow (no check, call or
  // nested body).
  for (size_t k = i + 1 + reads; k < stms.size(); ++k) {
    const ir::BasicOp* op = basicOp(stms[k]);
    if (!op || op->kind == K::Assert)
      return 0;
  }
  for (size_t k = i + 1; k <= i + reads; ++k)
    if (!checksElement(cmps, basicOp(stms[k])->slice, array(basicOp(stms[k])->arr).shape))
      return 0;
  ExpRef ok = subExp(check->args.at(0));
  FJORD_CHECK(ok->type == PrimType::Bool, "a bounds check's condition is not a bool");
  lowerAssert(stms[i], ok, out);
  loadChecks.insert(codeBase + static_cast<int64_t>(errorMessages.size()));
  loadGuard_ = ok;
  for (size_t k = i + 1; k <= i + reads; ++k)
    lowerStm(stms[k], out);
  loadGuard_ = nullptr;
  return 1 + reads;
}

} // namespace fjord::imp::detail
