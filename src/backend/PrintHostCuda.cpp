// The CUDA runtime-API host target: kernels are functions of the same .cu file, launched by
// the runtime's Device::launch (`<<<grid, block, 0, stream>>>`, then cudaPeekAtLastError).
#include "backend/PrintHost.h"

namespace fjord::backend {
namespace {

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

  // Kernels are functions of the .cu file; Device::launch converts each argument to its
  // kernel parameter's type.
  std::string kernelRef(const imp::Kernel& k) const override {
    return k.name + ", \"" + k.name + "\"";
  }
  std::string scalarArg(CPrinter& p, const imp::Param&, const imp::KernelArg& a) const override {
    return p.exp(*a.scalar);
  }
};

} // namespace

const HostTarget& cudaHost() {
  static const CudaHost target;
  return target;
}

} // namespace fjord::backend
