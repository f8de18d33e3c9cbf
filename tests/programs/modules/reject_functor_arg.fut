-- A functor's argument must match its parameter's module type.
-- ==
-- error: 13:20: error: the module does not define the value `combine`

module type semigroup = {
  type t
  val combine : t -> t -> t
}

module twice (S: semigroup) = { def go (x: S.t) = S.combine x x }

module not_semigroup = { type t = i32 def add (a: i32) (b: i32) = a + b }
module bad = twice not_semigroup

entry main (x: i32) = x
