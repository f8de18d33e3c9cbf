// The three dialects' spellings (see Dialect.h).
#include "backend/Dialect.h"

namespace fjord::backend {
namespace {

std::string_view cTypeName(PrimType t) {
  switch (t) {
  case PrimType::Bool: return "bool";
  case PrimType::I8: return "int8_t";
  case PrimType::I16: return "int16_t";
  case PrimType::I32: return "int32_t";
  case PrimType::I64: return "int64_t";
  case PrimType::U8: return "uint8_t";
  case PrimType::U16: return "uint16_t";
  case PrimType::U32: return "uint32_t";
  case PrimType::U64: return "uint64_t";
  case PrimType::F16: return "float"; // computed in f32, stored as binary16 (backend/Half.h)
  case PrimType::F32: return "float";
  case PrimType::F64: return "double";
  }
  return "?";
}

std::string_view openclTypeName(PrimType t) {
  switch (t) {
  case PrimType::Bool: return "bool";
  case PrimType::I8: return "char";
  case PrimType::I16: return "short";
  case PrimType::I32: return "int";
  case PrimType::I64: return "long";
  case PrimType::U8: return "uchar";
  case PrimType::U16: return "ushort";
  case PrimType::U32: return "uint";
  case PrimType::U64: return "ulong";
  case PrimType::F16: return "float";
  case PrimType::F32: return "float";
  case PrimType::F64: return "double";
  }
  return "?";
}

} // namespace

std::string_view Dialect::typeName(PrimType t) const {
  return kind == Kind::OpenCL ? openclTypeName(t) : cTypeName(t);
}

std::string_view Dialect::storageTypeName(PrimType t) const {
  if (kind == Kind::OpenCL && t == PrimType::Bool)
    return "uchar";
  if (t == PrimType::F16) // binary16 in memory (backend/Half.h)
    return kind == Kind::Cuda ? "__half" : kind == Kind::OpenCL ? "half" : "uint16_t";
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
