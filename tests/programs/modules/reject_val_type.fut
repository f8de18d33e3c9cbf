-- A value whose type does not fit its `val` specification is rejected at its definition,
-- naming the specification and where it is written.
-- ==
-- error: 15:7: error: `decode` does not match its `val` specification: cannot unify `f32` with `bad\.t`(.|\n)*9:3: note: `decode` is specified here

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
