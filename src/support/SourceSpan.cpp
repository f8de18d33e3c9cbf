// Source lines by number, spans as `file:line:col`, and the span covering two spans (see
// SourceSpan.h).
#include "support/SourceSpan.h"

namespace fjord {

std::string SourceFile::lineText(int line) const {
  if (line < 1)
    return "";
  size_t pos = 0;
  for (int l = 1; l < line; ++l) {
    pos = text.find('\n', pos);
    if (pos == std::string::npos)
      return "";
    ++pos;
  }
  size_t end = text.find('\n', pos);
  return text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

std::string SourceSpan::str() const {
  if (!known())
    return "<unknown>";
  return file->path + ":" + std::to_string(line) + ":" + std::to_string(col);
}

std::string SourceSpan::citedStr() const {
  if (!known())
    return "<unknown>";
  return file->citedPath() + ":" + std::to_string(line) + ":" + std::to_string(col);
}

SourceSpan SourceSpan::join(const SourceSpan& a, const SourceSpan& b) {
  if (!a.known())
    return b;
  if (!b.known())
    return a;
  SourceSpan r = a;
  if (b.line < r.line || (b.line == r.line && b.col < r.col)) {
    r.line = b.line;
    r.col = b.col;
  }
  if (b.endLine > r.endLine || (b.endLine == r.endLine && b.endCol > r.endCol)) {
    r.endLine = b.endLine;
    r.endCol = b.endCol;
  }
  return r;
}

} // namespace fjord
