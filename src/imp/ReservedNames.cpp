// The identifiers generated code must not declare (see isReservedName in Names.h): the
// keywords of C, C++20 (host code and CUDA), CUDA and OpenCL C, their alternative operator
// spellings (`not`, `and`, ...), the builtin types and functions of OpenCL C and CUDA that a
// local variable would shadow or clash with, the C and <cmath> names the printers emit, and
// the names the runtime headers and printers use themselves. Names starting with `__`, `_`
// or `fjord` never reach this list (sanitizeIdent handles them).
#include "imp/Names.h"

#include <set>

namespace fjord::imp::detail {

bool isReservedName(std::string_view s) {
  static const std::set<std::string_view> words = {
      // C and C++20 keywords.
      "alignas", "alignof", "asm", "auto", "bool", "break", "case", "catch", "char",
      "char8_t", "char16_t", "char32_t", "class", "co_await", "co_return", "co_yield",
      "concept", "const", "const_cast", "consteval", "constexpr", "constinit", "continue",
      "decltype", "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
      "explicit", "export", "extern", "false", "float", "for", "friend", "goto", "if",
      "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "nullptr",
      "operator", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "restrict", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
      "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
      "virtual", "void", "volatile", "wchar_t", "while", "final", "override", "import",
      "module",
      // C++ alternative operator spellings.
      "and", "and_eq", "bitand", "bitor", "compl", "not", "not_eq", "or", "or_eq", "xor",
      "xor_eq",
      // OpenCL C keywords, qualifiers and builtin types.
      "constant", "global", "local", "kernel", "read_only", "write_only", "read_write",
      "uniform", "pipe", "half", "uchar", "ushort", "uint", "ulong", "size_t", "ptrdiff_t",
      "intptr_t", "uintptr_t", "image1d_t", "image2d_t", "image3d_t", "image1d_array_t",
      "image2d_array_t", "image1d_buffer_t", "sampler_t", "event_t", "bool2", "char2",
      "char3", "char4", "char8", "char16", "uchar2", "uchar3", "uchar4", "uchar8", "uchar16",
      "short2", "short3", "short4", "short8", "short16", "ushort2", "ushort3", "ushort4",
      "ushort8", "ushort16", "int2", "int3", "int4", "int8", "int16", "uint2", "uint3",
      "uint4", "uint8", "uint16", "long2", "long3", "long4", "long8", "long16", "ulong2",
      "ulong3", "ulong4", "ulong8", "ulong16", "float2", "float3", "float4", "float8",
      "float16", "double2", "double3", "double4", "double8", "double16", "half2", "half4",
      // OpenCL C builtin functions that generated kernels call (a local variable of the
      // same name would hide them; the others may be shadowed harmlessly).
      "get_global_id", "get_local_id", "get_group_id", "get_global_size", "get_local_size",
      "get_num_groups", "barrier", "mem_fence", "atomic_add", "atomic_sub", "atomic_xchg",
      "atomic_min", "atomic_max", "atomic_and", "atomic_or", "atomic_xor", "atomic_cmpxchg",
      "atom_add", "atom_cmpxchg", "atom_xchg", "atom_min", "atom_max", "as_int", "as_uint",
      "as_long", "as_ulong", "as_float", "as_double", "popcount", "clz",
      "vload_half", "vstore_half_rte",
      // CUDA builtin variables, types and functions.
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
      "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicCAS",
      "atomicAnd", "atomicOr", "atomicXor", "cudaError_t", "cudaStream_t",
      // C library and <cmath> names the printers emit or a declaration would shadow.
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t",
      "uint64_t", "NULL", "errno", "assert", "abort", "exit", "malloc", "calloc", "realloc",
      "free", "memcpy", "memset", "fprintf", "stdin", "stdout", "stderr", "std",
      "min", "max", "abs", "fabs", "fmin", "fmax", "fmod", "exp", "exp2", "expm1", "log",
      "log2", "log10", "log1p", "sqrt", "cbrt", "pow", "hypot", "sin", "cos", "tan", "asin",
      "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "floor",
      "ceil", "round", "rint", "trunc", "fma", "erf", "erfc", "lgamma", "tgamma", "copysign",
      "nextafter", "isnan", "isinf", "isfinite", "signbit", "NAN", "INFINITY",
      // Names the host printer uses in entry functions.
      "ctx"};
  return words.count(s) != 0;
}

} // namespace fjord::imp::detail
