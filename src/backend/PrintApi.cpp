// prog.h: the generated module's C API, modelled on Futhark's library API. Every symbol
// carries the module's prefix, so several modules link into one program, and the header
// needs no CUDA or OpenCL headers (queues and device memory are forward-declared structs).
#include "backend/PrintHost.h"

namespace fjord::backend {
namespace {

std::string entryDoc(const imp::Function& f) {
  auto type = [](const ir::EntryValue& v) {
    std::string s;
    for (int i = 0; i < v.rank; ++i)
      s += "[]";
    return (v.unique ? "*" : "") + s + primName(v.elem);
  };
  std::string s = f.name + "(";
  for (size_t i = 0; i < f.entryParams.size(); ++i)
    s += (i ? ", " : "") + f.entryParams[i].name + ": " + type(f.entryParams[i]);
  s += ") -> ";
  if (f.entryResults.size() != 1)
    s += "(";
  for (size_t i = 0; i < f.entryResults.size(); ++i)
    s += (i ? ", " : "") + type(f.entryResults[i]);
  if (f.entryResults.size() != 1)
    s += ")";
  return s;
}

} // namespace

/// The C prototype of entry point `f` (without the final `;`).
std::string entryPrototype(const imp::Function& f, const std::string& prefix) {
  EntrySignature sig = entrySignature(f);
  std::string s = "int " + prefix + "_entry_" + f.name + "(struct " + prefix + "_context* ctx";
  for (const EntryArg& a : sig.results) {
    if (a.value.rank == 0)
      s += ", " + apiScalarType(a.value.elem) + "* " + a.cname;
    else
      s += ", struct " + ArrayType{a.value.elem, a.value.rank}.name(prefix) + "** " + a.cname;
  }
  for (const EntryArg& a : sig.params) {
    if (a.value.rank == 0)
      s += ", " + apiScalarType(a.value.elem) + " " + a.cname;
    else
      s += ", const struct " + ArrayType{a.value.elem, a.value.rank}.name(prefix) + "* " +
           a.cname;
  }
  return s + ")";
}

std::string printApiHeader(const imp::Program& prog, const std::string& p,
                           const HostTarget& target) {
  std::string m = macroPrefix(p);
  std::string ctx = "struct " + p + "_context* ctx";
  std::string o = fileHeader(prog);
  o += "// The C API of module `" + p + "` (" +
       (target.queueName() == "cudaStream_t" ? "CUDA" : "OpenCL") +
       "). Every function returns a status (0 on success)\n"
       "// or a pointer (NULL on failure); " +
       p + "_context_get_error says what failed.\n";
  o += "#ifndef " + m + "_H\n#define " + m + "_H\n\n";
  o += "#include <stdbool.h>\n#include <stdint.h>\n\n";
  std::string queueStruct = target.queueType().substr(0, target.queueType().size() - 1);
  o += queueStruct + "; // " + target.queueName() + "\n";
  if (target.queueName() == "cl_command_queue")
    o += "struct _cl_mem; // cl_mem\n";
  o += "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  o += "// Status codes.\n#define " + m + "_SUCCESS 0\n#define " + m +
       "_ERROR 1 // the GPU API failed\n#define " + m +
       "_PROGRAM_ERROR 2 // e.g. a failed bounds check\n#define " + m + "_OUT_OF_MEMORY 3\n\n";

  o += "// Configuration: tuning parameters (see " + p + "_tuning.h) for new contexts.\n";
  o += "struct " + p + "_context_config;\n";
  o += "struct " + p + "_context_config* " + p + "_context_config_new(void);\n";
  o += "void " + p + "_context_config_free(struct " + p + "_context_config* cfg);\n";
  o += "/// Returns 0, or 1 when there is no parameter `name`.\n";
  o += "int " + p + "_context_config_set_tuning_param(struct " + p +
       "_context_config* cfg, const char* name, int64_t value);\n";
  o += "int " + p + "_get_tuning_param_count(void);\n";
  o += "const char* " + p + "_get_tuning_param_name(int i);\n\n";

  o += "// Contexts: a device and a " + target.queueName() +
       " on it. A context that failed to initialise reports\n// why through " + p +
       "_context_get_error, and its entry points fail.\n";
  o += "struct " + p + "_context;\n";
  o += "struct " + p + "_context* " + p + "_context_new(const struct " + p +
       "_context_config* cfg);\n";
  o += "/// Runs on `queue` (which must outlive the context) instead of creating one.\n";
  o += "struct " + p + "_context* " + p + "_context_new_with_queue(const struct " + p +
       "_context_config* cfg, " + target.queueType() + " queue);\n";
  o += "void " + p + "_context_free(" + ctx + ");\n";
  o += "/// Waits for all work of the context to finish.\n";
  o += "int " + p + "_context_sync(" + ctx + ");\n";
  o += "/// The errors since the last call (malloc'd; the caller frees it), or NULL.\n";
  o += "char* " + p + "_context_get_error(" + ctx + ");\n";
  o += "/// Device memory the context allocated, as JSON (malloc'd; the caller frees it):\n"
       "/// {\"device_allocations\": N, \"device_bytes\": N, \"device_peak_bytes\": N,\n"
       "///  \"device_cached_bytes\": N}. Freed memory is cached for later calls.\n";
  o += "char* " + p + "_context_report(" + ctx + ");\n";
  o += "/// Releases the device memory cached for reuse.\n";
  o += "int " + p + "_context_clear_caches(" + ctx + ");\n";
  o += "/// Evicts the device's L2 cache and waits (to time a call with a cold cache).\n";
  o += "int " + p + "_context_flush_l2(" + ctx + ");\n\n";

  for (const ArrayType& a : arrayTypes(prog)) {
    std::string n = a.name(p), elem = apiScalarType(a.elem);
    std::string dims;
    for (int d = 0; d < a.rank; ++d)
      dims += ", int64_t dim" + std::to_string(d);
    o += "// Arrays of " + std::to_string(a.rank) + " dimension" + (a.rank > 1 ? "s" : "") +
         " of " + primName(a.elem) + ", in device memory.\n";
    o += "struct " + n + ";\n";
    o += "/// Copies `data` (row-major) into a new array.\n";
    o += "struct " + n + "* " + p + "_new_" + n.substr(p.size() + 1) + "(" + ctx + ", const " +
         elem + "* data" + dims + ");\n";
    o += "/// Copies device memory `data` into a new array.\n";
    o += "struct " + n + "* " + p + "_new_raw_" + n.substr(p.size() + 1) + "(" + ctx + ", " +
         target.rawType(a.elem, true) + " data" + dims + ");\n";
    o += "int " + p + "_free_" + n.substr(p.size() + 1) + "(" + ctx + ", struct " + n +
         "* arr);\n";
    o += "/// Copies the array into `data` (room for all its elements).\n";
    o += "int " + p + "_values_" + n.substr(p.size() + 1) + "(" + ctx + ", const struct " + n +
         "* arr, " + elem + "* data);\n";
    o += "/// The array's device memory (owned by the array).\n";
    o += target.rawType(a.elem, false) + " " + p + "_values_raw_" + n.substr(p.size() + 1) +
         "(" + ctx + ", const struct " + n + "* arr);\n";
    o += "const int64_t* " + p + "_shape_" + n.substr(p.size() + 1) + "(" + ctx + ", const struct " +
         n + "* arr);\n\n";
  }

  o += "// Entry points: results first (arrays are new; free them), then arguments.\n";
  for (const imp::Function& f : prog.functions) {
    if (!f.entry)
      continue;
    o += "/// " + entryDoc(f) + "\n";
    o += entryPrototype(f, p) + ";\n";
  }
  o += "\n#ifdef __cplusplus\n}\n#endif\n\n#endif // " + m + "_H\n";
  return o;
}

} // namespace fjord::backend
