// The CUDA runtime-API host target: kernels are functions of the same .cu file, launched
// with `<<<grid, block, shared, stream>>>` and checked with cudaPeekAtLastError.
#include "backend/PrintHost.h"

namespace fjord::backend {
namespace {

bool isSimple(const imp::Exp& e) {
  return e.kind == imp::Exp::Kind::Var || e.kind == imp::Exp::Kind::Const;
}

class CudaHost : public HostTarget {
public:
  std::string runtimeNamespace() const override { return "fjord_rt::cuda"; }
  std::string runtimeHeader() const override { return "fjord_runtime_cuda.h"; }
  std::string queueType() const override { return "struct CUstream_st*"; }
  std::string queueName() const override { return "cudaStream_t"; }
  std::string rawType(PrimType elem, bool isConst) const override {
    return (isConst ? "const " : "") + apiScalarType(elem) + "*";
  }
  const Dialect& dialect() const override { return cudaDialect(); }

  // Kernels are functions of the .cu file: nothing to keep or create per context.
  void contextMembers(CPrinter&, const imp::Program&) const override {}
  void createKernels(CPrinter&, const imp::Program&) const override {}

  void launch(CPrinter& p, const imp::Stm& s, const imp::Kernel& k, bool nonEmpty) const override {
    const imp::Exp& blocks = *s.args.at(0);
    const imp::Exp& threads = *s.args.at(1);
    std::string args;
    for (size_t i = 0; i < k.params.size(); ++i) {
      const imp::Param& param = k.params[i];
      const imp::KernelArg& a = s.kernelArgs[i];
      std::string ty(cudaDialect().typeName(param.type));
      std::string elem(cudaDialect().storageTypeName(param.type)); // f16: __half
      if (param.kind == imp::Param::Kind::Mem)
        args += (i ? ", " : "") + a.mem + ".as<" + elem + ">()";
      else if (a.scalar->type != param.type)
        args += (i ? ", " : "") + ("(" + ty + ")(" + p.exp(*a.scalar) + ")");
      else
        args += (i ? ", " : "") + p.exp(*a.scalar);
    }
    // A launch over zero blocks is a CUDA error, and Imp's Launch runs nothing then: guard
    // it unless the count is known to be positive (a positive constant, or implied by the
    // enclosing guards), naming a computed count once.
    bool guarded = !nonEmpty;
    std::string b = isSimple(blocks) || !guarded ? p.exp(blocks) : "blocks";
    if (guarded && isSimple(blocks))
      p.line("if (" + b + " > 0) {");
    else if (guarded)
      p.line("if (const int64_t blocks = " + p.exp(blocks) + "; blocks > 0) {");
    if (guarded)
      p.indent(1);
    p.line(k.name + "<<<fjord_rt::cuda::extent(" + b + "), fjord_rt::cuda::extent(" +
           p.exp(threads) + "), 0, ctx->device.stream()>>>(" + args + ");");
    p.line("FJORD_TRY(ctx->device.checkLaunch(\"" + k.name + "\"));");
    if (guarded) {
      p.indent(-1);
      p.line("}");
    }
  }
};

} // namespace

const HostTarget& cudaHost() {
  static const CudaHost target;
  return target;
}

} // namespace fjord::backend
