// The opaque types of the C API: declarations for prog.h and their implementation in the
// host code (PrintOpaque.cpp).
#pragma once
#include "backend/Api.h"

#include <string>
#include <vector>

namespace fjord::backend {

/// prog.h: the struct declaration and functions of opaque type `o`, documented.
std::string printOpaqueDecls(const OpaqueType& o, const std::string& prefix);
/// Host code: the struct holding a value of `o` (its leaves).
std::string printOpaqueStruct(const OpaqueType& o, const std::string& prefix);
/// Host code: the C API functions of `o`.
std::string printOpaqueFunctions(const OpaqueType& o, const std::string& prefix);
/// Host code: `static int <prefix>_copy_<elem>_<rank>d(ctx, dst, src)`.
std::string printArrayCopy(const ArrayType& a, const std::string& prefix);
/// The array types that leaves of `types` have (each needs printArrayCopy).
std::vector<ArrayType> opaqueArrayTypes(const std::vector<OpaqueType>& types);

} // namespace fjord::backend
