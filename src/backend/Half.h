// f16 in generated code. Futhark's scheme: an f16 is stored as binary16 (memory, the C API)
// but held in registers and computed as a float; every f16 result (arithmetic, conversion,
// math function) is rounded back to the nearest binary16 value, so compiled code matches
// the interpreter bit for bit. f32 has more than twice f16's precision plus two bits, so an
// f32 operation followed by a rounding to f16 rounds the exact result once. No target needs
// a half type of its own: OpenCL uses the core vload_half/vstore_half_rte (no cl_khr_fp16),
// CUDA cuda_fp16.h's conversions, C++ host code the bit manipulation below.
#pragma once
#include "backend/CPrinter.h"

#include <string>

namespace fjord::backend {

/// The helper rounding a float to the nearest f16 value (ties to even), as a float.
std::string halfRoundHelper(Helpers& h);
/// The helper rounding a double to the nearest f16 value once (no rounding to f32 first).
std::string halfFromDoubleHelper(Helpers& h);
/// The helper giving the binary16 bits (u16) of a float rounded to f16; a NaN keeps its
/// sign and the top 10 bits of its payload (0x200 when those are zero), as the interpreter.
std::string halfToBitsHelper(Helpers& h);
/// The helper giving the float value of binary16 bits (exact; NaN payloads kept).
std::string halfFromBitsHelper(Helpers& h);

/// Element `index` of f16 memory `mem` as a float (kernel code).
std::string halfLoad(const Dialect& d, const std::string& mem, const std::string& index);
/// The statement storing float `value` (already an f16 value) as element `index` of `mem`.
std::string halfStore(const Dialect& d, const std::string& mem, const std::string& index,
                      const std::string& value);

} // namespace fjord::backend
