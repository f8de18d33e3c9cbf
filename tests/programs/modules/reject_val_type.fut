-- A value whose type does not fit its `val` specification is rejected at its definition.
-- ==
-- error: 14:7: error: cannot unify `f32` with `i32`

module type codec = {
  type t
  val encode : i32 -> t
  val decode : t -> i32
}

module bad : codec = {
  type t = i32
  def encode (x: i32) : t = x
  def decode (x: f32) : i32 = i32.f32 x
}

entry main (x: i32) = x
