// Names and entry-point layout of the generated C API (see Api.h).
#include "backend/Api.h"

#include "prim/CTypes.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

namespace fjord::backend {

std::string apiScalarType(PrimType t) { return std::string(prim::cTypeName(t)); }

std::string ArrayType::name(const std::string& prefix) const {
  return prefix + "_" + primName(elem) + "_" + std::to_string(rank) + "d";
}

namespace {

std::vector<EntryArg> layout(const std::vector<ir::EntryValue>& values,
                             const std::vector<imp::Param>& params, const std::string& what,
                             const std::string& fn) {
  std::vector<EntryArg> out;
  size_t next = 0;
  auto take = [&](imp::Param::Kind kind) -> const imp::Param* {
    if (next >= params.size() || params[next].kind != kind)
      throw std::invalid_argument("backend: the " + what + " of entry function " + fn +
                                  " do not match its entry values");
    return &params[next++];
  };
  for (size_t i = 0; i < values.size(); ++i) {
    EntryArg a;
    a.value = values[i];
    a.cname = (what == "results" ? "out" : "in") + std::to_string(i);
    if (a.value.rank == 0) {
      a.scalar = take(imp::Param::Kind::Scalar);
    } else {
      for (int d = 0; d < a.value.rank; ++d)
        a.sizes.push_back(take(imp::Param::Kind::Scalar));
      a.mem = take(imp::Param::Kind::Mem);
    }
    out.push_back(std::move(a));
  }
  if (next != params.size())
    throw std::invalid_argument("backend: entry function " + fn + " has more " + what +
                                " than entry values");
  return out;
}

} // namespace

namespace {

/// The C arguments formed by `leaves` grouped as `types` (none: each leaf its own).
std::vector<EntrySlot> slots(const std::vector<EntryArg>& leaves,
                             const std::vector<ir::EntryType>& types) {
  std::vector<EntrySlot> out;
  size_t next = 0;
  auto plain = [&](size_t n) {
    for (size_t i = 0; i < n && next < leaves.size(); ++i, ++next)
      out.push_back({leaves[next].cname, nullptr, {&leaves[next]}});
  };
  for (const ir::EntryType& t : types) {
    if (t.kind == ir::EntryType::Kind::Leaf) {
      plain(t.leaves);
      continue;
    }
    EntrySlot s{leaves.at(next).cname, &t, {}};
    for (size_t i = 0; i < t.leaves; ++i)
      s.leaves.push_back(&leaves.at(next++));
    out.push_back(std::move(s));
  }
  plain(leaves.size() - next);
  return out;
}

} // namespace

const ir::EntryInterface* interfaceOf(const EntryInterfaces& all, const imp::Function& f) {
  auto it = all.find(f.name);
  if (it == all.end())
    return nullptr;
  auto spanned = [](const std::vector<ir::EntryType>& ts) {
    size_t n = 0;
    for (const ir::EntryType& t : ts)
      n += t.leaves;
    return n;
  };
  const ir::EntryInterface& iface = it->second;
  if (spanned(iface.params) != f.entryParams.size() ||
      spanned(iface.results) != f.entryResults.size())
    throw std::invalid_argument("backend: the C API view of entry function " + f.name +
                                " does not match its entry values");
  return &iface;
}

EntrySignature entrySignature(const imp::Function& f, const ir::EntryInterface* iface) {
  EntrySignature sig;
  sig.results = layout(f.entryResults, f.results, "results", f.name);
  sig.params = layout(f.entryParams, f.params, "parameters", f.name);
  // The slots point into the interface's types (no copies of them).
  static const std::vector<ir::EntryType> none;
  sig.resultSlots = slots(sig.results, iface ? iface->results : none);
  sig.paramSlots = slots(sig.params, iface ? iface->params : none);
  return sig;
}

OpaqueType OpaqueType::of(const ir::EntryType& t, const std::vector<ir::EntryValue>& all,
                          const std::vector<size_t>& at) {
  OpaqueType o;
  o.type = &t;
  for (size_t i : at)
    o.leaves.push_back(all.at(i));
  return o;
}

namespace {

void collectOpaque(const OpaqueType& o, std::set<std::string>& seen,
                   std::vector<OpaqueType>& out) {
  const ir::EntryType& t = *o.type;
  if (t.kind == ir::EntryType::Kind::Leaf || seen.count(t.name))
    return;
  size_t at = 0;
  for (const auto& [name, ft] : t.fields) {
    std::vector<size_t> mine;
    for (size_t i = 0; i < ft.leaves; ++i)
      mine.push_back(at++);
    collectOpaque(OpaqueType::of(ft, o.leaves, mine), seen, out);
  }
  for (size_t c = 0; c < t.ctors.size(); ++c) {
    size_t k = 0;
    for (const ir::EntryType& pt : t.ctors[c].second) {
      std::vector<size_t> mine(t.ctorLeaves[c].begin() + static_cast<long>(k),
                               t.ctorLeaves[c].begin() + static_cast<long>(k + pt.leaves));
      k += pt.leaves;
      collectOpaque(OpaqueType::of(pt, o.leaves, mine), seen, out);
    }
  }
  if (seen.insert(t.name).second)
    out.push_back(o);
}

} // namespace

std::vector<OpaqueType> opaqueTypes(const imp::Program& prog, const EntryInterfaces& interfaces) {
  std::set<std::string> seen;
  std::vector<OpaqueType> out;
  for (const imp::Function& f : prog.functions) {
    const ir::EntryInterface* iface = f.entry ? interfaceOf(interfaces, f) : nullptr;
    if (!iface)
      continue;
    for (const auto& [types, values] : {std::pair{&iface->params, &f.entryParams},
                                        std::pair{&iface->results, &f.entryResults}}) {
      size_t at = 0;
      for (const ir::EntryType& t : *types) {
        std::vector<size_t> mine;
        for (size_t i = 0; i < t.leaves; ++i)
          mine.push_back(at++);
        if (at <= values->size())
          collectOpaque(OpaqueType::of(t, *values, mine), seen, out);
      }
    }
  }
  return out;
}

std::string leafCType(const ir::EntryValue& v, const std::string& prefix) {
  if (v.rank == 0)
    return apiScalarType(v.elem);
  return "struct " + ArrayType{v.elem, v.rank}.name(prefix) + "*";
}

std::string valueCType(const ir::EntryType& t, const std::vector<ir::EntryValue>& vs,
                       const std::string& prefix) {
  if (t.kind != ir::EntryType::Kind::Leaf)
    return "struct " + prefix + "_" + t.name + "*";
  return leafCType(vs.at(0), prefix);
}

std::vector<ArrayType> arrayTypes(const imp::Program& prog) {
  std::set<ArrayType> types;
  for (const imp::Function& f : prog.functions) {
    if (!f.entry)
      continue;
    for (const auto* values : {&f.entryParams, &f.entryResults})
      for (const ir::EntryValue& v : *values)
        if (v.rank > 0)
          types.insert({v.elem, v.rank});
  }
  return {types.begin(), types.end()};
}

std::vector<std::string> tuningMembers(const imp::Program& prog) {
  std::map<std::string, int> seen;
  std::vector<std::string> members;
  for (const imp::TuningParam& t : prog.tuning) {
    std::string id;
    for (char c : t.name)
      id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0])))
      id = "p_" + id;
    if (int n = seen[id]++)
      id += "_" + std::to_string(n);
    members.push_back(id);
  }
  return members;
}

std::string apiNamePart(const std::string& name) {
  std::string out;
  for (char c : name)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

std::string macroPrefix(const std::string& prefix) {
  std::string s = "FJORD_";
  for (char c : prefix)
    s += std::isalnum(static_cast<unsigned char>(c))
             ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
             : '_';
  return s;
}

std::string fileHeader(const imp::Program& prog) {
  return "// Generated by Fjord from " + prog.sourcePath + ". Do not edit.\n";
}

std::string fileStem(const imp::Program& prog) {
  std::string stem = std::filesystem::path(prog.sourcePath).stem().string();
  return stem.empty() ? "prog" : stem;
}

} // namespace fjord::backend
