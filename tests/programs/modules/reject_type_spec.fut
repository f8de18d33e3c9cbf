-- A module's type must be the type that its `type t = u` specification names (also a
-- functor argument's, and one refined by `with`): each mismatch is reported at the
-- module's type, naming the specification.
-- ==
-- error: 15:8: error: `index` does not match its `type` specification: cannot unify `i64` with `i32`(.|\n)*9:3: note: `index` is specified here(.|\n)*24:8: error: `elem` does not match its `type` specification: cannot unify `f32` with `bool`(.|\n)*19:31: note: `elem` is specified here

module type indexed = {
  type elem
  type index = i64
  val get : []elem -> index -> elem
}

module narrow : indexed = {
  type elem = f32
  type index = i32
  def get (xs: []f32) (i: i32) = xs[i]
}

module first (I: indexed with elem = f32) = {
  def head (xs: []f32) = I.get xs 0
}

module bools = first {
  type elem = bool
  type index = i64
  def get (xs: []bool) (i: i64) = xs[i]
}

entry main (xs: []f32) = bools.head xs
