// Kernel printing (see PrintKernels.h): signatures, hoisted shared arrays, atomics, and the
// scan for what a kernel needs from its target (f64, 64-bit atomics).
#include "backend/PrintKernels.h"
#include "imp/Print.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <stdexcept>

namespace fjord::backend {
using imp::Exp;
using imp::Stm;

namespace {

/// The block of dynamic shared memory (Note [Dynamic shared memory in Imp]); the prefix
/// keeps it apart from the program's names.
constexpr const char* kDynamicShared = "fjord_dynamic_shared";

/// The shared arrays of `b`, to be hoisted to the kernel's top; of an IfWarpShuffles only
/// those of the variant printed for `dialect` (the two may size an array differently).
void collectShared(const imp::Block& b, const Dialect& dialect, std::vector<const Stm*>& out) {
  for (const Stm& s : b) {
    if (s.kind == Stm::Kind::DeclareArray && s.space == imp::MemSpace::Shared)
      out.push_back(&s);
    bool shuffles = s.kind == Stm::Kind::IfWarpShuffles;
    bool cuda = dialect.kind == Dialect::Kind::Cuda;
    if (!shuffles || cuda)
      collectShared(s.body, dialect, out);
    if (!shuffles || !cuda)
      collectShared(s.elseBody, dialect, out);
  }
}

/// The arrays of `b` read or written by vector accesses (DeclareVector, StoreVector): a
/// shared one must be 16-byte aligned for them.
void collectVectorAccessed(const imp::Block& b, std::set<std::string>& out) {
  for (const Stm& s : b) {
    if (s.kind == Stm::Kind::DeclareVector)
      out.insert(s.src);
    if (s.kind == Stm::Kind::StoreVector)
      out.insert(s.name);
    collectVectorAccessed(s.body, out);
    collectVectorAccessed(s.elseBody, out);
  }
}

void scanExp(const Exp& e, KernelNeeds& needs) {
  needs.f64 = needs.f64 || e.type == PrimType::F64 || e.operandType == PrimType::F64;
  for (const imp::ExpRef& a : e.args)
    scanExp(*a, needs);
}

void scanBlock(const imp::Block& b, KernelNeeds& needs) {
  for (const Stm& s : b) {
    for (const imp::ExpRef& a : s.args)
      scanExp(*a, needs);
    bool typed = s.kind == Stm::Kind::DeclareScalar || s.kind == Stm::Kind::DeclareArray ||
                 s.kind == Stm::Kind::AtomicUpdate || s.kind == Stm::Kind::AtomicCas ||
                 s.kind == Stm::Kind::AtomicFetchAdd;
    needs.f64 = needs.f64 || (typed && s.type == PrimType::F64);
    bool atomic = s.kind == Stm::Kind::AtomicUpdate || s.kind == Stm::Kind::AtomicCas ||
                  s.kind == Stm::Kind::AtomicFetchAdd;
    if (atomic && primBytes(s.type) == 8)
      needs.int64Atomics = true;
    scanBlock(s.body, needs);
    scanBlock(s.elseBody, needs);
  }
}

/// Prints one kernel's body: shared arrays were hoisted, atomics are target-specific.
class KernelPrinter : public CPrinter {
public:
  KernelPrinter(const Dialect& d, Helpers& h, const std::vector<const Stm*>& shared,
                std::set<std::string> vectorAccessed)
      : CPrinter(d, h), vectorAccessed_(std::move(vectorAccessed)) {
    for (const Stm* s : shared)
      shared_.insert(s->name);
  }

  void sharedDecl(const Stm& s) {
    if (imp::isDynamicShared(s))
      return dynamicSharedDecl(s);
    // CUDA aligns a shared array only to its element; vector accesses need 16 bytes
    // (OpenCL's vload4/vstore4 need only the element's alignment).
    bool align = d_.kind == Dialect::Kind::Cuda && vectorAccessed_.count(s.name);
    line(std::string(d_.sharedSpace) + (align ? "__align__(16) " : "") + arrayType(s.type) +
         " " + s.name + "[" + exp(*s.args.at(0)) + "];");
  }

  /// A dynamic shared array: a pointer into the block of dynamic shared memory, which CUDA
  /// declares `extern` and OpenCL takes as the kernel's last parameter (Note [Dynamic
  /// shared memory in Imp]).
  void dynamicSharedDecl(const Stm& s) {
    bool cuda = d_.kind == Dialect::Kind::Cuda;
    if (!dynamicOffset_) {
      if (cuda)
        line("extern __shared__ __align__(16) unsigned char " + std::string(kDynamicShared) +
             "[];");
      dynamicOffset_ = imp::i64(0);
    }
    std::string ty = std::string(cuda ? "" : "__local ") + arrayType(s.type) + "*";
    std::string base = cuda ? std::string(kDynamicShared)
                            : "(__local unsigned char*)" + std::string(kDynamicShared);
    bool first = dynamicOffset_->kind == Exp::Kind::Const;
    line(ty + " " + s.name + " = (" + ty + ")(" + base +
         (first ? "" : " + (" + exp(*dynamicOffset_) + ")") + ");");
    dynamicOffset_ = imp::dynamicSharedEnd(dynamicOffset_, s.type, s.args.at(0));
  }

protected:
  /// FJORD_GROUP_REDUCE2 of a pair of accumulators, whose combine (the statements of
  /// `s.body`) is the macro's last argument, on one line.
  void groupReducePair(const Stm& s) {
    const Stm& o = s.elseBody.at(0);
    std::string outer = std::move(out());
    out().clear();
    block(s.body);
    std::string combine;
    std::istringstream lines(take());
    for (std::string l; std::getline(lines, l);)
      combine += (combine.empty() ? "" : " ") + l.substr(l.find_first_not_of(' '));
    out() = std::move(outer);
    if (!combine.empty() && combine.back() == ';')
      combine.pop_back(); // the macro's own `;` ends it
    line("FJORD_GROUP_REDUCE2(" + exp(*s.args.at(0), false) + ", " + exp(*s.args.at(1), false) +
         ", " + std::string(d_.typeName(s.type)) + ", " + s.name + ", " + s.src + ", " +
         exp(*s.args.at(2), false) + ", " + s.text + ", " + std::string(d_.typeName(o.type)) + ", " + o.name +
         ", " + o.src + ", " + exp(*o.args.at(0), false) + ", " + o.text + ", " + combine + ");");
  }

  std::string halfMemory(const std::string& mem) override {
    if (d_.kind != Dialect::Kind::OpenCL)
      return mem;
    if (shared_.count(mem))
      return "(__local half*)" + mem;
    if (private_.count(mem))
      return "(__private half*)" + mem;
    return mem;
  }

  void targetStm(const Stm& s) override {
    switch (s.kind) {
    case Stm::Kind::DeclareArray:
      if (s.space != imp::MemSpace::Shared) {
        std::string ty =
            s.type == PrimType::F16 ? arrayType(s.type) : std::string(d_.typeName(s.type));
        line(ty + " " + s.name + "[" + exp(*s.args.at(0)) + "];");
        private_.insert(s.name);
      }
      return;
    case Stm::Kind::AtomicUpdate: atomic(s); return;
    case Stm::Kind::AtomicCas: compareAndSwap(s); return;
    case Stm::Kind::AtomicFetchAdd: fetchAdd(s); return;
    case Stm::Kind::StoreVolatile:
      line("((volatile " + std::string(d_.globalSpace) + arrayType(s.type) + "*)" + s.name + ")[" +
           exp(*s.args.at(0)) + "] = " + exp(*s.args.at(1)) + ";");
      return;
    case Stm::Kind::Fence:
      line(d_.kind == Dialect::Kind::Cuda ? "__threadfence();" : "mem_fence(CLK_GLOBAL_MEM_FENCE);");
      return;
    case Stm::Kind::IfWarpShuffles:
      // Only the target's variant is printed, without braces of its own: its declarations
      // stay visible after it, as in the IR.
      for (const Stm& t : d_.kind == Dialect::Kind::Cuda ? s.body : s.elseBody)
        stm(t);
      return;
    case Stm::Kind::LoadLanes:
      // Note [Warp shuffles and vectors in Imp]: the runtime's macros hold the vector access
      // and the element-by-element one of a partial last group.
      line("FJORD_LOAD_LANES(" + s.name + ", " + exp(*s.args.at(0)) + ", " + s.src + ", " +
           exp(*s.args.at(1), false) + ", " + exp(*s.args.at(2), false) + ");");
      return;
    case Stm::Kind::StoreLanes:
      line("FJORD_STORE_LANES(" + s.name + ", " + exp(*s.args.at(0), false) + ", " + s.src + ", " +
           exp(*s.args.at(1), false) + ");");
      return;
    case Stm::Kind::GroupReduce:
      // Note [Group reduction in Imp]: the runtime's macro (fjord_runtime_cuda.h, or the
      // OpenCL kernel prelude of fjord_runtime_opencl.h) holds the shuffles or the tree.
      if (!s.body.empty())
        return groupReducePair(s);
      line("FJORD_GROUP_REDUCE(" + std::string(d_.typeName(s.type)) + ", " + s.name + ", " + s.src +
           ", " + exp(*s.args.at(0), false) + ", " + exp(*s.args.at(1), false) + ", " +
           exp(*s.args.at(2), false) + ", " + s.text + ", " + exp(*s.args.at(3), false) + ");");
      return;
    case Stm::Kind::DeclareVector: {
      std::string vec = vectorType(s.type);
      std::string index = exp(*s.args.at(0));
      if (d_.kind == Dialect::Kind::Cuda)
        line(vec + " " + s.name + " = reinterpret_cast<const " + vec + " *>(" + s.src + ")[" +
             index + "];");
      else
        line(vec + " " + s.name + " = vload4(" + index + ", " + s.src + ");");
      return;
    }
    case Stm::Kind::StoreVector: {
      std::string vec = vectorType(s.type);
      std::vector<std::string> lanes;
      for (size_t q = 1; q <= 4; ++q)
        lanes.push_back(exp(*s.args.at(q), false));
      std::string index = exp(*s.args.at(0));
      if (d_.kind == Dialect::Kind::Cuda)
        line("reinterpret_cast<" + vec + " *>(" + s.name + ")[" + index + "] = " +
             "make_" + vec + "(" + lanes[0] + ", " + lanes[1] + ", " + lanes[2] + ", " +
             lanes[3] + ");");
      else
        line("vstore4((" + vec + ")(" + lanes[0] + ", " + lanes[1] + ", " + lanes[2] + ", " +
             lanes[3] + "), " + index + ", " + s.name + ");");
      return;
    }
    case Stm::Kind::Call: call(s); return;
    case Stm::Kind::Return:
      // Note [Calls in Imp]: one result is returned, several through out-pointers.
      if (s.args.size() == 1) {
        line("return " + exp(*s.args[0]) + ";");
        return;
      }
      for (size_t i = 0; i < s.args.size(); ++i)
        line("*" + outNames_.at(i) + " = " + exp(*s.args[i]) + ";");
      return;
    default: CPrinter::targetStm(s);
    }
  }

public:
  /// The out-pointers of the device function being printed (several results).
  void setOutNames(std::vector<std::string> names) { outNames_ = std::move(names); }

protected:
  /// `T r = f(args);` for the declaration of a call's one result.
  bool declareWith(const Stm& decl, const Stm& next) override {
    if (next.kind != Stm::Kind::Call || next.outs.size() != 1 ||
        next.outs[0].scalar->name != decl.name || declared(decl.name))
      return false;
    declare(decl.name);
    line(std::string(d_.typeName(decl.type)) + " " + decl.name + " = " + callExp(next) + ";");
    return true;
  }

  /// A vector load whose four lanes go to consecutive elements of a private array (Note
  /// [Warp shuffles and vectors in Imp]): the runtime's FJORD_LOAD_VECTOR.
  size_t printRun(const imp::Block& b, size_t i) override {
    const Stm& v = b[i];
    if (v.kind != Stm::Kind::DeclareVector || i + 4 >= b.size())
      return 0;
    const Stm& first = b[i + 1];
    for (int64_t l = 0; l < 4; ++l) {
      const Stm& st = b[i + 1 + static_cast<size_t>(l)];
      if (st.kind != Stm::Kind::Store || st.name != first.name ||
          st.args.at(1)->kind != Exp::Kind::Lane || st.args[1]->name != v.name ||
          st.args[1]->args.at(0)->value.i != l ||
          exp(*st.args[0]) != exp(*first.args[0]) + (l ? " + " + std::to_string(l) : ""))
        return 0;
    }
    auto isNameChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t j = i + 5; j < b.size(); ++j) {
      std::string text = imp::printStm(b[j]);
      for (size_t at = text.find(v.name); at != std::string::npos; at = text.find(v.name, at + 1)) {
        size_t end = at + v.name.size();
        if ((at == 0 || !isNameChar(text[at - 1])) && (end == text.size() || !isNameChar(text[end])))
          return 0; // the vector is read again
      }
    }
    line("FJORD_LOAD_VECTOR(" + first.name + ", " + exp(*first.args[0], false) + ", " + v.src +
         ", " + exp(*v.args.at(0), false) + ");");
    return 5;
  }

private:
  /// `f(args)`, with `&r0, &r1` after the arguments for several results.
  std::string callExp(const Stm& s) {
    std::string args;
    for (const imp::KernelArg& a : s.kernelArgs)
      args += (args.empty() ? "" : ", ") + (a.kind == imp::Param::Kind::Mem ? a.mem : exp(*a.scalar, false));
    if (s.outs.size() > 1)
      for (const imp::KernelArg& o : s.outs)
        args += (args.empty() ? "&" : ", &") + o.scalar->name;
    return s.name + "(" + args + ")";
  }

  /// `r = f(args);`, or `f(args, &r0, &r1);` for several results.
  void call(const Stm& s) {
    if (s.outs.size() == 1)
      line(s.outs[0].scalar->name + " = " + callExp(s) + ";");
    else
      line(callExp(s) + ";");
  }

  /// float4, int4 or uint4 (the same names in CUDA and OpenCL).
  static std::string vectorType(PrimType t) {
    if (t == PrimType::F32)
      return "float4";
    if (t == PrimType::I32)
      return "int4";
    if (t == PrimType::U32)
      return "uint4";
    throw std::logic_error("backend: a vector of " + std::string(primName(t)));
  }

  /// The element type of a kernel-local array: OpenCL C has no half arrays without
  /// cl_khr_fp16, so f16 arrays hold ushort bits there (halfMemory casts them).
  std::string arrayType(PrimType t) const {
    if (t == PrimType::F16 && d_.kind == Dialect::Kind::OpenCL)
      return "ushort";
    return std::string(d_.storageTypeName(t));
  }

  void atomic(const Stm& s) {
    std::string addr = "&" + s.name + "[" + exp(*s.args.at(0)) + "]";
    std::string value = exp(*s.args.at(1), /*loose=*/false);
    PrimType t = s.type;
    if (isFloat(t) && !(d_.kind == Dialect::Kind::Cuda && s.binOp == imp::BinOpKind::Add)) {
      line(casLoop(s.binOp, t, shared_.count(s.name) != 0) + "(" + addr + ", " + value + ");");
      return;
    }
    line(d_.kind == Dialect::Kind::Cuda ? cudaAtomic(s.binOp, t, addr, value)
                                        : openclAtomic(s.binOp, t, addr, value));
  }

  /// `src = <the old value>` of an atomic add on an i32 or i64.
  void fetchAdd(const Stm& s) {
    std::string addr = "&" + s.name + "[" + exp(*s.args.at(0)) + "]";
    std::string value = exp(*s.args.at(1), /*loose=*/false);
    bool wide = primBytes(s.type) == 8;
    std::string call;
    if (d_.kind != Dialect::Kind::Cuda)
      call = std::string(wide ? "atom_add(" : "atomic_add(") + addr + ", " + value + ")";
    else if (wide)
      call = "(int64_t)atomicAdd((unsigned long long*)" + addr + ", (unsigned long long)" + value + ")";
    else
      call = "atomicAdd(" + addr + ", " + value + ")";
    line(s.src + " = " + call + ";");
  }

  /// `src = <the value found>; text = <whether it was swapped>`, comparing bit patterns (so
  /// that a float NaN or -0.0 in memory is matched exactly).
  void compareAndSwap(const Stm& s) {
    PrimType t = s.type;
    bool wide = primBytes(t) == 8;
    bool cuda = d_.kind == Dialect::Kind::Cuda;
    std::string addr = "&" + s.name + "[" + exp(*s.args.at(0)) + "]";
    std::string expected = exp(*s.args.at(1), /*loose=*/false);
    std::string desired = exp(*s.args.at(2), /*loose=*/false);
    std::string bits = cuda ? (wide ? "unsigned long long" : "unsigned int") : (wide ? "ulong" : "uint");
    auto toBits = [&](const std::string& x) -> std::string {
      if (!cuda)
        return "as_" + bits + "(" + x + ")";
      if (t == PrimType::F32)
        return "__float_as_uint(" + x + ")";
      if (t == PrimType::F64)
        return "(unsigned long long)__double_as_longlong(" + x + ")";
      return "(" + bits + ")(" + x + ")";
    };
    auto fromBits = [&](const std::string& b) -> std::string {
      if (!cuda)
        return "as_" + std::string(d_.typeName(t)) + "(" + b + ")";
      if (t == PrimType::F32)
        return "__uint_as_float(" + b + ")";
      if (t == PrimType::F64)
        return "__longlong_as_double((long long)" + b + ")";
      return "(" + std::string(d_.typeName(t)) + ")" + b;
    };
    std::string cas;
    if (t == PrimType::I32) { // both targets have the int overload: no conversions
      cas = std::string(cuda ? "atomicCAS(" : "atomic_cmpxchg(") + addr + ", " + expected + ", " +
            desired + ")";
      if (s.src.empty()) // the outcome is not kept
        return line(cas + ";");
      line(s.src + " = " + cas + ";");
      line(s.text + " = " + s.src + " == " + expected + ";");
      return;
    }
    if (cuda) {
      cas = "atomicCAS((" + bits + "*)" + addr;
    } else {
      std::string space = shared_.count(s.name) ? "__local " : "__global ";
      cas = std::string(wide ? "atom_cmpxchg" : "atomic_cmpxchg") + "((volatile " + space + bits +
            "*)" + addr;
    }
    cas += ", " + toBits(expected) + ", " + toBits(desired) + ")";
    if (s.src.empty()) // the outcome is not kept
      return line(cas + ";");
    line(s.src + " = " + fromBits(cas) + ";");
    line(s.text + " = " + toBits(s.src) + " == " + toBits(expected) + ";");
  }

  static std::string opName(imp::BinOpKind op) {
    switch (op) {
    case imp::BinOpKind::Add: return "add";
    case imp::BinOpKind::Min: return "min";
    case imp::BinOpKind::Max: return "max";
    case imp::BinOpKind::And: return "and";
    case imp::BinOpKind::Or: return "or";
    case imp::BinOpKind::Xor: return "xor";
    default: throw std::logic_error("backend: unsupported atomic operator");
    }
  }

  std::string cudaAtomic(imp::BinOpKind op, PrimType t, const std::string& addr,
                         const std::string& value) {
    std::string fn = opName(op);
    fn = "atomic" + std::string(1, static_cast<char>(fn[0] - 'a' + 'A')) + fn.substr(1);
    if (primBytes(t) != 8)
      return fn + "(" + addr + ", " + value + ");";
    // 64-bit atomics take (unsigned) long long; int64_t is long.
    bool asSigned = isSigned(t) && (op == imp::BinOpKind::Min || op == imp::BinOpKind::Max);
    std::string ty = asSigned ? "long long" : "unsigned long long";
    return fn + "((" + ty + "*)" + addr + ", (" + ty + ")" + value + ");";
  }

  std::string openclAtomic(imp::BinOpKind op, PrimType t, const std::string& addr,
                           const std::string& value) {
    std::string fn = (primBytes(t) == 8 ? "atom_" : "atomic_") + opName(op);
    return fn + "(" + addr + ", " + value + ");";
  }

  /// A compare-and-swap loop applying `op` to a float in memory.
  std::string casLoop(imp::BinOpKind op, PrimType t, bool shared) {
    const Dialect& hd = helpers_.dialect();
    bool f64 = t == PrimType::F64;
    bool cuda = d_.kind == Dialect::Kind::Cuda;
    std::string name = "fjord_atomic_" + opName(op) + "_" + primName(t);
    if (!cuda)
      name += shared ? "_local" : "_global";
    std::string fty(hd.typeName(t));
    std::string space = cuda ? "" : shared ? "__local " : "__global ";
    std::string bits = cuda ? (f64 ? "unsigned long long" : "unsigned int") : (f64 ? "ulong" : "uint");
    std::string toBits, fromBits, cas;
    if (cuda) {
      toBits = f64 ? "__double_as_longlong" : "__float_as_uint";
      fromBits = f64 ? "__longlong_as_double" : "__uint_as_float";
      cas = "atomicCAS";
    } else {
      toBits = f64 ? "as_ulong" : "as_uint";
      fromBits = f64 ? "as_double" : "as_float";
      cas = f64 ? "atom_cmpxchg" : "atomic_cmpxchg";
    }
    std::string old = fromBits + "(old)";
    std::string combined = op == imp::BinOpKind::Add   ? old + " + v"
                           : op == imp::BinOpKind::Min ? mathFunction("fmin", t) + "(" + old + ", v)"
                                                       : mathFunction("fmax", t) + "(" + old + ", v)";
    if (cuda && f64)
      combined = "(unsigned long long)" + toBits + "(" + combined + ")";
    else
      combined = toBits + "(" + combined + ")";
    std::string vol = cuda ? "" : "volatile ";
    std::string qual = cuda ? "static __device__ inline" : std::string(hd.helperQualifier);
    std::string def = "/// Atomically *p = " + opName(op) + "(*p, v), by compare-and-swap.\n" + qual +
                      " void " + name + "(" + vol + space + fty + "* p, " + fty + " v) {\n    " +
                      vol + space + bits + "* word = (" + vol + space + bits + "*)p;\n    " + bits +
                      " old = *word;\n    " + bits + " seen;\n    while ((seen = " + cas +
                      "(word, old, " + combined + ")) != old)\n        old = seen;\n}\n";
    return helpers_.use(name, def);
  }

  std::set<std::string> shared_, private_;
  std::set<std::string> vectorAccessed_; ///< arrays read or written as vectors
  std::vector<std::string> outNames_;
  imp::ExpRef dynamicOffset_; ///< where the next dynamic shared array starts
};

/// `static __device__ float op_sum(float x, float y) { ... }` (Note [Calls in Imp]).
std::string printDeviceFunction(const imp::Function& f, const Dialect& dialect, Helpers& helpers,
                                KernelNeeds& needs) {
  for (const imp::Param& p : f.params)
    needs.f64 = needs.f64 || p.type == PrimType::F64;
  for (const imp::Param& p : f.results)
    needs.f64 = needs.f64 || p.type == PrimType::F64;
  scanBlock(f.body, needs);
  KernelPrinter printer(dialect, helpers, {}, {});
  printer.setUses(collectUses(f.body));
  printer.setRanges(ValueRanges(f.body, f.params, /*indexParams=*/false));
  for (const std::string& d : f.doc)
    printer.comment(d);
  std::string params;
  for (const imp::Param& p : f.params)
    params += (params.empty() ? "" : ", ") + kernelParam(p, dialect);
  std::string result = "void";
  if (f.results.size() == 1) {
    result = dialect.typeName(f.results[0].type);
  } else {
    std::vector<std::string> outs;
    for (const imp::Param& r : f.results) {
      params += (params.empty() ? "" : ", ") + std::string(dialect.typeName(r.type)) + "* " + r.name;
      outs.push_back(r.name);
    }
    printer.setOutNames(std::move(outs));
  }
  printer.line(std::string(dialect.deviceFunctionQualifier) + " " + result + " " + f.name + "(" +
               params + ") {");
  printer.block(f.body);
  printer.line("}");
  return printer.take() + "\n";
}

} // namespace

std::string kernelParam(const imp::Param& p, const Dialect& d) {
  std::string ty(d.storageTypeName(p.type));
  if (p.kind == imp::Param::Kind::Scalar)
    return (p.type == PrimType::F16 ? std::string(d.typeName(p.type)) : ty) + " " + p.name;
  // A buffer no other parameter reaches: the compiler may move loads of the others past
  // stores to it (e.g. issue a filter's loads before its scattered stores).
  std::string noAlias = !p.noAlias ? "" : d.kind == Dialect::Kind::Cuda ? "__restrict__ " : "restrict ";
  return std::string(d.globalSpace) + (p.written ? "" : "const ") + ty + "* " + noAlias + p.name;
}

std::string printKernels(const imp::Program& prog, const Dialect& dialect, Helpers& helpers,
                         KernelNeeds& needs) {
  std::string out;
  for (const imp::Function& f : prog.deviceFunctions)
    out += printDeviceFunction(f, dialect, helpers, needs);
  for (const imp::Kernel& k : prog.kernels) {
    for (const imp::Param& p : k.params)
      needs.f64 = needs.f64 || p.type == PrimType::F64;
    scanBlock(k.body, needs);

    std::vector<const Stm*> shared;
    collectShared(k.body, dialect, shared);
    std::set<std::string> vectorAccessed;
    collectVectorAccessed(k.body, vectorAccessed);
    KernelPrinter printer(dialect, helpers, shared, std::move(vectorAccessed));
    printer.setUses(collectUses(k.body));
    printer.setRanges(ValueRanges(k.body, k.params, /*indexParams=*/true));
    for (const std::string& d : k.doc)
      printer.comment(d);
    std::string params;
    for (size_t i = 0; i < k.params.size(); ++i)
      params += (i ? ", " : "") + kernelParam(k.params[i], dialect);
    bool dynamic = std::any_of(shared.begin(), shared.end(),
                               [](const Stm* s) { return imp::isDynamicShared(*s); });
    if (dynamic && dialect.kind == Dialect::Kind::OpenCL) // set by the launch
      params += std::string(params.empty() ? "" : ", ") + "__local ulong* " + kDynamicShared;
    // A kernel whose block the host sizes from the data (version B) may be launched with up
    // to maxBlockSize threads: nvcc then keeps its registers within what that many threads of
    // an SM can have, so the launch that the host guard allowed cannot fail for want of them.
    std::string bounds = k.maxBlockSize && dialect.kind == Dialect::Kind::Cuda
                             ? " __launch_bounds__(" + std::to_string(k.maxBlockSize) + ")"
                             : "";
    printer.line(std::string(dialect.kernelQualifier) + bounds + " " + k.name + "(" + params +
                 ") {");
    printer.indent(1);
    for (const Stm* s : shared)
      printer.sharedDecl(*s);
    printer.indent(-1);
    printer.block(k.body);
    printer.line("}");
    out += printer.take() + "\n";
  }
  return out;
}

} // namespace fjord::backend
