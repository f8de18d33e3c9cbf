// Futhark's data format for values: the text form (`3i64`, `[1f32, 2f32]`,
// `empty([0]i32)`, `true`, `f32.nan`, `-f32.inf`) and the binary form (`b`, version 2,
// rank, 4-character type, u64 dimensions, little-endian payload), mixed freely per value.
// Used for entry-point arguments (`fjord run`, test inputs) and results.
#pragma once
#include "interp/Value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fjord::interp {

/// Reads one value per type in `expected` (the entry point's parameter types; unsuffixed
/// literals take the expected type), then requires the end of input. On failure returns
/// nullopt and sets `error`, which names the value that failed by `what` and its position
/// from 1 ("argument 2: ...").
std::optional<std::vector<Value>> readValues(std::string_view input,
                                             const std::vector<TypeRef>& expected,
                                             std::string& error, std::string_view what = "value");
/// Reads every value in `input` with the default literal types (i32, f64).
std::optional<std::vector<Value>> readAllValues(std::string_view input, std::string& error);

/// The text form, exactly as Futhark prints it. `type` (optional) supplies the element
/// type of empty arrays.
std::string printValue(const Value& v, const TypeRef& type = nullptr);
std::string printPrim(const PrimValue& p);
/// The binary form of a scalar or an array of scalars; `type` gives the element type of
/// empty arrays.
std::string writeBinary(const Value& v, const TypeRef& type = nullptr);

} // namespace fjord::interp
