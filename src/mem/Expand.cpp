// The layout of expanded kernel memory (see Expand.h, Note [Memory expansion]).
#include "mem/Expand.h"

namespace fjord::mem {

symbolic::Lmad expandedLmad(const std::vector<symbolic::Expr>& shape,
                            const symbolic::Expr& point, const symbolic::Expr& points) {
  symbolic::Lmad perPoint = symbolic::Lmad::rowMajor(0, shape);
  symbolic::Lmad out{point, {}};
  for (const symbolic::Dim& d : perPoint.dims)
    out.dims.push_back(symbolic::Dim{d.size, points * d.stride});
  return out;
}

symbolic::Lmad rowAt(const symbolic::Lmad& lmad, const symbolic::Expr& i) {
  return lmad.fix(i);
}

} // namespace fjord::mem
