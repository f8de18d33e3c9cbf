// The subcommands that compile, check and print programs (`cuda`, `opencl`, `check`, `dev`).
// `run` is in RunCommand.cpp; `test` is in the testing library (testing/TestRunner.h).
#include "driver/Commands.h"
#include "driver/PassTable.h"
#include "driver/Pipeline.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>

namespace fjord::driver {
namespace fs = std::filesystem;

namespace {

int reportFailure(const DiagnosticEngine& diags, const DiagnosticOptions& diag) {
  std::cerr << render(diags, diag);
  return 1;
}

/// A .gitattributes already in the output directory (the user's, or ours from a previous
/// run) keeps its lines; those of `generated` it lacks are appended.
std::string mergedAttributes(const fs::path& path, const std::string& generated) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return generated;
  std::ostringstream existing;
  existing << in.rdbuf();
  std::string text = existing.str();
  std::set<std::string> lines;
  std::istringstream old(text);
  for (std::string line; std::getline(old, line);)
    lines.insert(line);
  if (!text.empty() && text.back() != '\n')
    text += '\n';
  std::istringstream add(generated);
  for (std::string line; std::getline(add, line);)
    if (!lines.count(line))
      text += line + '\n';
  return text;
}

/// `path` escaped for a Makefile-style dependency file (spaces, `#`, `$`).
std::string depEscaped(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#')
      out += '\\';
    if (c == '$')
      out += '$';
    out += c;
  }
  return out;
}

bool writeDepFile(const std::string& depFile, const std::string& target,
                  const std::vector<std::string>& sources) {
  std::ofstream out(depFile, std::ios::binary);
  out << depEscaped(target) << ":";
  for (const std::string& source : sources)
    out << " \\\n  " << depEscaped(source);
  out << "\n";
  if (!out)
    std::cerr << "fjord: error: cannot write " << depFile << "\n";
  return static_cast<bool>(out);
}

std::string readOrEmpty(const fs::path& path, bool& exists) {
  std::ifstream in(path, std::ios::binary);
  exists = static_cast<bool>(in);
  std::ostringstream text;
  if (in)
    text << in.rdbuf();
  return text.str();
}

/// `--check-up-to-date DIR`: every generated file must be in DIR with the same contents
/// (.gitattributes: with our lines among its own). Lists each stale or missing file.
int checkUpToDate(const std::vector<std::pair<std::string, std::string>>& files,
                  const CodegenArgs& args, bool cuda) {
  int stale = 0;
  for (const auto& [name, contents] : files) {
    fs::path path = fs::path(args.checkDir) / name;
    bool exists = false;
    std::string text = readOrEmpty(path, exists);
    bool same = name == ".gitattributes" ? exists && mergedAttributes(path, contents) == text
                                         : exists && text == contents;
    if (!same) {
      std::cerr << "fjord: error: " << path.generic_string()
                << (exists ? " is out of date" : " is missing") << "\n";
      ++stale;
    }
  }
  if (stale)
    std::cerr << "regenerate with: fjord " << (cuda ? "cuda " : "opencl ") << args.file
              << " -o " << args.checkDir << (args.prefix.empty() ? "" : " --prefix " + args.prefix)
              << "\n";
  return stale ? 1 : 0;
}

} // namespace

int cmdCheck(const std::string& file, const DiagnosticOptions& diag) {
  DiagnosticEngine diags;
  auto prog = loadProgram(file, diags);
  applyWarningPolicy(diags, diag.warnings);
  std::cerr << render(diags, diag);
  return prog && !diags.hasErrors() ? 0 : 1;
}

int cmdDevPrint(const std::string& file, const std::string& stage, const DiagnosticOptions& diag) {
  DiagnosticEngine diags;
  if (file.empty() || stage.empty()) {
    std::cerr << "fjord: error: `fjord dev` needs a file and --print=STAGE-OR-PASS, or --passes\n";
    return 1;
  }
  if (!checkStopName(stage, diags))
    return reportFailure(diags, diag);
  auto prog = loadProgram(file, diags);
  applyWarningPolicy(diags, diag.warnings);
  if (!prog || diags.hasErrors())
    return reportFailure(diags, diag);
  auto text = printStage(*prog, stage, diags);
  applyWarningPolicy(diags, diag.warnings);
  if (!text || diags.hasErrors())
    return reportFailure(diags, diag);
  std::cerr << render(diags, diag); // warnings, if any
  std::cout << *text;
  return 0;
}

int cmdDevPasses() {
  std::cout << describePasses();
  return 0;
}

int cmdCodegen(const CodegenArgs& args, bool cuda, const DiagnosticOptions& diag) {
  DiagnosticEngine diags;
  auto prog = loadProgram(args.file, diags, args.sourceRoot);
  applyWarningPolicy(diags, diag.warnings);
  if (!prog || diags.hasErrors())
    return reportFailure(diags, diag);
  CompileOptions opts;
  opts.backend = cuda ? Backend::Cuda : Backend::OpenCL;
  opts.prefix = args.prefix;
  opts.executable = args.executable;
  opts.tuningFile = args.tuningFile;
  auto files = compile(*prog, opts, diags);
  applyWarningPolicy(diags, diag.warnings);
  if (!files || diags.hasErrors())
    return reportFailure(diags, diag);
  if (!args.checkDir.empty()) {
    std::cerr << render(diags, diag); // warnings, if any
    return checkUpToDate(*files, args, cuda);
  }
  std::error_code ec;
  fs::create_directories(args.outDir, ec);
  if (ec) {
    std::cerr << "fjord: error: cannot create directory " << args.outDir << ": " << ec.message()
              << "\n";
    return 1;
  }
  for (const auto& [name, contents] : *files) {
    fs::path path = fs::path(args.outDir) / name;
    std::string text = name == ".gitattributes" ? mergedAttributes(path, contents) : contents;
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "fjord: error: cannot write " << path.string() << "\n";
      return 1;
    }
  }
  if (!args.depFile.empty()) {
    std::string kernels = cuda ? ".cu" : ".cl";
    for (const auto& [name, contents] : *files)
      if (fs::path(name).extension() == kernels &&
          !writeDepFile(args.depFile, (fs::path(args.outDir) / name).generic_string(),
                        sourceFiles(*prog)))
        return 1;
  }
  std::cerr << render(diags, diag); // warnings, if any
  return 0;
}

} // namespace fjord::driver
