-- lang_scalars: int_literal_forms, int_literal_suffixes, int_literal_suffix_wraps, int_wraparound_i64,
-- int_wraparound_signed, int_wraparound_unsigned. One entry point and test block per
-- program, so that each backend builds this file once (docs/testing.md).

-- int_literal_forms: Decimal, hexadecimal, binary and underscored integer literals.
-- ==
-- entry: int_literal_forms
-- input { 1 } output { 256 10 1000 42i64 }

entry int_literal_forms (x: i32) : (i32, i32, i32, i64) = (x + 0xff, 0b1010, 1_000, 42i64)

-- int_literal_suffixes: Every integer suffix gives its literal that type.
-- ==
-- entry: int_literal_suffixes
-- input { 1i8 } output { 2i8 2i16 3u16 4u32 5u64 -6i64 }

entry int_literal_suffixes (x: i8) : (i8, i16, u16, u32, u64, i64) = (x + 1i8, 2i16, 3u16, 4u32, 5u64, -6i64)

-- int_literal_suffix_wraps: A literal with a suffix that its type cannot hold wraps around
-- (257u8 is 1u8, 0x80i8 is -128i8, -129i8 is the negation of -127i8); only an overloaded
-- literal whose inferred type is too narrow is an error.
-- ==
-- entry: int_literal_suffix_wraps
-- input { 1i8 } output { -127i8 1u8 -1i16 127i8 0u16 }

entry int_literal_suffix_wraps (x: i8) : (i8, u8, i16, i8, u16) =
  (x + 0x80i8, 257u8, 0xffffi16, -129i8, 65536u16)

-- int_wraparound_i64: 64-bit overflow wraps too.
-- ==
-- entry: int_wraparound_i64
-- input { 9223372036854775807i64 } output { -9223372036854775808i64 }

entry int_wraparound_i64 (x: i64) : i64 = x + 1

-- int_wraparound_signed: Signed overflow wraps around two's complement.
-- ==
-- entry: int_wraparound_signed
-- input { 127i8 2147483647 } output { -128i8 -2147483648 -2 }

entry int_wraparound_signed (a: i8) (b: i32) : (i8, i32, i32) = (a + 1, b + 1, b * 2)

-- int_wraparound_unsigned: Unsigned arithmetic is modular.
-- ==
-- entry: int_wraparound_unsigned
-- input { 0u8 255u16 } output { 255u8 0u16 254u8 }

entry int_wraparound_unsigned (a: u8) (b: u16) : (u8, u16, u8) = (a - 1, b * 257 + 1, 127u8 * 2)
