// prog.h: the generated module's C API, modelled on Futhark's library API. Every symbol
// carries the module's prefix, so several modules link into one program, and the header
// needs no CUDA or OpenCL headers (queues and device memory are forward-declared structs).
// The fixed text is templates/api.h.in and api_array.h.in (per array type); this file prints
// the entry points' part.
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

TemplateArgs arrayTemplateArgs(const ArrayType& a, const std::string& p, const HostTarget& target) {
  std::string dims, dimParams, dimNames;
  for (int d = 0; d < a.rank; ++d) {
    std::string dim = "dim" + std::to_string(d);
    dims += ", int64_t " + dim;
    dimParams += (d ? ", int64_t " : "int64_t ") + dim;
    dimNames += (d ? ", " : "") + dim;
  }
  std::string name = a.name(p);
  return {{"prefix", p},
          {"array", name},
          {"suffix", name.substr(p.size() + 1)},
          {"elem", apiScalarType(a.elem)},
          {"elem_name", primName(a.elem)},
          {"dimensions", std::to_string(a.rank) + (a.rank > 1 ? " dimensions" : " dimension")},
          {"dims", dims},
          {"dim_params", dimParams},
          {"dim_names", dimNames},
          {"raw_type", target.rawType(a.elem, /*isConst=*/false)},
          {"raw_const_type", target.rawType(a.elem, /*isConst=*/true)},
          {"rank", std::to_string(a.rank)}};
}

std::string printApiHeader(const imp::Program& prog, const std::string& p,
                           const HostTarget& target) {
  std::string arrays, entries;
  for (const ArrayType& a : arrayTypes(prog))
    arrays += instantiate("api_array.h.in", target.dialect(), arrayTemplateArgs(a, p, target));
  for (const imp::Function& f : prog.functions)
    if (f.entry)
      entries += "/// " + entryDoc(f) + "\n" + entryPrototype(f, p) + ";\n";
  return instantiate("api.h.in", target.dialect(),
                     {{"file_header", fileHeader(prog)},
                      {"prefix", p},
                      {"stem", fileStem(prog)},
                      {"macro", macroPrefix(p)},
                      {"queue_name", target.queueName()},
                      {"queue_type", target.queueType()},
                      {"array_types", arrays},
                      {"entry_points", entries}});
}

} // namespace fjord::backend
