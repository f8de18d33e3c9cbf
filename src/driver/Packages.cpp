// Required packages of futhark.pkg (Packages.h).
#include "driver/Packages.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

namespace fjord::driver {
namespace fs = std::filesystem;

bool checkPackages(const std::string& programPath, DiagnosticEngine& diags) {
  fs::path dir = fs::path(programPath).parent_path();
  fs::path manifest = dir / "futhark.pkg";
  std::ifstream in(manifest);
  if (!in)
    return true;
  std::ostringstream text;
  text << in.rdbuf();
  auto file = std::make_shared<SourceFile>(SourceFile{manifest.string(), text.str(), ""});
  std::istringstream lines(file->text);
  std::string line;
  bool inRequire = false, ok = true;
  for (int lineNo = 1; std::getline(lines, line); ++lineNo) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first.starts_with("--"))
      continue;
    if (first == "require") {
      inRequire = true;
      continue;
    }
    if (first == "}") {
      inRequire = false;
      continue;
    }
    if (!inRequire)
      continue;
    if (fs::is_directory(dir / "lib" / first))
      continue;
    SourceSpan at;
    at.file = file;
    at.line = at.endLine = lineNo;
    at.col = static_cast<int>(line.find(first)) + 1;
    at.endCol = at.col + static_cast<int>(first.size());
    diags.error(at, "required package `" + first + "` is missing: expected its files in `" +
                        (dir / "lib" / first).string() +
                        "` (Fjord does not download packages)");
    ok = false;
  }
  return ok;
}

std::string missingPackageHint(const std::string& importPath) {
  if (!importPath.starts_with("lib/"))
    return "";
  return " (a package's files belong in the `lib/` folder next to the program)";
}

} // namespace fjord::driver
