// Host code shared by CUDA and OpenCL (see PrintHost.h): host statements over the runtime's
// Device/Buffer (whose interface is the same for both APIs), entry functions, and the C API
// implementation. Device memory is RAII (Buffer), so an early `return` on error leaks nothing.
// The fixed text is templates/host.cpp.in and host_array.cpp.in (per array type); the C API
// functions that read the same for every module are macros of runtime/fjord_runtime_common.h,
// which those templates instantiate.
#include "backend/PrintHost.h"

#include "backend/Half.h"
#include "backend/PrintOpaque.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace fjord::backend {
using imp::Stm;

// PrintApi.cpp
std::string entryPrototype(const imp::Function& f, const std::string& prefix,
                           const ir::EntryInterface* iface);
std::vector<std::pair<std::string, std::string>>
entryCParams(const imp::Function& f, const std::string& prefix, const ir::EntryInterface* iface);

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
  /// The frees that the end of their buffer's scope does (scopeEndFrees).
  void setScopeEndFrees(std::set<const Stm*> frees) { scopeEndFrees_ = std::move(frees); }

protected:
  std::string tuning(const std::string& name) override {
    auto it = tuning_.find(name);
    if (it == tuning_.end())
      throw std::invalid_argument("backend: unknown tuning parameter " + name);
    return "ctx->tuning." + it->second;
  }

  /// A helper of the runtime, which logs the comparison when the context logs.
  std::string cmpSize(const std::string& name, const std::string& x) override {
    return "fjord_rt::compareSize(ctx->logging, " + stringLiteral(name) + ", " + tuning(name) +
           ", " + x + ")";
  }

  /// The runtime's Device queried it when the context was created.
  std::string deviceLimit(const std::string& name) override {
    return "ctx->device.limits()." + name;
  }

  void targetStm(const Stm& s) override {
    switch (s.kind) {
    case Stm::Kind::Alloc:
      if (!declared(s.name)) {
        line(target_.runtimeNamespace() + "::Buffer " + s.name + ";");
        declare(s.name);
      }
      line("FJORD_TRY(ctx->device.alloc(" + s.name + ", " + memorySize(*s.args.at(0)) + "));");
      return;
    case Stm::Kind::Free:
      if (!scopeEndFrees_.count(&s))
        line(s.name + ".reset();");
      return;
    case Stm::Kind::DeclareMem:
      line(target_.runtimeNamespace() + "::Buffer " + s.name + ";");
      declare(s.name);
      return;
    case Stm::Kind::MoveMem:
      // Buffer's move assignment exchanges: `src` frees `name`'s old memory with itself.
      line(s.name + " = std::move(" + s.src + ");");
      return;
    case Stm::Kind::CopyMem:
      line("FJORD_TRY(ctx->device.copy(" + s.name + ", " + memorySize(*s.args.at(0)) + ", " +
           s.src + ", " + memorySize(*s.args.at(1)) + ", " + memorySize(*s.args.at(2)) + "));");
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
    case Stm::Kind::Call: { // Note [Calls in Imp]: results first, as in the callee
      std::string args = "ctx";
      for (const auto* list : {&s.outs, &s.kernelArgs})
        for (const imp::KernelArg& a : *list)
          args += ", " + (a.kind == imp::Param::Kind::Mem ? a.mem : exp(*a.scalar));
      line("FJORD_TRY(fun_" + s.name + "(" + args + "));");
      return;
    }
    case Stm::Kind::Launch: {
      for (const imp::Kernel& k : prog_.kernels)
        if (k.name == s.name) {
          if (k.params.size() != s.kernelArgs.size())
            throw std::invalid_argument("backend: launch of " + k.name +
                                        " with the wrong number of arguments");
          launch(s, k);
          return;
        }
      throw std::invalid_argument("backend: launch of unknown kernel " + s.name);
    }
    default: CPrinter::targetStm(s);
    }
  }

private:
  /// One call of the runtime's Device::launch, which runs nothing over zero blocks, or of
  /// launchShared with the bytes of the kernel's dynamic shared memory (Note [Dynamic
  /// shared memory in Imp]).
  void launch(const Stm& s, const imp::Kernel& k) {
    bool shared = s.args.size() > 2;
    std::string call = "FJORD_TRY(ctx->device." + std::string(shared ? "launchShared(" : "launch(") +
                       target_.kernelRef(k) + ", " + exp(*s.args.at(0)) + ", " +
                       exp(*s.args.at(1)) + (shared ? ", " + exp(*s.args.at(2)) : "");
    for (size_t i = 0; i < k.params.size(); ++i) {
      const imp::KernelArg& a = s.kernelArgs[i];
      call += ", " + (k.params[i].kind == imp::Param::Kind::Mem
                          ? a.mem
                          : target_.scalarArg(*this, k.params[i], a));
    }
    line(call + "));");
  }

  const imp::Program& prog_;
  const HostTarget& target_;
  std::map<std::string, std::string> tuning_;
  std::set<const Stm*> scopeEndFrees_;
};

/// The Free statements that only repeat what a Buffer's destructor does: those at the end
/// of the block whose C++ scope declares the buffer (by DeclareMem, or by the Alloc that
/// first names it), after which the block does nothing else. `declared`: the names of the
/// enclosing scopes (the function's parameters first).
void collectScopeEndFrees(const imp::Block& b, std::vector<std::set<std::string>>& declared,
                          std::set<const Stm*>& out) {
  auto known = [&](const std::string& name) {
    for (const auto& scope : declared)
      if (scope.count(name))
        return true;
    return false;
  };
  declared.emplace_back();
  for (const Stm& s : b) {
    if (s.kind == Stm::Kind::DeclareMem || (s.kind == Stm::Kind::Alloc && !known(s.name)))
      declared.back().insert(s.name);
    for (const imp::Block* inner : {&s.body, &s.elseBody})
      if (!inner->empty())
        collectScopeEndFrees(*inner, declared, out);
  }
  for (auto it = b.rbegin(); it != b.rend() && it->kind == Stm::Kind::Free; ++it)
    if (declared.back().count(it->name))
      out.insert(&*it);
  declared.pop_back();
}

std::string paramDecl(const imp::Param& p, bool result, bool used, const std::string& ns) {
  std::string name = used ? p.name : "/*" + p.name + "*/";
  if (p.kind == imp::Param::Kind::Mem)
    return (result ? ns + "::Buffer& " : "const " + ns + "::Buffer& ") + name;
  return std::string(hostDialect().typeName(p.type)) + (result ? "& " : " ") + name;
}

/// `static int entry_<name>(...)`: the entry point over Imp's view of its arguments; or
/// `static int fun_<name>(...)` for a function that host code calls (Note [Calls in Imp]).
/// `prototype`: only the declaration (for calls before the definition).
std::string entryFunction(const imp::Function& f, const std::string& prefix,
                          const imp::Program& prog, const HostTarget& target, Helpers& h,
                          bool prototype = false) {
  HostPrinter body(h, prog, target);
  Uses uses = collectUses(f.body);
  body.setUses(uses);
  body.setRanges(ValueRanges(f.body, f.params, /*indexParams=*/true));
  std::vector<std::set<std::string>> scopes(1);
  for (const auto* list : {&f.results, &f.params})
    for (const imp::Param& p : *list) {
      body.declare(p.name);
      scopes[0].insert(p.name);
    }
  std::set<const Stm*> scopeEndFrees;
  collectScopeEndFrees(f.body, scopes, scopeEndFrees);
  body.setScopeEndFrees(std::move(scopeEndFrees));
  body.block(f.body);
  body.line("    return fjord_rt::kSuccess;");
  std::string text = body.take();

  std::string o;
  if (!prototype)
    for (const std::string& d : f.doc)
      o += "// " + d + "\n";
  bool usesCtx = text.find("ctx->") != std::string::npos || text.find("(ctx") != std::string::npos;
  o += std::string("static int ") + (f.entry ? "entry_" : "fun_") + f.name + "(struct " + prefix +
       "_context* " + (usesCtx || prototype ? "ctx" : "/*ctx*/");
  for (const imp::Param& p : f.results)
    o += ", " + paramDecl(p, true, prototype || uses.refs.count(p.name) != 0,
                          target.runtimeNamespace());
  for (const imp::Param& p : f.params)
    o += ", " + paramDecl(p, false, prototype || uses.refs.count(p.name) != 0,
                          target.runtimeNamespace());
  if (prototype)
    return o + ");\n";
  return o + ") {\n" + text + "}\n\n";
}

/// The C API wrapper of an entry point whose values are arrays and scalars other than f16
/// (the C API passes those as their bits): one FJORD_ENTRY_API line, whose runtime template
/// unpacks the arguments as the wrapper below would. Empty for other entry points.
std::string entryApiLine(const imp::Function& f, const std::string& p,
                         const ir::EntryInterface* iface) {
  EntrySignature sig = entrySignature(f, iface);
  for (const auto* slots : {&sig.resultSlots, &sig.paramSlots})
    for (const EntrySlot& slot : *slots)
      if (slot.opaque || (slot.leaves[0]->value.rank == 0 &&
                          slot.leaves[0]->value.elem == PrimType::F16))
        return "";
  std::vector<std::pair<std::string, std::string>> params = entryCParams(f, p, iface);
  if (params.empty()) // FJORD_ENTRY_API needs a parameter after the context
    return "";
  // Laid out here, not by libFormat (Format.cpp): pieces fill lines of 100 columns, and a
  // continuation line starts under the macro's first argument.
  std::vector<std::string> pieces;
  std::string names;
  for (size_t i = 0; i < params.size(); ++i) {
    // `T* name` as `T *name`, the pointers' layout in the rest of the file
    std::string decl = params[i].first, name = params[i].second;
    std::string type = decl.substr(0, decl.size() - name.size() - 1);
    size_t stars = type.size() - type.find_last_not_of('*') - 1;
    decl = type.substr(0, type.size() - stars) + " " + type.substr(type.size() - stars) + name;
    pieces.push_back((i ? "" : "(") + decl + (i + 1 < params.size() ? "," : "),"));
    names += (i ? ", " : "(") + params[i].second;
  }
  pieces.push_back(names + "));");
  const std::string indent(std::string("FJORD_ENTRY_API(").size(), ' ');
  std::string o = "FJORD_ENTRY_API(" + p + ", " + f.name + ",", current = o;
  for (const std::string& piece : pieces) {
    if (current.size() + 1 + piece.size() > 100) {
      o += "\n" + indent + piece;
      current = indent + piece;
    } else {
      o += " " + piece;
      current += " " + piece;
    }
  }
  return o + "\n";
}

/// The C API wrapper of an entry point: unpacks arrays and opaque values, calls
/// entry_<name>, packs results.
std::string entryWrapper(const imp::Function& f, const std::string& p, Helpers& h,
                         const ir::EntryInterface* iface) {
  std::string line = entryApiLine(f, p, iface);
  if (!line.empty())
    return line;
  EntrySignature sig = entrySignature(f, iface);
  std::string o = entryPrototype(f, p, iface) + " {\n    FJORD_TRY(ctx->usable());\n";
  std::vector<std::string> args;
  std::string f16Results; // the C API has f16 scalars as their bits: converted after the call
  std::string release;    // moving the results into the out-parameters
  for (const EntrySlot& slot : sig.resultSlots) {
    // An opaque result is built in place: its leaves are the entry function's results.
    std::string obj = "result" + slot.cname.substr(3);
    if (slot.opaque) {
      o += "    auto " + obj + " = std::make_unique<" + p + "_" + slot.opaque->name + ">();\n";
      release += "    *" + slot.cname + " = " + obj + ".release();\n";
    }
    for (size_t k = 0; k < slot.leaves.size(); ++k) {
      const EntryArg& a = *slot.leaves[k];
      std::string r = "result" + a.cname.substr(3);
      std::string scalar = slot.opaque ? obj + "->leaf" + std::to_string(k) : "*" + a.cname;
      if (a.value.rank == 0 && a.value.elem == PrimType::F16) {
        std::string tmp = slot.opaque ? obj + "_leaf" + std::to_string(k) : r;
        o += "    float " + tmp + " = 0;\n";
        args.push_back(tmp);
        f16Results += "    " + scalar + " = " + halfToBitsHelper(h) + "(" + tmp + ");\n";
        continue;
      }
      if (a.value.rank == 0) {
        args.push_back(scalar);
        continue;
      }
      std::string arr = r + "->";
      if (slot.opaque) {
        arr = obj + "->leaf" + std::to_string(k) + ".";
      } else {
        o += "    auto " + r + " = std::make_unique<" +
             ArrayType{a.value.elem, a.value.rank}.name(p) + ">();\n";
        release += "    *" + a.cname + " = " + r + ".release();\n";
      }
      for (int d = 0; d < a.value.rank; ++d)
        args.push_back(arr + "shape[" + std::to_string(d) + "]");
      args.push_back(arr + "mem");
    }
  }
  for (const EntrySlot& slot : sig.paramSlots) {
    for (size_t k = 0; k < slot.leaves.size(); ++k) {
      const EntryArg& a = *slot.leaves[k];
      std::string leaf = slot.opaque ? slot.cname + "->leaf" + std::to_string(k) : a.cname;
      if (a.value.rank == 0 && a.value.elem == PrimType::F16) {
        args.push_back(halfFromBitsHelper(h) + "(" + leaf + ")");
        continue;
      }
      if (a.value.rank == 0) {
        args.push_back(leaf);
        continue;
      }
      std::string arr = leaf + (slot.opaque ? "." : "->");
      for (int d = 0; d < a.value.rank; ++d)
        args.push_back(arr + "shape[" + std::to_string(d) + "]");
      args.push_back(arr + "mem");
    }
  }
  std::string call = "entry_" + f.name + "(ctx";
  for (const std::string& a : args)
    call += ", " + a;
  call += ")";
  if (release.empty() && f16Results.empty()) // the results are written in place
    return o + "    return " + call + ";\n}\n\n";
  o += "    FJORD_TRY(" + call + ");\n" + f16Results + release;
  return o + "    return fjord_rt::kSuccess;\n}\n\n";
}

} // namespace

std::string printHostCode(const imp::Program& prog, const std::string& p,
                          const HostTarget& target, Helpers& helpers,
                          const EntryInterfaces& interfaces) {
  std::string arrayApi, entryFunctions, entryWrappers;
  for (const ArrayType& a : arrayTypes(prog))
    arrayApi += instantiate("host_array.cpp.in", target.dialect(), arrayTemplateArgs(a, p, target));
  // Opaque types after the arrays they hold: their structs and C API functions.
  std::vector<OpaqueType> opaque = opaqueTypes(prog, interfaces);
  if (!opaque.empty())
    arrayApi += "\n";
  for (const ArrayType& a : opaqueArrayTypes(opaque))
    arrayApi += printArrayCopy(a, p);
  for (const OpaqueType& o : opaque)
    arrayApi += printOpaqueStruct(o, p) + printOpaqueFunctions(o, p);
  // Entry functions first, then wrappers: the order in which they register helpers.
  // Functions that host code calls: declared first, so that they may call each other.
  std::string prototypes;
  for (const imp::Function& f : prog.functions)
    if (!f.entry)
      prototypes += entryFunction(f, p, prog, target, helpers, /*prototype=*/true);
  if (!prototypes.empty())
    entryFunctions += prototypes + "\n";
  for (const imp::Function& f : prog.functions)
    entryFunctions += entryFunction(f, p, prog, target, helpers);
  bool afterMacro = false;
  for (const imp::Function& f : prog.functions)
    if (f.entry) {
      // FJORD_ENTRY_API lines follow each other; a function has a blank line around it.
      std::string wrapper = entryWrapper(f, p, helpers, interfaceOf(interfaces, f));
      bool macro = wrapper.rfind("FJORD_ENTRY_API(", 0) == 0;
      if (!macro && afterMacro)
        entryWrappers += "\n";
      entryWrappers += wrapper;
      afterMacro = macro;
    }
  return instantiate("host.cpp.in", target.dialect(),
                     {{"prefix", p},
                      {"stem", fileStem(prog)},
                      {"runtime_ns", target.runtimeNamespace()},
                      {"array_api", arrayApi},
                      {"entry_functions", entryFunctions},
                      {"entry_wrappers", entryWrappers}});
}

} // namespace fjord::backend
