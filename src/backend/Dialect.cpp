// The three dialects' spellings (see Dialect.h).
#include "backend/Dialect.h"

#include "prim/CTypes.h"

namespace fjord::backend {

std::string_view Dialect::typeName(PrimType t) const {
  if (t == PrimType::F16)
    return "float"; // computed in f32, stored as binary16 (backend/Half.h)
  return kind == Kind::OpenCL ? prim::openclTypeName(t) : prim::cTypeName(t);
}

std::string_view Dialect::storageTypeName(PrimType t) const {
  if (kind == Kind::OpenCL && t == PrimType::Bool)
    return "uchar";
  if (t == PrimType::F16) // binary16 in memory (backend/Half.h)
    return kind == Kind::Cuda ? "__half" : kind == Kind::OpenCL ? prim::openclTypeName(t) : prim::cTypeName(t);
  return typeName(t);
}

const Dialect& cudaDialect() {
  static const Dialect d{
      .kind = Dialect::Kind::Cuda,
      .kernelQualifier = "static __global__ void", // static: modules link together
      .globalSpace = "",
      .sharedSpace = "__shared__ ",
      .barrier = "__syncthreads()",
      .threadId = "threadIdx.x",
      .blockId = "blockIdx.x",
      .blockSize = "blockDim.x",
      .numBlocks = "gridDim.x",
      .helperQualifier = "static __host__ __device__ inline",
      .deviceFunctionQualifier = "static __device__",
      .mathPrefix = "",
      .f32MathSuffix = true,
      .intMin = "min",
      .intMax = "max",
      .nan = "NAN",
      .inf = "INFINITY",
  };
  return d;
}

const Dialect& openclDialect() {
  static const Dialect d{
      .kind = Dialect::Kind::OpenCL,
      .kernelQualifier = "__kernel void",
      .globalSpace = "__global ",
      .sharedSpace = "__local ",
      .barrier = "barrier(CLK_LOCAL_MEM_FENCE)",
      .threadId = "get_local_id(0)",
      .blockId = "get_group_id(0)",
      .blockSize = "get_local_size(0)",
      .numBlocks = "get_num_groups(0)",
      .helperQualifier = "static inline",
      .deviceFunctionQualifier = "static inline",
      .mathPrefix = "",
      .f32MathSuffix = false,
      .intMin = "min",
      .intMax = "max",
      .nan = "NAN",
      .inf = "INFINITY",
  };
  return d;
}

const Dialect& hostDialect() {
  static const Dialect d{
      .kind = Dialect::Kind::Host,
      .kernelQualifier = "",
      .globalSpace = "",
      .sharedSpace = "",
      .barrier = "",
      .threadId = "",
      .blockId = "",
      .blockSize = "",
      .numBlocks = "",
      .helperQualifier = "static inline",
      .deviceFunctionQualifier = "static inline",
      .mathPrefix = "std::",
      .f32MathSuffix = false,
      .intMin = "std::min",
      .intMax = "std::max",
      .nan = "NAN",
      .inf = "INFINITY",
  };
  return d;
}

} // namespace fjord::backend
