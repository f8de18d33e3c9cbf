// Prints Imp kernels as CUDA `__global__` functions or OpenCL C `__kernel`s.
#pragma once
#include "backend/CPrinter.h"
#include "imp/Imp.h"

#include <string>

namespace fjord::backend {

/// What the printed kernels need from their target beyond the core language.
struct KernelNeeds {
  bool f64 = false;          ///< double arithmetic (OpenCL: cl_khr_fp64)
  bool int64Atomics = false; ///< 64-bit atomics (OpenCL: cl_khr_int64_*_atomics)
};

/// The device functions of `prog` (callees first), then every kernel, each preceded by its
/// doc comment, with shared arrays declared at the top of the kernel. Helpers the kernels call are registered in `helpers`.
std::string printKernels(const imp::Program& prog, const Dialect& dialect, Helpers& helpers,
                         KernelNeeds& needs);

/// A kernel parameter as the kernel declares it, e.g. `__global const float* xs`.
std::string kernelParam(const imp::Param& p, const Dialect& dialect);

} // namespace fjord::backend
