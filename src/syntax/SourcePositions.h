// Maps the code-point offsets that the ANTLR runtime works in (it decodes UTF-8 into UTF-32)
// back to Fjord's 1-based lines and byte columns (SourceSpan counts columns in bytes).
#pragma once
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace fjord::syntax {

struct LineCol {
  int line = 1;
  int col = 1;
};

class SourcePositions {
public:
  /// Indexes `text`, which must be valid UTF-8 (see findInvalidUtf8).
  explicit SourcePositions(std::string_view text);

  /// The position of code point `index`; the end of the text for any index past it.
  LineCol at(size_t index) const;

private:
  std::vector<LineCol> positions_; ///< one per code point, plus the end of the text
};

/// The byte offset of the first malformed UTF-8 sequence in `text`, if any.
std::optional<size_t> findInvalidUtf8(std::string_view text);

/// The position of byte `offset` in `text`.
LineCol positionOfByte(std::string_view text, size_t offset);

} // namespace fjord::syntax
