-- A functor's body sees its parameter through the parameter's module type alone: `P.t`
-- is abstract there whatever the argument, so one body serves arguments whose types
-- differ (a record, an i64), transparent type specs and `with` refinements are visible,
-- and the result's values work on each instance's own types.
-- ==
-- input { 4i64 } output { 10i64 13i64 true }

module type ordered = {
  type t
  type key = i64
  val key : t -> key
  val le : t -> t -> bool
}

module sorted_pair (P: ordered) (Q: ordered with t = P.t) = {
  def larger (a: P.t) (b: P.t) : P.t = if P.le a b then b else a
  def key_sum (a: P.t) (b: Q.t) : P.key = P.key a + Q.key b
}

module by_value = {
  type t = {v: i64, w: i64}
  type key = i64
  def key (x: t) = x.v
  def le (a: t) (b: t) = a.v <= b.v
}

module by_weight = {
  type t = {v: i64, w: i64}
  type key = i64
  def key (x: t) = x.w
  def le (a: t) (b: t) = a.w <= b.w
}

module plain = {
  type t = i64
  type key = i64
  def key (x: i64) = x
  def le (a: i64) (b: i64) = a <= b
}

module sp = sorted_pair by_value by_weight
module ip = sorted_pair plain plain

entry main (n: i64) : (i64, i64, bool) =
  let a = {v = n, w = 9}
  let b = {v = 1, w = n}
  in (ip.key_sum (ip.larger n 3) (ip.larger 2 6), sp.key_sum (sp.larger a b) a,
      (sp.larger a b).v == n)
