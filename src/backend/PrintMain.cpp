// prog_main.cpp (with --executable): a command-line program over the C API alone. It reads an
// entry point's arguments from stdin in Futhark's data format, runs it `-r` times (timing
// each run, input transfer excluded), and prints the results; with --server it serves
// Futhark's server protocol instead (runtime/fjord_runtime_server.h; call_<entry> runs an entry
// point on the server's variables). Both backends share it: build
// it with prog.cu (nvcc) or prog_host.cpp (g++ -lOpenCL). The fixed text is
// templates/main.cpp.in; this file prints what depends on the entry points.
#include "backend/PrintMain.h"

#include "backend/Api.h"
#include "backend/Template.h"

#include <cctype>

namespace fjord::backend {
namespace {

std::string elemEnum(PrimType t) {
  std::string s = primName(t);
  for (char& c : s)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return "fjord_rt::data::Elem::" + std::string(s == "BOOL" ? "Bool" : s);
}

bool hasSum(const ir::EntryType& t) {
  if (t.kind == ir::EntryType::Kind::Sum)
    return true;
  for (const auto& f : t.fields)
    if (hasSum(f.second))
      return true;
  return false;
}

/// Prints the code of run_<entry> that moves opaque values in and out: an opaque argument
/// is built with the `new` functions from its leaves (read from the input like any other
/// argument), and an opaque result without sum types inside is printed as its leaves,
/// taken out with the `project` functions (Note [Opaque entry values]).
class OpaqueCode {
public:
  explicit OpaqueCode(std::string prefix) : p_(std::move(prefix)) {}

  /// Code (in the run loop) making `var`, of opaque record type `t`, from the values read
  /// for `leaves`; then `frees` holds the code freeing it.
  std::string build(const ir::EntryType& t, const std::vector<const EntryArg*>& leaves,
                    const std::string& var) {
    std::string o, call = p_ + "_new_" + t.name + "(ctx, &" + var, cleanup;
    size_t at = 0;
    for (const auto& [name, ft] : t.fields) {
      std::vector<const EntryArg*> mine(leaves.begin() + static_cast<long>(at),
                                        leaves.begin() + static_cast<long>(at + ft.leaves));
      at += ft.leaves;
      if (ft.kind != ir::EntryType::Kind::Leaf) {
        std::string sub = fresh();
        o += build(ft, mine, sub);
        call += ", " + sub;
        cleanup += "        " + p_ + "_free_" + ft.name + "(ctx, " + sub + ");\n";
        continue;
      }
      for (const EntryArg* a : mine) {
        std::string value = a->cname + "_value";
        if (a->value.rank == 0) {
          call += ", " + value + ".get<" + apiScalarType(a->value.elem) + ">()";
          continue;
        }
        std::string arr = fresh(), suffix = arraySuffix(a->value);
        o += "        struct " + p_ + "_" + suffix + "* " + arr + " = " + p_ + "_new_" + suffix +
             "(ctx, " + value + ".data<" + apiScalarType(a->value.elem) + ">()";
        for (int d = 0; d < a->value.rank; ++d)
          o += ", " + value + ".shape[" + std::to_string(d) + "]";
        o += ");\n        if (!" + arr + ")\n            return reportError(ctx);\n";
        call += ", " + arr;
        cleanup += "        " + p_ + "_free_" + suffix + "(ctx, " + arr + ");\n";
      }
    }
    o += "        struct " + p_ + "_" + t.name + "* " + var + " = nullptr;\n";
    o += "        if (" + call + ") != 0)\n            return reportError(ctx);\n";
    return o + cleanup;
  }

  /// Code (inside `if (last)`) printing opaque record `obj` of type `t` as its leaves.
  std::string print(const ir::EntryType& t, const std::vector<ir::EntryValue>& leaves,
                    const std::string& obj) {
    std::string o;
    size_t at = 0;
    for (const auto& [name, ft] : t.fields) {
      std::vector<ir::EntryValue> mine(leaves.begin() + static_cast<long>(at),
                                       leaves.begin() + static_cast<long>(at + ft.leaves));
      at += ft.leaves;
      std::string project = p_ + "_project_" + t.name + "_" + apiNamePart(name) + "(ctx";
      if (ft.kind != ir::EntryType::Kind::Leaf) {
        std::string sub = fresh();
        o += "            struct " + p_ + "_" + ft.name + "* " + sub + " = nullptr;\n";
        o += "            if (" + project + ", &" + sub + ", " + obj +
             ") != 0)\n                return reportError(ctx);\n";
        o += print(ft, mine, sub);
        o += "            " + p_ + "_free_" + ft.name + "(ctx, " + sub + ");\n";
        continue;
      }
      if (mine.empty())
        continue; // a unit field: nothing to print
      std::vector<std::string> vars;
      std::string decls;
      for (const ir::EntryValue& v : mine) {
        vars.push_back(fresh());
        decls += "            " + leafCType(v, p_) + " " + vars.back() +
                 (v.rank == 0 ? " = 0;\n" : " = nullptr;\n");
      }
      o += decls + "            if (" + project;
      for (const std::string& v : vars)
        o += ", &" + v;
      o += ", " + obj + ") != 0)\n                return reportError(ctx);\n";
      for (size_t i = 0; i < mine.size(); ++i)
        o += printLeaf(mine[i], vars[i], "            ");
    }
    return o;
  }

  /// Code printing leaf `var` of type `v` (and freeing it if it is an array).
  std::string printLeaf(const ir::EntryValue& v, const std::string& var, const std::string& in) {
    if (v.rank == 0)
      return in + "runner.print(fjord_rt::data::Value::scalar(" + elemEnum(v.elem) + ", " + var +
             "));\n";
    std::string suffix = arraySuffix(v), value = var + "_host";
    std::string o = in + "fjord_rt::data::Value " + value + "(" + elemEnum(v.elem) + ", " + p_ +
                    "_shape_" + suffix + "(ctx, " + var + "), " + std::to_string(v.rank) + ");\n";
    o += in + "int " + var + "_status = " + p_ + "_values_" + suffix + "(ctx, " + var + ", " +
         value + ".data<" + apiScalarType(v.elem) + ">());\n";
    o += in + p_ + "_free_" + suffix + "(ctx, " + var + ");\n";
    o += in + "if (" + var + "_status != 0)\n" + in + "    return reportError(ctx);\n";
    return o + in + "runner.print(" + value + ");\n";
  }

  std::string arraySuffix(const ir::EntryValue& v) const {
    return ArrayType{v.elem, v.rank}.name(p_).substr(p_.size() + 1);
  }

private:
  std::string p_;
  int next_ = 0;
  std::string fresh() { return "part" + std::to_string(next_++); }
};

/// Declares the variables an entry's results are written to (opaque handles, scalars, arrays)
/// at `indent`, and returns the out-arguments that point at them.
std::vector<std::string> declareResults(const EntrySignature& sig, const std::string& p,
                                        const std::string& indent, std::string& o) {
  std::vector<std::string> outArgs;
  for (const EntrySlot& slot : sig.resultSlots) {
    if (slot.opaque)
      o += indent + "struct " + p + "_" + slot.opaque->name + "* " + slot.cname + " = nullptr;\n";
    else if (slot.leaves[0]->value.rank == 0)
      o += indent + apiScalarType(slot.leaves[0]->value.elem) + " " + slot.cname + " = 0;\n";
    else
      o += indent + leafCType(slot.leaves[0]->value, p) + " " + slot.cname + " = nullptr;\n";
    outArgs.push_back("&" + slot.cname);
  }
  return outArgs;
}

std::string runFunction(const imp::Function& f, const std::string& p,
                        const ir::EntryInterface* iface) {
  EntrySignature sig = entrySignature(f, iface);
  OpaqueCode opaque(p);
  std::string o = "/// Reads the arguments of entry point `" + f.name +
                  "`, runs it and prints its results.\n";
  o += "static int run_" + f.name + "(struct " + p +
       "_context* ctx, fjord_rt::data::Runner& runner) {\n";
  // The data format has no sum values: such an entry point cannot be given its arguments.
  for (const EntrySlot& slot : sig.paramSlots)
    if (slot.opaque && hasSum(*slot.opaque)) {
      o += "    std::cerr << \"error: entry point " + f.name + " takes a value of type " +
           slot.opaque->source +
           ", which the data format cannot express; call it through the C API\\n\";\n"
           "    (void)ctx;\n    (void)runner;\n    return 1;\n}\n\n";
      return o;
    }
  if (!sig.params.empty()) {
    o += "    fjord_rt::data::Value";
    for (size_t i = 0; i < sig.params.size(); ++i)
      o += std::string(i ? "," : "") + " " + sig.params[i].cname + "_value";
    o += ";\n";
  }
  for (const EntryArg& a : sig.params)
    o += "    if (!runner.read(" + a.cname + "_value, " + elemEnum(a.value.elem) + ", " +
         std::to_string(a.value.rank) + ", \"" + a.value.name + "\"))\n        return 1;\n";
  o += "    if (!runner.finishInput())\n        return 1;\n";
  o += "    for (int run = 0; run < runner.runs(); ++run) {\n";
  std::vector<std::string> callArgs;
  std::string freeArgs;
  for (const EntrySlot& slot : sig.paramSlots) {
    if (slot.opaque) {
      o += opaque.build(*slot.opaque, slot.leaves, slot.cname);
      callArgs.push_back(slot.cname);
      freeArgs += "        " + p + "_free_" + slot.opaque->name + "(ctx, " + slot.cname + ");\n";
      continue;
    }
    const EntryArg& a = *slot.leaves[0];
    if (a.value.rank == 0) {
      callArgs.push_back(a.cname + "_value.get<" + apiScalarType(a.value.elem) + ">()");
      continue;
    }
    std::string suffix = opaque.arraySuffix(a.value);
    o += "        struct " + p + "_" + suffix + "* " + a.cname + " = " + p + "_new_" + suffix +
         "(ctx, " + a.cname + "_value.data<" + apiScalarType(a.value.elem) + ">()";
    for (int d = 0; d < a.value.rank; ++d)
      o += ", " + a.cname + "_value.shape[" + std::to_string(d) + "]";
    o += ");\n        if (!" + a.cname + ")\n            return reportError(ctx);\n";
    callArgs.push_back(a.cname);
    freeArgs += "        " + p + "_free_" + suffix + "(ctx, " + a.cname + ");\n";
  }
  std::vector<std::string> outArgs = declareResults(sig, p, "        ", o);
  o += "        if (runner.flushL2() && " + p + "_context_flush_l2(ctx) != 0)\n"
       "            return reportError(ctx);\n";
  o += "        runner.startRun();\n";
  o += "        int status = " + p + "_entry_" + f.name + "(ctx";
  for (const std::string& a : outArgs)
    o += ", " + a;
  for (const std::string& a : callArgs)
    o += ", " + a;
  o += ");\n        if (status == 0)\n            status = " + p +
       "_context_sync(ctx);\n        runner.endRun();\n";
  o += freeArgs;
  o += "        if (status != 0)\n            return reportError(ctx);\n";
  o += "        bool last = run + 1 == runner.runs();\n";
  for (const EntrySlot& slot : sig.resultSlots) {
    if (slot.opaque) {
      std::vector<ir::EntryValue> leaves;
      for (const EntryArg* a : slot.leaves)
        leaves.push_back(a->value);
      o += "        if (last) {\n";
      if (hasSum(*slot.opaque))
        o += "            std::cout << \"#<opaque " + slot.opaque->source + ">\\n\";\n";
      else
        o += opaque.print(*slot.opaque, leaves, slot.cname);
      o += "        }\n        " + p + "_free_" + slot.opaque->name + "(ctx, " + slot.cname +
           ");\n";
      continue;
    }
    const EntryArg& a = *slot.leaves[0];
    std::string elem = apiScalarType(a.value.elem);
    if (a.value.rank == 0) {
      o += "        if (last)\n            runner.print(fjord_rt::data::Value::scalar(" +
           elemEnum(a.value.elem) + ", " + a.cname + "));\n";
      continue;
    }
    std::string suffix = opaque.arraySuffix(a.value);
    o += "        if (last) {\n            fjord_rt::data::Value value(" + elemEnum(a.value.elem) +
         ", " + p + "_shape_" + suffix + "(ctx, " + a.cname + "), " +
         std::to_string(a.value.rank) + ");\n";
    o += "            status = " + p + "_values_" + suffix + "(ctx, " + a.cname +
         ", value.data<" + elem + ">());\n";
    o += "            if (status == 0)\n                runner.print(value);\n        }\n";
    o += "        " + p + "_free_" + suffix + "(ctx, " + a.cname + ");\n";
    o += "        if (status != 0)\n            return reportError(ctx);\n";
  }
  o += "    }\n    return 0;\n}\n\n";
  return o;
}

/// The server's type name of a leaf: `[][]f32`, with `*` first when it is unique.
std::string serverLeafType(const ir::EntryValue& v) {
  std::string t = v.unique ? "*" : "";
  for (int d = 0; d < v.rank; ++d)
    t += "[]";
  return t + primName(v.elem);
}

/// The server's type name of a slot: an opaque value is named by its source type.
std::string serverSlotType(const EntrySlot& slot) {
  if (!slot.opaque)
    return serverLeafType(slot.leaves[0]->value);
  bool unique = false;
  for (const EntryArg* a : slot.leaves)
    unique = unique || a->value.unique;
  return (unique ? "*" : "") + slot.opaque->source;
}

/// A C++ string literal of `s`.
std::string quoted(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      o += '\\';
    o += c;
  }
  return o + "\"";
}

/// call_<entry> of the server mode: the arguments from variables `in` (transparent values are
/// copied to the device for the call), the results into variables `out`; false on failure,
/// with the context's error set.
std::string callFunction(const imp::Function& f, const std::string& p,
                         const ir::EntryInterface* iface) {
  EntrySignature sig = entrySignature(f, iface);
  OpaqueCode names(p);
  std::string o = "/// Runs entry point `" + f.name + "` for the server (`call " + f.name + " ...`).\n";
  // An entry point without parameters leaves `in` unnamed (unused under -Werror).
  std::string in = sig.paramSlots.empty() ? "" : " in";
  o += "static bool call_" + f.name + "(struct " + p +
       "_context* ctx, const fjord_rt::server::Var* const*" + in +
       ", fjord_rt::server::Var* out) {\n";
  std::vector<std::string> callArgs, created;
  std::string freeArgs;
  for (size_t i = 0; i < sig.paramSlots.size(); ++i) {
    const EntrySlot& slot = sig.paramSlots[i];
    std::string var = "in[" + std::to_string(i) + "]";
    if (slot.opaque) {
      callArgs.push_back("static_cast<struct " + p + "_" + slot.opaque->name + "*>(" + var +
                         "->opaque.get())");
      continue;
    }
    const ir::EntryValue& v = slot.leaves[0]->value;
    std::string elem = apiScalarType(v.elem);
    if (v.rank == 0) {
      callArgs.push_back(var + "->value.get<" + elem + ">()");
      continue;
    }
    std::string suffix = names.arraySuffix(v);
    o += "    struct " + p + "_" + suffix + "* " + slot.cname + " = " + p + "_new_" + suffix +
         "(ctx, " + var + "->value.data<" + elem + ">()";
    for (int d = 0; d < v.rank; ++d)
      o += ", " + var + "->value.shape[" + std::to_string(d) + "]";
    o += ");\n";
    callArgs.push_back(slot.cname);
    created.push_back(slot.cname);
    freeArgs += "    if (" + slot.cname + ")\n        " + p + "_free_" + suffix + "(ctx, " +
                slot.cname + ");\n";
  }
  std::vector<std::string> outArgs = declareResults(sig, p, "    ", o);
  // An argument that could not be made leaves the context's error set: no call.
  std::string made;
  for (const std::string& c : created)
    made += (made.empty() ? "" : " && ") + c;
  o += "    int status = " + (made.empty() ? std::string() : made + " ? ") + p + "_entry_" +
       f.name + "(ctx";
  for (const std::string& a : outArgs)
    o += ", " + a;
  for (const std::string& a : callArgs)
    o += ", " + a;
  o += ")" + std::string(made.empty() ? "" : " : 1") + ";\n";
  o += "    if (status == 0)\n        status = " + p + "_context_sync(ctx);\n";
  o += freeArgs;
  o += "    if (status != 0)\n        return false;\n";
  for (size_t i = 0; i < sig.resultSlots.size(); ++i) {
    const EntrySlot& slot = sig.resultSlots[i];
    std::string var = "out[" + std::to_string(i) + "]";
    if (slot.opaque) {
      std::string type = "struct " + p + "_" + slot.opaque->name;
      o += "    " + var + ".opaque = std::shared_ptr<void>(" + slot.cname + ", [ctx](void* v) { " +
           p + "_free_" + slot.opaque->name + "(ctx, static_cast<" + type + "*>(v)); });\n";
      continue;
    }
    const ir::EntryValue& v = slot.leaves[0]->value;
    if (v.rank == 0) {
      o += "    " + var + ".value = fjord_rt::data::Value::scalar(" + elemEnum(v.elem) + ", " +
           slot.cname + ");\n";
      continue;
    }
    std::string suffix = names.arraySuffix(v);
    o += "    " + var + ".value = fjord_rt::data::Value(" + elemEnum(v.elem) + ", " + p +
         "_shape_" + suffix + "(ctx, " + slot.cname + "), " + std::to_string(v.rank) + ");\n";
    o += "    if (" + p + "_values_" + suffix + "(ctx, " + slot.cname + ", " + var +
         ".value.data<" + apiScalarType(v.elem) + ">()) != 0)\n        status = 1;\n";
    o += "    " + p + "_free_" + suffix + "(ctx, " + slot.cname + ");\n";
  }
  return o + "    return status == 0;\n}\n\n";
}

/// The server's table entry of entry point `f`.
std::string serverEntry(const imp::Function& f, const ir::EntryInterface* iface) {
  EntrySignature sig = entrySignature(f, iface);
  auto list = [](const std::vector<EntrySlot>& slots) {
    std::string o;
    for (const EntrySlot& slot : slots)
      o += (o.empty() ? "" : ", ") + quoted(serverSlotType(slot));
    return "{" + o + "}";
  };
  return "        {\"" + f.name + "\", " + list(sig.paramSlots) + ", " + list(sig.resultSlots) +
         ",\n         [ctx](const Var* const* in, Var* out) { return call_" + f.name +
         "(ctx, in, out); }},\n";
}

} // namespace

std::string printMain(const imp::Program& prog, const std::string& p, const std::string& stem,
                      const EntryInterfaces& interfaces) {
  std::string runFunctions, entryDispatch, callFunctions, serverEntries, opaqueKinds;
  for (const imp::Function& f : prog.functions) {
    if (!f.entry)
      continue;
    runFunctions += runFunction(f, p, interfaceOf(interfaces, f));
    callFunctions += callFunction(f, p, interfaceOf(interfaces, f));
    serverEntries += serverEntry(f, interfaceOf(interfaces, f));
    entryDispatch += "if (options.entry == \"" + f.name + "\")\n        status = run_" + f.name +
                     "(ctx, runner);\n    else ";
  }
  for (const OpaqueType& t : opaqueTypes(prog, interfaces))
    opaqueKinds += "{" + quoted(t.type->source) + ", \"" +
                   (t.type->kind == ir::EntryType::Kind::Sum ? "sum" : "record") + "\"}, ";
  return instantiate("main.cpp.in", hostDialect(),
                     {{"file_header", fileHeader(prog)},
                      {"prefix", p},
                      {"header", stem + ".h"},
                      // Without entry points nothing reports errors (an unused static
                      // function fails -Werror).
                      {"any_entry", runFunctions.empty() ? "0" : "1"},
                      {"run_functions", runFunctions},
                      {"call_functions", callFunctions},
                      {"server_entries", serverEntries},
                      {"opaque_kinds", opaqueKinds},
                      {"entry_dispatch", entryDispatch}});
}

} // namespace fjord::backend
