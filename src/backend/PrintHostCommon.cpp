// Host code shared by CUDA and OpenCL (see PrintHost.h): host statements over the runtime's
// Device/Buffer (whose interface is the same for both APIs), entry functions, and the C API
// implementation. Device memory is RAII (Buffer), so an early `return` on error leaks nothing.
#include "backend/PrintHost.h"

#include "backend/Half.h"
#include "backend/LaunchGuards.h"

#include <map>
#include <set>
#include <stdexcept>

namespace fjord::backend {
using imp::Stm;

std::string entryPrototype(const imp::Function& f, const std::string& prefix); // PrintApi.cpp

namespace {

/// Prints host statements; kernel launches go to the target's hook.
class HostPrinter : public CPrinter {
public:
  HostPrinter(Helpers& h, const imp::Program& prog, const HostTarget& target)
      : CPrinter(hostDialect(), h), prog_(prog), target_(target) {
    std::vector<std::string> members = tuningMembers(prog);
    for (size_t i = 0; i < prog.tuning.size(); ++i)
      tuning_[prog.tuning[i].name] = members[i];
  }

  using CPrinter::declare;
  /// The launches known to run over at least one block (backend/LaunchGuards.h).
  void setNonEmptyLaunches(std::set<const Stm*> launches) { nonEmpty_ = std::move(launches); }

protected:
  std::string tuning(const std::string& name) override {
    auto it = tuning_.find(name);
    if (it == tuning_.end())
      throw std::invalid_argument("backend: unknown tuning parameter " + name);
    return "ctx->tuning." + it->second;
  }

  void targetStm(const Stm& s) override {
    switch (s.kind) {
    case Stm::Kind::Alloc:
      if (!declared(s.name)) {
        line(target_.runtimeNamespace() + "::Buffer " + s.name + ";");
        declare(s.name);
      }
      line("FJORD_TRY(ctx->device.alloc(" + s.name + ", " + exp(*s.args.at(0)) + "));");
      return;
    case Stm::Kind::Free: line(s.name + ".reset();"); return;
    case Stm::Kind::DeclareMem:
      line(target_.runtimeNamespace() + "::Buffer " + s.name + ";");
      declare(s.name);
      return;
    case Stm::Kind::MoveMem:
      // Buffer's move assignment exchanges: `src` frees `name`'s old memory with itself.
      line(s.name + " = std::move(" + s.src + ");");
      return;
    case Stm::Kind::CopyMem:
      line("FJORD_TRY(ctx->device.copy(" + s.name + ", " + exp(*s.args.at(0)) + ", " + s.src +
           ", " + exp(*s.args.at(1)) + ", " + exp(*s.args.at(2)) + "));");
      return;
    case Stm::Kind::ReadScalar:
      if (dropped(s.name))
        return;
      if (s.type == PrimType::F16) { // binary16 in memory, a float here (backend/Half.h)
        line("{");
        line("    uint16_t fjord_bits;"); // fjord_: no program name can clash with it
        line("    FJORD_TRY(ctx->device.readScalar(fjord_bits, " + s.src + ", " +
             exp(*s.args.at(0)) + "));");
        line("    " + s.name + " = " + halfFromBitsHelper(helpers_) + "(fjord_bits);");
        line("}");
        return;
      }
      line("FJORD_TRY(ctx->device.readScalar(" + s.name + ", " + s.src + ", " +
           exp(*s.args.at(0)) + "));");
      return;
    case Stm::Kind::WriteScalar:
      if (s.type == PrimType::F16) {
        line("FJORD_TRY(ctx->device.writeScalar<uint16_t>(" + s.name + ", " + exp(*s.args.at(0)) +
             ", " + halfToBitsHelper(helpers_) + "(" + exp(*s.args.at(1)) + ")));");
        return;
      }
      line("FJORD_TRY(ctx->device.writeScalar<" + std::string(d_.typeName(s.type)) + ">(" +
           s.name + ", " + exp(*s.args.at(0)) + ", " + exp(*s.args.at(1)) + "));");
      return;
    case Stm::Kind::Error:
      line("if (" + exp(*s.args.at(0)) + ")");
      line("    return ctx->device.fail(fjord_rt::kProgramError, " + stringLiteral(s.text) +
           ");");
      return;
    case Stm::Kind::Launch: {
      for (const imp::Kernel& k : prog_.kernels)
        if (k.name == s.name) {
          if (k.params.size() != s.kernelArgs.size())
            throw std::invalid_argument("backend: launch of " + k.name +
                                        " with the wrong number of arguments");
          target_.launch(*this, s, k, nonEmpty_.count(&s) > 0);
          return;
        }
      throw std::invalid_argument("backend: launch of unknown kernel " + s.name);
    }
    default: CPrinter::targetStm(s);
    }
  }

private:
  const imp::Program& prog_;
  const HostTarget& target_;
  std::map<std::string, std::string> tuning_;
  std::set<const Stm*> nonEmpty_;
};

std::string paramDecl(const imp::Param& p, bool result, bool used, const std::string& ns) {
  std::string name = used ? p.name : "/*" + p.name + "*/";
  if (p.kind == imp::Param::Kind::Mem)
    return (result ? ns + "::Buffer& " : "const " + ns + "::Buffer& ") + name;
  return std::string(hostDialect().typeName(p.type)) + (result ? "& " : " ") + name;
}

/// `static int entry_<name>(...)`: the entry point over Imp's view of its arguments.
std::string entryFunction(const imp::Function& f, const std::string& prefix,
                          const imp::Program& prog, const HostTarget& target, Helpers& h) {
  HostPrinter body(h, prog, target);
  Uses uses = collectUses(f.body);
  body.setUses(uses);
  body.setNonEmptyLaunches(nonEmptyLaunches(f.body));
  for (const auto* list : {&f.results, &f.params})
    for (const imp::Param& p : *list)
      body.declare(p.name);
  body.block(f.body);
  body.line("    return fjord_rt::kSuccess;");
  std::string text = body.take();

  std::string o;
  for (const std::string& d : f.doc)
    o += "// " + d + "\n";
  bool usesCtx = text.find("ctx->") != std::string::npos;
  o += "static int entry_" + f.name + "(struct " + prefix + "_context* " +
       (usesCtx ? "ctx" : "/*ctx*/");
  for (const imp::Param& p : f.results)
    o += ", " + paramDecl(p, true, uses.refs.count(p.name) != 0, target.runtimeNamespace());
  for (const imp::Param& p : f.params)
    o += ", " + paramDecl(p, false, uses.refs.count(p.name) != 0, target.runtimeNamespace());
  return o + ") {\n" + text + "}\n\n";
}

/// The C API wrapper of an entry point: unpacks arrays, calls entry_<name>, packs results.
std::string entryWrapper(const imp::Function& f, const std::string& p, Helpers& h) {
  EntrySignature sig = entrySignature(f);
  std::string o = entryPrototype(f, p) + " {\n    FJORD_TRY(ctx->status);\n";
  std::vector<std::string> args;
  std::string f16Results; // the C API has f16 scalars as their bits: converted after the call
  for (const EntryArg& a : sig.results) {
    if (a.value.rank == 0 && a.value.elem == PrimType::F16) {
      std::string r = "result" + a.cname.substr(3);
      o += "    float " + r + " = 0;\n";
      args.push_back(r);
      f16Results += "    *" + a.cname + " = " + halfToBitsHelper(h) + "(" + r + ");\n";
      continue;
    }
    if (a.value.rank == 0) {
      args.push_back("*" + a.cname);
      continue;
    }
    std::string r = "result" + a.cname.substr(3);
    o += "    auto " + r + " = std::make_unique<" + ArrayType{a.value.elem, a.value.rank}.name(p) +
         ">();\n";
    args.push_back(r + "->mem");
    for (int d = 0; d < a.value.rank; ++d)
      args.insert(args.end() - 1, r + "->shape[" + std::to_string(d) + "]");
  }
  for (const EntryArg& a : sig.params) {
    if (a.value.rank == 0 && a.value.elem == PrimType::F16) {
      args.push_back(halfFromBitsHelper(h) + "(" + a.cname + ")");
      continue;
    }
    if (a.value.rank == 0) {
      args.push_back(a.cname);
      continue;
    }
    for (int d = 0; d < a.value.rank; ++d)
      args.push_back(a.cname + "->shape[" + std::to_string(d) + "]");
    args.push_back(a.cname + "->mem");
  }
  o += "    FJORD_TRY(entry_" + f.name + "(ctx";
  for (const std::string& a : args)
    o += ", " + a;
  o += "));\n" + f16Results;
  for (const EntryArg& a : sig.results)
    if (a.value.rank > 0)
      o += "    *" + a.cname + " = result" + a.cname.substr(3) + ".release();\n";
  return o + "    return fjord_rt::kSuccess;\n}\n\n";
}

std::string arrayFunctions(const ArrayType& a, const std::string& p, const HostTarget& target) {
  std::string n = a.name(p), suffix = n.substr(p.size() + 1), elem = apiScalarType(a.elem);
  std::string ctx = "struct " + p + "_context* ";
  std::string dims, bytes = "static_cast<int64_t>(sizeof(" + elem + "))";
  std::string setShape;
  for (int d = 0; d < a.rank; ++d) {
    std::string dim = "dim" + std::to_string(d);
    dims += ", int64_t " + dim;
    setShape += "    arr->shape[" + std::to_string(d) + "] = " + dim + ";\n";
    bytes = dim + " * " + bytes;
  }
  std::string arrBytes = "arr->shape[0]";
  for (int d = 1; d < a.rank; ++d)
    arrBytes += " * arr->shape[" + std::to_string(d) + "]";
  arrBytes += " * static_cast<int64_t>(sizeof(" + elem + "))";

  std::string o;
  auto newFn = [&](const std::string& kind, const std::string& dataType,
                   const std::string& copy) {
    o += "struct " + n + "* " + p + "_new" + kind + "_" + suffix + "(" + ctx + "ctx, " +
         dataType + " data" + dims + ") {\n";
    o += "    auto arr = std::make_unique<" + n + ">();\n" + setShape;
    o += "    int64_t bytes = " + bytes + ";\n";
    o += "    if (ctx->status || ctx->device.alloc(arr->mem, bytes) || " + copy + ")\n";
    o += "        return nullptr;\n    return arr.release();\n}\n\n";
  };
  newFn("", "const " + elem + "*", "ctx->device.write(arr->mem, 0, data, bytes)");
  newFn("_raw", target.rawType(a.elem, true),
        "ctx->device.copyFromRaw(arr->mem, " + target.rawSource("data") + ", bytes)");
  o += "int " + p + "_free_" + suffix + "(" + ctx + "/*ctx*/, struct " + n +
       "* arr) {\n    delete arr;\n    return fjord_rt::kSuccess;\n}\n\n";
  o += "int " + p + "_values_" + suffix + "(" + ctx + "ctx, const struct " + n + "* arr, " + elem +
       "* data) {\n    return ctx->device.read(data, arr->mem, 0, " + arrBytes + ");\n}\n\n";
  o += target.rawType(a.elem, false) + " " + p + "_values_raw_" + suffix + "(" + ctx +
       "/*ctx*/, const struct " + n + "* arr) {\n    return " + target.rawOf("arr", a.elem) +
       ";\n}\n\n";
  o += "const int64_t* " + p + "_shape_" + suffix + "(" + ctx + "/*ctx*/, const struct " + n +
       "* arr) {\n    return arr->shape;\n}\n\n";
  return o;
}

} // namespace

std::string printHostCode(const imp::Program& prog, const std::string& p,
                          const HostTarget& target, Helpers& helpers) {
  std::string ns = target.runtimeNamespace();
  std::string o;
  o += "// ---------------------------------------------------------------------------\n";
  o += "// Contexts\n\n";
  o += "struct " + p + "_context_config {\n    " + p + "_tuning tuning;\n};\n\n";
  {
    CPrinter members(hostDialect(), helpers);
    target.contextMembers(members, prog);
    o += "struct " + p + "_context {\n    " + ns + "::Device device;\n    " + p +
         "_tuning tuning;\n    int status = fjord_rt::kSuccess; ///< of initialisation\n" +
         members.take() + "};\n\n";
  }
  for (const ArrayType& a : arrayTypes(prog))
    o += "struct " + a.name(p) + " {\n    " + ns + "::Buffer mem;\n    int64_t shape[" +
         std::to_string(a.rank) + "];\n};\n\n";

  o += "// ---------------------------------------------------------------------------\n";
  o += "// Entry points\n\n";
  for (const imp::Function& f : prog.functions)
    if (f.entry)
      o += entryFunction(f, p, prog, target, helpers);

  o += "// ---------------------------------------------------------------------------\n";
  o += "// The C API (" + p + ".h)\n\n";
  std::string cfg = "struct " + p + "_context_config* ";
  std::string ctx = "struct " + p + "_context* ";
  o += cfg + p + "_context_config_new(void) {\n    return new (std::nothrow) " + p +
       "_context_config();\n}\n\n";
  o += "void " + p + "_context_config_free(" + cfg + "cfg) {\n    delete cfg;\n}\n\n";
  o += "int " + p + "_context_config_set_tuning_param(" + cfg +
       "cfg, const char* name, int64_t value) {\n    return fjord_rt::setTuningParam(" + p +
       "_tuning_params, cfg->tuning, name, value);\n}\n\n";
  o += "int " + p + "_get_tuning_param_count(void) {\n    return static_cast<int>(" + p +
       "_tuning_params.size());\n}\n\n";
  o += "const char* " + p + "_get_tuning_param_name(int i) {\n    if (i < 0 || i >= " + p +
       "_get_tuning_param_count())\n        return nullptr;\n    return " + p +
       "_tuning_params.data()[i].name;\n}\n\n";
  o += ctx + p + "_context_new_with_queue(const " + cfg + "cfg, " + target.queueType() +
       " queue) {\n    auto* ctx = new (std::nothrow) " + p +
       "_context();\n    if (!ctx)\n        return nullptr;\n    ctx->tuning = cfg->tuning;\n";
  {
    CPrinter init(hostDialect(), helpers);
    init.indent(1);
    target.contextInit(init, prog);
    o += init.take();
  }
  o += "    return ctx;\n}\n\n";
  o += ctx + p + "_context_new(const " + cfg + "cfg) {\n    return " + p +
       "_context_new_with_queue(cfg, nullptr);\n}\n\n";
  o += "void " + p + "_context_free(" + ctx + "ctx) {\n    delete ctx;\n}\n\n";
  o += "int " + p + "_context_sync(" + ctx +
       "ctx) {\n    FJORD_TRY(ctx->status);\n    return ctx->device.sync();\n}\n\n";
  o += "char* " + p + "_context_get_error(" + ctx +
       "ctx) {\n    return ctx->device.error().take();\n}\n\n";
  o += "char* " + p + "_context_report(" + ctx + "ctx) {\n    return ctx->device.report();\n}\n\n";
  o += "int " + p + "_context_clear_caches(" + ctx +
       "ctx) {\n    FJORD_TRY(ctx->status);\n    FJORD_TRY(ctx->device.sync());\n"
       "    ctx->device.releaseCache();\n    return fjord_rt::kSuccess;\n}\n\n";
  o += "int " + p + "_context_flush_l2(" + ctx +
       "ctx) {\n    FJORD_TRY(ctx->status);\n    return ctx->device.flushL2();\n}\n\n";
  for (const ArrayType& a : arrayTypes(prog))
    o += arrayFunctions(a, p, target);
  for (const imp::Function& f : prog.functions)
    if (f.entry)
      o += entryWrapper(f, p, helpers);
  return o;
}

} // namespace fjord::backend
