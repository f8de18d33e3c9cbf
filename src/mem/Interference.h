// Private to mem/ (block merging, MergeBlocks.h): when two memory blocks of one body may
// share memory (thesis ch. 5: interference and size).
#pragma once
#include "symbolic/Prover.h"

#include <cstddef>

namespace fjord::mem {

/// Where a block (its alias class, LastUse.h) is live in a body: from the statement that
/// allocates it to the last statement touching it, or past the body's end when returned.
struct Lifetime {
  size_t first = 0;
  size_t last = 0;
  bool returned = false;
};

/// Two blocks interfere when one is allocated while the other is live: the later one's
/// allocation is at or before the earlier one's last use (a statement that reads the old
/// block and writes the new one, such as a kernel, makes them interfere), or the earlier one
/// is returned and so live to the end.
bool interfere(const Lifetime& a, const Lifetime& b);

/// The lifetime of a block that holds both: from the first allocation to the last use.
Lifetime combine(const Lifetime& a, const Lifetime& b);

/// Whether an allocation of `bytes` fits in a block of `capacity` bytes: provably
/// `bytes <= capacity` under the prover's facts (sizes are never grown).
bool fits(const symbolic::Expr& bytes, const symbolic::Expr& capacity, symbolic::Prover& prover);

} // namespace fjord::mem
