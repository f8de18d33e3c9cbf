-- The module types of the built-in numeric modules (`i32`, `f64`, ...), so user code can be
-- generic over them: `module F (T: numeric) = ...` applied to `i32` or `f32`. The modules
-- themselves are built into the checker (sema/Builtins.h); the module pass
-- (sema/Modules.h) takes these declarations out of the prelude and knows them everywhere.

-- | Types whose values can be made from every primitive type.
module type from_prim = {
  type t
  val i8 : i8 -> t
  val i16 : i16 -> t
  val i32 : i32 -> t
  val i64 : i64 -> t
  val u8 : u8 -> t
  val u16 : u16 -> t
  val u32 : u32 -> t
  val u64 : u64 -> t
  val f16 : f16 -> t
  val f32 : f32 -> t
  val f64 : f64 -> t
  val bool : bool -> t
}

-- | Arithmetic, comparisons and reductions common to integers and floats.
module type numeric = {
  include from_prim
  val (+) : t -> t -> t
  val (-) : t -> t -> t
  val (*) : t -> t -> t
  val (/) : t -> t -> t
  val (%) : t -> t -> t
  val (**) : t -> t -> t
  val (==) : t -> t -> bool
  val (!=) : t -> t -> bool
  val (<) : t -> t -> bool
  val (<=) : t -> t -> bool
  val (>) : t -> t -> bool
  val (>=) : t -> t -> bool
  val to_i64 : t -> i64
  val neg : t -> t
  val max : t -> t -> t
  val min : t -> t -> t
  val abs : t -> t
  val sgn : t -> t
  val highest : t
  val lowest : t
  val sum [n] : [n]t -> t
  val product [n] : [n]t -> t
  val maximum [n] : [n]t -> t
  val minimum [n] : [n]t -> t
}

-- | Integer types: bitwise operations and rounding division.
module type integral = {
  include numeric
  val (//) : t -> t -> t
  val (%%) : t -> t -> t
  val (&) : t -> t -> t
  val (|) : t -> t -> t
  val (^) : t -> t -> t
  val (<<) : t -> t -> t
  val (>>) : t -> t -> t
  val (>>>) : t -> t -> t
  val num_bits : i32
  val get_bit : i32 -> t -> i32
  val set_bit : i32 -> t -> i32 -> t
  val popc : t -> i32
  val clz : t -> i32
  val ctz : t -> i32
}

-- | Integer types usable as sizes.
module type size = {
  include integral
}

-- | Floating-point types.
module type real = {
  include numeric
  val from_fraction : i64 -> i64 -> t
  val to_f64 : t -> f64
  val sqrt : t -> t
  val exp : t -> t
  val log : t -> t
  val log2 : t -> t
  val log10 : t -> t
  val sin : t -> t
  val cos : t -> t
  val tan : t -> t
  val asin : t -> t
  val acos : t -> t
  val atan : t -> t
  val atan2 : t -> t -> t
  val ceil : t -> t
  val floor : t -> t
  val trunc : t -> t
  val round : t -> t
  val isinf : t -> bool
  val isnan : t -> bool
  val inf : t
  val nan : t
  val pi : t
  val e : t
}

-- | Floating-point types with their bit representation.
module type float = {
  include real
  type int_t
  val from_bits : int_t -> t
  val to_bits : t -> int_t
  val num_bits : i32
  val get_bit : i32 -> t -> i32
  val set_bit : i32 -> t -> i32 -> t
}
