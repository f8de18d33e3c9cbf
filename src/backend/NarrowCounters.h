// Loop counters printed as int32_t (issue #17: `int32_t` for indices whose range is known to
// fit). A counter of `for (q = 0; q < c; ++q)` with a constant bound c is narrowed when
// every expression of the loop that C would then compute in `int` (the counter, the
// counters of enclosing narrowed loops and bare literals, combined by + - * / % << >> and
// `?:`) provably stays within int32; anything else over the counter keeps it int64_t.
// C converts the counter to int64_t wherever it meets a 64-bit operand, so values are the
// same as before.
#pragma once
#include "imp/Imp.h"

#include <cstdint>
#include <map>
#include <string>

namespace fjord::backend {

/// The largest constant bound of a narrowed counter.
constexpr int64_t kMaxNarrowBound = int64_t{1} << 16;

/// Whether the counter of `loop` (a For statement) may be printed as int32_t, given the
/// counters already narrowed around it (name -> bound).
bool narrowCounter(const imp::Stm& loop, const std::map<std::string, int64_t>& narrowed);

} // namespace fjord::backend
