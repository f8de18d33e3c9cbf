// The pipeline: load, internalise, then a loop over the pass table (PassTable.h) with the
// IR verifier after every pass, then emit. Also where the pipeline stops for
// `fjord dev --print=NAME` and `structure NAME`: after a named stage or after any pass.
#include "driver/Pipeline.h"

#include "driver/LoadFiles.h"
#include "driver/PassTable.h"

#include "backend/Emit.h"
#include "imp/Names.h"
#include "imp/Print.h"
#include "imp/Verify.h"
#include "internalise/EntryTypes.h"
#include "internalise/Internalise.h"
#include "ir/Count.h"
#include "ir/Print.h"
#include "ir/Verify.h"
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
  std::string citedPath; ///< `path` as generated code cites it
  size_t preludeFiles = 0; ///< how many of `files` are the prelude's
};

void CheckedProgramDeleter::operator()(CheckedProgram* p) const { delete p; }

const std::vector<std::string>& stageNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out = {"ast", "core"};
    for (const Pass& pass : passTable())
      if (pass.endsStage)
        out.push_back(pass.endsStage);
    return out;
  }();
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

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

// Where the pipeline stops: before internalisation (the AST), or after the first `passes`
// passes of the table (0: internalisation's output).
struct StopPoint {
  bool ast = false;
  size_t passes = 0;
};

std::optional<StopPoint> findStop(const std::string& name) {
  std::string stage = canonicalStage(name);
  if (stage == "ast")
    return StopPoint{/*ast=*/true, 0};
  if (stage == "core")
    return StopPoint{/*ast=*/false, 0};
  const auto& table = passTable();
  for (size_t i = 0; i < table.size(); ++i)
    if (stage == table[i].name || (table[i].endsStage && stage == table[i].endsStage))
      return StopPoint{/*ast=*/false, i + 1};
  return std::nullopt;
}

std::optional<StopPoint> findStop(const std::string& name, DiagnosticEngine& diags) {
  auto stop = findStop(name);
  if (!stop)
    checkStopName(name, diags);
  return stop;
}

// The verifier of the IR level `pass` produced.
void verifyAfter(const Pass& pass, const StageProgram& p) {
  bool isImp = std::holds_alternative<imp::Program>(p);
  if (isImp != (pass.produces == ir::Stage::Imp))
    internalError("pipeline", std::string("pass `") + pass.name + "` produced the wrong IR level");
  if (isImp)
    imp::verify(std::get<imp::Program>(p));
  else
    ir::verify(std::get<ir::Prog>(p), pass.produces);
}

// Internalises the program and runs the first `passes` passes of the table, verifying after
// each; nullopt on user errors (in `diags`).
std::optional<StageProgram> runPasses(const CheckedProgram& prog, size_t passes,
                                      DiagnosticEngine& diags) {
  ir::Prog core = internalise::internaliseProgram(*prog.checked, diags);
  if (diags.hasErrors())
    return std::nullopt;
  ir::verify(core, ir::Stage::Core);
  StageProgram p = std::move(core);
  PassContext ctx{diags, prog.citedPath};
  for (size_t i = 0; i < passes; ++i) {
    const Pass& pass = passTable()[i];
    p = pass.run(std::move(p), ctx);
    if (diags.hasErrors())
      return std::nullopt;
    verifyAfter(pass, p);
  }
  return p;
}

// Runs the pipeline to `name` for a caller that needs core IR (`what` says why, in the
// error for the stops before and after it: `ast` and the imperative IR).
std::optional<ir::Prog> coreIrAt(const CheckedProgram& prog, const std::string& name,
                                 const std::string& what, DiagnosticEngine& diags) {
  auto stop = findStop(name, diags);
  if (!stop)
    return std::nullopt;
  if (stop->ast) {
    diags.error({}, what + "; `ast` is not an IR stage");
    return std::nullopt;
  }
  if (stop->passes > 0 && passTable()[stop->passes - 1].produces == ir::Stage::Imp) {
    diags.error({}, what + "; after `" + name + "` the program is the imperative IR");
    return std::nullopt;
  }
  auto p = runPasses(prog, stop->passes, diags);
  if (!p)
    return std::nullopt;
  return std::get<ir::Prog>(std::move(*p));
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
                                  DiagnosticEngine& diags, const std::string& sourceRoot) {
  CheckedProgramPtr prog(new CheckedProgram);
  prog->path = path;
  for (const auto& src : prelude::sources()) {
    auto file = std::make_shared<SourceFile>(SourceFile{"prelude/" + src.name, src.text, ""});
    DiagnosticEngine preludeDiags;
    auto parsed = parseProgram(file, preludeDiags);
    if (!parsed)
      internalError("prelude", "the prelude does not parse:\n" + preludeDiags.render());
    prog->files.push_back(std::move(*parsed));
  }
  if (!loadUserFiles(path, text, prog->files, diags, citeRootFor(path, sourceRoot)) ||
      diags.hasErrors())
    return nullptr;
  prog->preludeFiles = prelude::sources().size();
  prog->citedPath = prog->files.back().file->citedPath();
  prog->checked = sema::checkProgram(prog->files, diags);
  if (!prog->checked || diags.hasErrors())
    return nullptr;
  return prog;
}

std::vector<std::string> sourceFiles(const CheckedProgram& prog) {
  std::vector<std::string> paths;
  for (size_t i = prog.preludeFiles; i < prog.files.size(); ++i)
    paths.push_back(prog.files[i].file->path);
  return paths;
}

CheckedProgramPtr loadProgram(const std::string& path, DiagnosticEngine& diags,
                              const std::string& sourceRoot) {
  bool ok = false;
  std::string text = readFile(path, ok);
  if (!ok) {
    diags.error({}, "cannot read " + path);
    return nullptr;
  }
  return loadProgramText(path, text, diags, sourceRoot);
}

std::string describeStopNames() {
  std::vector<std::string> passes;
  for (const Pass& pass : passTable())
    passes.push_back(pass.name);
  return "the stages " + joined(stageNames()) + " (also internalised, gpu-mem), the passes " +
         joined(passes);
}

bool checkStopName(const std::string& name, DiagnosticEngine& diags) {
  if (findStop(name))
    return true;
  diags.error({}, "unknown stage or pass `" + name + "`; valid are " + describeStopNames());
  return false;
}

std::optional<std::string> printStage(const CheckedProgram& prog, const std::string& stage,
                                      DiagnosticEngine& diags) {
  auto stop = findStop(stage, diags);
  if (!stop)
    return std::nullopt;
  if (stop->ast)
    return ast::printProgram(prog.files.back());
  auto p = runPasses(prog, stop->passes, diags);
  if (!p)
    return std::nullopt;
  if (auto* impProg = std::get_if<imp::Program>(&*p))
    return imp::printProgram(*impProg);
  return ir::printProg(std::get<ir::Prog>(*p));
}

std::optional<ir::Prog> irAtStage(const CheckedProgram& prog, const std::string& stage,
                                  DiagnosticEngine& diags) {
  return coreIrAt(prog, stage, "only core IR stages can be read", diags);
}

std::optional<std::map<std::string, int>> countStage(const CheckedProgram& prog,
                                                     const std::string& stage,
                                                     DiagnosticEngine& diags,
                                                     const std::vector<std::string>& entries) {
  auto p = coreIrAt(prog, stage, "structure tests count IR constructs", diags);
  if (!p)
    return std::nullopt;
  return entries.empty() ? ir::countConstructs(*p) : ir::countConstructsIn(*p, entries);
}

std::optional<std::vector<std::pair<std::string, std::string>>>
compile(const CheckedProgram& prog, const CompileOptions& opts, DiagnosticEngine& diags) {
  auto p = runPasses(prog, passTable().size(), diags);
  if (!p)
    return std::nullopt;
  imp::Program& impProg = std::get<imp::Program>(*p);
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
  // Opaque values of the C API (Note [Opaque entry values] in internalise/EntryTypes.cpp),
  // keyed as the entry functions are named (imp/LowerHost.cpp).
  for (auto& [name, iface] : internalise::entryInterfaces(checkedOf(prog)))
    eo.interfaces[imp::detail::identChars(name)] = std::move(iface);
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
