// The spellings that differ between the C-like languages Fjord prints: CUDA C++ (kernels and
// the host code in prog.cu), OpenCL C 1.2 (prog.cl) and plain C++ host code (prog_host.cpp,
// and host code in prog.cu). Differences that are just data live here; structural ones are
// the few virtual hooks of CPrinter (CPrinter.h).
#pragma once
#include "prim/PrimType.h"

#include <string>
#include <string_view>

namespace fjord::backend {

struct Dialect {
  enum class Kind { Cuda, OpenCL, Host };
  Kind kind;
  std::string_view kernelQualifier; ///< "static __global__ void" | "__kernel void"
  std::string_view globalSpace;     ///< pointer qualifier of device memory: "" | "__global "
  std::string_view sharedSpace;     ///< "__shared__ " | "__local "
  std::string_view barrier;         ///< "__syncthreads()" | "barrier(CLK_LOCAL_MEM_FENCE)"
  std::string_view threadId, blockId, blockSize, numBlocks; ///< dimension-0 builtins
  std::string_view helperQualifier; ///< before helper function definitions
  std::string_view deviceFunctionQualifier; ///< before device functions: "static __device__" | "static inline"
  std::string_view mathPrefix;      ///< "std::" on the host (overloaded <cmath>)
  bool f32MathSuffix;               ///< CUDA: sqrtf, expf, ... for f32
  std::string_view intMin, intMax;  ///< integer min/max: "min" | "std::min"
  std::string_view nan, inf;        ///< float NaN and infinity (f32)

  /// The type name of `t` in this dialect: int64_t | long, bool, float, ...
  std::string_view typeName(PrimType t) const;
  /// The type a kernel stores `t` as in memory and receives it as an argument: OpenCL
  /// has no bool kernel arguments, so bool is unsigned char there. f16 is a float in
  /// registers (typeName) and binary16 in memory: __half | half | uint16_t here; kernels
  /// take f16 scalars as float (backend/Half.h).
  std::string_view storageTypeName(PrimType t) const;
};

const Dialect& cudaDialect();
const Dialect& openclDialect();
const Dialect& hostDialect();

} // namespace fjord::backend
