// Interference of block lifetimes and the size condition of merging (see Interference.h).
#include "mem/Interference.h"

#include <algorithm>

namespace fjord::mem {

bool interfere(const Lifetime& a, const Lifetime& b) {
  const Lifetime& early = a.first <= b.first ? a : b;
  const Lifetime& late = a.first <= b.first ? b : a;
  return early.returned || early.last >= late.first;
}

Lifetime combine(const Lifetime& a, const Lifetime& b) {
  return Lifetime{std::min(a.first, b.first), std::max(a.last, b.last), a.returned || b.returned};
}

bool fits(const symbolic::Expr& bytes, const symbolic::Expr& capacity, symbolic::Prover& prover) {
  return bytes == capacity || prover.provesLessEqual(bytes, capacity);
}

} // namespace fjord::mem
