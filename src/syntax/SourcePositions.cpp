// Code-point offsets to lines and byte columns (see SourcePositions.h).
#include "syntax/SourcePositions.h"

namespace fjord::syntax {

namespace {

/// The length of the UTF-8 sequence starting with `lead`, or 0 if `lead` cannot start one.
size_t sequenceLength(unsigned char lead) {
  if (lead < 0x80)
    return 1;
  if (lead >= 0xC2 && lead <= 0xDF)
    return 2;
  if (lead >= 0xE0 && lead <= 0xEF)
    return 3;
  if (lead >= 0xF0 && lead <= 0xF4)
    return 4;
  return 0;
}

} // namespace

SourcePositions::SourcePositions(std::string_view text) {
  LineCol pos;
  for (size_t i = 0; i < text.size();) {
    positions_.push_back(pos);
    size_t n = sequenceLength(static_cast<unsigned char>(text[i]));
    n = n == 0 ? 1 : n;
    if (text[i] == '\n') {
      ++pos.line;
      pos.col = 1;
    } else {
      pos.col += static_cast<int>(n);
    }
    i += n;
  }
  positions_.push_back(pos);
}

LineCol SourcePositions::at(size_t index) const {
  return index < positions_.size() ? positions_[index] : positions_.back();
}

std::optional<size_t> findInvalidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    auto lead = static_cast<unsigned char>(text[i]);
    size_t n = sequenceLength(lead);
    if (n == 0 || i + n > text.size())
      return i;
    for (size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
        return i;
    // Overlong three- and four-byte forms, surrogates and code points past U+10FFFF.
    auto second = static_cast<unsigned char>(n > 1 ? text[i + 1] : 0);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0) ||
        (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90))
      return i;
    i += n;
  }
  return std::nullopt;
}

LineCol positionOfByte(std::string_view text, size_t offset) {
  LineCol pos;
  for (size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++pos.line;
      pos.col = 1;
    } else {
      ++pos.col;
    }
  }
  return pos;
}

} // namespace fjord::syntax
