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

-- `T.log1p x` is `log (1 + x)`, exact also where `1 + x` rounds to 1: `log u * x / (u - 1)`
-- corrects the rounding of `u = 1 + x` (Goldberg, "What every computer scientist should
-- know about floating-point arithmetic", theorem 4).
def __float_log1p 't (x: t) : t =
  let u = 1 + x
  in if u == 1 then x else if __isinf u then u else __log u * x / (u - 1)

-- `T.mul_hi x y`: the upper half of the double-width product of `x` and `y` (signed or
-- unsigned as `T` is); `T.mad_hi a b c` is `T.mul_hi a b + c`. Types narrower than 64 bits
-- multiply in 64 bits; the 64-bit types multiply 32-bit halves.
def __mul_hi_i8 (x: i8) (y: i8) : i8 = __convert (((__convert x : i64) * __convert y) >> 8)
def __mul_hi_i16 (x: i16) (y: i16) : i16 = __convert (((__convert x : i64) * __convert y) >> 16)
def __mul_hi_i32 (x: i32) (y: i32) : i32 = __convert (((__convert x : i64) * __convert y) >> 32)
def __mul_hi_u8 (x: u8) (y: u8) : u8 = __convert (((__convert x : u64) * __convert y) >> 8)
def __mul_hi_u16 (x: u16) (y: u16) : u16 = __convert (((__convert x : u64) * __convert y) >> 16)
def __mul_hi_u32 (x: u32) (y: u32) : u32 = __convert (((__convert x : u64) * __convert y) >> 32)
def __mul_hi_u64 (x: u64) (y: u64) : u64 =
  let lo = 0xFFFFFFFFu64
  let (xh, xl) = (x >> 32, x & lo)
  let (yh, yl) = (y >> 32, y & lo)
  let cross = ((xl * yl) >> 32) + ((xh * yl) & lo) + xl * yh
  in xh * yh + ((xh * yl) >> 32) + (cross >> 32)
-- The signed product's upper half is the unsigned one's, less `y` where `x` is negative
-- and `x` where `y` is (two's complement, modulo 2^64).
def __mul_hi_i64 (x: i64) (y: i64) : i64 =
  let ux : u64 = __convert x
  let uy : u64 = __convert y
  let hi = __mul_hi_u64 ux uy
  let hi = if x < 0 then hi - uy else hi
  let hi = if y < 0 then hi - ux else hi
  in __convert hi
def __mad_hi_i8 (a: i8) (b: i8) (c: i8) : i8 = __mul_hi_i8 a b + c
def __mad_hi_i16 (a: i16) (b: i16) (c: i16) : i16 = __mul_hi_i16 a b + c
def __mad_hi_i32 (a: i32) (b: i32) (c: i32) : i32 = __mul_hi_i32 a b + c
def __mad_hi_i64 (a: i64) (b: i64) (c: i64) : i64 = __mul_hi_i64 a b + c
def __mad_hi_u8 (a: u8) (b: u8) (c: u8) : u8 = __mul_hi_u8 a b + c
def __mad_hi_u16 (a: u16) (b: u16) (c: u16) : u16 = __mul_hi_u16 a b + c
def __mad_hi_u32 (a: u32) (b: u32) (c: u32) : u32 = __mul_hi_u32 a b + c
def __mad_hi_u64 (a: u64) (b: u64) (c: u64) : u64 = __mul_hi_u64 a b + c

-- `bool.T x` (`bool.i32`, `bool.f64`, ...): whether `x` is not zero.
def __num_to_bool 't (x: t) : bool = x != 0

-- | Futhark's shorthands for conversions between `i32` and the float types (truncating
-- towards zero).
def r32 (x: i32) : f32 = __convert x
def t32 (x: f32) : i32 = __convert x
def r64 (x: i32) : f64 = __convert x
def t64 (x: f64) : i32 = __convert x
