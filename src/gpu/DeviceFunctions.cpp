// Finding the functions that run inside kernels (see DeviceFunctions.h).
#include "gpu/DeviceFunctions.h"

#include "ir/Traverse.h"

#include <map>
#include <vector>

namespace fjord::gpu {
namespace {

using namespace ir;

/// A walk that knows whether it is inside kernel code: a lambda or a SegOp's body, except
/// the function of a host-level stream, which extractKernels inlines into host code.
class KernelDepthWalker : public Walker {
public:
  explicit KernelDepthWalker(bool inKernel = false) : depth_(inKernel ? 1 : 0) {}

  void lambda(const Lambda& l) override {
    ++depth_;
    Walker::lambda(l);
    --depth_;
  }
  void segOp(const SegOp& s) override {
    ++depth_;
    Walker::segOp(s);
    --depth_;
  }
  void soac(const Soac& s) override {
    const auto* stream = std::get_if<Stream>(&s);
    if (!stream || depth_ > 0)
      return Walker::soac(s);
    for (const RedOp& r : stream->reds)
      redOp(r);
    body(stream->fn.body);
  }

protected:
  bool inKernel() const { return depth_ > 0; }

private:
  int depth_;
};

/// Records each call with whether it is made from kernel code.
class CallCollector : public KernelDepthWalker {
public:
  std::set<std::string> fromKernels, fromHost;

  void exp(const Exp& e) override {
    if (const auto* call = std::get_if<Apply>(&e))
      (inKernel() ? fromKernels : fromHost).insert(call->fn);
    Walker::exp(e);
  }
};

/// Finds the calls of recursive functions made from kernel code.
class RecursiveCallFinder : public KernelDepthWalker {
public:
  RecursiveCallFinder(const std::map<std::string, const FunDef*>& funs, bool inKernel,
                      DiagnosticEngine& diags)
      : KernelDepthWalker(inKernel), funs_(funs), diags_(diags) {}
  bool found = false;

  void stm(const Stm& s) override {
    if (const auto* call = std::get_if<Apply>(&s.exp); call && inKernel()) {
      auto it = funs_.find(call->fn);
      if (it != funs_.end() && it->second->recursive) {
        found = true;
        diags_
            .error(s.prov.span, "recursive function `" + call->fn +
                                    "` called inside parallel code (a map, reduce, scan or "
                                    "other SOAC); recursion is allowed only outside parallel code")
            .note(it->second->span, "function defined here");
      }
    }
    Walker::stm(s);
  }

private:
  const std::map<std::string, const FunDef*>& funs_;
  DiagnosticEngine& diags_;
};

} // namespace

bool rejectRecursionInKernels(const Prog& prog, DiagnosticEngine& diags) {
  std::map<std::string, const FunDef*> funs;
  for (const FunDef& f : prog.funs)
    funs[f.name] = &f;
  std::set<std::string> device = deviceFunctions(prog);
  bool found = false;
  for (const FunDef& f : prog.funs) {
    if (f.recursive && device.count(f.name))
      continue; // its callers in kernel code are reported
    RecursiveCallFinder finder(funs, device.count(f.name) > 0, diags);
    finder.body(f.body);
    found = found || finder.found;
  }
  return found;
}

std::set<std::string> deviceFunctions(const Prog& prog) {
  std::map<std::string, CallCollector> calls;
  for (const FunDef& f : prog.funs)
    calls[f.name].body(f.body);
  std::set<std::string> device;
  std::vector<std::string> work;
  auto add = [&](const std::string& fn) {
    if (device.insert(fn).second)
      work.push_back(fn);
  };
  for (const auto& [caller, c] : calls)
    for (const std::string& callee : c.fromKernels)
      add(callee);
  while (!work.empty()) {
    auto it = calls.find(work.back());
    work.pop_back();
    if (it == calls.end())
      continue;
    for (const auto* callees : {&it->second.fromKernels, &it->second.fromHost})
      for (const std::string& callee : *callees)
        add(callee);
  }
  return device;
}

} // namespace fjord::gpu
