// prog.h: the generated module's C API, modelled on Futhark's library API. Every symbol
// carries the module's prefix, so several modules link into one program, and the header
// needs no CUDA or OpenCL headers (queues and device memory are forward-declared structs).
// The fixed text is templates/api.h.in and api_array.h.in (per array type); this file prints
// the entry points' part.
#include "backend/PrintHost.h"
#include "backend/PrintOpaque.h"

namespace fjord::backend {
namespace {

/// The source signature of `f` as its C arguments see it: `norm(p: point) -> f32`.
std::string entryDoc(const imp::Function& f, const EntrySignature& sig,
                     const ir::EntryInterface* iface) {
  auto type = [](const EntrySlot& slot) {
    if (slot.opaque)
      return slot.opaque->source;
    const ir::EntryValue& v = slot.leaves[0]->value;
    std::string s;
    for (int i = 0; i < v.rank; ++i)
      s += "[]";
    return (v.unique ? "*" : "") + s + primName(v.elem);
  };
  // An opaque parameter is named after the source parameter.
  auto paramName = [&](const EntrySlot& slot) {
    if (!slot.opaque)
      return slot.leaves[0]->value.name;
    size_t at = 0, first = static_cast<size_t>(slot.leaves[0] - sig.params.data());
    for (size_t i = 0; iface && i < iface->params.size(); ++i) {
      if (at == first && i < iface->paramNames.size())
        return iface->paramNames[i];
      at += iface->params[i].leaves;
    }
    return slot.cname;
  };
  std::string s = f.name + "(";
  for (size_t i = 0; i < sig.paramSlots.size(); ++i)
    s += (i ? ", " : "") + paramName(sig.paramSlots[i]) + ": " + type(sig.paramSlots[i]);
  s += ") -> ";
  if (sig.resultSlots.size() != 1)
    s += "(";
  for (size_t i = 0; i < sig.resultSlots.size(); ++i)
    s += (i ? ", " : "") + type(sig.resultSlots[i]);
  if (sig.resultSlots.size() != 1)
    s += ")";
  return s;
}

} // namespace

/// The C parameters of entry point `f` after the context, as (declaration, name): results
/// first (out-parameters), then the arguments.
std::vector<std::pair<std::string, std::string>>
entryCParams(const imp::Function& f, const std::string& prefix, const ir::EntryInterface* iface) {
  EntrySignature sig = entrySignature(f, iface);
  auto cType = [&](const EntrySlot& slot) {
    return slot.opaque ? "struct " + prefix + "_" + slot.opaque->name + "*"
                       : leafCType(slot.leaves[0]->value, prefix);
  };
  std::vector<std::pair<std::string, std::string>> params;
  for (const EntrySlot& a : sig.resultSlots)
    params.emplace_back(cType(a) + "* " + a.cname, a.cname);
  for (const EntrySlot& a : sig.paramSlots) {
    bool scalar = !a.opaque && a.leaves[0]->value.rank == 0;
    params.emplace_back(std::string(scalar ? "" : "const ") + cType(a) + " " + a.cname, a.cname);
  }
  return params;
}

/// The C prototype of entry point `f` (without the final `;`).
std::string entryPrototype(const imp::Function& f, const std::string& prefix,
                           const ir::EntryInterface* iface) {
  std::string s = "int " + prefix + "_entry_" + f.name + "(struct " + prefix + "_context* ctx";
  for (const auto& param : entryCParams(f, prefix, iface))
    s += ", " + param.first;
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
                           const HostTarget& target, const EntryInterfaces& interfaces) {
  std::string arrays, entries;
  for (const ArrayType& a : arrayTypes(prog))
    arrays += instantiate("api_array.h.in", target.dialect(), arrayTemplateArgs(a, p, target));
  for (const OpaqueType& o : opaqueTypes(prog, interfaces))
    arrays += printOpaqueDecls(o, p);
  for (const imp::Function& f : prog.functions)
    if (f.entry) {
      const ir::EntryInterface* iface = interfaceOf(interfaces, f);
      entries += "/// " + entryDoc(f, entrySignature(f, iface), iface) + "\n" +
                 entryPrototype(f, p, iface) + ";\n";
    }
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
