-- Generic numeric definitions behind the numeric namespaces: `i32.sum`, `f64.maximum`, ...
-- resolve to these, instantiated at the namespace's type (see sema/Builtins.cpp). Their
-- type parameter is always a numeric type, so the checker lets it take literals and
-- arithmetic operators here.

def __num_sum 't (xs: []t) : t = __reduce (+) 0 xs

def __num_product 't (xs: []t) : t = __reduce (*) 1 xs

def __num_maximum 't (xs: []t) : t = __reduce __max __lowest xs

def __num_minimum 't (xs: []t) : t = __reduce __min __highest xs

-- Bit operations of the integer namespaces. Bits are numbered from the least significant
-- (bit 0); `b` must lie in `[0, num_bits)`. Written over shifts and masks, so every backend
-- gets them without primitives of their own.

-- | Bit `b` of `x`, as 0 or 1 (of the two's complement representation for signed types).
def __int_get_bit 't (b: i32) (x: t) : i32 = __convert ((x >> (__convert b : t)) & 1)

-- | `x` with bit `b` set to the lowest bit of `v`: flips bit `b` where it differs from `v`.
def __int_set_bit 't (b: i32) (x: t) (v: i32) : t =
  let s : t = __convert b
  let w : t = __convert (v & 1)
  in x ^ ((((x >> s) ^ w) & 1) << s)

-- Bit operations of the float namespaces act on the bits of the IEEE representation
-- (`T.to_bits`), as those of the unsigned type of the same width do: `f32.get_bit 31 x` is
-- the sign bit of `x`.
def __f16_get_bit (b: i32) (x: f16) : i32 = __int_get_bit b (__to_bits x : u16)
def __f32_get_bit (b: i32) (x: f32) : i32 = __int_get_bit b (__to_bits x : u32)
def __f64_get_bit (b: i32) (x: f64) : i32 = __int_get_bit b (__to_bits x : u64)
def __f16_set_bit (b: i32) (x: f16) (v: i32) : f16 =
  __from_bits (__int_set_bit b (__to_bits x : u16) v)
def __f32_set_bit (b: i32) (x: f32) (v: i32) : f32 =
  __from_bits (__int_set_bit b (__to_bits x : u32) v)
def __f64_set_bit (b: i32) (x: f64) (v: i32) : f64 =
  __from_bits (__int_set_bit b (__to_bits x : u64) v)
def __f16_popc (x: f16) : i32 = __popc (__to_bits x : u16)
def __f32_popc (x: f32) : i32 = __popc (__to_bits x : u32)
def __f64_popc (x: f64) : i32 = __popc (__to_bits x : u64)
def __f16_clz (x: f16) : i32 = __clz (__to_bits x : u16)
def __f32_clz (x: f32) : i32 = __clz (__to_bits x : u32)
def __f64_clz (x: f64) : i32 = __clz (__to_bits x : u64)

-- The width in bits of each numeric type (`T.num_bits`).
def __num_bits_i8 : i32 = 8
def __num_bits_i16 : i32 = 16
def __num_bits_i32 : i32 = 32
def __num_bits_i64 : i32 = 64
def __num_bits_u8 : i32 = 8
def __num_bits_u16 : i32 = 16
def __num_bits_u32 : i32 = 32
def __num_bits_u64 : i32 = 64
def __num_bits_f16 : i32 = 16
def __num_bits_f32 : i32 = 32
def __num_bits_f64 : i32 = 64
