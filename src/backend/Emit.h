// The backend's entry points: an imp::Program in, the generated files out (formatted, in a
// fixed order, byte-identical across runs), as the design document's "What Fjord emits" lists.
//
//   CUDA:   <stem>.cu (kernels, host code, C API), <stem>.h, <stem>_tuning.h,
//           fjord_runtime_common.h, fjord_runtime_cuda.h
//   OpenCL: <stem>.cl, <stem>_cl.h (the .cl text as a string, for the host; Note [The
//           OpenCL text once] in Emit.cpp), .gitattributes (marks <stem>_cl.h as generated),
//           <stem>_host.cpp, <stem>.h, <stem>_tuning.h,
//           fjord_runtime_common.h, fjord_runtime_opencl.h
//   with `executable`: also <stem>_main.cpp and fjord_runtime_data.h
//
// <stem> is the source file's stem; C symbols carry `prefix`, by default the stem made a C
// identifier (prefixForStem).
#pragma once
#include "imp/Imp.h"
#include "ir/EntryInterface.h"

#include <map>

#include <string>
#include <utility>
#include <vector>

namespace fjord::backend {

struct GeneratedFiles {
  std::vector<std::pair<std::string /*file name*/, std::string /*contents*/>> files;
};

struct EmitOptions {
  std::string prefix;      ///< C API prefix; empty: prefixForStem(the source file's stem)
  bool executable = false; ///< also emit <stem>_main.cpp
  /// How each entry point's values group into C arguments (opaque values), by the entry
  /// function's name; the driver fills it from the source (internalise::entryInterfaces).
  std::map<std::string, ir::EntryInterface> interfaces;
};

/// The default C API prefix of a file with stem `stem`: each character other than a letter,
/// digit or `_` becomes `_`; then `fut_` goes in front of a name that is empty, starts with
/// a digit or `_`, or is a C or C++ keyword ("2d-thing" -> "fut_2d_thing", "for" ->
/// "fut_for", "slice-nested" -> "slice_nested").
std::string prefixForStem(const std::string& stem);

/// Whether `prefix` is usable as given: prefixForStem leaves it unchanged.
bool isValidPrefix(const std::string& prefix);

/// Throws std::invalid_argument for a program that breaks Imp's conventions (an internal
/// error) and std::runtime_error for what the backend does not support yet.
GeneratedFiles emitCuda(const imp::Program& prog, const EmitOptions& options);
GeneratedFiles emitOpenCL(const imp::Program& prog, const EmitOptions& options);

} // namespace fjord::backend
