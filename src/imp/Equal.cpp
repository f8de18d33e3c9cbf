// Structural equality of imperative IR (see Equal.h).
#include "imp/Equal.h"

#include "imp/Print.h"

namespace fjord::imp {
namespace {

using EntryValues = decltype(Function::entryParams);

/// Compares field by field; the first difference is recorded in `why` with its path.
class Comparer {
public:
  explicit Comparer(std::string* why) : why_(why) {}

  bool differ(const std::string& what) {
    if (why_ && why_->empty())
      *why_ = (path_.empty() ? "" : path_ + ": ") + what;
    return false;
  }

  template <typename T>
  bool same(const T& a, const T& b, const char* field) {
    return a == b || differ(std::string(field) + " differs");
  }

  bool exps(const std::vector<ExpRef>& a, const std::vector<ExpRef>& b) {
    if (a.size() != b.size())
      return differ("operand count differs");
    for (size_t i = 0; i < a.size(); ++i)
      if (!exp(*a[i], *b[i]))
        return false;
    return true;
  }

  bool exp(const Exp& a, const Exp& b) {
    if (a.kind != b.kind || a.type != b.type)
      return differ("expression `" + printExp(a) + "` vs `" + printExp(b) + "`");
    bool fields = true;
    switch (a.kind) {
    case Exp::Kind::Const: fields = a.value.str() == b.value.str(); break;
    case Exp::Kind::Var:
    case Exp::Kind::Load:
    case Exp::Kind::LoadVolatile:
    case Exp::Kind::Tuning:
    case Exp::Kind::CmpSize:
    case Exp::Kind::DeviceLimit:
    case Exp::Kind::Lane: fields = a.name == b.name; break;
    case Exp::Kind::ShuffleDown:
    case Exp::Kind::ShuffleUp: break;
    case Exp::Kind::UnOp: fields = a.unOp == b.unOp && a.operandType == b.operandType; break;
    case Exp::Kind::BinOp: fields = a.binOp == b.binOp && a.operandType == b.operandType; break;
    case Exp::Kind::Cmp: fields = a.cmpOp == b.cmpOp && a.operandType == b.operandType; break;
    case Exp::Kind::Call: fields = a.name == b.name && a.operandType == b.operandType; break;
    case Exp::Kind::Convert:
    case Exp::Kind::Select: fields = a.operandType == b.operandType; break;
    case Exp::Kind::ThreadId:
    case Exp::Kind::BlockId:
    case Exp::Kind::BlockSize:
    case Exp::Kind::NumBlocks:
    case Exp::Kind::ForwardProgress: break;
    }
    if (!fields)
      return differ("expression `" + printExp(a) + "` vs `" + printExp(b) + "`");
    return exps(a.args, b.args);
  }

  bool block(const Block& a, const Block& b) {
    if (a.size() != b.size())
      return differ("statement count differs (" + std::to_string(a.size()) + " vs " +
                    std::to_string(b.size()) + ")");
    for (size_t i = 0; i < a.size(); ++i) {
      std::string saved = path_;
      path_ += "/" + std::to_string(i);
      bool ok = stm(a[i], b[i]);
      path_ = saved;
      if (!ok)
        return false;
    }
    return true;
  }

  bool stm(const Stm& a, const Stm& b) {
    using K = Stm::Kind;
    if (a.kind != b.kind)
      return differ("statement `" + printStm(a) + "` vs `" + printStm(b) + "`");
    bool typed = a.kind == K::DeclareScalar || a.kind == K::DeclareArray || a.kind == K::Store ||
                 a.kind == K::AtomicUpdate || a.kind == K::AtomicCas ||
                 a.kind == K::ReadScalar || a.kind == K::WriteScalar ||
                 a.kind == K::StoreVolatile || a.kind == K::AtomicFetchAdd ||
                 a.kind == K::DeclareVector || a.kind == K::StoreVector ||
                 a.kind == K::GroupReduce || a.kind == K::LoadLanes || a.kind == K::StoreLanes;
    bool hasSrc = a.kind == K::AtomicCas || a.kind == K::AtomicFetchAdd || a.kind == K::CopyMem ||
                  a.kind == K::ReadScalar || a.kind == K::DeclareVector || a.kind == K::MoveMem ||
                  a.kind == K::GroupReduce || a.kind == K::LoadLanes || a.kind == K::StoreLanes;
    bool hasText = a.kind == K::Comment || a.kind == K::AtomicCas || a.kind == K::Error ||
                   a.kind == K::For || a.kind == K::GroupReduce;
    if (a.name != b.name || (typed && a.type != b.type) || (hasSrc && a.src != b.src) ||
        (hasText && a.text != b.text) ||
        (a.kind == K::DeclareArray && a.space != b.space) ||
        (a.kind == K::AtomicUpdate && a.binOp != b.binOp))
      return differ("statement `" + printStm(a) + "` vs `" + printStm(b) + "`");
    if (!exps(a.args, b.args) || !block(a.body, b.body) || !block(a.elseBody, b.elseBody))
      return false;
    return kernelArgs(a.kernelArgs, b.kernelArgs) && kernelArgs(a.outs, b.outs);
  }

  bool kernelArgs(const std::vector<KernelArg>& a, const std::vector<KernelArg>& b) {
    if (a.size() != b.size())
      return differ("argument count differs");
    for (size_t i = 0; i < a.size(); ++i) {
      const KernelArg &x = a[i], &y = b[i];
      if (x.kind != y.kind || (x.kind == Param::Kind::Mem && x.mem != y.mem))
        return differ("argument " + std::to_string(i) + " differs");
      if (x.kind == Param::Kind::Scalar && !exp(*x.scalar, *y.scalar))
        return false;
    }
    return true;
  }

  bool params(const std::vector<Param>& a, const std::vector<Param>& b) {
    if (a.size() != b.size())
      return differ("parameter count differs");
    for (size_t i = 0; i < a.size(); ++i)
      if (a[i].kind != b[i].kind || a[i].name != b[i].name || a[i].type != b[i].type ||
          (a[i].kind == Param::Kind::Mem &&
           (a[i].written != b[i].written || a[i].noAlias != b[i].noAlias)))
        return differ("parameter `" + a[i].name + "` vs `" + b[i].name + "`");
    return true;
  }

  bool span(const SourceSpan& a, const SourceSpan& b) {
    if (a.known() != b.known())
      return differ("source span differs");
    if (!a.known())
      return true;
    return same(a.file->path, b.file->path, "span path") &&
           same(std::vector<int>{a.line, a.col, a.endLine, a.endCol},
                std::vector<int>{b.line, b.col, b.endLine, b.endCol}, "span");
  }

  bool entryValues(const EntryValues& a, const EntryValues& b) {
    if (a.size() != b.size())
      return differ("entry value count differs");
    for (size_t i = 0; i < a.size(); ++i)
      if (a[i].name != b[i].name || a[i].elem != b[i].elem || a[i].rank != b[i].rank ||
          a[i].unique != b[i].unique)
        return differ("entry value `" + a[i].name + "` differs");
    return true;
  }

  bool kernel(const Kernel& a, const Kernel& b) {
    path_ = "kernel " + a.name;
    return same(a.name, b.name, "kernel name") && params(a.params, b.params) &&
           same(a.maxBlockSize, b.maxBlockSize, "max_block") &&
           same(a.doc, b.doc, "doc") && span(a.span, b.span) && block(a.body, b.body);
  }

  bool function(const Function& a, const Function& b) {
    path_ = "function " + a.name;
    return same(a.name, b.name, "function name") && same(a.entry, b.entry, "entry flag") &&
           same(a.device, b.device, "device flag") &&
           params(a.params, b.params) && params(a.results, b.results) &&
           entryValues(a.entryParams, b.entryParams) &&
           entryValues(a.entryResults, b.entryResults) && same(a.doc, b.doc, "doc") &&
           span(a.span, b.span) && block(a.body, b.body);
  }

  bool program(const Program& a, const Program& b) {
    if (!same(a.sourcePath, b.sourcePath, "source path") ||
        !same(a.kernels.size(), b.kernels.size(), "kernel count") ||
        !same(a.functions.size(), b.functions.size(), "function count") ||
        !same(a.deviceFunctions.size(), b.deviceFunctions.size(), "device function count") ||
        !same(a.tuning.size(), b.tuning.size(), "tuning parameter count"))
      return false;
    for (size_t i = 0; i < a.tuning.size(); ++i)
      if (a.tuning[i].name != b.tuning[i].name ||
          a.tuning[i].defaultValue != b.tuning[i].defaultValue || a.tuning[i].doc != b.tuning[i].doc)
        return differ("tuning parameter `" + a.tuning[i].name + "` differs");
    for (size_t i = 0; i < a.deviceFunctions.size(); ++i)
      if (!function(a.deviceFunctions[i], b.deviceFunctions[i]))
        return false;
    for (size_t i = 0; i < a.kernels.size(); ++i)
      if (!kernel(a.kernels[i], b.kernels[i]))
        return false;
    for (size_t i = 0; i < a.functions.size(); ++i)
      if (!function(a.functions[i], b.functions[i]))
        return false;
    return true;
  }

private:
  std::string* why_;
  std::string path_;
};

} // namespace

bool equal(const Program& a, const Program& b, std::string* why) {
  if (why)
    why->clear();
  return Comparer(why).program(a, b);
}

bool equal(const Exp& a, const Exp& b, std::string* why) {
  if (why)
    why->clear();
  return Comparer(why).exp(a, b);
}

} // namespace fjord::imp
