-- A value of the definition's type is not a value of the abstract type.
-- ==
-- error: 15:29: error: cannot unify `m\.t` with `i32`

module type s = {
  type t
  val get : t -> i32
}

module m : s = {
  type t = i32
  def get (x: t) = x
}

entry main (x: i32) = m.get (x + 1)
