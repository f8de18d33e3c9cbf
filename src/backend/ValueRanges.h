// What the C printer knows about the integer values of one printed body, so that it can
// print Futhark's wrapping signed arithmetic as plain C operators where C's cannot overflow
// (Note [Wrapping arithmetic]): intervals of values, and which i64 variables hold sizes and
// indices.
#pragma once
#include "imp/Imp.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::backend {

// Note [Wrapping arithmetic]
// Futhark's signed integers wrap around (two's complement); in C, CUDA and OpenCL C a
// signed overflow is undefined behaviour, and optimising compilers use that (a test
// `(x + x) < 3` of a wrapped x came out wrong on PoCL and CUDA). So the printer computes a
// signed i32/i64 `+`, `-`, `*` and negation through the unsigned type, with the runtime's
// fjord_add_i32(x, y), fjord_sub_i64(x, y), fjord_mul_i32(x, y), fjord_neg_i64(x), except
// where it knows that no overflow happens:
// * the interval of the result fits the type (constants, loop counters below bounds of
//   known range, thread and block indices, variables set once from such values, values
//   converted from narrower types, `%` by known divisors, min/max/select of such);
// * the arithmetic is over i64 sizes and indices only (`indexArithmetic`): i64 scalar
//   parameters of kernels and host functions (array sizes, offsets, the host's scalars),
//   loop counters, thread builtins, tuning values, tickets (atomic counters that such values
//   increment) and constants combined by + - * / % min
//   max, >>, &, conversions, warp shuffles, and variables, kernel-local arrays and
//   volatile-read device memory (a look-back's statuses) set only from such
//   expressions (never from other memory or a device read; from themselves only by a step, `g = g + stride`, or by a constant
//   factor below a bound, `while (v < 32 && ...) v = v * 2`, not as in
//   `h = h * 3`). Such values count elements of arrays in memory, far below 2^63: the
//   assumption every GPU index computation makes. It is an assumption: a program whose
//   own i64 arithmetic over indices leaves i64 (`map (\i -> i * i * i * i) (iota n)` for
//   n beyond 2^16) gets C's undefined behaviour there.
// i8/i16 arithmetic is computed by C in `int`, where it cannot overflow, and converted back
// (which wraps). Shifts by the width or more, signed INT_MIN / -1 and its remainder, `**`
// and `abs` follow prim/Eval.cpp through the helpers of CPrinter::helper.

/// An inclusive interval of integer values.
struct Interval {
  int64_t lo, hi;
};

class ValueRanges {
public:
  ValueRanges() = default;
  /// The facts of `body` (a kernel's, or a host or device function's). `indexParams`: the
  /// i64 scalar `params` are sizes and indices (kernels and host functions; not device
  /// functions, whose parameters are the program's values).
  ValueRanges(const imp::Block& body, const std::vector<imp::Param>& params, bool indexParams);

  /// The interval of integer expression `e`'s values (its type's range when unknown).
  Interval range(const imp::Exp& e) const;
  /// Whether `e` (of integer type) provably lies within its type's range when computed
  /// exactly, i.e. C's signed arithmetic on it does not overflow.
  bool fits(const imp::Exp& e) const;
  /// Whether `e` is i64 arithmetic over sizes and indices only (see the Note).
  bool indexArithmetic(const imp::Exp& e) const;
  /// Whether `e` (of any integer type) is computed from sizes and indices only.
  bool indexValue(const imp::Exp& e) const;

private:
  void scan(const imp::Block& b);
  /// The exact interval of `e`, or nullopt when it may leave its type (or is unknown).
  std::optional<Interval> exact(const imp::Exp& e) const;
  bool indexVar(const std::string& name) const { return index_.count(name) != 0; }

  std::map<std::string, Interval> vars_; ///< variables set once, with their interval
  std::set<std::string> index_; ///< variables and memory holding sizes and indices
  std::set<std::string> localArrays_; ///< kernel-local arrays (DeclareArray)
};

} // namespace fjord::backend
