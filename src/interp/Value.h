// Run-time values of the reference interpreter: scalars of every primitive type, arrays
// (shape + flat row-major storage of non-array elements), tuples, records, values of sum
// types (a constructor with its payload), functions and accumulators.
// Values are immutable; copies share their storage. The one exception is an accumulator: its
// array is updated in place by `acc_write`, which is safe because the type checker lets a
// program use an accumulator no more after it is consumed.
#pragma once
#include "prim/PrimValue.h"
#include "syntax/Type.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fjord::interp {

/// A scalar. Integers keep their bits truncated to the type's width (zero-extended in
/// `bits`); floats keep a double that is exactly representable in their type. Operations on
/// them are prim/Eval.h's, on the equal fjord::PrimValue (toPrim, fromPrim).
struct PrimValue {
  PrimType type = PrimType::I32;
  uint64_t bits = 0;
  double f = 0;

  static PrimValue integer(PrimType t, uint64_t bits); ///< wraps to t's width
  static PrimValue floating(PrimType t, double v);     ///< rounds to t's precision
  static PrimValue boolean(bool b);
  /// Any primitive from a (signed) integer or double, converting as `__convert` does.
  static PrimValue fromInt(PrimType t, int64_t v);
  static PrimValue fromDouble(PrimType t, double v);

  int64_t asSigned() const;   ///< integers, sign-extended by type (unsigned: as is)
  uint64_t asUnsigned() const;
  double asDouble() const;    ///< any numeric type, as a double
  bool asBool() const { return bits != 0; }
  bool operator==(const PrimValue& o) const;

  fjord::PrimValue toPrim() const;
  static PrimValue fromPrim(const fjord::PrimValue& v);
};

struct Closure; // interp/Eval.h
struct AccState;

class Value {
public:
  enum class Kind { Prim, Array, Tuple, Record, Sum, Function, Acc };

  Value() : Value(PrimValue{}) {}
  Value(PrimValue p) : kind_(Kind::Prim), prim_(p) {}
  static Value array(std::vector<int64_t> shape, std::vector<Value> elems);
  static Value tuple(std::vector<Value> elems);
  /// Fields in any order; stored sorted by name.
  static Value record(std::vector<std::pair<std::string, Value>> fields);
  static Value function(std::shared_ptr<const Closure> fn);
  /// An accumulator over the array rows in `state`.
  static Value accumulator(std::shared_ptr<AccState> state);
  /// `#name payload...` of a sum type.
  static Value constructor(std::string name, std::vector<Value> payload);
  /// Stacks equally shaped rows into an array; `rowShape` gives the row shape when there
  /// are no rows. Returns false (leaving `out` alone) for rows of different shapes.
  static bool fromRows(const std::vector<Value>& rows, const std::vector<int64_t>& rowShape,
                       Value& out);

  Kind kind() const { return kind_; }
  const PrimValue& prim() const { return prim_; }
  /// Array: the shape; elements (flat, row-major, never arrays).
  const std::vector<int64_t>& shape() const { return shape_; }
  const std::vector<Value>& elems() const { return *elems_; }
  int64_t rows() const { return shape_.empty() ? 0 : shape_[0]; }
  int64_t rowSize() const; ///< number of elements in one row
  Value row(int64_t i) const;
  /// Tuple and record components (records: sorted by field name); a constructor's payload.
  const std::vector<Value>& components() const { return *elems_; }
  const std::vector<std::string>& fieldNames() const { return *names_; }
  const Value* field(const std::string& name) const;
  /// Sum: the constructor's name (without `#`); its payload is `components()`.
  const std::string& constructorName() const { return (*names_)[0]; }
  const Closure& closure() const { return *fn_; }
  std::shared_ptr<const Closure> closurePtr() const { return fn_; }
  AccState& acc() const { return *acc_; }

  /// Structural equality (functions are never equal).
  bool operator==(const Value& o) const;

private:
  Kind kind_;
  PrimValue prim_;
  std::vector<int64_t> shape_;
  std::shared_ptr<const std::vector<Value>> elems_;
  std::shared_ptr<const std::vector<std::string>> names_;
  std::shared_ptr<const Closure> fn_;
  std::shared_ptr<AccState> acc_;
};

/// What an accumulator updates: the rows of the destination array (a copy), and for a
/// histogram (`hist_stream`) the operator that combines a written value with a row.
struct AccState {
  std::vector<Value> rows;
  std::optional<Value> op;
};

} // namespace fjord::interp
