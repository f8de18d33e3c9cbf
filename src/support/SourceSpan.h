// Source locations. Every AST node and IR statement carries the span of the source text
// it came from, so diagnostics and generated-code comments can cite it.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace fjord {

/// One source file's text, shared by every span that points into it.
struct SourceFile {
  std::string path; ///< as given on the command line, or "prelude/<name>" for the prelude
  std::string text;
  /// The path generated code cites: relative to the program's directory or --source-root,
  /// so output does not depend on where the compiler ran ("": `path`).
  std::string cited;

  const std::string& citedPath() const { return cited.empty() ? path : cited; }

  /// The 1-based line `line` without its newline ("" when out of range).
  std::string lineText(int line) const;
};
using SourceFileRef = std::shared_ptr<const SourceFile>;

/// A half-open region [begin, end) of one file; lines and columns are 1-based,
/// columns count bytes. A default span is "unknown".
struct SourceSpan {
  SourceFileRef file;
  int line = 0, col = 0;       ///< first character
  int endLine = 0, endCol = 0; ///< one past the last character

  bool known() const { return file && line > 0; }
  /// "file:line:col", or "<unknown>".
  std::string str() const;
  /// The same with the file's cited path (SourceFile::cited), for generated code.
  std::string citedStr() const;
  /// The smallest span covering both.
  static SourceSpan join(const SourceSpan& a, const SourceSpan& b);
};

} // namespace fjord
