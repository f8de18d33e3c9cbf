// Scalar ("primitive") types of the language, shared by every stage from the source types
// (syntax/Type.h) to the C the backend prints: their names, classes and sizes.
#pragma once
#include <optional>
#include <string>

namespace fjord {

/// Scalar ("primitive") types.
enum class PrimType { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64 };

/// "i32", "f64", "bool", ...
const char* primName(PrimType t);
/// The inverse of primName; nullopt for anything else.
std::optional<PrimType> primFromName(const std::string& name);
bool isSigned(PrimType t);
bool isUnsigned(PrimType t);
bool isInteger(PrimType t); ///< signed or unsigned
bool isFloat(PrimType t);
/// Size in bytes (bool is 1).
int primBytes(PrimType t);

} // namespace fjord
