// Host code printing, shared by CUDA (prog.cu) and OpenCL (prog_host.cpp): the context and
// array types, one static C++ function per entry point (Imp host statements over the
// runtime's Device and Buffer), and the C API implementation. Their fixed text is in
// templates/ (api*.h.in, host*.cpp.in); what differs between the two APIs is a HostTarget's
// data, the templates' dialect sections and the target's virtual hooks (PrintHostCuda.cpp,
// PrintHostOpenCL.cpp).
#pragma once
#include "backend/Api.h"
#include "backend/CPrinter.h"
#include "backend/Template.h"

#include <string>

namespace fjord::backend {

class HostTarget {
public:
  virtual ~HostTarget() = default;
  /// "fjord_rt::cuda" | "fjord_rt::opencl": where Device and Buffer live.
  virtual std::string runtimeNamespace() const = 0;
  /// The runtime header to include.
  virtual std::string runtimeHeader() const = 0;
  /// The queue type in prog.h (dependency-free): "struct CUstream_st*" ...
  virtual std::string queueType() const = 0;
  /// Its usual name: "cudaStream_t" | "cl_command_queue".
  virtual std::string queueName() const = 0;
  /// The C type of device memory holding `elem` in prog.h (new_raw / values_raw).
  virtual std::string rawType(PrimType elem, bool isConst) const = 0;
  /// The kernels' dialect; it picks the sections of the templates (backend/Template.h).
  virtual const Dialect& dialect() const = 0;
  /// How host code names kernel `k` to the runtime's `Device::launch`: CUDA passes the
  /// kernel and its name, OpenCL the name of a kernel the context created.
  virtual std::string kernelRef(const imp::Kernel& k) const = 0;
  /// The argument `a` of a launch for scalar parameter `param` (as `p` prints expressions).
  virtual std::string scalarArg(CPrinter& p, const imp::Param& param,
                                const imp::KernelArg& a) const = 0;
};

const HostTarget& cudaHost();
const HostTarget& openclHost();

/// The placeholders of one array type's templates (api_array.h.in, host_array.cpp.in).
TemplateArgs arrayTemplateArgs(const ArrayType& a, const std::string& prefix,
                               const HostTarget& target);

/// prog.h: the C API.
std::string printApiHeader(const imp::Program& prog, const std::string& prefix,
                           const HostTarget& target, const EntryInterfaces& interfaces);

/// prog_tuning.h: overridable defaults and the run-time table.
std::string printTuningHeader(const imp::Program& prog, const std::string& prefix);

/// The host code after the includes: context and array structs, entry functions and the C
/// API implementation. Helpers it calls are registered in `helpers`.
std::string printHostCode(const imp::Program& prog, const std::string& prefix,
                          const HostTarget& target, Helpers& helpers,
                          const EntryInterfaces& interfaces);

} // namespace fjord::backend
