// The result types of IR expressions, computed from their operands. Used by the verifier to
// check patterns, and by builders (internalise/, opt/) to type the statements they create.
#pragma once
#include "ir/IR.h"

#include <map>
#include <vector>

namespace fjord::ir {

/// The types of the variables in scope.
using TypeEnv = std::map<VName, Type>;

/// The type of an operand; throws InternalError for a variable not in `env`.
Type subExpType(const SubExp& se, const TypeEnv& env);

/// The result types of a basic op (empty for Assert). `Call` returns `type`, except the
/// predicates `isnan`, `isinf` and `signbit`, which return bool, and the bit counts
/// `popc` and `clz`, which return i32, and the bit casts `to_bits` and `from_bits`, which
/// return `bitcastType(type)`.
std::vector<Type> basicOpTypes(const BasicOp& op, const TypeEnv& env);

/// The type with the same bits as `t`: the unsigned integer of a float's width, and the
/// float of an unsigned integer's width (u16 <-> f16, u32 <-> f32, u64 <-> f64).
PrimType bitcastType(PrimType t);

/// The zero of a scalar type (`false` for bool): the contents of arrays that are never read
/// or are overwritten, e.g. scatter destinations and empty chunks.
PrimValue zeroOf(PrimType t);

/// The result types of a SOAC, in pattern order (see each SOAC's comment in IR.h).
std::vector<Type> soacTypes(const Soac& soac, const TypeEnv& env);

/// The result types of a SegOp: map results get the whole space as leading dims; reduced
/// results get the space without its innermost dim; scanned results the whole space.
std::vector<Type> segOpTypes(const SegOp& op, const TypeEnv& env);

/// The result types of any expression.
std::vector<Type> expTypes(const Exp& exp, const TypeEnv& env);

/// The types a lambda's parameters must have to be applied to one row of each array.
std::vector<Type> rowTypes(const std::vector<VName>& arrays, const TypeEnv& env);

/// `t` with the outer dimension `w` added (`[w]t`).
Type arrayOf(const Type& t, const SubExp& w);

/// Whether `exp` or anything nested in it is an `assert` (so it may fail at run time and
/// must not be removed or moved across a guard).
bool mayFail(const Exp& exp);
/// Whether some statement of `b` may fail (see above).
bool mayFail(const Body& b);

/// How many values a list of operators combines (the sum of their neutral elements).
size_t operandCount(const std::vector<RedOp>& ops);

/// `ts` with each size variable that `sub` maps replaced by its image: relates the types
/// of an `if` or loop with existential sizes to its branches, initial values and pattern
/// (Note [Existential sizes in the IR] in internalise/InternaliseExistential.cpp).
std::vector<Type> substituteSizes(std::vector<Type> ts, const std::map<VName, SubExp>& sub);

} // namespace fjord::ir
