// The pipeline, as one list: each stage consumes the previous stage's output. In checked
// builds (and always in tests) the IR verifier runs after every IR pass.
#include "driver/Pipeline.h"

#include "driver/LoadFiles.h"

#include "backend/Emit.h"
#include "gpu/ExtractKernels.h"
#include "gpu/FlattenRowUpdates.h"
#include "gpu/InterchangeArrayOperators.h"
#include "imp/LowerToImp.h"
#include "internalise/Internalise.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "ir/Verify.h"
#include "mem/Coalesce.h"
#include "mem/IntroduceMemory.h"
#include "mem/MergeBlocks.h"
#include "opt/Passes.h"
#include "prelude/Prelude.h"
#include "sema/Check.h"
#include "syntax/Parse.h"
#include "syntax/PrintAst.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fjord::driver {

struct CheckedProgram {
  std::vector<ast::Program> files; ///< prelude files, imported files, then the user's file
  std::optional<sema::CheckedProgram> checked;
  std::string path;
};

void CheckedProgramDeleter::operator()(CheckedProgram* p) const { delete p; }

const std::vector<std::string>& stageNames() {
  static const std::vector<std::string> names = {"ast",   "core", "simplified", "fused",
                                                 "gpu",   "mem"};
  return names;
}

namespace {

// `structure gpu-mem { ... }` and `internalised` are Futhark's spellings of ours.
std::string canonicalStage(const std::string& stage) {
  if (stage == "gpu-mem")
    return "mem";
  if (stage == "internalised")
    return "core";
  return stage;
}

// Runs the IR pipeline up to `stage` ("core" ... "mem"); nullopt on user errors.
std::optional<ir::Prog> runToStage(const CheckedProgram& prog, const std::string& stage,
                                   DiagnosticEngine& diags) {
  ir::Prog p = internalise::internaliseProgram(*prog.checked, diags);
  if (diags.hasErrors())
    return std::nullopt;
  ir::verify(p, ir::Stage::Core);
  if (stage == "core")
    return p;
  // opt: the registered passes, in order; "simplified" stops before `fuse`.
  bool fused = false;
  for (const auto& pass : opt::passes()) {
    bool isFuse = std::string(pass.name) == "fuse";
    if (isFuse && stage == "simplified")
      return p;
    p = pass.run(std::move(p));
    ir::verify(p, ir::Stage::Core);
    fused = fused || isFuse;
  }
  if (stage == "simplified" || stage == "fused")
    return p;
  // Elementwise array reductions and scans become maps over columns (folded per thread).
  p = gpu::interchangeArrayOperators(std::move(p), diags);
  if (diags.hasErrors())
    return std::nullopt;
  ir::verify(p, ir::Stage::Core);
  // Scatters and histograms into arrays of rank > 1 become flat ones over the elements.
  p = gpu::flattenRowUpdates(std::move(p), diags);
  if (diags.hasErrors())
    return std::nullopt;
  ir::verify(p, ir::Stage::Core);
  p = gpu::extractKernels(std::move(p), diags);
  if (diags.hasErrors())
    return std::nullopt;
  ir::verify(p, ir::Stage::Gpu);
  if (stage == "gpu")
    return p;
  p = mem::introduceMemory(std::move(p), diags);
  if (diags.hasErrors())
    return std::nullopt;
  ir::verify(p, ir::Stage::Mem);
  // Rows walked sequentially by each thread are read from a transposed copy (coalescing).
  p = mem::coalesceAccesses(std::move(p));
  ir::verify(p, ir::Stage::Mem);
  // Allocations whose lifetimes do not overlap share a block (thesis ch. 5).
  p = mem::mergeBlocks(std::move(p));
  ir::verify(p, ir::Stage::Mem);
  return p;
}

std::string readFile(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  ok = static_cast<bool>(in) || in.eof();
  return ss.str();
}

// Applies a .tuning file (`name=int` lines, `--` comments) to the program's defaults.
bool applyTuningFile(imp::Program& prog, const std::string& path, DiagnosticEngine& diags) {
  bool ok = false;
  std::string text = readFile(path, ok);
  if (!ok) {
    diags.error({}, "cannot read tuning file " + path);
    return false;
  }
  std::istringstream in(text);
  std::string line;
  for (int lineNo = 1; std::getline(in, line); ++lineNo) {
    if (auto c = line.find("--"); c != std::string::npos)
      line = line.substr(0, c);
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    auto eq = line.find('=');
    std::string name = line.substr(0, eq);
    name.erase(name.find_last_not_of(" \t") + 1);
    int64_t value = 0;
    try {
      if (eq == std::string::npos)
        throw std::invalid_argument("no =");
      size_t used = 0;
      value = std::stoll(line.substr(eq + 1), &used);
    } catch (const std::exception&) {
      diags.error({}, path + ":" + std::to_string(lineNo) + ": invalid line (must be of form 'name=int')");
      return false;
    }
    bool found = false;
    for (auto& t : prog.tuning)
      if (t.name == name) {
        t.defaultValue = value;
        found = true;
      }
    if (!found)
      diags.warning({}, path + ":" + std::to_string(lineNo) + ": unknown tuning parameter `" + name + "`");
  }
  return true;
}

} // namespace

CheckedProgramPtr loadProgramText(const std::string& path, const std::string& text,
                                  DiagnosticEngine& diags) {
  CheckedProgramPtr prog(new CheckedProgram);
  prog->path = path;
  for (const auto& src : prelude::sources()) {
    auto file = std::make_shared<SourceFile>(SourceFile{"prelude/" + src.name, src.text});
    DiagnosticEngine preludeDiags;
    auto parsed = parseProgram(file, preludeDiags);
    if (!parsed)
      internalError("prelude", "the prelude does not parse:\n" + preludeDiags.render());
    prog->files.push_back(std::move(*parsed));
  }
  if (!loadUserFiles(path, text, prog->files, diags) || diags.hasErrors())
    return nullptr;
  prog->checked = sema::checkProgram(prog->files, diags);
  if (!prog->checked || diags.hasErrors())
    return nullptr;
  return prog;
}

CheckedProgramPtr loadProgram(const std::string& path, DiagnosticEngine& diags) {
  bool ok = false;
  std::string text = readFile(path, ok);
  if (!ok) {
    diags.error({}, "cannot read " + path);
    return nullptr;
  }
  return loadProgramText(path, text, diags);
}

std::optional<std::string> printStage(const CheckedProgram& prog, const std::string& stageIn,
                                      DiagnosticEngine& diags) {
  std::string stage = canonicalStage(stageIn);
  if (stage == "ast")
    return ast::printProgram(prog.files.back());
  auto p = runToStage(prog, stage, diags);
  if (!p)
    return std::nullopt;
  return ir::printProg(*p);
}

std::optional<ir::Prog> irAtStage(const CheckedProgram& prog, const std::string& stage,
                                  DiagnosticEngine& diags) {
  std::string canonical = canonicalStage(stage);
  if (canonical == "ast") {
    diags.error({}, "`ast` is not an IR stage");
    return std::nullopt;
  }
  return runToStage(prog, canonical, diags);
}

std::optional<std::map<std::string, int>> countStage(const CheckedProgram& prog,
                                                     const std::string& stageIn,
                                                     DiagnosticEngine& diags,
                                                     const std::vector<std::string>& entries) {
  std::string stage = canonicalStage(stageIn);
  if (stage == "ast") {
    diags.error({}, "structure tests count IR constructs; `ast` is not an IR stage");
    return std::nullopt;
  }
  auto p = runToStage(prog, stage, diags);
  if (!p)
    return std::nullopt;
  return entries.empty() ? ir::countConstructs(*p) : ir::countConstructsIn(*p, entries);
}

std::optional<std::vector<std::pair<std::string, std::string>>>
compile(const CheckedProgram& prog, const CompileOptions& opts, DiagnosticEngine& diags) {
  auto p = runToStage(prog, "mem", diags);
  if (!p)
    return std::nullopt;
  imp::Program impProg = imp::lowerToImp(*p, prog.path, diags);
  if (diags.hasErrors())
    return std::nullopt;
  if (!opts.tuningFile.empty() && !applyTuningFile(impProg, opts.tuningFile, diags))
    return std::nullopt;
  backend::EmitOptions eo;
  if (!opts.prefix.empty() && !backend::isValidPrefix(opts.prefix)) {
    diags.error({}, "--prefix `" + opts.prefix + "` is not usable as a C name prefix (try `" +
                        backend::prefixForStem(opts.prefix) + "`)");
    return std::nullopt;
  }
  eo.prefix = opts.prefix; // empty: the backend derives one from the file's stem
  eo.executable = opts.executable;
  auto files = opts.backend == Backend::Cuda ? backend::emitCuda(impProg, eo)
                                             : backend::emitOpenCL(impProg, eo);
  return files.files;
}

std::vector<std::string> entryPoints(const CheckedProgram& prog) {
  std::vector<std::string> names;
  for (const ast::Decl* d : prog.checked->entryPoints)
    names.push_back(d->name.base);
  return names;
}

const sema::CheckedProgram& checkedOf(const CheckedProgram& prog) { return *prog.checked; }

} // namespace fjord::driver
