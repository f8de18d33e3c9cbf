// Loading the user's file and the files it imports, in dependency order (LoadFiles.h).
#include "driver/LoadFiles.h"

#include "syntax/Parse.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace fjord::driver {
namespace fs = std::filesystem;

namespace {

class FileLoader {
public:
  FileLoader(std::vector<ast::Program>& files, DiagnosticEngine& diags)
      : files_(files), diags_(diags) {}

  /// Loads the file `path` with `text` after the files it imports; false on errors.
  bool load(const std::string& path, const std::string& text) {
    std::string key = identity(path);
    state_[key] = State::Loading;
    stack_.push_back(path);
    auto parsed = parseProgram(std::make_shared<SourceFile>(SourceFile{path, text}), diags_);
    bool ok = parsed.has_value();
    if (ok)
      for (ast::DeclPtr& d : parsed->decls)
        ok = loadImportsOf(*d, path) && ok;
    stack_.pop_back();
    state_[key] = State::Loaded;
    loadedPath_[key] = path;
    if (ok)
      files_.push_back(std::move(*parsed));
    return ok;
  }

private:
  enum class State { Loading, Loaded };

  /// The key that identifies a file however it is spelled.
  static std::string identity(const std::string& path) {
    std::error_code ec;
    fs::path canonical = fs::weakly_canonical(path, ec);
    return ec ? fs::path(path).lexically_normal().string() : canonical.string();
  }

  /// Loads what `d` imports (if anything) and records where it was loaded from.
  bool loadImportsOf(ast::Decl& d, const std::string& importer) {
    if (d.kind == ast::Decl::Kind::Local && d.inner)
      return loadImportsOf(*d.inner, importer);
    bool imports = d.kind == ast::Decl::Kind::Import ||
                   (d.kind == ast::Decl::Kind::Open && !d.path.empty());
    if (!imports)
      return true;
    std::string path =
        (fs::path(importer).parent_path() / (d.path + ".fut")).lexically_normal().string();
    std::string key = identity(path);
    if (auto it = state_.find(key); it != state_.end()) {
      if (it->second == State::Loading)
        return reportCycle(d, path);
      d.resolvedPath = loadedPath_.at(key);
      return true;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in || fs::is_directory(path)) {
      diags_.error(d.span, "cannot read `" + path + "`, imported here as \"" + d.path + "\"");
      return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    d.resolvedPath = path;
    return load(path, text.str());
  }

  bool reportCycle(const ast::Decl& d, const std::string& path) {
    std::string key = identity(path);
    std::string chain;
    bool inCycle = false;
    for (const std::string& p : stack_) {
      inCycle = inCycle || identity(p) == key;
      if (inCycle)
        chain += p + " -> ";
    }
    diags_.error(d.span, "import cycle: " + chain + path);
    return false;
  }

  std::vector<ast::Program>& files_;
  DiagnosticEngine& diags_;
  std::map<std::string, State> state_;
  std::map<std::string, std::string> loadedPath_; ///< identity -> the path it was loaded as
  std::vector<std::string> stack_;                ///< files being loaded, outermost first
};

} // namespace

bool loadUserFiles(const std::string& path, const std::string& text,
                   std::vector<ast::Program>& files, DiagnosticEngine& diags) {
  return FileLoader(files, diags).load(path, text);
}

} // namespace fjord::driver
