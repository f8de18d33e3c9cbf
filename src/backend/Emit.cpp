// Assembles the generated files of each backend from the printers and formats them.
#include "backend/Emit.h"

#include "backend/Api.h"
#include "backend/Format.h"
#include "backend/PrintHost.h"
#include "backend/PrintKernels.h"
#include "backend/PrintMain.h"
#include "backend/RuntimeFiles.h"
#include "imp/SelectTarget.h"

#include <cctype>
#include <set>

namespace fjord::backend {
namespace {

bool isCKeyword(const std::string& word) {
  static const std::set<std::string> keywords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
      "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const", "const_cast", "consteval", "constexpr", "constinit", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double",
      "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new",
      "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
      "protected", "public", "register", "reinterpret_cast", "requires", "restrict",
      "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast",
      "struct", "switch", "template", "this", "thread_local", "throw", "true", "try",
      "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void",
      "volatile", "wchar_t", "while", "xor", "xor_eq"};
  return keywords.count(word) != 0;
}

} // namespace

std::string prefixForStem(const std::string& stem) {
  std::string p;
  for (char c : stem)
    p += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  // Identifiers starting with `_` are reserved at file scope in C.
  if (p.empty() || std::isdigit(static_cast<unsigned char>(p[0])) || p[0] == '_' ||
      isCKeyword(p))
    p = "fut_" + p;
  return p;
}

bool isValidPrefix(const std::string& prefix) {
  return !prefix.empty() && prefixForStem(prefix) == prefix;
}

namespace {

struct Names {
  std::string stem, prefix;
};

Names names(const imp::Program& prog, const EmitOptions& options) {
  std::string stem = fileStem(prog);
  return {stem, options.prefix.empty() ? prefixForStem(stem) : options.prefix};
}

/// The module's headers and its runtime header, which includes the standard headers that
/// generated code uses.
std::string includes(const Names& n, const HostTarget& target) {
  return "#include \"" + n.stem + ".h\"\n#include \"" + n.stem + "_tuning.h\"\n\n#include \"" +
         target.runtimeHeader() + "\"\n\n";
}

void addCommon(GeneratedFiles& out, const imp::Program& prog, const Names& n,
               const HostTarget& target, const EmitOptions& options) {
  out.files.emplace_back(n.stem + ".h",
                         formatCode(printApiHeader(prog, n.prefix, target, options.interfaces), n.stem + ".h"));
  out.files.emplace_back(n.stem + "_tuning.h",
                         formatCode(printTuningHeader(prog, n.prefix), n.stem + "_tuning.h"));
  if (options.executable)
    out.files.emplace_back(n.stem + "_main.cpp",
                           formatCode(printMain(prog, n.prefix, n.stem, options.interfaces),
                                                      n.stem + "_main.cpp"));
  out.files.emplace_back("fjord_runtime_common.h", runtimeFile("fjord_runtime_common.h"));
  out.files.emplace_back(target.runtimeHeader(), runtimeFile(target.runtimeHeader()));
  if (options.executable) {
    out.files.emplace_back("fjord_runtime_data.h", runtimeFile("fjord_runtime_data.h"));
    out.files.emplace_back("fjord_runtime_server.h", runtimeFile("fjord_runtime_server.h"));
  }
}

// Note [The OpenCL text once]
// A reviewer reads the kernels in prog.cl. The host code needs the same text as a string;
// it includes it from prog_cl.h, which the .gitattributes written beside it marks as
// generated (linguist-generated=true), so review tools (GitHub, GitLab) collapse it and the
// kernels appear once in a diff. The host still builds on its own: compiling prog_host.cpp
// needs no build step that turns prog.cl into a string.
std::string kernelSourceHeader(const imp::Program& prog, const Names& n, const std::string& cl) {
  return fileHeader(prog) + "// The text of " + n.stem + ".cl as a string for " + n.stem +
         "_host.cpp, which builds it when a context is\n// created. Review " + n.stem +
         ".cl instead: .gitattributes marks this file as generated.\n#pragma once\n\n"
         "static const char kernelSource[] = R\"FJORD_CL(" +
         cl + ")FJORD_CL\";\n";
}

} // namespace

GeneratedFiles emitCuda(const imp::Program& target, const EmitOptions& options) {
  // CUDA runs resident blocks with forward progress (Note [Cross-block communication in Imp]).
  imp::Program prog = imp::selectTarget(target, /*forwardProgress=*/true);
  Names n = names(prog, options);
  Helpers helpers(cudaDialect());
  KernelNeeds needs;
  std::string kernels = printKernels(prog, cudaDialect(), helpers, needs);
  std::string host = printHostCode(prog, n.prefix, cudaHost(), helpers, options.interfaces);

  std::string cu = fileHeader(prog);
  cu += "// Module `" + n.prefix +
        "` for CUDA: kernels, the host code of its entry points and the C API of " + n.stem +
        ".h.\n// Build with nvcc (e.g. `nvcc -c " + n.stem + ".cu`).\n";
  cu += includes(n, cudaHost());
  std::string defs = helpers.definitions();
  // f16 memory and conversions (backend/Half.h).
  if ((defs + kernels + host).find("__half") != std::string::npos)
    cu += "#include <cuda_fp16.h>\n\n";
  if (!defs.empty())
    cu += "// ---------------------------------------------------------------------------\n"
          "// Helpers\n\n" +
          defs + "\n";
  cu += "// ---------------------------------------------------------------------------\n"
        "// Kernels\n\n" +
        kernels + host;

  GeneratedFiles out;
  out.files.emplace_back(n.stem + ".cu", formatCode(cu, n.stem + ".cu"));
  addCommon(out, prog, n, cudaHost(), options);
  return out;
}

GeneratedFiles emitOpenCL(const imp::Program& target, const EmitOptions& options) {
  // OpenCL 1.2 promises no progress between work-groups.
  imp::Program prog = imp::selectTarget(target, /*forwardProgress=*/false);
  Names n = names(prog, options);
  Helpers kernelHelpers(openclDialect());
  KernelNeeds needs;
  std::string kernels = printKernels(prog, openclDialect(), kernelHelpers, needs);
  std::string cl = fileHeader(prog);
  cl += "// The OpenCL C 1.2 kernels of module `" + n.prefix + "`, built at run time by " +
        n.stem + "_host.cpp\n// (from " + n.stem +
        "_cl.h, this text as a string) after the FJORD_ macros of fjord_runtime_opencl.h.\n";
  if (needs.f64)
    cl += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  if (needs.int64Atomics)
    cl += "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
          "#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n";
  cl += "\n" + kernelHelpers.definitions() + kernels;
  cl = formatCode(cl, n.stem + ".cl");

  Helpers hostHelpers(hostDialect());
  std::string host = printHostCode(prog, n.prefix, openclHost(), hostHelpers, options.interfaces);
  std::string cpp = fileHeader(prog);
  cpp += "// Module `" + n.prefix + "` for OpenCL: the host code of its entry points and the C API of " +
         n.stem + ".h.\n// Build with a C++17 compiler and link with -lOpenCL.\n";
  cpp += includes(n, openclHost());
  cpp += "// kernelSource: the OpenCL program (" + n.stem + ".cl), built when a context is created.\n"
         "#include \"" + n.stem + "_cl.h\"\n\n";
  std::string defs = hostHelpers.definitions();
  if (!defs.empty())
    cpp += "// ---------------------------------------------------------------------------\n"
           "// Helpers\n\n" +
           defs + "\n";
  cpp += host;

  GeneratedFiles out;
  out.files.emplace_back(n.stem + ".cl", cl);
  out.files.emplace_back(n.stem + "_cl.h", formatCode(kernelSourceHeader(prog, n, cl), n.stem + "_cl.h"));
  out.files.emplace_back(".gitattributes", n.stem + "_cl.h linguist-generated=true\n");
  out.files.emplace_back(n.stem + "_host.cpp", formatCode(cpp, n.stem + "_host.cpp"));
  addCommon(out, prog, n, openclHost(), options);
  return out;
}

} // namespace fjord::backend
