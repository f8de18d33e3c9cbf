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
  std::string rawSource(const std::string& raw) const override { return raw; }
  std::string rawOf(const std::string& arr, PrimType elem) const override {
    return arr + "->mem.as<" + apiScalarType(elem) + ">()";
  }

  void contextMembers(CPrinter&, const imp::Program&) const override {}

  void contextInit(CPrinter& p, const imp::Program&) const override {
    p.line("ctx->status = ctx->device.init(queue);");
  }

  void launch(CPrinter& p, const imp::Stm& s, const imp::Kernel& k) const override {
    const imp::Exp& blocks = *s.args.at(0);
    const imp::Exp& threads = *s.args.at(1);
    std::string args;
    for (size_t i = 0; i < k.params.size(); ++i) {
      const imp::Param& param = k.params[i];
      const imp::KernelArg& a = s.kernelArgs[i];
      std::string ty(cudaDialect().typeName(param.type));
      if (param.kind == imp::Param::Kind::Mem)
        args += (i ? ", " : "") + a.mem + ".as<" + ty + ">()";
      else if (a.scalar->type != param.type)
        args += (i ? ", " : "") + ("(" + ty + ")(" + p.exp(*a.scalar) + ")");
      else
        args += (i ? ", " : "") + p.exp(*a.scalar);
    }
    bool hoist = !isSimple(blocks) || !isSimple(threads);
    std::string b = hoist ? "blocks" : p.exp(blocks), t = hoist ? "threads" : p.exp(threads);
    if (hoist) {
      p.line("{");
      p.indent(1);
      p.line("const int64_t blocks = " + p.exp(blocks) + ";");
      p.line("const int64_t threads = " + p.exp(threads) + ";");
    }
    p.line("if (" + b + " > 0) {");
    p.line("    " + k.name + "<<<fjord_rt::cuda::extent(" + b + "), fjord_rt::cuda::extent(" + t +
           "), 0, ctx->device.stream()>>>(" + args + ");");
    p.line("    FJORD_TRY(ctx->device.checkLaunch(\"" + k.name + "\"));");
    p.line("}");
    if (hoist) {
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
