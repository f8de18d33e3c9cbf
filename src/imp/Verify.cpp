// The imperative IR's verifier (the invariants are listed in Verify.h).
#include "imp/Verify.h"

#include "imp/Print.h"
#include "support/Diagnostics.h"

#include <map>
#include <set>

namespace fjord::imp {
namespace {

struct Decl {
  bool mem = false;
  bool typed = true;          ///< memory: its element type is known
  PrimType type = PrimType::I64;
  bool writable = true;       ///< memory: a kernel may store to it
  bool vector = false;        ///< scalar: a DeclareVector's vector (read only through Lane)
};

/// How many `args` a statement of kind `k` has (DeclareScalar: with an initial value).
size_t operandCount(Stm::Kind k) {
  using K = Stm::Kind;
  switch (k) {
  case K::Comment: case K::Barrier: case K::Break: case K::Free: case K::DeclareMem:
  case K::MoveMem: case K::Fence: case K::IfWarpShuffles: case K::Call: return 0;
  case K::Store: case K::AtomicUpdate: case K::Launch: case K::WriteScalar:
  case K::StoreVolatile: case K::AtomicFetchAdd: return 2;
  case K::StoreVector: return 5;
  case K::GroupReduce: return 4;
  case K::LoadLanes: return 3;
  case K::StoreLanes: return 2;
  case K::AtomicCas: case K::CopyMem: return 3;
  default: return 1;
  }
}

class Verifier {
public:
  explicit Verifier(const Program& prog) : prog_(prog) {
    for (const TuningParam& t : prog.tuning)
      tuning_.insert(t.name);
    for (const Kernel& k : prog.kernels)
      if (!kernels_.emplace(k.name, &k).second)
        fail("kernel `" + k.name + "` is defined twice");
  }

  void run() {
    std::set<std::string> functionNames;
    for (const Function& f : prog_.deviceFunctions) {
      where_ = "device function " + f.name;
      stm_.clear();
      check(f.device && !f.entry, "a device function not marked as one");
      check(functionNames.insert(f.name).second && !kernels_.count(f.name),
            "the name is defined twice");
      for (const Param& r : f.results)
        check(r.kind == Param::Kind::Scalar, "a device function result that is not a scalar");
      check(!f.body.empty() && f.body.back().kind == Stm::Kind::Return,
            "a device function whose body does not end with `return`");
      inKernel_ = true;
      device_ = &f;
      scopes_.assign(1, {});
      params(f.params, /*kernel=*/true);
      block(f.body);
      device_ = nullptr;
      // Callees come first, so a device function calls only those before it: no recursion.
      deviceFunctions_[f.name] = &f;
    }
    for (const Kernel& k : prog_.kernels) {
      where_ = "kernel " + k.name;
      inKernel_ = true;
      scopes_.assign(1, {});
      params(k.params, /*kernel=*/true);
      block(k.body);
    }
    for (const Function& f : prog_.functions)
      functions_[f.name] = &f;
    for (const Function& f : prog_.functions) {
      where_ = "function " + f.name;
      check(!f.device, "a device function among the host functions");
      stm_.clear();
      if (!functionNames.insert(f.name).second)
        fail("the function is defined twice");
      if (!f.entry && (!f.entryParams.empty() || !f.entryResults.empty()))
        fail("entry values on a function that is not an entry point");
      inKernel_ = false;
      scopes_.assign(1, {});
      params(f.params, false);
      params(f.results, false);
      block(f.body);
    }
  }

private:
  const Program& prog_;
  std::set<std::string> tuning_;
  std::map<std::string, const Kernel*> kernels_;
  std::map<std::string, const Function*> functions_;
  std::map<std::string, const Function*> deviceFunctions_; ///< verified so far
  const Function* device_ = nullptr; ///< the device function being verified
  std::vector<std::map<std::string, Decl>> scopes_;
  std::string where_, stm_;
  bool inKernel_ = false;
  bool inShuffles_ = false; ///< inside the body of an IfWarpShuffles
  int loops_ = 0;

  [[noreturn]] void fail(const std::string& msg) const {
    std::string ctx = where_.empty() ? "" : "in " + where_;
    if (!stm_.empty())
      ctx += ", statement `" + stm_ + "`";
    internalError("verify(imp)", ctx + (ctx.empty() ? "" : ": ") + msg);
  }

  void check(bool ok, const std::string& msg) const {
    if (!ok)
      fail(msg);
  }

  // --- scopes --------------------------------------------------------------------------

  const Decl* find(const std::string& name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
      if (auto d = it->find(name); d != it->end())
        return &d->second;
    return nullptr;
  }

  void declare(const std::string& name, Decl d) {
    check(!find(name), "`" + name + "` is declared again while in scope");
    scopes_.back()[name] = d;
  }

  const Decl& use(const std::string& name, bool mem) const {
    const Decl* d = find(name);
    check(d != nullptr, "`" + name + "` is used before its declaration or out of its scope");
    check(d->mem == mem, "`" + name + "` is " + (mem ? "a scalar where memory is expected"
                                                      : "memory where a scalar is expected"));
    return *d;
  }

  void params(const std::vector<Param>& ps, bool kernel) {
    for (const Param& p : ps) {
      bool mem = p.kind == Param::Kind::Mem;
      declare(p.name, Decl{mem, true, p.type, !kernel || p.written});
    }
  }

  // --- expressions ---------------------------------------------------------------------

  void expectType(const ExpRef& e, PrimType t, const std::string& what) {
    exp(*e);
    check(e->type == t, what + " `" + printExp(*e) + "` has type " + primName(e->type) +
                            ", expected " + primName(t));
  }

  void exp(const Exp& e) {
    auto arity = [&](size_t n) {
      check(e.args.size() == n, "`" + printExp(e) + "` has " + std::to_string(e.args.size()) +
                                    " operands, expected " + std::to_string(n));
    };
    auto kernelOnly = [&] { check(inKernel_, "`" + printExp(e) + "` outside a kernel"); };
    switch (e.kind) {
    case Exp::Kind::Const:
      check(e.value.type == e.type, "constant `" + printExp(e) + "` of the wrong type");
      return;
    case Exp::Kind::Var: {
      const Decl& d = use(e.name, false);
      check(d.type == e.type, "`" + e.name + "` used at type " + primName(e.type) +
                                  ", declared " + primName(d.type));
      check(!d.vector, "vector `" + e.name + "` used as a scalar (read it with lane)");
      return;
    }
    case Exp::Kind::Lane: {
      kernelOnly();
      arity(1);
      const Decl& d = use(e.name, false);
      check(d.vector && d.type == e.type, "`" + printExp(e) + "` of something else than a " +
                                              primName(e.type) + " vector");
      check(e.args[0]->kind == Exp::Kind::Const && e.args[0]->value.i >= 0 &&
                e.args[0]->value.i < 4,
            "a lane that is not a constant 0..3");
      return;
    }
    case Exp::Kind::ShuffleDown:
    case Exp::Kind::ShuffleUp:
      kernelOnly();
      arity(2);
      check(inShuffles_, "`" + printExp(e) + "` outside the body of an if_warp_shuffles");
      expectType(e.args[0], e.type, "the shuffled value");
      expectType(e.args[1], PrimType::I64, "the lane offset");
      return;
    case Exp::Kind::UnOp:
      arity(1);
      expectType(e.args[0], e.type, "the operand");
      return;
    case Exp::Kind::BinOp:
      arity(2);
      check(e.type == e.operandType, "`" + printExp(e) + "` yields another type than its operands");
      expectType(e.args[0], e.operandType, "the left operand");
      expectType(e.args[1], e.operandType, "the right operand");
      return;
    case Exp::Kind::Cmp:
      arity(2);
      check(e.type == PrimType::Bool, "a comparison that is not bool");
      expectType(e.args[0], e.operandType, "the left operand");
      expectType(e.args[1], e.operandType, "the right operand");
      return;
    case Exp::Kind::Convert:
      arity(1);
      expectType(e.args[0], e.operandType, "the converted value");
      return;
    case Exp::Kind::Call:
      for (const ExpRef& a : e.args)
        exp(*a);
      return;
    case Exp::Kind::Select:
      arity(3);
      expectType(e.args[0], PrimType::Bool, "the condition");
      expectType(e.args[1], e.type, "the first choice");
      expectType(e.args[2], e.type, "the second choice");
      return;
    case Exp::Kind::Load:
    case Exp::Kind::LoadVolatile: {
      kernelOnly();
      arity(1);
      const Decl& m = use(e.name, true);
      check(!m.typed || m.type == e.type, "a load of " + std::string(primName(e.type)) +
                                              " from `" + e.name + "` of " + primName(m.type));
      expectType(e.args[0], PrimType::I64, "the index");
      return;
    }
    case Exp::Kind::ThreadId:
    case Exp::Kind::BlockId:
    case Exp::Kind::BlockSize:
    case Exp::Kind::NumBlocks:
      kernelOnly();
      check(e.type == PrimType::I64, "thread geometry that is not i64");
      return;
    case Exp::Kind::ForwardProgress:
      check(!inKernel_, "`forward_progress()` in a kernel (it is host only)");
      check(e.type == PrimType::Bool, "`forward_progress()` that is not bool");
      return;
    case Exp::Kind::Tuning:
      check(!inKernel_, "`" + printExp(e) + "` in a kernel (tuning parameters are host only)");
      check(tuning_.count(e.name) > 0, "unknown tuning parameter `" + e.name + "`");
      return;
    case Exp::Kind::DeviceLimit:
      check(!inKernel_, "`" + printExp(e) + "` in a kernel (device limits are host only)");
      check(e.type == PrimType::I64, "a device_limit that is not i64");
      check(e.name == "max_block_size" || e.name == "max_shared_memory",
            "unknown device limit `" + e.name + "`");
      return;
    case Exp::Kind::CmpSize:
      check(!inKernel_, "`" + printExp(e) + "` in a kernel (thresholds are host only)");
      check(tuning_.count(e.name) > 0, "unknown tuning parameter `" + e.name + "`");
      check(e.type == PrimType::Bool, "a cmp_size that is not bool");
      arity(1);
      expectType(e.args[0], PrimType::I64, "the compared size");
      return;
    }
  }

  // --- statements ----------------------------------------------------------------------

  void block(const Block& b) {
    scopes_.emplace_back();
    for (const Stm& s : b)
      stm(s);
    scopes_.pop_back();
  }

  void stm(const Stm& s) {
    using K = Stm::Kind;
    std::string text = printStm(s);
    stm_ = text.substr(text.find_first_not_of(' '), text.find('\n') - text.find_first_not_of(' '));
    bool kernelOnly = s.kind == K::Store || s.kind == K::Barrier || s.kind == K::DeclareArray ||
                      s.kind == K::AtomicUpdate || s.kind == K::AtomicCas ||
                      s.kind == K::StoreVolatile || s.kind == K::Fence ||
                      s.kind == K::AtomicFetchAdd ||
                      s.kind == K::IfWarpShuffles || s.kind == K::DeclareVector ||
                      s.kind == K::StoreVector || s.kind == K::GroupReduce ||
                      s.kind == K::LoadLanes || s.kind == K::StoreLanes;
    bool hostOnly = s.kind == K::Alloc || s.kind == K::Free || s.kind == K::DeclareMem ||
                    s.kind == K::MoveMem || s.kind == K::CopyMem || s.kind == K::Launch ||
                    s.kind == K::ReadScalar || s.kind == K::WriteScalar || s.kind == K::Error;
    check(!kernelOnly || inKernel_, "a kernel-only statement in host code");
    check(!hostOnly || !inKernel_, "a host-only statement in a kernel");
    check(s.kind != K::Return || device_, "`return` outside a device function");
    check(!device_ || (s.kind != K::Barrier && s.kind != K::IfWarpShuffles &&
                       s.kind != K::GroupReduce),
          "a barrier or warp shuffle in a device function");
    check(s.args.size() == operandCount(s.kind) || (s.kind == K::DeclareScalar && s.args.empty()) ||
              (s.kind == K::Launch && s.args.size() == 3) || s.kind == K::Return ||
              (s.kind == K::GroupReduce && !s.body.empty() && s.args.size() == 3),
          "wrong operand count");
    auto index = [&](size_t i) { expectType(s.args.at(i), PrimType::I64, "the index"); };
    switch (s.kind) {
    case K::Comment:
    case K::Barrier:
    case K::Fence: return;
    case K::DeclareScalar:
      if (!s.args.empty())
        expectType(s.args[0], s.type, "the initial value");
      declare(s.name, Decl{false, true, s.type, true});
      return;
    case K::DeclareArray:
      expectType(s.args[0], PrimType::I64, "the size");
      check(s.space != MemSpace::Shared || s.args[0]->kind == Exp::Kind::Const ||
                isDynamicShared(s),
            "a shared array whose size is neither constant nor block_size()");
      declare(s.name, Decl{true, true, s.type, true});
      return;
    case K::Assign:
      expectType(s.args[0], use(s.name, false).type, "the assigned value");
      return;
    case K::IfWarpShuffles: {
      bool outer = inShuffles_;
      inShuffles_ = true;
      block(s.body);
      inShuffles_ = outer;
      block(s.elseBody);
      return;
    }
    case K::LoadLanes:
    case K::StoreLanes: { // Note [Warp shuffles and vectors in Imp]
      check(primBytes(s.type) == 4, "lanes of " + std::string(primName(s.type)) +
                                        " (only 4-byte elements)");
      for (const std::string* m : {&s.name, &s.src}) {
        const Decl& d = use(*m, true);
        check(!d.typed || d.type == s.type, "lanes of " + std::string(primName(s.type)) +
                                                " in `" + *m + "` of " + primName(d.type));
      }
      check(s.kind != K::StoreLanes || use(s.name, true).writable,
            "a store to `" + s.name + "`, a parameter the kernel does not write");
      for (size_t i = 0; i < s.args.size(); ++i)
        index(i);
      return;
    }
    case K::GroupReduce: { // Note [Group reduction in Imp]
      std::vector<const Stm*> operands{&s};
      if (!s.body.empty()) {
        check(s.elseBody.size() == 1 && s.elseBody[0].kind == K::GroupReduce &&
                  s.elseBody[0].args.size() == 1 && s.elseBody[0].body.empty(),
              "a group reduction of a pair without its second accumulator");
        operands.push_back(&s.elseBody[0]);
      }
      for (const Stm* o : operands) {
        check(primBytes(o->type) >= 4 && o->type != PrimType::Bool,
              "a group reduction of " + std::string(primName(o->type)) +
                  " (only 4- or 8-byte values)");
        check(use(o->name, false).type == o->type,
              "a group reduction of `" + o->name + "` at another type");
        const Decl& sh = use(o->src, true);
        check(!sh.typed || sh.type == o->type, "a group reduction through `" + o->src +
                                                   "` of " + primName(sh.type));
        expectType(o->args[o == &s ? 2 : 0], o->type, "the neutral element");
      }
      index(0);
      index(1);
      scopes_.emplace_back();
      for (const Stm* o : operands)
        declare(o->text, Decl{false, true, o->type, true});
      if (s.body.empty())
        expectType(s.args[3], s.type, "the combined value");
      else
        block(s.body);
      scopes_.pop_back();
      return;
    }
    case K::DeclareVector: {
      check(primBytes(s.type) == 4, "a vector of " + std::string(primName(s.type)) +
                                        " (only 4-byte elements)");
      const Decl& m = use(s.src, true);
      check(!m.typed || m.type == s.type, "a vector load of " + std::string(primName(s.type)) +
                                              " from `" + s.src + "` of " + primName(m.type));
      index(0);
      Decl d{false, true, s.type, true};
      d.vector = true;
      declare(s.name, d);
      return;
    }
    case K::StoreVector:
      check(primBytes(s.type) == 4, "a vector of " + std::string(primName(s.type)) +
                                        " (only 4-byte elements)");
      [[fallthrough]];
    case K::Store:
    case K::StoreVolatile:
    case K::AtomicUpdate:
    case K::AtomicFetchAdd:
    case K::AtomicCas: {
      const Decl& m = use(s.name, true);
      check(m.writable, "a store to `" + s.name + "`, a parameter the kernel does not write");
      check(!m.typed || m.type == s.type, "an access at " + std::string(primName(s.type)) +
                                              " to `" + s.name + "` of " + primName(m.type));
      index(0);
      for (size_t i = 1; i < s.args.size(); ++i)
        expectType(s.args[i], s.type, "the value");
      if (s.kind == K::AtomicCas && (!s.src.empty() || !s.text.empty())) {
        check(use(s.src, false).type == s.type, "the value found has another type");
        check(use(s.text, false).type == PrimType::Bool, "the swap flag is not bool");
      }
      if (s.kind == K::AtomicFetchAdd) {
        check(s.type == PrimType::I32 || s.type == PrimType::I64,
              "an atomic fetch-and-add that is not on i32 or i64");
        check(use(s.src, false).type == s.type, "the old value has another type");
      }
      return;
    }
    case K::If:
      expectType(s.args[0], PrimType::Bool, "the condition");
      block(s.body);
      block(s.elseBody);
      return;
    case K::For:
      expectType(s.args[0], PrimType::I64, "the loop bound");
      scopes_.emplace_back();
      declare(s.name, Decl{false, true, PrimType::I64, true});
      loop(s.body);
      scopes_.pop_back();
      return;
    case K::While:
      expectType(s.args[0], PrimType::Bool, "the condition");
      loop(s.body);
      return;
    case K::Break: check(loops_ > 0, "`break` outside a loop"); return;
    case K::Alloc:
      expectType(s.args[0], PrimType::I64, "the byte count");
      if (const Decl* d = find(s.name))
        check(d->mem, "`" + s.name + "` is a scalar where memory is expected");
      else
        declare(s.name, Decl{true, false, PrimType::I64, true});
      return;
    case K::Free: use(s.name, true); return;
    case K::DeclareMem: declare(s.name, Decl{true, false, PrimType::I64, true}); return;
    case K::MoveMem:
      use(s.name, true);
      use(s.src, true);
      return;
    case K::CopyMem:
      use(s.name, true);
      use(s.src, true);
      for (size_t i = 0; i < 3; ++i)
        expectType(s.args[i], PrimType::I64, "an offset or byte count");
      return;
    case K::Launch: launch(s); return;
    case K::Call: call(s); return;
    case K::Return:
      check(&s == &device_->body.back(), "`return` before the end of the device function");
      check(s.args.size() == device_->results.size(), "wrong number of returned values");
      for (size_t i = 0; i < s.args.size(); ++i)
        expectType(s.args[i], device_->results[i].type, "the returned value");
      return;
    case K::ReadScalar:
      check(use(s.name, false).type == s.type, "the target has another type");
      use(s.src, true);
      index(0);
      return;
    case K::Error: expectType(s.args[0], PrimType::Bool, "the condition"); return;
    case K::WriteScalar:
      use(s.name, true);
      index(0);
      expectType(s.args[1], s.type, "the value");
      return;
    }
  }

  void loop(const Block& body) {
    ++loops_;
    block(body);
    --loops_;
  }

  void call(const Stm& s) {
    const auto& callees = inKernel_ ? deviceFunctions_ : functions_;
    auto f = callees.find(s.name);
    check(f != callees.end(), std::string("a call of the unknown ") +
                                  (inKernel_ ? "device function `" : "function `") + s.name +
                                  "`" + (device_ ? " (callees come first)" : ""));
    check(!f->second->entry, "a call of the entry point `" + s.name + "`");
    arguments(f->second->params, s.kernelArgs, "argument");
    arguments(f->second->results, s.outs, "result");
    for (const KernelArg& o : s.outs)
      if (o.kind == Param::Kind::Scalar)
        check(o.scalar->kind == Exp::Kind::Var, "a call result that is not a variable");
  }

  void arguments(const std::vector<Param>& ps, const std::vector<KernelArg>& args,
                 const std::string& what) {
    check(ps.size() == args.size(), "wrong number of " + what + "s");
    for (size_t i = 0; i < ps.size(); ++i) {
      const KernelArg& a = args[i];
      check(a.kind == ps[i].kind, what + " " + std::to_string(i) + " is not of its parameter's kind");
      if (a.kind == Param::Kind::Mem)
        use(a.mem, true);
      else
        expectType(a.scalar, ps[i].type, "the " + what);
    }
  }

  void launch(const Stm& s) {
    auto k = kernels_.find(s.name);
    check(k != kernels_.end(), "a launch of the unknown kernel `" + s.name + "`");
    expectType(s.args[0], PrimType::I64, "the block count");
    expectType(s.args[1], PrimType::I64, "the block size");
    // Note [Dynamic shared memory in Imp]
    bool dynamic = false;
    for (const Stm& d : k->second->body)
      dynamic = dynamic || isDynamicShared(d);
    check(dynamic == (s.args.size() == 3),
          dynamic ? "a launch without the bytes of its kernel's dynamic shared memory"
                  : "a launch with dynamic shared memory of a kernel that has none");
    if (dynamic)
      expectType(s.args[2], PrimType::I64, "the dynamic shared memory");
    const std::vector<Param>& ps = k->second->params;
    check(ps.size() == s.kernelArgs.size(), "wrong number of kernel arguments");
    for (size_t i = 0; i < ps.size(); ++i) {
      const KernelArg& a = s.kernelArgs[i];
      check(a.kind == ps[i].kind, "argument " + std::to_string(i) + " is not of its parameter's kind");
      if (a.kind == Param::Kind::Mem)
        use(a.mem, true);
      else
        exp(*a.scalar);
    }
  }
};

} // namespace

void verify(const Program& prog) { Verifier(prog).run(); }

} // namespace fjord::imp
