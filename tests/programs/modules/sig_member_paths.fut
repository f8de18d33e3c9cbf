-- Module types that name their own module items and the sizes of a functor's parameter:
-- `val lo : bound.t` names the type of the module item `bound`, `with bound.t = i64`
-- refines it, and `[P.n]` is the parameter's value `n` used as a size.
-- ==
-- input { [3i64, 9i64, 1i64] } output { 1i64 [7, 7, 7, 7] 4i64 }

module type bounded = {
  module bound : { type t val min : t -> t -> t }
  val lo : bound.t
}

module smallest (B: bounded) = {
  def least [k] (xs: [k]B.bound.t) : B.bound.t = reduce B.bound.min B.lo xs
}

module i64_bounded : bounded with bound.t = i64 = {
  module bound = { type t = i64 def min (a: i64) (b: i64) = i64.min a b }
  def lo = i64.highest
}

module s = smallest i64_bounded

module filled (P: { val n : i64 }) = {
  type row = [P.n]i32
  def sevens : row = replicate P.n 7
}

module four = filled { def n = 4i64 }

entry main (xs: []i64) : (i64, four.row, i64) =
  (s.least xs, copy four.sevens, length four.sevens)
