// Decoding of literal tokens: integers (`1_000`, `0xff`, `0b101`, `1i8`), floats (`2.5f32`,
// `1e-3`), characters (`'a'`, `'\n'`) and strings (`"a\tb"`). Pure functions over the token
// text; the AST builder turns their error messages into diagnostics at the token.
#pragma once
#include "syntax/Type.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fjord::syntax {

struct IntLiteral {
  uint64_t value = 0;
  std::optional<PrimType> suffix; ///< `i8` in `1i8`
};

struct FloatLiteral {
  double value = 0;
  std::optional<PrimType> suffix; ///< `f32` in `2.5f32`
};

/// Decodes an integer literal as the lexer accepts it (INTLIT). On failure (more than 64
/// bits) returns nullopt and sets `error`.
std::optional<IntLiteral> decodeInt(std::string_view text, std::string& error);

/// Whether `value` (the literal's magnitude, negated when `negated`) fits in `type`.
/// Signed types accept magnitudes up to 2^(bits-1) when negated (`-128i8`).
bool intFits(uint64_t value, PrimType type, bool negated);

/// Decodes a float literal (FLOATLIT: `1.5`, `1e3`, `2f32`, hexadecimal `0x1.8p3f32`); an overflow to infinity for
/// its suffix type (or f64) is an error.
std::optional<FloatLiteral> decodeFloat(std::string_view text, std::string& error);

/// Decodes a character literal including its quotes; returns the code point.
std::optional<uint32_t> decodeChar(std::string_view text, std::string& error);

/// Decodes a string literal including its quotes; returns its UTF-8 bytes.
std::optional<std::string> decodeString(std::string_view text, std::string& error);

} // namespace fjord::syntax
