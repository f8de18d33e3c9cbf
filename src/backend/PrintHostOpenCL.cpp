// The OpenCL 1.2 host target: the program is built from the embedded source when a context
// is created (the context's `init`, templates/host.cpp.in), which also creates its kernels,
// and launches name a kernel to Device::launch (clSetKernelArg per argument, then
// clEnqueueNDRangeKernel).
#include "backend/PrintHost.h"

namespace fjord::backend {
namespace {

/// The host C++ type that matches an OpenCL kernel parameter of type `t` exactly.
std::string hostArgType(PrimType t) {
  return t == PrimType::Bool ? "unsigned char" : std::string(hostDialect().typeName(t));
}

class OpenCLHost : public HostTarget {
public:
  std::string runtimeNamespace() const override { return "fjord_rt::opencl"; }
  std::string runtimeHeader() const override { return "fjord_runtime_opencl.h"; }
  std::string queueType() const override { return "struct _cl_command_queue*"; }
  std::string queueName() const override { return "cl_command_queue"; }
  std::string rawType(PrimType, bool) const override { return "struct _cl_mem*"; }
  const Dialect& dialect() const override { return openclDialect(); }

  // The context's Device created every kernel of the program (by name).
  std::string kernelRef(const imp::Kernel& k) const override { return "\"" + k.name + "\""; }
  // Scalars travel by their exact type (sizeof must match the kernel's parameter).
  std::string scalarArg(CPrinter& p, const imp::Param& param,
                        const imp::KernelArg& a) const override {
    bool exact = a.scalar->type == param.type && param.type != PrimType::Bool &&
                 a.scalar->kind != imp::Exp::Kind::Const;
    return exact ? p.exp(*a.scalar)
                 : "static_cast<" + hostArgType(param.type) + ">(" + p.exp(*a.scalar) + ")";
  }
};

} // namespace

const HostTarget& openclHost() {
  static const OpenCLHost target;
  return target;
}

} // namespace fjord::backend
