// `fjord bench --export DIR` (testing/BenchExport.h): the generated CUDA of each program and
// a manifest.json of its datasets, read by scripts/bench_gpu.py on the GPU machine.
#include "testing/BenchExport.h"

#include "driver/Pipeline.h"
#include "testing/Process.h"
#include "testing/TestData.h"
#include "interp/DataFormat.h"
#include "interp/Interpreter.h"
#include "sema/Check.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <sstream>

namespace fjord::testing {
namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

// The compiler, as the driver exposes it (driver/Pipeline.h).
using driver::Backend;
using driver::checkedOf;
using driver::CheckedProgram;
using driver::CheckedProgramPtr;
using driver::compile;
using driver::CompileOptions;
using driver::loadProgram;

namespace {

/// The program's path as given, as one folder name (`benchmarks/map.fut` ->
/// `benchmarks_map.fut`).
std::string folderName(const fs::path& file) {
  std::string s = file.lexically_normal().string();
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-')
      c = '_';
  return s;
}

/// How a dataset's input travels.
enum class InputExport { Written, Described, TooLarge, Failed };

struct Exporter {
  const BenchArgs& args;
  fs::path root;
  Json programs = Json::array();
  Json leftOut = Json::array(); ///< datasets not exported, with the reason
  int failures = 0;

  void program(const fs::path& file);

private:
  std::optional<Json> dataset(const fs::path& file, const CheckedProgram& prog,
                              const fs::path& folder, const TestCase& c,
                              const std::string& entry, const std::string& name);
  /// Writes the case's input as `<line>.in` when it is at most exportMaxBytes; a larger
  /// random input is Described (types and seed), another is TooLarge; Failed with the reason
  /// in `why`.
  InputExport writeInput(const fs::path& file, const fs::path& folder, const TestCase& c,
                         std::string& input, std::string& why);
  void fail(const std::string& what, const std::string& error) {
    ++failures;
    std::cout << what << ": " << error << "\n";
  }
};

InputExport Exporter::writeInput(const fs::path& file, const fs::path& folder,
                                 const TestCase& c, std::string& input, std::string& why) {
  if (c.randomInput) {
    auto bytes = randomInputBytes(*c.randomInput, why);
    if (!bytes)
      return InputExport::Failed;
    if (*bytes > args.exportMaxBytes)
      return InputExport::Described;
  }
  auto data = caseInput(c, file, why);
  if (!data)
    return InputExport::Failed;
  if (data->size() > args.exportMaxBytes) {
    why = "input of " + std::to_string(data->size()) + " bytes (--export-max-bytes)";
    return InputExport::TooLarge;
  }
  input = std::move(*data);
  fs::path path = root / folder / (std::to_string(c.line) + ".in");
  if (!fs::exists(path) && !writeWholeFile(path.string(), input)) { // shared by the entries
    why = "cannot write " + path.string();
    return InputExport::Failed;
  }
  return InputExport::Written;
}

std::optional<Json> Exporter::dataset(const fs::path& file, const CheckedProgram& prog,
                                      const fs::path& folder, const TestCase& c,
                                      const std::string& entry, const std::string& name) {
  std::string where = file.string() + ":" + std::to_string(c.line) + " (" + entry + ")";
  Json d = {{"key", file.string() + ":" + entry}, {"entry", entry}, {"name", name},
            {"line", c.line}};
  std::string input, why;
  InputExport how = writeInput(file, folder, c, input, why);
  if (how == InputExport::TooLarge) {
    leftOut.push_back(where + ": " + why);
    return std::nullopt;
  }
  if (how == InputExport::Failed) {
    fail(where, why);
    return std::nullopt;
  }
  if (how == InputExport::Written) {
    d["input"] = std::to_string(c.line) + ".in";
  } else {
    std::istringstream types(*c.randomInput);
    std::string list; // the types, one space between each
    for (std::string t; types >> t;)
      list += (list.empty() ? "" : " ") + t;
    d["random"] = list;
    d["seed"] = randomInputSeed(c);
  }
  d["expected"] = nullptr;
  if (!c.output && !c.autoOutput)
    return d;
  if (how == InputExport::Described) {
    d["unchecked"] = "the GPU machine draws its own random values";
    return d;
  }
  std::string error;
  const ast::Decl* decl = checkedOf(prog).findEntry(entry);
  auto types = interp::entryResultTypes(*decl);
  auto expected = c.output ? interp::readValues(*c.output, types, error)
                           : interpretEntry(prog, entry, input, error);
  if (!expected) {
    fail(where, "no expected values: " + error);
    return std::nullopt;
  }
  std::string text;
  for (size_t i = 0; i < expected->size(); ++i)
    text += interp::printValue((*expected)[i], i < types.size() ? types[i] : nullptr) + "\n";
  if (text.size() > args.exportMaxBytes) {
    d["unchecked"] = "expected output of " + std::to_string(text.size()) + " bytes";
    return d;
  }
  std::string expectedFile = std::to_string(c.line) + "_" + entry + ".expected";
  if (!writeWholeFile((root / folder / expectedFile).string(), text)) {
    fail(where, "cannot write " + expectedFile);
    return std::nullopt;
  }
  d["expected"] = expectedFile;
  return d;
}

void Exporter::program(const fs::path& file) {
  std::string specError;
  auto spec = parseTestSpec(readWholeFile(file.string()), specError);
  if (!spec) {
    if (!specError.empty())
      fail(file.string(), "bad test block: " + specError);
    return;
  }
  for (const std::string& tag : spec->tags)
    if (std::find(args.excludeTags.begin(), args.excludeTags.end(), tag) != args.excludeTags.end())
      return;
  if (spec->compileErrorRegex)
    return;
  DiagnosticEngine diags;
  CheckedProgramPtr prog = loadProgram(file.string(), diags);
  applyWarningPolicy(diags, args.warnings); // -Werror: a warning fails the compilation
  if (!prog || diags.hasErrors())
    return fail(file.string(), "does not compile:\n" + diags.render());
  CompileOptions opts;
  opts.backend = Backend::Cuda;
  opts.executable = true;
  auto files = compile(*prog, opts, diags);
  if (!files)
    return fail(file.string(), "compilation failed:\n" + diags.render());
  fs::path folder = folderName(file);
  fs::remove_all(root / folder);
  fs::create_directories(root / folder);
  for (const auto& [name, contents] : *files)
    if (!writeWholeFile((root / folder / name).string(), contents))
      return fail(file.string(), "cannot write " + (root / folder / name).string());
  Json datasets = Json::array();
  size_t index = 0;
  for (const TestCase& c : spec->cases) {
    std::string name = benchDatasetName(index++, c);
    if (c.errorRegex)
      continue;
    for (const std::string& entry : c.entries)
      if (args.entry.empty() || entry == args.entry)
        if (auto d = dataset(file, *prog, folder, c, entry,
                             c.entries.size() > 1 ? entry + " " + name : name))
          datasets.push_back(std::move(*d));
  }
  programs.push_back({{"source", file.string()},
                      {"dir", folder.string()},
                      {"stem", file.stem().string()},
                      {"datasets", std::move(datasets)}});
  std::cout << file.string() << ": exported to " << (root / folder).string() << "\n";
}

} // namespace

int exportBench(const BenchArgs& args, const std::vector<fs::path>& files) {
  if (args.backend != "cuda") {
    std::cerr << "fjord: error: --export is for --backend cuda\n";
    return 1;
  }
  Exporter exporter{args, fs::absolute(args.exportDir)};
  fs::create_directories(exporter.root);
  for (const fs::path& file : files)
    exporter.program(file);
  Json options = {{"flush_l2", args.flushL2}, {"params", args.params}, {"tuning", nullptr}};
  if (!args.tuningFile.empty()) {
    fs::copy_file(args.tuningFile, exporter.root / "tuning", fs::copy_options::overwrite_existing);
    options["tuning"] = "tuning";
  }
  Json manifest = {{"format", "fjord bench --export, version 1"},
                   {"options", std::move(options)},
                   {"programs", std::move(exporter.programs)},
                   {"left_out", exporter.leftOut}};
  if (!writeWholeFile((exporter.root / "manifest.json").string(), manifest.dump(1) + "\n")) {
    std::cerr << "fjord: error: cannot write " << (exporter.root / "manifest.json").string() << "\n";
    return 1;
  }
  for (const auto& note : exporter.leftOut)
    std::cout << "not exported: " << note.get<std::string>() << "\n";
  if (exporter.failures)
    std::cout << exporter.failures << " program(s) or dataset(s) could not be exported\n";
  return exporter.failures ? 1 : 0;
}

} // namespace fjord::testing
