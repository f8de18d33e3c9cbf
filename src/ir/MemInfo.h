// The memory annotation of an array after mem/ (FUNMEM, IFL'22): the array lives in memory
// block `block` and element (i1, ..., iq) is at `lmad.apply(i1, ..., iq)` elements from the
// block's start. Printed `@block_7 -> off + {(n : s), ...}`.
#pragma once
#include "ir/IR.h"
#include "symbolic/Lmad.h"

namespace fjord::ir {

struct MemInfo {
  VName block;
  symbolic::Lmad lmad;
};

} // namespace fjord::ir
