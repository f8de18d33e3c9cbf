// The opaque types of the C API (Note [Opaque entry values] in internalise/EntryTypes.cpp):
// their declarations in prog.h and their implementation in the host code. A record (or
// tuple) gets `new` from its fields and `project_<field>`; a sum type `variant`, and per
// constructor `new_<ctor>` and `destruct_<ctor>`; every opaque type `free`. A value holds
// its leaves (the entry values it is made of) as members `leaf0`, `leaf1`, ...: scalars in
// their C API type, arrays as array structs; functions copy arrays, so every value owns its
// own memory.
#include "backend/PrintOpaque.h"

#include <set>

namespace fjord::backend {
namespace {

using Kind = ir::EntryType::Kind;

/// The leaves (indices into the value's) of each field of a record, or each payload
/// component of constructor `c` of a sum.
std::vector<std::vector<size_t>> partLeaves(const ir::EntryType& t, size_t c = 0) {
  std::vector<std::vector<size_t>> out;
  if (t.kind == Kind::Record) {
    size_t at = 0;
    for (const auto& f : t.fields) {
      out.emplace_back();
      for (size_t i = 0; i < f.second.leaves; ++i)
        out.back().push_back(at++);
    }
    return out;
  }
  size_t k = 0;
  for (const ir::EntryType& p : t.ctors.at(c).second) {
    out.emplace_back(t.ctorLeaves[c].begin() + static_cast<long>(k),
                     t.ctorLeaves[c].begin() + static_cast<long>(k + p.leaves));
    k += p.leaves;
  }
  return out;
}

/// One C argument of a constructor or destructor: its name, the part's type and leaves.
struct Part {
  std::string name;
  const ir::EntryType* type;
  std::vector<size_t> at; ///< the part's leaves among the value's
};

/// The C arguments of a record's `new` (its fields) or of constructor `c` (its payload); a
/// leaf part of several leaves (an array of tuples) gives one argument per leaf.
std::vector<Part> parts(const ir::EntryType& t, size_t c = 0) {
  std::vector<std::vector<size_t>> at = partLeaves(t, c);
  std::vector<Part> out;
  for (size_t i = 0; i < at.size(); ++i) {
    const ir::EntryType& pt = t.kind == Kind::Record ? t.fields[i].second : t.ctors[c].second[i];
    std::string name = "v_" + (t.kind == Kind::Record ? apiNamePart(t.fields[i].first)
                                                      : std::to_string(i));
    if (at[i].empty())
      continue; // a unit field: nothing to pass
    if (pt.kind == Kind::Leaf && at[i].size() > 1) {
      for (size_t k = 0; k < at[i].size(); ++k)
        out.push_back({name + "_" + std::to_string(k), &pt, {at[i][k]}});
      continue;
    }
    out.push_back({name, &pt, at[i]});
  }
  return out;
}

/// The out-parameters of the `project` function of field `field` (of type `ft`): its parts
/// among `ps` (a record's), named `out`, or `out_0`, `out_1`, ... for an array of tuples.
std::vector<Part> projected(const std::vector<Part>& ps, const ir::EntryType& ft) {
  std::vector<Part> mine;
  for (const Part& part : ps)
    if (part.type == &ft)
      mine.push_back(part);
  for (size_t i = 0; i < mine.size(); ++i)
    mine[i].name = mine.size() == 1 ? "out" : "out_" + std::to_string(i);
  return mine;
}

/// The C type of part `p` of value `o`.
std::string partType(const OpaqueType& o, const Part& p, const std::string& prefix) {
  if (p.type->kind != Kind::Leaf)
    return "struct " + prefix + "_" + p.type->name + "*";
  return leafCType(o.leaves.at(p.at[0]), prefix);
}

std::string typeDoc(const ir::EntryType& t) {
  return "`" + t.source + "`";
}

} // namespace

std::string printOpaqueDecls(const OpaqueType& o, const std::string& p) {
  const ir::EntryType& t = *o.type;
  std::string T = "struct " + p + "_" + t.name;
  std::string ctx = "struct " + p + "_context* ctx";
  std::string s = "// Opaque values of type " + typeDoc(t) + ". Arrays and opaque values "
                  "given to or returned by its functions are copies.\n" +
                  T + ";\nint " + p + "_free_" + t.name + "(" + ctx + ", " + T + "* obj);\n";
  auto args = [&](const std::vector<Part>& ps, bool out) {
    std::string a;
    for (const Part& part : ps) {
      std::string ty = partType(o, part, p);
      a += out ? ", " + ty + "* " + part.name : ", const " + ty + " " + part.name;
    }
    return a;
  };
  if (t.kind == Kind::Record) {
    std::string fields;
    for (const auto& f : t.fields)
      fields += (fields.empty() ? "`" : ", `") + f.first + "`";
    s += "/// A new value of fields " + fields + ".\n";
    s += "int " + p + "_new_" + t.name + "(" + ctx + ", " + T + "** out" + args(parts(t), false) +
         ");\n";
    std::vector<Part> ps = parts(t);
    for (const auto& f : t.fields) {
      std::vector<Part> mine = projected(ps, f.second);
      if (mine.empty())
        continue;
      bool copied = f.second.kind != Kind::Leaf || o.leaves[mine[0].at[0]].rank > 0;
      s += "/// Field `" + f.first + "`" + (copied ? " (a new copy: free it)" : "") + ".\n";
      s += "int " + p + "_project_" + t.name + "_" + apiNamePart(f.first) + "(" + ctx +
           args(mine, true) + ", const " + T + "* obj);\n";
    }
    return s + "\n";
  }
  std::string ctors;
  for (size_t c = 0; c < t.ctors.size(); ++c)
    ctors += (c ? ", " : "") + std::to_string(c) + " = #" + t.ctors[c].first;
  s += "/// Which constructor the value was made with: " + ctors + ".\n";
  s += "int " + p + "_variant_" + t.name + "(" + ctx + ", const " + T + "* obj);\n";
  for (size_t c = 0; c < t.ctors.size(); ++c) {
    std::string n = apiNamePart(t.ctors[c].first);
    s += "/// A new value `#" + t.ctors[c].first + "` with the payload given.\n";
    s += "int " + p + "_new_" + t.name + "_" + n + "(" + ctx + ", " + T + "** out" +
         args(parts(t, c), false) + ");\n";
    s += "/// The payload of a value made with `#" + t.ctors[c].first +
         "` (otherwise it fails with a program error).\n";
    s += "int " + p + "_destruct_" + t.name + "_" + n + "(" + ctx + args(parts(t, c), true) +
         ", const " + T + "* obj);\n";
  }
  return s + "\n";
}

namespace {

/// Code copying leaf `from` of `src` (a `const T&` or pointer expression `srcLeaf`) into
/// `dstLeaf`, both of leaf type `v`.
std::string copyLeaf(const ir::EntryValue& v, const std::string& dstLeaf,
                     const std::string& srcLeaf, const std::string& p) {
  if (v.rank == 0)
    return "    " + dstLeaf + " = " + srcLeaf + ";\n";
  return "    FJORD_TRY(" + p + "_copy_" + ArrayType{v.elem, v.rank}.name(p).substr(p.size() + 1) +
         "(ctx, " + dstLeaf + ", " + srcLeaf + "));\n";
}

/// Code setting leaves `at` of `*obj` from part `part` (a C argument).
std::string fromPart(const OpaqueType& o, const Part& part, const std::string& obj,
                     const std::string& p) {
  std::string s;
  for (size_t i = 0; i < part.at.size(); ++i) {
    const ir::EntryValue& v = o.leaves.at(part.at[i]);
    std::string src = part.type->kind != Kind::Leaf ? part.name + "->leaf" + std::to_string(i)
                      : v.rank == 0                 ? part.name
                                                    : "*" + part.name;
    s += copyLeaf(v, obj + "->leaf" + std::to_string(part.at[i]), src, p);
  }
  return s;
}

/// Code setting the out-parameter `part` (a pointer) from leaves `at` of `*obj`.
std::string toPart(const OpaqueType& o, const Part& part, const std::string& obj,
                   const std::string& p) {
  if (part.type->kind == Kind::Leaf) {
    const ir::EntryValue& v = o.leaves.at(part.at[0]);
    std::string leaf = obj + "->leaf" + std::to_string(part.at[0]);
    if (v.rank == 0)
      return "    *" + part.name + " = " + leaf + ";\n";
    std::string arr = ArrayType{v.elem, v.rank}.name(p);
    return "    {\n        auto arr = std::make_unique<" + arr + ">();\n    " +
           copyLeaf(v, "*arr", leaf, p) + "        *" + part.name +
           " = arr.release();\n    }\n";
  }
  std::string s = "    {\n        auto value = std::make_unique<" + p + "_" + part.type->name +
                  ">();\n";
  for (size_t i = 0; i < part.at.size(); ++i)
    s += "    " + copyLeaf(o.leaves.at(part.at[i]), "value->leaf" + std::to_string(i),
                           obj + "->leaf" + std::to_string(part.at[i]), p);
  return s + "        *" + part.name + " = value.release();\n    }\n";
}

} // namespace

std::string printOpaqueStruct(const OpaqueType& o, const std::string& p) {
  std::string s = "struct " + p + "_" + o.type->name + " {\n";
  for (size_t i = 0; i < o.leaves.size(); ++i) {
    const ir::EntryValue& v = o.leaves[i];
    s += "    " + (v.rank == 0 ? apiScalarType(v.elem) : ArrayType{v.elem, v.rank}.name(p)) +
         " leaf" + std::to_string(i) + (v.rank == 0 ? " = 0" : "") + ";\n";
  }
  return s + "};\n\n";
}

std::string printArrayCopy(const ArrayType& a, const std::string& p) {
  std::string name = a.name(p), elem = apiScalarType(a.elem);
  return "/// Copies array `src` into `dst` (for opaque values, which own their arrays).\n"
         "static int " + p + "_copy_" + name.substr(p.size() + 1) + "(struct " + p +
         "_context* ctx, " + name + "& dst, const " + name + "& src) {\n"
         "    int64_t bytes = static_cast<int64_t>(sizeof(" + elem + "));\n"
         "    for (int d = 0; d < " + std::to_string(a.rank) + "; ++d) {\n"
         "        dst.shape[d] = src.shape[d];\n"
         "        bytes *= src.shape[d];\n"
         "    }\n"
         "    FJORD_TRY(ctx->device.alloc(dst.mem, bytes));\n"
         "    return ctx->device.copy(dst.mem, 0, src.mem, 0, bytes);\n}\n\n";
}

std::string printOpaqueFunctions(const OpaqueType& o, const std::string& p) {
  const ir::EntryType& t = *o.type;
  std::string T = p + "_" + t.name;
  std::string ctx = "struct " + p + "_context* ctx";
  std::string s = "int " + p + "_free_" + t.name + "(struct " + p + "_context* /*ctx*/, struct " +
                  T + "* obj) {\n    delete obj;\n    return fjord_rt::kSuccess;\n}\n\n";
  bool anyArray = false;
  for (const ir::EntryValue& v : o.leaves)
    anyArray = anyArray || v.rank > 0;
  auto ctxParam = [&](bool used) { return used ? ctx : "struct " + p + "_context* /*ctx*/"; };
  auto args = [&](const std::vector<Part>& ps, bool out) {
    std::string a;
    for (const Part& part : ps)
      a += ", " + std::string(out ? "" : "const ") + partType(o, part, p) + (out ? "* " : " ") +
           part.name;
    return a;
  };
  auto usesCtx = [&](const std::vector<Part>& ps) {
    for (const Part& part : ps)
      for (size_t i : part.at)
        if (o.leaves[i].rank > 0)
          return true;
    return false;
  };
  if (t.kind == Kind::Record) {
    std::vector<Part> ps = parts(t);
    s += "int " + p + "_new_" + t.name + "(" + ctxParam(anyArray) + ", struct " + T + "** out" +
         args(ps, false) + ") {\n    auto obj = std::make_unique<" + T + ">();\n";
    for (const Part& part : ps)
      s += fromPart(o, part, "obj", p);
    s += "    *out = obj.release();\n    return fjord_rt::kSuccess;\n}\n\n";
    for (const auto& f : t.fields) {
      std::vector<Part> mine = projected(ps, f.second);
      if (mine.empty())
        continue;
      s += "int " + p + "_project_" + t.name + "_" + apiNamePart(f.first) + "(" +
           ctxParam(usesCtx(mine)) + args(mine, true) + ", const struct " + T + "* obj) {\n";
      for (const Part& m : mine)
        s += toPart(o, m, "obj", p);
      s += "    return fjord_rt::kSuccess;\n}\n\n";
    }
    return s;
  }
  s += "int " + p + "_variant_" + t.name + "(struct " + p + "_context* /*ctx*/, const struct " +
       T + "* obj) {\n    return obj->leaf0;\n}\n\n";
  for (size_t c = 0; c < t.ctors.size(); ++c) {
    std::vector<Part> ps = parts(t, c);
    std::string n = apiNamePart(t.ctors[c].first);
    s += "int " + p + "_new_" + t.name + "_" + n + "(" + ctxParam(usesCtx(ps)) + ", struct " +
         T + "** out" + args(ps, false) + ") {\n    auto obj = std::make_unique<" + T +
         ">();\n    obj->leaf0 = " + std::to_string(c) + ";\n";
    for (const Part& part : ps)
      s += fromPart(o, part, "obj", p);
    s += "    *out = obj.release();\n    return fjord_rt::kSuccess;\n}\n\n";
    s += "int " + p + "_destruct_" + t.name + "_" + n + "(" + ctx + args(ps, true) +
         ", const struct " + T + "* obj) {\n    if (obj->leaf0 != " + std::to_string(c) +
         ")\n        return ctx->device.fail(fjord_rt::kProgramError, \"" + p + "_destruct_" +
         t.name + "_" + n + ": the value was not made with #" + t.ctors[c].first + "\");\n";
    for (const Part& part : ps)
      s += toPart(o, part, "obj", p);
    s += "    return fjord_rt::kSuccess;\n}\n\n";
  }
  return s;
}

std::vector<ArrayType> opaqueArrayTypes(const std::vector<OpaqueType>& types) {
  std::set<ArrayType> out;
  for (const OpaqueType& o : types)
    for (const ir::EntryValue& v : o.leaves)
      if (v.rank > 0)
        out.insert({v.elem, v.rank});
  return {out.begin(), out.end()};
}

} // namespace fjord::backend
