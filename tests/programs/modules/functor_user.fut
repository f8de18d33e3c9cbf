-- A functor over a user module type with an abstract type, applied to two modules; the
-- result is ascribed; `include` copies names into a module (as `open` does).
-- ==
-- input { 5 } output { 25 11 true }

module type monoid = {
  type t
  val zero : t
  val (<>) : t -> t -> t
}

module add : monoid with t = i32 = {
  type t = i32
  def zero = 0
  def (<>) (a: i32) (b: i32) = a + b
}

module both = {
  type t = (i32, bool)
  def zero = (1, true)
  def (<>) (a: t) (b: t) : t = (a.0 * b.0, a.1 && b.1)
}

module fold (M: monoid) = {
  def fold (xs: []M.t) : M.t = loop acc = M.zero for x in xs do acc M.<> x
}

module add_fold = fold add
module both_fold = { include (fold both) def hidden = 1 }
module with_extra = { include add def eleven = 11 }

entry main (x: i32) : (i32, i32, bool) =
  (add_fold.fold (replicate 5 x), with_extra.(zero <> eleven), (both_fold.fold [(1, true)]).1)
