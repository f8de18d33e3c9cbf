// Decoding of literal tokens (see Literals.h).
#include "syntax/Literals.h"

#include <charconv>
#include <cmath>

namespace fjord::syntax {

namespace {

int digitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/// Appends code point `cp` to `out` as UTF-8.
void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// Decodes one UTF-8 code point at `s[i]`, advancing `i`. The input was validated before
/// lexing, so malformed sequences only need to be survived, not diagnosed.
uint32_t nextCodePoint(std::string_view s, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i++]);
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  uint32_t cp = extra == 3 ? (c & 0x07) : extra == 2 ? (c & 0x0F) : extra == 1 ? (c & 0x1F) : c;
  for (int k = 0; k < extra && i < s.size(); ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
  return cp;
}

/// Decodes one character or escape sequence of a char/string literal body at `s[i]`.
std::optional<uint32_t> decodeOne(std::string_view s, size_t& i, std::string& error) {
  if (s[i] != '\\')
    return nextCodePoint(s, i);
  if (i + 1 >= s.size()) {
    error = "unfinished escape sequence";
    return std::nullopt;
  }
  char e = s[i + 1];
  i += 2;
  switch (e) {
  case 'n': return '\n';
  case 't': return '\t';
  case 'r': return '\r';
  case '0': return 0;
  case 'a': return '\a';
  case 'b': return '\b';
  case 'f': return '\f';
  case 'v': return '\v';
  case '\\': return '\\';
  case '\'': return '\'';
  case '"': return '"';
  case 'x':
  case 'u':
  case 'U': {
    size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
    uint32_t cp = 0;
    for (size_t k = 0; k < n; ++k) {
      if (i >= s.size() || digitValue(s[i]) < 0) {
        error = std::string("escape sequence `\\") + e + "` needs " + std::to_string(n) +
                " hexadecimal digits";
        return std::nullopt;
      }
      cp = cp * 16 + static_cast<uint32_t>(digitValue(s[i++]));
    }
    if (cp > 0x10FFFF) {
      error = "escape sequence denotes no Unicode character";
      return std::nullopt;
    }
    return cp;
  }
  default:
    error = std::string("unknown escape sequence `\\") + e + "`";
    return std::nullopt;
  }
}

} // namespace

std::optional<IntLiteral> decodeInt(std::string_view text, std::string& error) {
  IntLiteral lit;
  size_t suffixAt = text.find_first_of("iu");
  if (suffixAt != std::string_view::npos) {
    lit.suffix = primFromName(std::string(text.substr(suffixAt)));
    text = text.substr(0, suffixAt);
  }
  unsigned base = 10;
  if (text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    base = 16;
  if (text.size() > 1 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B'))
    base = 2;
  if (base != 10)
    text = text.substr(2);
  for (char c : text) {
    if (c == '_')
      continue;
    int d = digitValue(c);
    if (d < 0 || static_cast<unsigned>(d) >= base) {
      error = "invalid digit in integer literal";
      return std::nullopt;
    }
    if (lit.value > (UINT64_MAX - static_cast<uint64_t>(d)) / base) {
      error = "integer literal does not fit in 64 bits";
      return std::nullopt;
    }
    lit.value = lit.value * base + static_cast<uint64_t>(d);
  }
  return lit;
}

bool intFits(uint64_t value, PrimType type, bool negated) {
  if (!isInteger(type))
    return true; // an integer literal used as a float: any magnitude is representable
  int bits = primBytes(type) * 8;
  if (isUnsigned(type))
    return !negated && (bits == 64 || value <= (uint64_t(1) << bits) - 1);
  uint64_t maxPositive = (uint64_t(1) << (bits - 1)) - 1;
  return value <= maxPositive + (negated ? 1 : 0);
}

std::optional<FloatLiteral> decodeFloat(std::string_view text, std::string& error) {
  FloatLiteral lit;
  // `0x1.fp3f32`: hexadecimal digits may be `f`, so its suffix is searched after the `p`.
  bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (hex)
    text = text.substr(2);
  size_t suffixAt = text.find('f', hex ? text.find_first_of("pP") : 0);
  if (suffixAt != std::string_view::npos) {
    lit.suffix = primFromName(std::string(text.substr(suffixAt)));
    text = text.substr(0, suffixAt);
  }
  std::string digits;
  for (char c : text)
    if (c != '_')
      digits += c;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), lit.value,
                                   hex ? std::chars_format::hex : std::chars_format::general);
  double limit = lit.suffix == PrimType::F16 ? 65504.0
                 : lit.suffix == PrimType::F32 ? 3.4028234663852886e38
                                               : 1.7976931348623157e308;
  if (ec == std::errc::result_out_of_range || std::fabs(lit.value) > limit) {
    error = std::string("float literal is out of range for ") +
            primName(lit.suffix.value_or(PrimType::F64));
    return std::nullopt;
  }
  if (ec != std::errc() || end != digits.data() + digits.size()) {
    error = "invalid float literal";
    return std::nullopt;
  }
  return lit;
}

std::optional<uint32_t> decodeChar(std::string_view text, std::string& error) {
  if (text.size() < 3 || text.front() != '\'' || text.back() != '\'') {
    error = "invalid character literal";
    return std::nullopt;
  }
  std::string_view body = text.substr(1, text.size() - 2);
  size_t i = 0;
  std::optional<uint32_t> cp = decodeOne(body, i, error);
  if (cp && i != body.size()) {
    error = "character literal holds more than one character";
    return std::nullopt;
  }
  return cp;
}

std::optional<std::string> decodeString(std::string_view text, std::string& error) {
  if (text.size() < 2 || text.front() != '"' || text.back() != '"') {
    error = "invalid string literal";
    return std::nullopt;
  }
  std::string_view body = text.substr(1, text.size() - 2);
  std::string out;
  for (size_t i = 0; i < body.size();) {
    std::optional<uint32_t> cp = decodeOne(body, i, error);
    if (!cp)
      return std::nullopt;
    appendUtf8(out, *cp);
  }
  return out;
}

} // namespace fjord::syntax
