// The names the checker knows without a definition:
//  - intrinsics (`__map`, `__reduce`, `__lowest`, ...): built-in polymorphic functions and
//    constants that only the prelude may name; the interpreter implements them and the
//    internaliser maps them to IR constructs;
//  - numeric namespaces (`i32.lowest`, `f32.sqrt`, `f64.i64`, `i32.sum`, ...): built in,
//    populated from one table per family of types (integers, floats, all numbers). Each
//    member resolves to an intrinsic or a generic prelude definition, instantiated at the
//    member's type;
//  - `intrinsics.acc t` (the accumulator type) and the accumulator operations of Futhark's
//    `intrinsics` namespace, which programs may name directly.
#pragma once
#include "syntax/Type.h"

#include <optional>
#include <string>
#include <vector>

namespace fjord::sema {

/// The polymorphic type of an intrinsic, with its type variables; nullopt if unknown.
struct IntrinsicType {
  TypeRef type;
  std::vector<std::string> typeVars;
};
std::optional<IntrinsicType> intrinsicType(const std::string& name);

/// A member of a numeric namespace, e.g. `f32.sqrt`: resolves to `target` (an intrinsic
/// `__sqrt` or a prelude definition such as `__num_sum`) at type `type`.
struct NamespaceMember {
  std::string target;
  TypeRef type;
};
/// Looks up `ns.member` where `ns` names a numeric primitive type.
std::optional<NamespaceMember> namespaceMember(PrimType ns, const std::string& member);
/// Every member name of the namespace `ns` (for "did you mean" suggestions).
std::vector<std::string> namespaceMemberNames(PrimType ns);
/// "bool", "i8", ..., "f64": every primitive type's name.
std::vector<std::string> primTypeNames();

/// Futhark's `intrinsics.NAME` names that programs may use directly: the accumulator
/// operations (`intrinsics.scatter_stream`, `intrinsics.hist_stream`, `intrinsics.acc_write`),
/// as the intrinsic `__NAME`; nullopt for other names.
std::optional<std::string> publicIntrinsic(const std::string& name);

/// Parses a signature in source syntax over primitive types and single-identifier type
/// variables, e.g. "(a -> b) -> []a -> []b" or "[](a, b) -> ([]a, []b)". Internal use:
/// the tables are written this way for readability.
TypeRef parseSignature(const std::string& sig, std::vector<std::string>* typeVars = nullptr);

} // namespace fjord::sema
