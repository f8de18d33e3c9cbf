// The one C-like printer behind every generated file: Imp expressions and the statements
// that host and kernel code share, in a Dialect's spelling. Kernel- and host-only statements
// and the few structural differences between targets are virtual hooks (PrintKernels.cpp,
// PrintHost*.cpp). Output is indented but not yet formatted (Format.h does that).
#pragma once
#include "backend/Dialect.h"
#include "backend/UseAnalysis.h"
#include "backend/ValueRanges.h"
#include "imp/Imp.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace fjord::backend {

/// Small functions that generated code calls (floor division, integer power, CAS-loop
/// atomics, ...). Each is defined once per output file, only if used, in name order.
class Helpers {
public:
  explicit Helpers(const Dialect& defs) : dialect_(defs) {}
  /// Registers helper `name` with definition `def` (idempotent); returns `name`.
  const std::string& use(const std::string& name, const std::string& def);
  /// The definitions of the helpers used, or "" when none.
  std::string definitions() const;
  /// The dialect the definitions are written in.
  const Dialect& dialect() const { return dialect_; }

private:
  const Dialect& dialect_;
  std::map<std::string, std::string> defs_;
};

class CPrinter {
public:
  CPrinter(const Dialect& dialect, Helpers& helpers) : d_(dialect), helpers_(helpers) {}
  virtual ~CPrinter() = default;

  /// An expression. `loose`: a bare literal may stand in for its type here (its value
  /// converts implicitly), else literals are spelled at their exact type.
  std::string exp(const imp::Exp& e, bool loose = true);
  /// An i64 byte count or offset of device memory (an allocation's size, a copy's): sizes of
  /// memory that exists, printed without wrapping helpers (Note [Wrapping arithmetic]).
  std::string memorySize(const imp::Exp& e);
  /// A literal at its exact type.
  std::string literal(const imp::PrimValue& v) { return constant(v, /*loose=*/false); }

  /// Prints `block` (a scope of its own) at the current indentation.
  void block(const imp::Block& block);
  void stm(const imp::Stm& s);
  void line(const std::string& text);
  void comment(const std::string& text);

  /// Scalars declared but never read: their declarations and assignments are dropped.
  void setUses(Uses uses) { uses_ = std::move(uses); }
  const Uses& uses() const { return uses_; }
  /// What is known of the body's integer values (Note [Wrapping arithmetic]).
  void setRanges(ValueRanges ranges) { ranges_ = std::move(ranges); }

  std::string take() { return std::move(out_); }
  std::string& out() { return out_; }
  void indent(int delta) { indent_ += delta; }
  const Dialect& dialect() const { return d_; }
  Helpers& helpers() { return helpers_; }

protected:
  /// Statements only one side has (host memory management and launches; kernel atomics).
  virtual void targetStm(const imp::Stm& s);
  /// f16 memory `mem` as the pointer that loads and stores take (OpenCL: kernel-local
  /// arrays are ushort arrays, see backend/Half.h).
  virtual std::string halfMemory(const std::string& mem);
  /// Tuning parameter reads (host code only).
  virtual std::string tuning(const std::string& name);
  /// Prints `decl` (a DeclareScalar without a value) together with the statement `next`
  /// that sets it, as one declaration, where the target reads better that way; returns
  /// whether it did.
  virtual bool declareWith(const imp::Stm& decl, const imp::Stm& next) {
    (void)decl, (void)next;
    return false;
  }
  /// Prints statements b[i], b[i + 1], ... together where the target has one line for
  /// them; returns how many it printed (0: none).
  virtual size_t printRun(const imp::Block& b, size_t i) {
    (void)b, (void)i;
    return 0;
  }
  /// Threshold comparisons `threshold <= x` (host code only; Note [Thresholds] in ir/IR.h).
  virtual std::string cmpSize(const std::string& name, const std::string& x);
  /// A limit of the context's device (host code only; Note [Device limits] in ir/IR.h).
  virtual std::string deviceLimit(const std::string& name);
  /// Whether the enclosing scopes declare `name`; declares it in the innermost scope.
  bool declared(const std::string& name) const;
  void declare(const std::string& name);
  /// Whether `name` is a scalar whose (dead) declaration was dropped.
  bool dropped(const std::string& name) const { return dropped_.count(name) != 0; }

  /// A math library function over `t` (sqrt, exp, fmin...), as this dialect spells it.
  std::string mathFunction(const std::string& name, PrimType t);

  const Dialect& d_;
  Helpers& helpers_;

private:
  struct Printed {
    std::string text;
    int prec; ///< C precedence: 16 postfix/primary, 15 unary, 13 * ... 4 ||, 3 ?:
    int group; ///< which operator, for -Wparentheses-style extra parentheses
  };
  Printed print(const imp::Exp& e, bool loose);
  Printed binary(const imp::Exp& e);
  Printed unary(const imp::Exp& e);
  std::string constant(const imp::PrimValue& v, bool loose);
  std::string call(const std::string& fn, const std::vector<std::string>& args);
  std::string operand(const imp::Exp& e, int prec, int group, bool right, bool loose);
  std::string helper(const std::string& op, PrimType t);
  /// Whether signed `e` (+ - * or negation) cannot overflow (Note [Wrapping arithmetic]).
  bool noOverflow(const imp::Exp& e) const;
  /// `e`, a shift, where C's and Futhark's meanings may differ (amounts of the width or
  /// more, negative values shifted left): a helper call; else nullopt.
  std::optional<Printed> shiftHelper(const imp::Exp& e);
  /// The definition of the `popc` or `clz` helper `name` over `t`, per dialect.
  std::string bitCountHelper(const std::string& op, PrimType t, const std::string& name);
  /// The helper reinterpreting the bits of `from` (f32/f64 or u32/u64) as the type of the
  /// same width (ir::bitcastType), per dialect; returns its name.
  std::string bitcastHelper(PrimType from);

  std::string out_;
  int indent_ = 0;
  std::vector<std::set<std::string>> scopes_{{}};
  Uses uses_;
  ValueRanges ranges_;
  bool memorySize_ = false; ///< printing a memorySize
  std::map<std::string, int64_t> narrowed_; ///< loop counters printed as int32_t, by bound
  std::set<std::string> dropped_;
};

/// The unsigned integer type of `t`'s width.
PrimType unsignedOf(PrimType t);

/// `text` as a C string literal (with quotes).
std::string stringLiteral(const std::string& text);

} // namespace fjord::backend
